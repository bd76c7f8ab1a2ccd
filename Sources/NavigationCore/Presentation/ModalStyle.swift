/// How a modal layer is presented, and everything that differs between the ways.
///
/// Every other spelling of a modal style derives from this type: the document's keys and the
/// JSON Schema's enums (`rawValue`), ``Presentation``, ``OwnershipStyle``, the engines' state
/// encodings (``code``), the generated navigators' method names (``Traits/verb``) and the
/// wording of reports and documentation (``Traits/phrase``). A new style is a new case here and
/// its ``traits``; the compiler and a test over `allCases` point to what else must say how it
/// looks (diagram styles).
///
/// ```swift
/// for style in ModalStyle.allCases where style.isSwipeDismissable { print(style) }   // sheet
/// ```
public enum ModalStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// A sheet: the user can swipe it away.
    case sheet
    /// A full-screen cover: only the app can dismiss it.
    case cover
}

extension ModalStyle {
    /// What a modal style is and how it is named, as one value: ``ModalStyle/traits`` gives it
    /// for each style in one exhaustive switch.
    public struct Traits: Hashable, Sendable {
        /// Whether the user can dismiss the layer without the app (a swipe): the explorer offers
        /// that step, and both engines model it.
        public let isSwipeDismissable: Bool
        /// Whether the layer keeps the user from tapping the tab bar unless the graph says
        /// otherwise (``TabBarRules/tappableUnder``): the default tab bar rules derive from it.
        public let coversTabBar: Bool
        /// The style with its article, as sentences name it: "a sheet", "a full-screen cover".
        public let phrase: String
        /// The verb that names showing a route in this style: generated navigators call the
        /// method `<verb><Route>` (`presentCart`, `coverLogin`).
        public let verb: String

        @usableFromInline
        init(isSwipeDismissable: Bool, coversTabBar: Bool, phrase: String, verb: String) {
            self.isSwipeDismissable = isSwipeDismissable
            self.coversTabBar = coversTabBar
            self.phrase = phrase
            self.verb = verb
        }
    }

    /// The style's behaviour and names. The one switch over modal styles that says how each
    /// behaves: a new style does not compile until it has its traits.
    @inlinable
    public var traits: Traits {
        switch self {
        case .sheet: Traits(isSwipeDismissable: true, coversTabBar: true, phrase: "a sheet", verb: "present")
        case .cover: Traits(isSwipeDismissable: false, coversTabBar: true, phrase: "a full-screen cover", verb: "cover")
        }
    }

    /// Whether the user can swipe the layer away (see ``Traits/isSwipeDismissable``).
    @inlinable
    public var isSwipeDismissable: Bool { traits.isSwipeDismissable }

    /// Whether the layer covers the tab bar by default (see ``Traits/coversTabBar``).
    @inlinable
    public var coversTabBar: Bool { traits.coversTabBar }

    /// The name a graph document gives the style (`style: sheet`, `{ cover: login }`).
    @inlinable
    public var documentName: String { rawValue }

    /// The style's number in compact state encodings (the explicit engine's state bytes, the
    /// symbolic engine's bits): its position in `allCases`, so codes are dense from 0 and a new
    /// style needs none chosen.
    public var code: Int {
        // `allCases` holds every case, so the search always succeeds; 0 only satisfies the type.
        Self.allCases.firstIndex(of: self) ?? 0
    }

    /// The style whose ``code`` is `code`, or `nil` for a number no style has.
    public init?(code: Int) {
        guard Self.allCases.indices.contains(code) else { return nil }
        self = Self.allCases[code]
    }

    /// Bits that hold the ``code`` of every style (at least 1): what an encoding reserves.
    public static var codeBitWidth: Int {
        var bits = 1
        while (1 << bits) < allCases.count { bits += 1 }
        return bits
    }

    /// The styles under which the tab bar stays tappable when a graph declares nothing: those
    /// that do not cover it (none of today's styles, as on an iPhone).
    public static var tappableUnderByDefault: Set<ModalStyle> {
        Set(allCases.filter { !$0.coversTabBar })
    }
}
