@testable import NavigationChecker
import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("Property registry")
struct PropertyRegistryTests {
    /// The ids as released: reports, SARIF logs and baselines store them, so a renamed or
    /// reordered kind must fail here, not in a user's CI.
    static let releasedIDs = [
        "invariant", "guard-bypass", "no-trap", "deep-links", "dropped-requests", "ambiguous-owners",
        "reroutes-never-help", "priority-trap", "guard-redirects", "route-reachability", "transition-coverage",
    ]

    @Test("the registry's ids are unique and stable, in report order")
    func stableIDs() {
        let ids = PropertyRegistry.kinds.map(\.id)
        // A new kind may come anywhere; a released one keeps its id and its place in the order.
        #expect(ids.filter(Self.releasedIDs.contains) == Self.releasedIDs)
        #expect(Set(ids).count == ids.count)
        let names = PropertyRegistry.kinds.map(\.name)
        #expect(Set(names).count == names.count, "two kinds share a name: \(names)")
        for kind in PropertyRegistry.kinds {
            #expect(PropertyRegistry.kind(id: kind.id) == kind)
            #expect(PropertyRegistry.kind(named: kind.name) == kind)
        }
        #expect(PropertyRegistry.kind(id: "guard bypass") == nil)
    }

    @Test("every registered kind has rule text and help that says what to do", arguments: PropertyRegistry.kinds)
    func texts(_ kind: PropertyKind) {
        #expect(!kind.rule.isEmpty && !kind.rule.hasSuffix("."), "\(kind.id): a rule is one sentence without a full stop")
        #expect(kind.help.count > kind.rule.count, "\(kind.id): the help explains more than the rule")
        #expect(!kind.help.contains("\n"), "\(kind.id): help is one paragraph")
        let remedies = ["fix", "add", "give", "make", "check", "narrow", "remove"]
        #expect(remedies.contains { kind.help.lowercased().contains($0) }, "\(kind.id): the help says how to fix it")
    }

    @Test("the names lint reserves are the registry's: every kind's but those named by their declarations (invariants, declared properties, within limits)")
    func reservedNames() throws {
        #expect(PropertyRegistry.reservedNames == PropertyRegistry.kinds.filter { ![.invariant, .canReach, .never, .tapLimit].contains($0) }.map(\.name))
        for name in PropertyRegistry.reservedNames {
            let graph = try GraphDocument.load("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ninvariants: { \(name): depth <= 2 }\n")
            let findings = GraphLinter.lint(graph).filter { $0.rule == "invariant-name" }
            #expect(findings.map(\.message) == ["invariant '\(name)' has the name of a built-in property"])
        }
        let free = try GraphDocument.load("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ninvariants: { shallow: depth <= 2 }\n")
        #expect(!GraphLinter.lint(free).contains { $0.rule == "invariant-name" })
    }

    @Test("the checker names its verdicts as the registry does, in the registry's order") @MainActor
    func verdictsFollowTheRegistry() throws {
        // Shop has every built-in property but those of requests and tab selection; Requests
        // and a graph with reroutes have those of requests, a tab bar under `stay` with an event
        // selecting a hidden tab those of tab selection.
        let staying = ConditionalTabsTests.document(tabBar: "tabBar: { hiddenSelection: stay }")
            .replacingOccurrences(of: "events:\n", with: "events:\n  openNotifications: { then: [{ tab: notifications }] }\n")
        let graphs = [try SampleGraphs.load("Shop.navgraph.yaml"), try SampleGraphs.load("Requests.navgraph.yaml"),
                      try GraphDocument.load(RequestPropertyTests.rerouting), try GraphDocument.load(staying + "\nwithin: { all: 9 }\n"),
                      try GraphDocument.load("navgraph: 1\nname: Declared\nroot: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }]\n"
                                             + "properties:\n  back: { from: \"top == b\", canReach: \"top == a\" }\n  never b: { after: \"top == a\", never: \"top == b\" }\n")]
        var judged: Set<PropertyKind> = []
        for graph in graphs {
            let verdicts = try Checker(graph).run().verdicts
            for verdict in verdicts where verdict.kind.reservedName != nil { #expect(verdict.name == verdict.kind.name) }
            let positions = verdicts.compactMap { verdict in PropertyRegistry.kinds.firstIndex(of: verdict.kind) }
            #expect(positions.count == verdicts.count && positions == positions.sorted(), "\(graph.name): \(verdicts.map(\.kind))")
            judged.formUnion(verdicts.map(\.kind))
        }
        #expect(judged == Set(PropertyRegistry.kinds))
    }

    /// An observer as a new kind would bring one: it writes down the states it is handed.
    struct RecordingObserver: PropertyObserver {
        var seen: [Int] = []
        mutating func observe(state: NavigationState<DynamicRoute>, index: Int) { seen.append(index) }
    }

    @Test("a kind's own observer is handed every state observed, and its verdict finds it again; no engine feeding states is told apart")
    func observers() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        var observations = PropertyObservations(graph: graph, samples: [])
        #expect(observations.observers.isEmpty, "the built-in kinds judge from the shared observations")
        observations.observers.append(RecordingObserver())
        let end = PropertyObservations<DynamicRoute>.SearchEnd(states: 2, complete: true, checksTraps: false, trap: nil,
                                                               hasDeepLinks: false, cutoff: nil, depthScope: nil)
        #expect(!PropertyJudging(observations, end).statesObserved)
        let initial = try graph.initialState()
        observations.observe(state: initial, index: 0)
        observations.observe(state: initial, index: 1)
        let judging = PropertyJudging(observations, end)
        #expect(judging.statesObserved)
        #expect(judging.observer(RecordingObserver.self)?.seen == [0, 1])
    }

    @Test("a verdict answers to its id, its name and its kind's name, and to nothing else")
    func naming() {
        for kind in PropertyRegistry.kinds {
            let verdict = PropertyVerdict<DynamicRoute>(kind: kind, name: kind == .invariant ? "cart below home" : kind.name,
                                                        status: .failed, message: "", trace: nil, location: nil)
            #expect(verdict.isNamed(kind.id) && verdict.isNamed(kind.name) && verdict.isNamed(verdict.name))
            #expect(!verdict.isNamed(kind.id.uppercased()) && !verdict.isNamed(""))
        }
    }
}
