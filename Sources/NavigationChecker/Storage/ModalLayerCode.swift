import NavigationCore

/// A modal layer's kind as one byte of a state's encoding: its style's code in the low seven
/// bits, whether it provides navigation in the top bit. The code is ``ModalStyle/code`` (dense
/// from 0), so a new modal style has one without a change here; `StepKindTests` checks that
/// every style's code fits below the navigation bit and reads back.
enum ModalLayerCode {
    /// The bit saying the layer provides navigation.
    static let providesNavigation: UInt8 = 0x80

    /// The code of `style`, below ``providesNavigation``.
    @inline(__always)
    static func code(of style: ModalStyle) -> UInt8 {
        UInt8(truncatingIfNeeded: style.code)
    }

    /// The byte for a layer.
    @inline(__always)
    static func byte(style: ModalStyle, providesNavigation navigates: Bool) -> UInt8 {
        code(of: style) | (navigates ? providesNavigation : 0)
    }

    /// The style a byte names; `nil` for a code no style has (malformed bytes).
    @inline(__always)
    static func style(of byte: UInt8) -> ModalStyle? {
        stylesByCode[Int(byte & ~providesNavigation)]
    }

    /// Each style at its code, made from ``code(of:)`` so the two never disagree.
    private static let stylesByCode: [ModalStyle?] = {
        var styles = [ModalStyle?](repeating: nil, count: Int(providesNavigation))
        for style in ModalStyle.allCases where Int(code(of: style)) < styles.count { styles[Int(code(of: style))] = style }
        return styles
    }()
}
