import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// The generated routes run in NavigationCore and are explored by the checker exactly as the
/// document's routes are.
@Suite("Generated GraphRoute conformance")
struct ConformanceTests {
    @Test("a DSL graph over the generated enum explores the document's states and verdicts")
    func dslGraphExplores() throws {
        let document = try Checker(try SampleGraphs.load("Shop.navgraph.yaml")).run()
        let swift = try Checker(try ShopGraphInSwift.graph()).run()
        #expect(swift.statistics.complete)
        #expect(swift.statistics.states == document.statistics.states)
        #expect(swift.statistics.transitions == document.statistics.transitions)
        #expect(swift.verdicts.map { "\($0.name): \($0.status)" } == document.verdicts.map { "\($0.name): \($0.status)" })
    }

    @Test("the generated navigationGraph() is the document's graph, typed")
    func generatedGraphIsTheDocument() throws {
        let documentGraph = try SampleGraphs.load("Shop.navgraph.yaml")
        let typed = try ShopRoute.navigationGraph()
        #expect(try GraphDocument.export(typed) == (try GraphDocument.export(documentGraph)))
        #expect(typed.origin == "Graphs/Shop.navgraph.yaml")
        let document = try Checker(documentGraph).run()
        let generated = try Checker(typed).run()
        #expect(generated.statistics.states == document.statistics.states)
        #expect(generated.verdicts.map { "\($0.name): \($0.status) \($0.location.map(\.description) ?? "")" }
                == document.verdicts.map { "\($0.name): \($0.status) \($0.location.map(\.description) ?? "")" })
        #expect(generated.routeCoverage.unreached.isEmpty)
    }

    @Test("graphName, graphArguments and init(graphName:graphArguments:) are inverses over the samples")
    func inverse() {
        for route in ShopRoute.graphSamples {
            #expect(ShopRoute(graphName: route.graphName, graphArguments: route.graphArguments) == route)
        }
        #expect(ShopRoute.graphSamples.map(\.graphName) == ["catalog", "product", "product", "cart", "checkout", "signIn", "receipt"])
        #expect(ShopRoute.product(id: 42).graphArguments == [DynamicRoute.Argument(name: "id", value: "42")])
        #expect(ShopRoute(graphName: "product", graphArguments: [DynamicRoute.Argument(name: "id", value: "x")]) == nil)
        #expect(ShopRoute(graphName: "orders", graphArguments: []) == nil)
    }
}
