import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Taps to reach: the fewest user actions to each route, events and links counted apart, and
/// the `within:` property over them.
@Suite("Taps to reach")
struct TapDistancesTests {
    static func check(_ yaml: String) throws -> CheckResult<DynamicRoute> {
        try Checker(try GraphDocument.load("navgraph: 1\nname: Small\n" + yaml, origin: "small.yaml")).run()
    }

    static let tabbed = """
        tabs: [{ name: home, root: home }, { name: me, root: me }]
        routes: { home: {}, me: {}, product: {}, cart: {}, settings: {}, promo: {} }
        flags: { sale: false }
        events: { saleStarts: { when: not sale, set: { sale: true }, then: [{ push: promo }] } }
        transitions:
          - { from: home, to: product }
          - { from: product, to: cart }
          - { from: me, to: settings, style: sheet }

        """

    @Test("distances count user actions only, with a shortest path, from launch and from each tab's root")
    func distances() throws {
        let result = try Self.check(Self.tabbed)
        let taps = try #require(result.tapDistances)
        #expect(taps.tabs == ["home", "me"])
        let cart = try #require(taps.entry(for: "cart"))
        #expect(cart.taps == 2)
        #expect(cart.path == ["push home → product", "push product → cart"])
        #expect(cart.fromTabRoots == [2, 3])  // from me: select home first
        let settings = try #require(taps.entry(for: "settings"))
        #expect(settings.taps == 2)
        #expect(settings.fromTabRoots == [2, 1])
        #expect(taps.entry(for: "home")?.taps == 0)
        #expect(taps.entry(for: "home")?.path == [])
    }

    @Test("a route only an event shows has no taps, but a distance with events")
    func eventOnly() throws {
        let taps = try #require(try Self.check(Self.tabbed).tapDistances)
        let promo = try #require(taps.entry(for: "promo"))
        #expect(promo.taps == nil)
        #expect(promo.withEvents == 1)
        #expect(taps.sortedByTaps.last?.route == "promo")
        #expect(taps.sortedByTaps.first?.route == "home")
    }

    @Test("per flag combination, distances count from the states nearest launch where it first holds")
    func flagCombinations() throws {
        let taps = try #require(try Self.check(Self.tabbed).tapDistances)
        // The sale starts by the event at launch, which pushes promo: promo is shown there, home one Back away.
        #expect(taps.flagCombinations == ["sale"])
        #expect(taps.entry(for: "promo")?.fromFlagCombinations == [0])
        #expect(taps.entry(for: "home")?.fromFlagCombinations == [1])
        #expect(taps.entry(for: "cart")?.fromFlagCombinations == [3])
        #expect(TapDistances.combinationName(0b01, launch: 0b10, flags: ["a", "b"]) == "a and not b")
    }

    @Test("within fails when a route needs more taps than its limit, with the shortest path as the trace")
    func withinFails() throws {
        let result = try Self.check(Self.tabbed + "within: { cart: 1, all: 2 }\n")
        let cart = try #require(result.verdicts.first { $0.name == "cart within 1 tap" })
        #expect(cart.status == .failed)
        #expect(cart.message == "cart needs 2 user actions, over the limit of 1")
        #expect(cart.trace?.actions.count == 2)
        #expect(cart.trace?.finalState?.top == DynamicRoute("cart"))
        // `all` names promo too, which only the event shows.
        let all = try #require(result.verdicts.first { $0.name == "all within 2 taps" })
        #expect(all.status == .failed)
        #expect(all.message.contains("user actions alone never show promo"))
    }

    @Test("within holds when every named route is near enough; a group names each member")
    func withinHolds() throws {
        let result = try Self.check(Self.tabbed + "groups: { shopping: [product, cart] }\nwithin: { shopping: 2 }\n")
        let verdict = try #require(result.verdicts.first { $0.kind == .tapLimit })
        #expect(verdict.status == .passed)
        #expect(verdict.message == "every route named is shown within 2 user actions")
    }

    @Test("lint names an unknown route in within, with a suggestion")
    func lintUnknown() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: Small\n" + Self.tabbed + "within: { crat: 3 }\n", origin: "small.yaml")
        let finding = try #require(GraphLinter.lint(graph).first { $0.rule == "unknown-route" })
        #expect(finding.message.contains("'crat'"))
        #expect(finding.remedy.contains("cart"))
    }

    @Test("a document's within entry must be a number of taps")
    func notANumber() throws {
        #expect(throws: (any Error).self) {
            try GraphDocument.load("navgraph: 1\nname: Small\n" + Self.tabbed + "within: { cart: many }\n", origin: "small.yaml")
        }
    }

    @Test("the Swift DSL's Within is the document's within")
    func dsl() throws {
        enum Screen: String, GraphRoute, CaseIterable {
            case home, product
            var graphName: String { rawValue }
        }
        let graph = try NavigationGraph<Screen>("Swift") {
            Root(.home)
            Push(.home, .product)
            Within(.product, taps: 0)
        }
        #expect(graph.tapLimits == [NavigationGraph<Screen>.TapLimit(target: "product", limit: 0, location: graph.tapLimits.first?.location)])
        let verdict = try #require(try Checker(graph).run().verdicts.first { $0.kind == .tapLimit })
        #expect(verdict.status == .failed)
        #expect(verdict.trace?.actions.count == 1)
    }
}
