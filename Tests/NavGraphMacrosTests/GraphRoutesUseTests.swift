import NavGraphMacros
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// A routes enum whose conformance the macro writes, compiled for real.
@GraphRoutes
enum MacroShopRoute {
    case catalog, product(id: Int), cart, checkout, signIn

    static let routeSamples: [MacroShopRoute] = [.product(id: 1), .product(id: 2)]
}

extension FlagKey {
    static let signedIn = FlagKey("signedIn")
}

@Suite("@GraphRoutes in use")
struct GraphRoutesUseTests {
    @Test("the macro's conformance names every case, labels arguments and lists samples in case order")
    func conformance() {
        #expect(MacroShopRoute.graphSamples == [.catalog, .product(id: 1), .product(id: 2), .cart, .checkout, .signIn])
        #expect(MacroShopRoute.graphSamples.map(\.graphName) == ["catalog", "product", "product", "cart", "checkout", "signIn"])
        #expect(MacroShopRoute.product(id: 2).graphArguments == [DynamicRoute.Argument(name: "id", value: "2")])
        #expect(MacroShopRoute.cart.graphArguments.isEmpty)
    }

    @Test("a DSL graph over the macro's enum, with typed conditions, is verified by the explorer: the guard holds, the seeded bug is caught")
    func explored() throws {
        func shop(guarded: Bool) throws -> NavigationGraph<MacroShopRoute> {
            try NavigationGraph<MacroShopRoute>("MacroShop") {
                Root(.catalog)
                Flag(.signedIn)
                Push(.catalog, eachSampleOf: .product(id: 1))
                Push(.product(id: 1), .cart)
                Push(.cart, .checkout)
                if guarded { Guard(.checkout, .flag(.signedIn), otherwise: .redirect(.signIn, style: .sheet)) }
                Sheet(.cart, .signIn, when: !.flag(.signedIn))
                Event("signIn", when: .top(is: .signIn), set: [.signedIn: true], then: [.dismiss])
                Invariant("checkout needs sign-in", .top(is: .checkout).implies(.flag(.signedIn)))
            }
        }
        let good = try Checker(try shop(guarded: true)).run()
        #expect(good.failures.isEmpty, "\(good.failures.map(\.name))")
        #expect(good.routeCoverage.unreached.isEmpty, "\(good.routeCoverage.unreached)")
        let buggy = try Checker(try shop(guarded: false)).run()
        let failure = try #require(buggy.failures.first { $0.name == "checkout needs sign-in" })
        #expect(failure.trace?.finalState?.top == .checkout)
    }
}
