import Foundation
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCodegen
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import Testing

/// A route enum for the Swift front door's share of the walk.
enum ModalWalkRoute: GraphRoute {
    case home, other, detail, login

    var graphName: String { "\(self)" }
    var graphArguments: [DynamicRoute.Argument] { [] }
    static let graphSamples: [ModalWalkRoute] = [.home, .other, .detail, .login]
}

/// Every modal style through every front door and engine: a style one of them forgets fails
/// here, named by its argument. The compiler finds the exhaustive switches (``ModalStyle/traits``,
/// the diagrams' edge looks); these tests find the places that only derive from `allCases` and
/// could still be wrong (a schema enum, a document key, a symbolic encoding too narrow).
@Suite("Every modal style, through every front door")
struct ModalStyleCoverageTests {
    /// A document using `style` everywhere a document can write a modal style.
    static func document(_ style: ModalStyle) -> String {
        """
        navgraph: 1
        name: Modal
        tabs:
          - { name: main, root: home }
          - { name: other, root: other }
        tabBar: { tappableUnder: [\(style.documentName)] }
        routes:
          home: {}
          other: {}
          detail: {}
          login: { owner: [app], style: \(style.documentName) }
        transitions:
          - { from: home, to: detail, style: \(style.documentName) }
          - { from: detail, request: login }
        events:
          open: { when: modal == none, then: [{ \(style.documentName): detail }] }
        deepLinks:
          schemes: [app]
          links:
            - { pattern: /detail, route: detail, tab: main, modal: { style: \(style.documentName), routes: [detail] }, samples: [{ url: "app://detail", expect: plan }] }

        """
    }

    /// The smallest graph where the style matters to the engines: a modal no event dismisses.
    static func engineDocument(_ style: ModalStyle, tabs: Bool) -> String {
        let shape = tabs
            ? "tabs:\n  - { name: main, root: home }\n  - { name: other, root: other }\ntabBar: { tappableUnder: [\(style.documentName)] }\n"
            : "root: home\n"
        return "navgraph: 1\nname: Engines\n" + shape + """
            routes: { home: {}, other: {}, detail: {} }
            transitions: [{ from: home, to: detail, style: \(style.documentName) }]
            events: { again: { when: modal == detail, then: [{ \(style.documentName): detail }] } }
            bounds: { maxModalDepth: 2 }

            """
    }

    @Test("the document reader reads each modal style wherever a document names one", arguments: ModalStyle.allCases)
    func reader(_ style: ModalStyle) throws {
        let graph = try GraphDocument.load(Self.document(style), origin: "modal.yaml")
        #expect(graph.tabBar.tappableUnder == [style])
        #expect(graph.transitions.first { $0.to == "detail" }?.style == .modal(style))
        #expect(graph.route(named: "login")?.ownership?.style == .modal(style))
        let step = graph.events.first?.navigation.first
        guard case .go("detail", let stepStyle)? = step else {
            Issue.record("the event's step is \(String(describing: step))")
            return
        }
        #expect(stepStyle == .modal(style))
        #expect(graph.deepLinks?.links.first?.plan.modal?.style == style)
    }

    @Test("the JSON Schema lists each modal style in every enum and step key that takes one", arguments: ModalStyle.allCases)
    func schema(_ style: ModalStyle) throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(GraphDocument.jsonSchema.utf8)) as? [String: Any])
        func value(_ path: [String]) -> Any? {
            path.reduce(schema as Any?) { node, key in (node as? [String: Any])?[key] }
        }
        let name = style.documentName
        #expect((value(["$defs", "style", "enum"]) as? [String])?.contains(name) == true, "transition styles")
        #expect((value(["properties", "tabBar", "properties", "tappableUnder", "items", "enum"]) as? [String])?.contains(name) == true,
                "tab bar")
        let stepObject = (value(["$defs", "step", "oneOf"]) as? [Any])?.compactMap { $0 as? [String: Any] }.first { $0["properties"] != nil }
        #expect((stepObject?["properties"] as? [String: Any])?[name] != nil, "event step keys")
        #expect(GraphDocument.jsonSchema.contains("\"enum\": [\"push\", " + ModalStyle.allCases.map { "\"\($0.documentName)\"" }.joined(separator: ", ") + "]"),
                "owner styles")
        #expect(GraphDocument.jsonSchema.contains("\"style\": { \"enum\": [" + ModalStyle.allCases.map { "\"\($0.documentName)\"" }.joined(separator: ", ") + "]"),
                "a deep link's modal")
    }

    @Test("the Swift front door writes each modal style as the document does", arguments: ModalStyle.allCases)
    func swiftFrontDoor(_ style: ModalStyle) throws {
        let graph = try NavigationGraph<ModalWalkRoute>("Modal") {
            Tab("main", root: .home)
            Tab("other", root: .other)
            TabBar(tappableUnder: [style])
            Owned(.login, by: .app, style: .modal(style))
            Show(.home, .detail, as: .modal(style))
            Request(.detail, .login)
            Event("open", when: "modal == none", then: [.show(.detail, .modal(style))])
        }
        let read = try GraphDocument.load(try GraphDocument.export(graph), origin: "exported.yaml")
        #expect(read.transitions.map(\.style) == [.modal(style), .request])
        #expect(read.route(named: "login")?.ownership?.style == .modal(style))
        #expect(read.tabBar.tappableUnder == [style])
        guard case .go(_, let stepStyle)? = read.events.first?.navigation.first else {
            Issue.record("the exported event has no step to a route")
            return
        }
        #expect(stepStyle == .modal(style))
    }

    @Test("both engines give the same states and verdicts for each modal style, and swiping away only what the style allows",
          arguments: ModalStyle.allCases, [false, true])
    func engines(_ style: ModalStyle, tabs: Bool) throws {
        let graph = try GraphDocument.load(Self.engineDocument(style, tabs: tabs), origin: "engines.yaml")
        let explicit = try GraphCheck.run(graph, engine: .explicit).result
        let symbolic = try GraphCheck.run(graph, engine: .symbolic).result
        #expect(explicit.statistics.states == symbolic.statistics.states)
        #expect(explicit.verdicts.map { "\($0.name) \($0.status)" } == symbolic.verdicts.map { "\($0.name) \($0.status)" })
        // Without tabs, only a swipe leaves the modal: no trap exactly when the style can be swiped away.
        if !tabs {
            let noTrap = explicit.verdicts.first { $0.kind == .noTrap }
            #expect((noTrap?.status == .passed) == style.isSwipeDismissable)
        }
        // Every state the symbolic engine reaches decodes with this style on its layers.
        for verdict in symbolic.verdicts {
            for step in verdict.trace?.steps ?? [] { #expect(step.state.modals.allSatisfy { $0.style == style }) }
        }
    }

    @Test("the route diagram draws each modal style's edge and flow, each style unlike the others")
    func diagrams() throws {
        var edges: [String] = []
        var arrows: [String] = []
        for style in ModalStyle.allCases {
            let diagram = RouteDiagram(try GraphDocument.load(Self.document(style), origin: "modal.yaml"))
            let dot = diagram.dot()
            let edge = dot.split(separator: "\n").first { $0.contains("\"home\" -> \"detail\"") || $0.contains("home -> detail") }
            #expect(edge != nil, "the \(style) edge in DOT")
            edges.append(edge.map(String.init)?.replacingOccurrences(of: style.documentName, with: "") ?? "")
            #expect(dot.contains("\(style.documentName) detail"), "the \(style) flow's cluster")
            let arrow = diagram.mermaid().split(separator: "\n").first { $0.contains("|\"\(style.documentName)\"| r2") }
            #expect(arrow != nil, "the \(style) edge in Mermaid")
            arrows.append(arrow.map(String.init)?.replacingOccurrences(of: style.documentName, with: "") ?? "")
        }
        #expect(Set(edges).count == ModalStyle.allCases.count, "two modal styles are drawn alike in DOT: \(edges)")
        #expect(Set(arrows).count == ModalStyle.allCases.count, "two modal styles are drawn alike in Mermaid: \(arrows)")
    }

    @Test("the code generator names and runs each modal style's navigator method", arguments: ModalStyle.allCases)
    func codeGenerator(_ style: ModalStyle) throws {
        let swift = try SwiftGenerator().generate(documentText: Self.document(style), origin: "Modal.navgraph.yaml")
        #expect(swift.contains("func \(style.traits.verb)Detail()"))
        #expect(swift.contains(".present(.detail, style: .\(style))"))
        #expect(swift.contains("Presents `detail` as \(style.traits.phrase)"))
    }

    @Test("each modal style has a code of its own that the symbolic encoding's bits can hold")
    func codes() {
        let codes = ModalStyle.allCases.map(\.code)
        #expect(codes == Array(ModalStyle.allCases.indices))
        #expect(ModalStyle.allCases.count <= 1 << ModalStyle.codeBitWidth)
        for style in ModalStyle.allCases { #expect(ModalStyle(code: style.code) == style) }
        #expect(ModalStyle(code: ModalStyle.allCases.count) == nil)
    }
}
