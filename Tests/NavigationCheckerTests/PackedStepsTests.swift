import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing
@testable import NavigationChecker

/// The explicit search settles a push, Back or a flag-only event on the parent's packed bytes
/// without running the runtime (``PackedSteps``). These tests hold the packed steps to the
/// runtime: on every action of every reachable state of random graphs (the engines'
/// differential generator and the flag-guarded graphs of the action cache's tests), a packed
/// successor is byte for byte the encoding of the state the runtime produces, and the runtime
/// did nothing else a property observes.
@Suite("Steps computed on packed states")
struct PackedStepsTests {
    typealias Model = GraphModel<DynamicRoute>
    typealias State = NavigationState<DynamicRoute>

    /// What comparing a graph's packed steps with the runtime found.
    struct Findings {
        var compared = 0
        var byKind: [String: Int] = [:]
        var differences: [String] = []
    }

    /// Every packed step of every action of `states` against the runtime's step.
    static func compare(_ model: Model, _ states: [State]) throws -> Findings {
        var findings = Findings()
        var encoder = StateEncoder<DynamicRoute>(routes: model.graph.routes.flatMap(\.samples), flags: model.graph.flags.map(\.name))
        let packed = PackedSteps(model: model, encoder: encoder)
        guard packed.isEnabled else { return findings }
        let parentBuffer = EncodingBuffer(), successorBuffer = EncodingBuffer(), freshBuffer = EncodingBuffer()
        let parent = ParentEncoding()
        for state in states {
            let parentBytes = try encoder.encode(state, into: parentBuffer)
            parent.hold(parentBytes, tabs: state.tabs.count)
            guard parent.isLaidOut else { continue }
            let facts = PackedSteps.facts(of: state, flagIDs: parent.flagIDs)
            for action in model.actions(in: state) {
                let step = packed.step(for: action)
                guard let successor = PackedSteps.successor(step, of: parent, facts,
                                                            into: successorBuffer.reserve(parent.successorCapacity).baseAddress ?? successorBuffer.base) else { continue }
                var next = state
                let effects = model.apply(action, on: &next)
                let fresh = Array(try encoder.encode(next, into: freshBuffer))
                findings.compared += 1
                findings.byKind["\(step)".prefix { $0 != "(" }.description, default: 0] += 1
                let quiet = effects.succeeded && !effects.hasDeepLink && !effects.hasRequests && !effects.hasReroutes
                if Array(successor.bytes) != fresh || !quiet || successor.key != StateKey(successor.bytes, tabs: state.tabs.count) {
                    if findings.differences.count < 3 {
                        findings.differences.append("\(model.graph.name): \(model.label(of: action)) from \(state): packed \(Array(successor.bytes)), runtime \(fresh), quiet \(quiet)")
                    }
                }
            }
        }
        return findings
    }

    @Test("a packed step gives the runtime's successor, byte for byte, on the engines' random graphs")
    func randomGraphs() throws {
        // The engines' agreement test's seed.
        var generator = SeededGenerator(seed: 20)
        var total = Findings()
        for index in 0..<150 {
            let body = RandomGraphs.document(using: &generator)
            let graph = try GraphDocument.load("navgraph: 1\nname: Random\(index)\n" + body, origin: "Random\(index).navgraph.yaml")
            let model = Model(graph: graph)
            let findings = try Self.compare(model, try ActionCacheTests.states(of: model, limit: 1_500))
            total.compared += findings.compared
            total.differences += findings.differences
            for (kind, count) in findings.byKind { total.byKind[kind, default: 0] += count }
        }
        #expect(total.differences.isEmpty, "\(total.differences.prefix(5))")
        // Not vacuous: every kind of packed step was compared many times.
        #expect(total.byKind["push", default: 0] > 1_000 && total.byKind["pop", default: 0] > 1_000, "\(total.byKind)")
        #expect(total.byKind["flags", default: 0] > 100, "\(total.byKind)")
    }

    @Test("a packed step gives the runtime's successor, byte for byte, on random flag-guarded graphs")
    func flagGraphs() throws {
        var total = Findings()
        for graph in try ActionCacheTests.randomGraphs(100) {
            let model = Model(graph: graph)
            let findings = try Self.compare(model, try ActionCacheTests.states(of: model))
            total.compared += findings.compared
            total.differences += findings.differences
        }
        #expect(total.differences.isEmpty, "\(total.differences.prefix(5))")
        #expect(total.compared > 10_000)
    }

    @Test("a packed step gives the runtime's successor on every sample graph", arguments: SampleGraphs.names)
    func samples(file: String) throws {
        let model = Model(graph: try SampleGraphs.load(file))
        let findings = try Self.compare(model, try ActionCacheTests.states(of: model))
        #expect(findings.differences.isEmpty, "\(findings.differences)")
    }

    static let plainDocument = """
        navgraph: 1
        name: Plain
        root: a
        routes: { a: {}, b: {} }
        flags: { on: false }
        events: { set: { set: { on: true } }, go: { set: { on: false }, then: [back] } }
        transitions: [{ from: a, to: b }, { from: b, to: a, style: sheet }]
        """

    @Test("no packed steps where the runtime does more than edit stacks and flags: middleware, stack rules, tabs shown under a condition")
    func disabled() throws {
        let plain = try GraphDocument.load(Self.plainDocument, origin: "Plain.navgraph.yaml")
        let encoder = StateEncoder<DynamicRoute>(routes: plain.routes.flatMap(\.samples), flags: plain.flags.map(\.name))
        let steps = PackedSteps(model: Model(graph: plain), encoder: encoder)
        #expect(steps.isEnabled)
        #expect(steps.step(for: .back) == .pop)
        #expect(steps.step(for: .transition(0, sample: 0)) != .none)
        // A sheet, and an event that navigates, go through the runtime.
        #expect(steps.step(for: .transition(1, sample: 0)) == .none)
        #expect(steps.step(for: .event(1)) == .none)
        #expect(steps.step(for: .event(0)) != .none)

        // A route guard is middleware.
        let guarded = try GraphDocument.load(Self.plainDocument.replacingOccurrences(of: "b: {} }", with: "b: { requires: on } }"),
                                             origin: "Guarded.navgraph.yaml")
        #expect(!PackedSteps(model: Model(graph: guarded), encoder: encoder).isEnabled)

        let tabs = try GraphDocument.load("""
            navgraph: 1
            name: HiddenTab
            tabs: [{ name: home, root: a }, { name: more, root: b, when: on }]
            routes: { a: {}, b: {} }
            flags: { on: false }
            events: { set: { set: { on: true } } }
            transitions: [{ from: a, to: b }]
            """, origin: "HiddenTab.navgraph.yaml")
        #expect(!PackedSteps(model: Model(graph: tabs), encoder: encoder).isEnabled)
    }

    @Test("a push or Back under a modal that provides no navigation, or with a retry pending, has no packed successor")
    func refusedInTheState() throws {
        let plain = try GraphDocument.load(Self.plainDocument, origin: "Plain.navgraph.yaml")
        var encoder = StateEncoder<DynamicRoute>(routes: plain.routes.flatMap(\.samples), flags: plain.flags.map(\.name))
        let parent = ParentEncoding()
        let initial = try plain.initialState()
        let parentBuffer = EncodingBuffer()
        parent.hold(try encoder.encode(initial, into: parentBuffer), tabs: initial.tabs.count)
        #expect(parent.isLaidOut)
        let out = EncodingBuffer()
        _ = out.reserve(parent.successorCapacity)
        let navigable = PackedSteps.ParentFacts(depth: 2, navigable: true, noPendingRetry: true, flagIDs: 0)
        #expect(PackedSteps.successor(.push(1), of: parent, navigable, into: out.base) != nil)
        #expect(PackedSteps.successor(.pop, of: parent, navigable, into: out.base) != nil)
        let facts = PackedSteps.ParentFacts(depth: 2, navigable: false, noPendingRetry: true, flagIDs: 0)
        #expect(PackedSteps.successor(.push(1), of: parent, facts, into: out.base) == nil)
        #expect(PackedSteps.successor(.pop, of: parent, facts, into: out.base) == nil)
        let pending = PackedSteps.ParentFacts(depth: 2, navigable: true, noPendingRetry: false, flagIDs: 0)
        #expect(PackedSteps.successor(.flags(set: 1, clear: 0), of: parent, pending, into: out.base) == nil)
        let root = PackedSteps.ParentFacts(depth: 1, navigable: true, noPendingRetry: true, flagIDs: 0)
        #expect(PackedSteps.successor(.pop, of: parent, root, into: out.base) == nil)
    }
}
