import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// `auto` on a graph whose symbolic model is small (`EngineChoice.smallSymbolicModelBits`): the
/// explicit probe gets `EngineChoice.quickProbeTransitions` steps, so a graph with many
/// transitions and a cheap symbolic model goes to the symbolic engine after a few milliseconds
/// instead of being searched state by state (issue 35, point 2: the shop sample, 0.11 s with
/// the explicit engine against 0.04 s with the symbolic one).
@Suite("auto with a small symbolic model")
struct AutoSmallModelTests {
    @Test("the variables a state takes are worked out from the declarations: routes' bits in every slot of every stack and layer, the flags, the tab")
    func stateBits() throws {
        // One tabless stack, 6 routes (3 bits with the empty value), maxStackDepth 4 and
        // maxModalDepth 1 (one overflow slot and layer each): 1 (tab) + 2 flags
        // + 2 layers × (style bits + 5 slots × 3) + 5 slots × 3.
        let onboarding = try SampleGraphs.load("Onboarding.navgraph.yaml")
        #expect(onboarding.routes.count == 6 && onboarding.flags.count == 2 && onboarding.tabs.isEmpty)
        #expect(EngineChoice.symbolicStateBits(of: onboarding) == 1 + 2 + 2 * (ModalStyle.codeBitWidth + 5 * 3) + 5 * 3)
        var deep = onboarding
        deep.bounds.maxStackDepth = 64
        deep.bounds.maxModalDepth = 16
        #expect(EngineChoice.symbolicStateBits(of: deep) > 10 * EngineChoice.smallSymbolicModelBits)
        // Absurd bounds saturate instead of overflowing.
        deep.bounds.maxStackDepth = Int.max
        deep.bounds.maxModalDepth = Int.max
        #expect(EngineChoice.symbolicStateBits(of: deep) == Int.max / 2)
    }

    @Test("the shop sample (148,888 transitions, a small model) goes to the symbolic engine after the quick probe, with the explicit engine's verdicts and counts")
    func shop() throws {
        let shop = try SampleGraphs.load("Shop.navgraph.yaml")
        let bits = EngineChoice.symbolicStateBits(of: shop)
        #expect(bits <= EngineChoice.smallSymbolicModelBits)
        let run = try GraphCheck.run(shop)
        #expect(run.engine.engine == .symbolic)
        // Its levels after the quick probe's steps point to millions: it is handed over there.
        #expect(run.engine.reason.hasPrefix("more than 10,000 steps in the first "), "\(run.engine.reason)")
        #expect(run.engine.reason.hasSuffix(" within the bounds, it models everything this graph uses, and its model is small: about \(bits) variables a state"),
                "\(run.engine.reason)")
        let explicit = try GraphCheck.run(shop, engine: .explicit)
        #expect(explicit.result.cutoff == nil)
        #expect(run.stateCount == Double(explicit.result.statistics.states))
        #expect(run.transitionCount == Double(explicit.result.statistics.transitions))
        #expect(run.result.verdicts.map(\.name) == explicit.result.verdicts.map(\.name))
        #expect(run.result.verdicts.map(\.status) == explicit.result.verdicts.map(\.status))
    }

    @Test("a small model the explicit engine finishes within the quick probe stays with it, with the reason it always gave")
    func smallGraphsStayExplicit() throws {
        for file in ["Connect.navgraph.yaml", "Account.navgraph.yaml", "Onboarding.navgraph.yaml"] {
            let graph = try SampleGraphs.load(file)
            let run = try GraphCheck.run(graph)
            #expect(run.engine.engine == .explicit, "\(file): \(run.engine.reason)")
            #expect(run.engine.reason.hasPrefix("it finished within the first "), "\(file): \(run.engine.reason)")
            #expect(run.result.statistics.transitions <= EngineChoice.quickProbeTransitions + 100, "\(file)")
        }
    }

    @Test("a large model keeps the long probe: Onboarding at stack depth 64 and 16 modal layers stays with the explicit engine")
    func largeModelKeepsTheLongProbe() throws {
        var onboarding = try SampleGraphs.load("Onboarding.navgraph.yaml")
        onboarding.bounds.maxStackDepth = 64
        onboarding.bounds.maxModalDepth = 16
        #expect(EngineChoice.symbolicStateBits(of: onboarding) > EngineChoice.smallSymbolicModelBits)
        let run = try GraphCheck.run(onboarding)
        #expect(run.engine.engine == .explicit)
        #expect(run.engine.reason == "it finished within the first 10,000 states, before the symbolic engine was needed")
        #expect(run.result.passed)
    }
}
