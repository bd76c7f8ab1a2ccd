import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// `auto`'s explicit search on a small symbolic model looks at its breadth-first levels every
/// `EngineChoice.probeCheckTransitions` steps and goes on in place while they point to an end
/// sooner than the symbolic engine would finish (issue 35, point 2: Social, where both engines
/// take the same few hundredths, was 1.25× the better engine after a probe and the symbolic
/// engine).
@Suite("auto's explicit probe goes on where its levels point to an end")
struct AutoProbeGoesOnTests {
    /// The Social example app's document (1,404 states, 15,740 transitions).
    static func socialExample() throws -> NavigationGraph<DynamicRoute> {
        let path = SampleGraphs.repositoryRoot.appendingPathComponent("Examples/NavGraphExample/Sources/SocialApp/Social.navgraph.yaml")
        return try GraphDocument.load(String(contentsOf: path, encoding: .utf8), origin: "Social.navgraph.yaml")
    }

    @Test("a search that goes on at every step limit gives what one search without a limit gives: verdicts, traces, coverage, counts, distances")
    func goingOnIsTheSameSearch() throws {
        for graph in [try SampleGraphs.load("Social.navgraph.yaml"), try Self.socialExample(), try SampleGraphs.load("Connect.navgraph.yaml")] {
            let checker = Checker(graph)
            let whole = try checker.run()
            var looks = 0
            let resumed = try checker.run(linted: nil, stateGraphLimit: nil, stateLimit: nil, transitionLimit: 700) { figures in
                looks += 1
                #expect(figures.transitions >= 700 * looks && figures.expandedStates <= figures.states)
                #expect(figures.levelSizes.reduce(0, +) <= figures.states)
                return figures.transitions + 700
            }.result
            #expect(looks >= whole.statistics.transitions / 700 - 1, "\(graph.name)")
            #expect(resumed.cutoff == nil && resumed.statistics.complete)
            #expect(resumed.statistics.states == whole.statistics.states)
            #expect(resumed.statistics.transitions == whole.statistics.transitions)
            #expect(resumed.statistics.depth == whole.statistics.depth)
            #expect(resumed.verdicts.map(\.status) == whole.verdicts.map(\.status))
            #expect(resumed.verdicts.map(\.message) == whole.verdicts.map(\.message))
            #expect(resumed.verdicts.map { $0.trace?.formattedLines } == whole.verdicts.map { $0.trace?.formattedLines })
            #expect(resumed.routeCoverage == whole.routeCoverage)
            #expect(resumed.transitionCoverage == whole.transitionCoverage)
            #expect(resumed.tapDistances == whole.tapDistances)
        }
    }

    @Test("on 40 random graphs, a search that goes on every 50 steps gives the plain search's verdicts, messages, traces and counts, or stops where its table is full")
    func goingOnOnRandomGraphs() throws {
        var generator = SeededGenerator(seed: 35)
        for index in 0..<40 {
            let body = RandomGraphs.document(using: &generator)
            var graph = try GraphDocument.load("navgraph: 1\nname: Random\(index)\n" + body, origin: "Random\(index).yaml")
            graph.bounds.maxStates = min(graph.bounds.maxStates, 10_000)
            let checker = Checker(graph)
            let whole = try checker.run()
            let resumed = try checker.run(linted: nil, stateGraphLimit: nil, stateLimit: nil, transitionLimit: 50) { $0.transitions + 50 }.result
            // A probe stops as soon as its table is full (a plain search expands what it stored).
            guard whole.cutoff == nil else {
                #expect(resumed.cutoff?.budget == .maxStates, "graph \(index)")
                continue
            }
            #expect(resumed.cutoff == nil, "graph \(index)")
            #expect(resumed.statistics.states == whole.statistics.states, "graph \(index)")
            #expect(resumed.statistics.transitions == whole.statistics.transitions, "graph \(index)")
            #expect(resumed.verdicts.map(\.status) == whole.verdicts.map(\.status), "graph \(index)")
            #expect(resumed.verdicts.map(\.message) == whole.verdicts.map(\.message), "graph \(index)")
            #expect(resumed.verdicts.map { $0.trace?.formattedLines } == whole.verdicts.map { $0.trace?.formattedLines }, "graph \(index)")
            #expect(resumed.tapDistances == whole.tapDistances, "graph \(index)")
        }
    }

    @Test("a search told to stop where it reached its limit stops there, as a probe without a look does")
    func stoppingIsTheOldProbe() throws {
        let graph = try SampleGraphs.load("Social.navgraph.yaml")
        let checker = Checker(graph)
        let plain = try checker.run(linted: nil, stateGraphLimit: nil, stateLimit: nil, transitionLimit: 3_000).result
        let looked = try checker.run(linted: nil, stateGraphLimit: nil, stateLimit: nil, transitionLimit: 3_000) { _ in nil }.result
        #expect(plain.cutoff?.budget == .maxStates && looked.cutoff?.budget == .maxStates)
        #expect(looked.statistics.states == plain.statistics.states)
        #expect(looked.statistics.transitions == plain.statistics.transitions)
    }

    @Test("Social (37,436 steps, 118 variables): its levels after a few thousand steps point to about 37,000, so the explicit engine finishes it in one search")
    func socialStaysExplicit() throws {
        let social = try SampleGraphs.load("Social.navgraph.yaml")
        #expect(EngineChoice.symbolicStateBits(of: social) <= EngineChoice.smallSymbolicModelBits)
        let run = try GraphCheck.run(social)
        #expect(run.engine.engine == .explicit)
        #expect(run.engine.reason == "it finished within the first 100,000 states, before the symbolic engine was needed")
        let explicit = try GraphCheck.run(social, engine: .explicit)
        #expect(run.result.statistics.transitions == explicit.result.statistics.transitions)
        #expect(run.result.verdicts.map(\.status) == explicit.result.verdicts.map(\.status))
        #expect(run.result.verdicts.map(\.message) == explicit.result.verdicts.map(\.message))
    }

    @Test("the Social example (15,740 steps) stays with the explicit engine, searched once")
    func socialExampleStaysExplicit() throws {
        let example = try Self.socialExample()
        let run = try GraphCheck.run(example)
        #expect(run.engine.engine == .explicit)
        #expect(run.result.statistics.transitions == 15_740)
    }

    @Test("levels still growing as fast say nothing; too few say nothing; a bell-shaped profile is extrapolated to near its sum")
    func prediction() {
        // The level being expanded is an eighth expanded: too little to estimate the next from.
        func figures(_ levels: [Int], stepsPerState: Int = 10) -> ExplicitProbeFigures {
            let stored = levels.reduce(0, +)
            let expanded = stored - (levels.last ?? 0) + (levels.last ?? 0) / 8
            return ExplicitProbeFigures(states: stored, expandedStates: expanded, transitions: expanded * stepsPerState, levelSizes: levels)
        }
        #expect(figures([1, 20, 40, 80, 160, 320]).predictedTransitions == nil)
        #expect(figures([1, 2, 4, 20, 400]).predictedTransitions == nil)
        // log-sizes on a downward parabola: 1, 8, 45, 150, 300, 380, 300, 150, 45, 8, 1 (about 1,388 states).
        let predicted = figures([1, 8, 45, 150, 300]).predictedTransitions ?? 0
        #expect(predicted >= 10 * 1_388 * 3 / 4 && predicted <= 10 * 1_388 * 3 / 2, "\(predicted)")
        // Shrinking at a steady rate ends too.
        let shrinking = figures([1, 50, 400, 300, 225]).predictedTransitions ?? 0
        #expect(shrinking > 0 && shrinking < 10 * 1_800, "\(shrinking)")
    }

    @Test("a level half expanded that found nothing new ends the search, however fast the levels before it grew; one that found many says nothing")
    func lastLevel() {
        // A tree cut by its depth bound: every successor of the last level is cut or known.
        let ending = ExplicitProbeFigures(states: 341, expandedStates: 85 + 128, transitions: 2_130, levelSizes: [1, 4, 16, 64, 256])
        #expect(ending.predictedTransitions == 3_410)
        let growing = ExplicitProbeFigures(states: 341 + 512, expandedStates: 85 + 128, transitions: 2_130, levelSizes: [1, 4, 16, 64, 256])
        #expect(growing.predictedTransitions == nil)
    }

    @Test("the probe goes on up to the quick probe's steps, and past them while the steps its levels point to beyond those taken cost less than the symbolic model")
    func goesOn() {
        let silent = ExplicitProbeFigures(states: 50, expandedStates: 20, transitions: 2_000, levelSizes: [1, 40])
        #expect(EngineChoice.quickProbeGoesOn(silent, symbolicBits: 1) == 2_000 + EngineChoice.probeCheckTransitions)
        var late = silent
        late.transitions = EngineChoice.quickProbeTransitions
        #expect(EngineChoice.quickProbeGoesOn(late, symbolicBits: 100) == nil)
        // A bell-shaped profile, the last level an eighth expanded.
        let near = ExplicitProbeFigures(states: 5_160, expandedStates: 2_415, transitions: 24_150, levelSizes: [10, 80, 450, 1_500, 3_000])
        let left = (near.predictedTransitions ?? 0) - near.transitions
        #expect(left > 0)
        let perVariable = EngineChoice.explicitStepsPerSymbolicVariable
        #expect(EngineChoice.quickProbeGoesOn(near, symbolicBits: left / perVariable + 1) == 24_150 + EngineChoice.probeCheckTransitions)
        #expect(EngineChoice.quickProbeGoesOn(near, symbolicBits: left / perVariable - 1) == nil)
        // Before the quick probe's steps it goes on whatever the levels say.
        var early = near
        early.transitions = 4_000
        #expect(EngineChoice.quickProbeGoesOn(early, symbolicBits: 1) == 6_000)
        // Never past the long probe's steps.
        var long = near
        long.transitions = EngineChoice.explicitProbeTransitions
        #expect(EngineChoice.quickProbeGoesOn(long, symbolicBits: 10_000) == nil)
    }
}
