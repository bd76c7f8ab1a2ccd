import NavigationCore
import NavigationGraph
import Testing

@Suite("Looking routes up by name")
struct RouteLookupTests {
    private func graph(_ names: [String]) -> NavigationGraph<DynamicRoute> {
        NavigationGraph(name: "Lookup", routes: names.enumerated().map { RouteDeclaration(name: $1, samples: [DynamicRoute($1, arguments: [.init(name: "n", value: "\($0)")])]) },
                        root: names.first, routeName: { $0.name })
    }

    @Test("route(named:) finds the first route of a name, and nothing for an unknown one")
    func lookup() {
        let lookup = graph(["home", "detail", "home"])
        #expect(lookup.route(named: "home")?.samples.first?.arguments.first?.value == "0")
        #expect(lookup.route(named: "detail") != nil)
        #expect(lookup.route(named: "settings") == nil)
    }

    @Test("route(named:) follows changes to routes")
    func followsChanges() {
        var lookup = graph(["home"])
        lookup.routes.append(RouteDeclaration(name: "settings", samples: [DynamicRoute("settings")]))
        #expect(lookup.route(named: "settings") != nil)
        lookup.routes.removeFirst()
        #expect(lookup.route(named: "home") == nil)
        #expect(lookup.route(named: "settings")?.name == "settings")
    }
}
