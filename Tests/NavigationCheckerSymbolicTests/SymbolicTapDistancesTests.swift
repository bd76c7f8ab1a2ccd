import NavGraphBenchmarkSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// The symbolic engine's taps to reach: the same distances as the explicit engine's, from
/// searches that stop at the last route the user can reach (issue 34's regression: searching on
/// to the fixpoint made the app-shaped graph's run 27 times slower at stack depth 8).
@Suite("Symbolic taps to reach")
struct SymbolicTapDistancesTests {
    /// A route only an event shows (promo: no tap ever reaches it, whatever the flags), one the
    /// user reaches only with a flag set (vip), two tabs.
    static let graph = """
        navgraph: 1
        name: Taps
        tabs: [{ name: home, root: home }, { name: me, root: me }]
        routes: { home: {}, me: {}, product: {}, cart: {}, settings: {}, promo: {}, vip: { requires: member } }
        flags: { sale: false, member: false }
        events:
          saleStarts: { when: not sale, set: { sale: true }, then: [{ push: promo }] }
          join: { when: not member, set: { member: true } }
        transitions:
          - { from: home, to: product }
          - { from: product, to: cart }
          - { from: me, to: settings, style: sheet }
          - { from: settings, to: vip }

        """

    static func symbolic(_ graph: NavigationGraph<DynamicRoute>, proveAtOnce: Bool) throws -> (CheckResult<DynamicRoute>, SymbolicChecker<DynamicRoute>.Figures) {
        var options = SymbolicChecker<DynamicRoute>.Options()
        if proveAtOnce { options.tapLayerNodeLimit = 0 }
        return try SymbolicChecker(graph, options: options).runWithFigures()
    }

    /// What the searches must compute if each stops at its last route: per start (launch, each
    /// tab's root, each flag combination), its farthest distance plus one.
    static func layersNeeded(_ taps: TapDistances) -> Int {
        func farthest(_ distances: [Int?]) -> Int { (distances.compactMap { $0 }.max() ?? 0) + 1 }
        return farthest(taps.routes.map(\.taps))
            + taps.tabs.indices.reduce(0) { sum, tab in sum + farthest(taps.routes.map { $0.fromTabRoots[tab] }) }
            + taps.flagCombinations.indices.reduce(0) { sum, combination in sum + farthest(taps.routes.map { $0.fromFlagCombinations[combination] }) }
    }

    @Test("agree with the explicit engine, whether which routes are reachable is proven at once or only when a layer grows", arguments: [false, true])
    func agreeWithExplicit(proveAtOnce: Bool) throws {
        let graph = try GraphDocument.load(Self.graph, origin: "taps.yaml")
        let explicit = try #require(try Checker(graph).run().tapDistances)
        let (result, figures) = try Self.symbolic(graph, proveAtOnce: proveAtOnce)
        let taps = try #require(result.tapDistances)
        #expect(taps == explicit)
        #expect(taps.entry(for: "promo")?.taps == nil)
        #expect(taps.entry(for: "promo")?.withEvents == 1)
        #expect(taps.entry(for: "vip")?.taps == nil)
        // With member set (the event at launch), vip is three taps away: the me tab, settings, vip.
        let member = try #require(taps.flagCombinations.firstIndex(of: "member"))
        #expect(taps.entry(for: "vip")?.fromFlagCombinations[member] == 3)
        #expect(figures.tapLayers == Self.layersNeeded(taps))
    }

    /// A route only an event shows with launch's flags (promo: taps never show it), and past
    /// the last route (b, two taps) every layer only deepens the stack: one state a layer, so
    /// no layer has more nodes than there are current-state variables.
    static let barrenGraph = """
        navgraph: 1
        name: Barren
        root: home
        routes: { home: {}, a: {}, b: {}, promo: {} }
        events:
          showPromo: { then: [{ push: promo }] }
        transitions:
          - { from: home, to: a }
          - { from: a, to: b }
          - { from: b, to: b }
        bounds: { maxStackDepth: 16 }

        """

    @Test("layers that show no route call the proof once together they pass the limit, though no single one does")
    func barrenLayersCallTheProof() throws {
        let graph = try GraphDocument.load(Self.barrenGraph, origin: "barren.yaml")
        let explicit = try #require(try Checker(graph).run().tapDistances)
        var never = SymbolicChecker<DynamicRoute>.Options()
        never.tapLayerNodeLimit = Int.max / 4
        let (unproven, unprovenFigures) = try SymbolicChecker(graph, options: never).runWithFigures()
        // No layer passes a limit of one node per current-state variable (the encoding
        // interleaves a current and a next copy of each).
        var limited = SymbolicChecker<DynamicRoute>.Options()
        limited.tapLayerNodeLimit = unprovenFigures.variables / 2
        let (proven, provenFigures) = try SymbolicChecker(graph, options: limited).runWithFigures()
        #expect(try #require(unproven.tapDistances) == explicit)
        #expect(try #require(proven.tapDistances) == explicit)
        #expect(explicit.entry(for: "b")?.taps == 2)
        #expect(explicit.entry(for: "promo")?.taps == nil)
        // Without the proof the launch search runs to the stack bound: a layer per depth.
        #expect(unprovenFigures.tapLayers >= 15)
        #expect(provenFigures.tapLayers < unprovenFigures.tapLayers)
    }

    @Test("on an app-shaped graph, the searches stop at each start's farthest route and agree with the explicit engine")
    func appShapedStopsEarly() throws {
        let graph = try GraphDocument.load(AppShapedGraph.document(tabs: 2, destinations: 3, sheets: 2, maxStackDepth: 3), origin: "AppShaped.navgraph.yaml")
        let (result, figures) = try Self.symbolic(graph, proveAtOnce: false)
        let taps = try #require(result.tapDistances)
        #expect(figures.tapLayers == Self.layersNeeded(taps))
        let explicit = try #require(try Checker(graph).run().tapDistances)
        #expect(taps == explicit)
    }
}
