import NavigationCore
import Testing
@testable import NavigationChecker

/// What the compiler cannot check about a new kind of step: that its code in a parent link or
/// a state's encoding is its own and decodes back to it.
@Suite("Step kinds coded for storage")
struct StepKindTests {
    static let actions: [ExplorerAction] = [
        .transition(0, sample: 0), .transition(65_535, sample: 8_191), .transition(7, sample: 3), .back, .dismissSheet,
        .selectTab(0), .selectTab(4), .event(0), .event(1_000), .openLink(0), .openLink(12), .resumePending,
    ]

    @Test("every kind of action decodes from its parent-link code back to itself")
    func actionCodes() {
        for action in Self.actions { #expect(ExplorerAction(code: action.code) == action, "\(action)") }
        // Every kind is exercised above and fits the code's top three bits.
        #expect(Set(Self.actions.map(\.kind)) == Set(ExplorerAction.Kind.allCases))
        #expect(ExplorerAction.Kind.allCases.count <= 8)
        #expect(Set(Self.actions.map(\.code)).count == Self.actions.count)
    }

    @Test("a code no kind of action makes does not decode")
    func unknownActionCode() {
        let unused = (0..<8).map(UInt32.init).filter { ExplorerAction.Kind(rawValue: $0) == nil }
        for kind in unused { #expect(ExplorerAction(code: kind << 29 | 5) == nil) }
    }

    @Test("every modal style has a code of its own below the navigation bit, and reads back")
    func modalStyleCodes() {
        let codes = ModalStyle.allCases.map(ModalLayerCode.code(of:))
        #expect(Set(codes).count == ModalStyle.allCases.count)
        #expect(codes.allSatisfy { $0 < ModalLayerCode.providesNavigation })
        for style in ModalStyle.allCases {
            for navigates in [false, true] {
                let byte = ModalLayerCode.byte(style: style, providesNavigation: navigates)
                #expect(ModalLayerCode.style(of: byte) == style)
                #expect((byte & ModalLayerCode.providesNavigation != 0) == navigates)
            }
        }
        #expect(ModalLayerCode.style(of: 0x7F) == nil)
    }
}
