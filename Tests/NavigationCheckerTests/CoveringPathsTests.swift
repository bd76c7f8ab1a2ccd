import NavGraphTestSupport
import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

@Suite("Covering paths")
struct CoveringPathsTests {
    /// A sample with its bounds, the state limit lowered for a debug test run (the Mastodon
    /// sample's own 20,000 states take half a minute there): the paths are judged against a
    /// search within the same bounds.
    static func sample(_ file: String) throws -> NavigationGraph<DynamicRoute> {
        var graph = try SampleGraphs.load(file)
        graph.bounds.maxStates = min(graph.bounds.maxStates, 15_000)
        return graph
    }

    /// Replays `paths` from launch through the runtime (the model's executor and deep-link
    /// pipeline, as the explorer applies actions), checks every step's state, and returns
    /// the labels of the declared transitions taken (a step by the transition that succeeded
    /// and changed the state: what transition coverage counts) and the routes shown on top.
    static func replay(_ cover: CoveringPaths<DynamicRoute>, _ graph: NavigationGraph<DynamicRoute>) throws -> (transitions: Set<String>, routes: Set<String>) {
        let model = GraphModel(graph: graph)
        var transitions: Set<String> = [], routes: Set<String> = []
        for path in cover.paths {
            var state = try graph.initialState()
            if let top = state.top { routes.insert(graph.routeName(top)) }
            for step in path.steps {
                #expect(model.actions(in: state).contains(step.action), "\(step.label) is not enabled")
                let next = model.apply(step.action, to: state)
                #expect(next.state == step.state, "after \(step.label)")
                if case .transition(let index, _) = step.action, next.succeeded, next.state != state {
                    let transition = graph.transitions[index]
                    transitions.insert("\(transition.style.rawValue) \(transition.from) → \(transition.to)")
                }
                state = next.state
                if let top = state.top { routes.insert(graph.routeName(top)) }
            }
        }
        return (transitions, routes)
    }

    @Test("the paths take every transition the transition-coverage property counts as taken, in every sample",
          arguments: SampleGraphs.names)
    func everyTransition(file: String) throws {
        let graph = try Self.sample(file)
        let cover = try Checker(graph).coveringPaths(.transitions)
        let result = try Checker(graph).run()
        let taken = try Self.replay(cover, graph).transitions
        #expect(taken == Set(result.transitionCoverage.reached))
        #expect(!taken.isEmpty)
        #expect(cover.coverable == result.transitionCoverage.reached)
        #expect(cover.covered == cover.coverable.count)
        #expect(cover.uncovered.map(\.name) == result.transitionCoverage.unreached)
        #expect(cover.lowerBound >= cover.coverable.count && cover.totalLength >= cover.lowerBound)
        // Each path starts at launch and does something.
        #expect(cover.paths.allSatisfy { !$0.steps.isEmpty })
    }

    @Test("routes mode shows every route the search shows on top, in every sample", arguments: SampleGraphs.names)
    func everyRoute(file: String) throws {
        let graph = try Self.sample(file)
        let cover = try Checker(graph).coveringPaths(.routes)
        let result = try Checker(graph).run()
        let shown = try Self.replay(cover, graph).routes
        #expect(shown == Set(result.routeCoverage.reached))
        #expect(cover.coverable == result.routeCoverage.reached)
        #expect(cover.uncovered.map(\.name) == result.routeCoverage.unreached)
        #expect(cover.totalLength >= cover.lowerBound && cover.lowerBound >= cover.coverable.count - 1)
    }

    @Test("planning twice gives the same paths, JSON and Swift byte for byte")
    @MainActor
    func deterministic() throws {
        let graph = try Self.sample("Social.navgraph.yaml")
        func outputs() throws -> (json: Data, swift: String) {
            let cover = try Checker(graph).coveringPaths(.transitions)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try encoder.encode(CoveringPathsDocument(cover, graph: graph)),
                    try cover.swiftTestingSource(graph: graph, documentPath: "Social.navgraph.yaml", command: "navgraph paths"))
        }
        let first = try outputs(), second = try outputs()
        #expect(first.json == second.json)
        #expect(first.swift == second.swift)
    }

    @Test("the lower bound counts the distance to the farthest transition: a chain takes one path as long as the chain")
    func chainBound() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Chain
            root: a
            routes: { a: {}, b: {}, c: {}, d: {} }
            transitions:
              - { from: a, to: b }
              - { from: b, to: c }
              - { from: c, to: d }
            """, origin: "chain.yaml")
        let cover = try Checker(graph).coveringPaths(.transitions)
        #expect(cover.paths.map { $0.steps.map(\.label) } == [["push a → b", "push b → c", "push c → d"]])
        #expect(cover.lowerBound == 3 && cover.totalLength == 3)
        #expect(cover.uncovered.isEmpty)
    }

    @Test("a transition the depth bounds cut and one whose source is never shown are listed with why")
    func uncoverableReasons() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Cut
            root: a
            routes: { a: {}, b: {}, c: {}, lost: {}, end: {} }
            transitions:
              - { from: a, to: b }
              - { from: b, to: c }
              - { from: lost, to: end }
            bounds: { maxStackDepth: 2 }
            """, origin: "cut.yaml")
        let cover = try Checker(graph).coveringPaths(.transitions)
        #expect(cover.coverable == ["push a → b"])
        #expect(cover.uncovered.map(\.name) == ["push b → c", "push lost → end"])
        #expect(cover.uncovered.first?.reason.contains("depth bounds cut its 1 successor") == true)
        #expect(cover.uncovered.last?.reason == "its source lost is never on top")
    }

    @Test("hostile route names, parameter values and links are escaped in the Swift source")
    @MainActor
    func hostileNames() throws {
        let graph = try GraphDocument.load(#"""
            navgraph: 1
            name: "Hostile \"#\" ünï"
            root: home
            routes:
              home: {}
              "quo\"te":
                params: { "id": ["a\\b", "\"#x", "\\(boom)", "é"] }
            transitions:
              - { from: home, to: "quo\"te" }
            """#, origin: "hostile.yaml")
        let cover = try Checker(graph).coveringPaths(.transitions)
        let source = try cover.swiftTestingSource(graph: graph, documentPath: "x\"y.yaml", command: "navgraph paths\nhostile")
        #expect(source.contains(#"DynamicRoute("quo\"te", arguments: [.init(name: "id", value: "a\\b")])"#), "\(source)")
        #expect(source.contains(#"let path = "x\"y.yaml""#))
        #expect(source.contains(##"@Suite("Hostile \"#\" ünï: paths covering every transition")"##))
        // The type's name keeps the name's ASCII letters and digits.
        #expect(source.contains("struct HostileNCoveringPathTests {"))
        // The header comment stays one line.
        #expect(source.hasPrefix("// Generated by `navgraph paths hostile`"))
        #expect(CoveringPaths<DynamicRoute>.swiftLiteral("\\(x)\u{7}\u{2028}#\"") == ##""\\(x)\u{7}\u{2028}#\"""##)
    }
}
