import NavigationChecker
import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("State graphs of small models")
struct StateGraphTests {
    static func graph(_ yaml: String) throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("navgraph: 1\nname: Small\n" + yaml, origin: "small.yaml")
    }

    @Test("a two-screen stack: two states, push one way and Back the other")
    func twoScreens() throws {
        let states = try Checker(try Self.graph("root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 2 }\n")).stateGraph()
        #expect(states.states.map { $0.top.map { "\($0)" } } == ["a", "b"])
        #expect(states.edges == [
            StateGraph.Edge(from: 0, to: 1, labels: ["push a → b"]),
            StateGraph.Edge(from: 1, to: 0, labels: ["Back"]),
        ])
        #expect(states.successorsCutByBounds == 1, "pushing b from [a b] would be depth 3")
    }

    @Test("a sheet over the root: two states, joined by presenting and swiping away")
    func sheet() throws {
        let states = try Checker(try Self.graph("root: a\nroutes: { a: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }]\nbounds: { maxModalDepth: 1 }\n")).stateGraph()
        #expect(states.states.count == 2)
        #expect(states.states[1].modals.count == 1)
        #expect(states.edges.map(\.labels) == [["sheet a → s"], ["swipe the sheet away"]])
    }

    @Test("the state graph holds exactly the states the explorer counts", arguments: ["Account.navgraph.yaml", "Onboarding.navgraph.yaml"])
    func sameStatesAsExplorer(file: String) throws {
        let graph = try SampleGraphs.load(file)
        let checker = Checker(graph)
        let states = try checker.stateGraph()
        #expect(states.states.count == (try checker.run()).statistics.states)
        #expect(states.states.first == (try graph.initialState()))
        var entered = Set([0])
        for edge in states.edges {
            #expect(states.states.indices.contains(edge.from) && states.states.indices.contains(edge.to) && edge.from != edge.to)
            #expect(!edge.labels.isEmpty)
            entered.insert(edge.to)
        }
        #expect(entered.count == states.states.count, "every state but the first is entered by some edge")
    }

    @Test("Account's counterexample walks edges of its state graph")
    func traceOnStateGraph() throws {
        let checker = Checker(try SampleGraphs.load("Account.navgraph.yaml"))
        let trace = try #require((try checker.run()).failures.compactMap(\.trace).first)
        let states = try checker.stateGraph()
        let indices = trace.steps.compactMap { states.index(of: $0.state) }
        #expect(indices.count == trace.steps.count)
        let edges = Set(states.edges.map { [$0.from, $0.to] })
        for (from, to) in zip(indices, indices.dropFirst()) { #expect(edges.contains([from, to])) }
    }

    @Test("a model larger than the limit is refused, not drawn")
    func tooLarge() throws {
        let checker = Checker(try SampleGraphs.load("Shop.navgraph.yaml"))
        #expect(throws: CheckerError.stateGraphTooLarge(limit: 50)) { _ = try checker.stateGraph(maxStates: 50) }
    }
}
