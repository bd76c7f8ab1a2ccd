import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// An app's own route type, as a test target declares one: a name and parameter values, printed
/// as a `DynamicRoute` prints (so its graph has a mirror that prints alike).
private struct AppRoute: GraphRoute, CustomStringConvertible {
    let graphName: String
    let graphArguments: [DynamicRoute.Argument]
    static var graphSamples: [AppRoute] { [] }

    init(_ route: DynamicRoute) {
        graphName = route.name
        graphArguments = route.arguments
    }

    var description: String { DynamicRoute(graphName, arguments: graphArguments).description }
}

/// The same, printed as Swift prints a struct: its findings may read otherwise than the mirror's.
private struct QuotedRoute: GraphRoute {
    let graphName: String
    let graphArguments: [DynamicRoute.Argument]
    static var graphSamples: [QuotedRoute] { [] }

    init(_ route: DynamicRoute) {
        graphName = route.name
        graphArguments = route.arguments
    }
}

/// A search over an app's own route type runs over the graph's `DynamicRoute` mirror where the
/// mirror means the same (`RouteMirror`), and must give what the search over the app's type
/// gives: every verdict, message and trace, coverage, cuts and figures.
@Suite("An app's route type is searched over its DynamicRoute mirror")
struct RouteMirrorTests {
    /// `graph` restated over a route type of this test's own; `nil` for a graph with deep links.
    private static func restated<Target: Route>(_ graph: NavigationGraph<DynamicRoute>, as make: (DynamicRoute) -> Target,
                                               routeName: @escaping @Sendable (Target) -> String) -> NavigationGraph<Target>? {
        var values = graph.routes.flatMap(\.samples) + graph.transitions.compactMap(\.value)
        values += graph.events.flatMap { $0.navigationValues.compactMap { $0 } } + graph.routes.compactMap { $0.entryGuard?.redirectValue }
        let mapping = Dictionary(values.map { ($0, make($0)) }, uniquingKeysWith: { first, _ in first })
        return RouteMirror<DynamicRoute>.restate(graph, routes: mapping, routeName: routeName)
    }

    /// Where the two results differ, one line each; empty when they agree.
    private static func differences<R: Route>(_ mirrored: CheckResult<R>, _ generic: CheckResult<R>) -> [String] {
        var found: [String] = []
        func compare<T: Equatable>(_ what: String, _ left: T, _ right: T) {
            if left != right { found.append("\(what): \(left) against \(right)") }
        }
        compare("verdict count", mirrored.verdicts.count, generic.verdicts.count)
        for (left, right) in zip(mirrored.verdicts, generic.verdicts) {
            compare("verdict", "\(left.kind.id) \(left.name) \(left.status) \(left.message)", "\(right.kind.id) \(right.name) \(right.status) \(right.message)")
            compare("\(left.name) trace", left.trace?.formattedLines ?? [], right.trace?.formattedLines ?? [])
            compare("\(left.name) trace actions", left.trace?.actions ?? [], right.trace?.actions ?? [])
            compare("\(left.name) final state", left.trace?.finalState, right.trace?.finalState)
            compare("\(left.name) other trace", left.otherTrace?.formattedLines ?? [], right.otherTrace?.formattedLines ?? [])
        }
        compare("route coverage", mirrored.routeCoverage, generic.routeCoverage)
        compare("transition coverage", mirrored.transitionCoverage, generic.transitionCoverage)
        compare("cuts", mirrored.cuts, generic.cuts)
        compare("cutoff", mirrored.cutoff?.summary, generic.cutoff?.summary)
        compare("states", mirrored.statistics.states, generic.statistics.states)
        compare("transitions", mirrored.statistics.transitions, generic.statistics.transitions)
        compare("depth", mirrored.statistics.depth, generic.statistics.depth)
        compare("complete", mirrored.statistics.complete, generic.statistics.complete)
        compare("tap distances", mirrored.tapDistances, generic.tapDistances)
        return found
    }

    private static func generic<R: Route>(_ options: Checker<R>.Options = .init()) -> Checker<R>.Options {
        var options = options
        options.mirrorsRoutes = false
        return options
    }

    @Test("150 seeded random graphs: the mirror's result is the app type's, and the document's")
    func randomGraphs() throws {
        var generator = SeededGenerator(seed: 35)
        var compared = 0, failing = 0, mirrored = 0
        var failures: [String] = []
        for index in 0..<200 where compared < 150 {
            let body = RandomGraphs.document(using: &generator)
            let document = try GraphDocument.load("navgraph: 1\nname: Random\(index)\n" + body, origin: "Random\(index).yaml")
            guard let graph = Self.restated(document, as: AppRoute.init, routeName: { $0.graphName }) else { continue }
            compared += 1
            if RouteMirror(graph) != nil { mirrored += 1 }
            let fast = try Checker(graph).run()
            let slow = try Checker(graph, options: Self.generic()).run()
            if !fast.passed { failing += 1 }
            var found = Self.differences(fast, slow)
            // The document's own search says the same as well (over `DynamicRoute`).
            let reference = try Checker(document).run()
            let lines = { (result: CheckResult<DynamicRoute>) in result.verdicts.map { "\($0.name) \($0.status) \($0.message) \($0.trace?.formattedLines ?? [])" } }
            let ours = fast.verdicts.map { "\($0.name) \($0.status) \($0.message) \($0.trace?.formattedLines ?? [])" }
            if ours != lines(reference) { found.append("differs from the document's own search") }
            if !found.isEmpty { failures.append("graph \(index):\n\(body)\n" + found.joined(separator: "\n")) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        #expect(compared >= 100, "only \(compared) random graphs without deep links")
        #expect(mirrored == compared, "every graph without closures or deep links has a mirror")
        #expect(failing >= 10, "the random graphs should include failing properties (\(failing))")
    }

    @Test("the sample graphs, over a route type that prints otherwise: findings come from the search over that type",
          arguments: SampleGraphs.explicitSized)
    func sampleGraphsQuoted(file: String) throws {
        let document = try SampleGraphs.load(file)
        guard let graph = Self.restated(document, as: QuotedRoute.init, routeName: { $0.graphName }) else { return }
        let mirror = try #require(RouteMirror(graph))
        #expect(!mirror.printsAlike)
        let fast = try Checker(graph).run()
        let slow = try Checker(graph, options: Self.generic()).run()
        #expect(Self.differences(fast, slow).isEmpty, "\(Self.differences(fast, slow))")
    }

    @Test("a budget cuts the mirror's search as it cuts the app type's")
    func budgets() throws {
        let document = try GraphDocument.load(
            "navgraph: 1\nname: Branches\nroot: a\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: b }, { from: a, to: c }, { from: b, to: a }, { from: c, to: a }]\nbounds: { maxStackDepth: 12, maxStates: 20 }\n",
            origin: "Branches.yaml")
        let restated = Self.restated(document, as: AppRoute.init, routeName: { $0.graphName })
        let graph = try #require(restated)
        let fast = try Checker(graph).run()
        let slow = try Checker(graph, options: Self.generic()).run()
        #expect(fast.cutoff != nil && fast.statistics.states == 20)
        #expect(Self.differences(fast, slow).isEmpty, "\(Self.differences(fast, slow))")
    }

    @Test("Swift code the document form cannot carry keeps the search over the app's type")
    func closuresHaveNoMirror() throws {
        let document = try GraphDocument.load(
            "navgraph: 1\nname: Small\nroot: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }]\n", origin: "Small.yaml")
        let restated = Self.restated(document, as: AppRoute.init, routeName: { $0.graphName })
        var graph = try #require(restated)
        #expect(RouteMirror(graph) != nil)
        graph.invariants.append(.init(name: "never b", condition: GraphCondition("never b") { $0.top?.graphName != "b" }))
        #expect(RouteMirror(graph) == nil)
        let result = try Checker(graph).run()
        #expect(result.failures.map(\.name) == ["never b"])
        #expect(result.failures.first?.trace?.finalState?.top?.graphName == "b")
        // Two values that would become one `DynamicRoute` (a payload the arguments do not show).
        let merged = Self.restated(document, as: AppRoute.init, routeName: { _ in "a" })
        #expect(merged.map { RouteMirror($0) == nil } == true)
    }

    @Test("the Swift sample graphs, over their own enums, check as over their own type",
          arguments: [try ValueGraphs.written()])
    func valueGraph(graph: NavigationGraph<ValueRoute>) throws {
        let fast = try Checker(graph).run()
        let slow = try Checker(graph, options: Self.generic()).run()
        #expect(Self.differences(fast, slow).isEmpty, "\(Self.differences(fast, slow))")
    }

    @Test("the Mastodon-like Swift graph checks as over its own type")
    func mastodon() throws {
        let graph = try SwiftSampleGraphs.mastodon()
        let fast = try Checker(graph).run()
        let slow = try Checker(graph, options: Self.generic()).run()
        #expect(Self.differences(fast, slow).isEmpty, "\(Self.differences(fast, slow))")
    }
}
