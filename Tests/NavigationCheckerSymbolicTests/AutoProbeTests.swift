import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// `auto`'s first, explicit search is bounded by its work (steps applied), not only by its
/// states: a graph with many actions a state hands over to the symbolic engine after about a
/// tenth of a second instead of after 100,000 states (issue 35, point 2).
@Suite("auto's explicit probe is bounded by steps")
struct AutoProbeTests {
    /// `count` flags, each with a set and a clear event, over three routes: 2^count states,
    /// 2 × count + 2 actions a state.
    static func flags(_ count: Int) throws -> NavigationGraph<DynamicRoute> {
        let names = (0..<count).map { "f\($0)" }
        let document = "navgraph: 1\nname: Flags\(count)\nroot: a\nroutes: { a: {}, b: {}, c: {} }\n"
            + "transitions: [{ from: a, to: b }, { from: b, to: c }]\n"
            + "flags: { \(names.map { "\($0): false" }.joined(separator: ", ")) }\nevents:\n"
            + names.map { "  set_\($0): { when: not \($0), set: { \($0): true } }\n  clear_\($0): { when: \($0), set: { \($0): false } }\n" }.joined()
        return try GraphDocument.load(document, origin: "Flags\(count).navgraph.yaml")
    }

    @Test("40 toggling flags: the probe stops once its table is full, not after expanding all it stored, and the symbolic engine decides")
    func manyActions() throws {
        let graph = try Self.flags(40)
        // The probe alone: 100,000 states are stored while level 3 is expanded (about 450,000
        // steps); expanding the 91,390 states of level 4 would take 3.8 million steps more.
        let probe = try Checker(graph, options: .init(checkTraps: false))
            .run(linted: nil, stateGraphLimit: nil, stateLimit: EngineChoice.explicitProbeStates,
                 transitionLimit: EngineChoice.explicitProbeTransitions).result
        #expect(probe.cutoff?.budget == .maxStates)
        #expect(probe.statistics.states == 100_000)
        #expect(probe.statistics.transitions < 500_000, "\(probe.statistics.transitions)")
        let run = try GraphCheck.run(graph, options: .init(checkTraps: false))
        #expect(run.engine.engine == .symbolic)
        // Its symbolic model is small (3 routes, 40 flags), so `auto` probes only 10,000 steps.
        let bits = EngineChoice.symbolicStateBits(of: graph)
        #expect(bits <= EngineChoice.smallSymbolicModelBits)
        #expect(run.engine.reason.hasPrefix("more than 10,000 steps in the first "), "\(run.engine.reason)")
        #expect(run.engine.reason.hasSuffix(" states within the bounds, it models everything this graph uses, and its model is small: about \(bits) variables a state"))
        #expect(run.result.passed)
        #expect(run.stateCount == Double(3 << 40))
    }

    @Test("a probe's step limit stops the explicit search as a full table does, after at most one state's actions more")
    func stepLimit() throws {
        let graph = try Self.flags(12)
        let checker = Checker(graph, options: .init(checkTraps: false))
        let probe = try checker.run(linted: nil, stateGraphLimit: nil, stateLimit: nil, transitionLimit: 1_000).result
        #expect(probe.cutoff?.budget == .maxStates)
        #expect(probe.statistics.transitions >= 1_000 && probe.statistics.transitions < 1_000 + 26)
        let whole = try checker.run()
        #expect(whole.cutoff == nil && whole.statistics.complete)
        #expect(whole.statistics.states == 3 * 4_096)
    }
}
