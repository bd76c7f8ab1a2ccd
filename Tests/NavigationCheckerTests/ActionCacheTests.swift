import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing
@testable import NavigationChecker

/// The explicit search copies a state's actions from an earlier state with the same
/// `actionKey`: correct only while the key covers everything listing the actions reads. These
/// tests check that over every state of the sample graphs and of random graphs whose guards
/// read only flags (the graphs the cache serves), in release builds as in debug ones, and that
/// a key leaving out any one of its parts is caught.
@Suite("The action cache's key")
struct ActionCacheTests {
    typealias Model = GraphModel<DynamicRoute>
    typealias State = NavigationState<DynamicRoute>

    /// Up to `limit` states of `model` reachable within its depth bounds, breadth-first.
    static func states(of model: Model, limit: Int = 3_000) throws -> [State] {
        var states = [try model.graph.initialState()]
        var seen: Set<State> = [states[0]]
        var next = 0
        while next < states.count && states.count < limit {
            let state = states[next]
            next += 1
            for action in model.actions(in: state) {
                let successor = model.apply(action, to: state).state
                guard Checker.boundCut(successor, model.graph.bounds) == nil, seen.insert(successor).inserted else { continue }
                states.append(successor)
            }
        }
        return states
    }

    /// What checking a graph's states found: states with a key, pairs of states that share a key
    /// but not their actions, and, through a real cache, lists copied and lists that differ
    /// from the state's own.
    struct Findings {
        var keyed = 0
        var conflicts: [String] = []
        var hits = 0
        var wrongCopies = 0
    }

    static func check(_ model: Model, _ states: [State], leavingOut omitted: ActionCache.KeyParts = []) -> Findings {
        var findings = Findings()
        var byKey: [ActionCache.Key: (actions: [ExplorerAction], state: State)] = [:]
        var cache = ActionCache(width: model.maxActions)
        var cached = ActionList(capacity: model.maxActions)
        for state in states {
            let fresh = model.actions(in: state)
            guard let key = model.actionKey(of: state, leavingOut: omitted) else { continue }
            findings.keyed += 1
            if let earlier = byKey[key] {
                if earlier.actions != fresh && findings.conflicts.count < 3 {
                    findings.conflicts.append("\(earlier.state) and \(state) share a key, but not their actions")
                }
            } else {
                byKey[key] = (fresh, state)
            }
            guard omitted.isEmpty else { continue }
            if cache.copy(key, into: &cached) { findings.hits += 1 }
            model.actions(in: state, into: &cached, cache: &cache)
            let copied = cached.withActions { Array($0) }
            if copied != fresh { findings.wrongCopies += 1 }
        }
        return findings
    }

    /// A random graph whose guards and preconditions read only flags: routes (some with
    /// parameters), tabs or a root, flags, events that set flags and sometimes navigate, every
    /// transition style, and (without tabs) deep links that wait for a flag.
    static func flagGraph(using generator: inout SeededGenerator, name: String) throws -> NavigationGraph<DynamicRoute> {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        let routes = (0..<Int.random(in: 3...7, using: &generator)).map { "r\($0)" }
        let flags = (0..<Int.random(in: 1...3, using: &generator)).map { "f\($0)" }
        let tabs = chance(40) ? (0..<Int.random(in: 2...3, using: &generator)).map { "t\($0)" } : []
        func condition() -> String { pick(flags.flatMap { [$0, "not \($0)"] } + ["true"]) }
        var lines = ["navgraph: 1", "name: \(name)"]
        if tabs.isEmpty {
            lines.append("root: r0")
        } else {
            lines.append("tabs:")
            for (index, tab) in tabs.enumerated() { lines.append("  - { name: \(tab), root: r\(index % routes.count) }") }
        }
        lines.append("routes:")
        var plain: [String] = []
        for route in routes {
            let hasParameters = chance(20)
            if !hasParameters && route != "r0" { plain.append(route) }
            lines.append("  \(route): { \(hasParameters ? "params: { id: [1, 2] }" : "") }")
        }
        lines.append("flags:")
        for flag in flags { lines.append("  \(flag): \(chance(30))") }
        lines.append("events:")
        for (index, flag) in flags.enumerated() {
            var fields = ["when: '\(condition())'", "set: { \(flag): \(chance(50)) }"]
            if chance(40) { fields.append("then: [\(pick(["dismiss", "back", "popToRoot", "{ push: \(pick(routes)) }"]))]") }
            lines.append("  e\(index): { \(fields.joined(separator: ", ")) }")
        }
        lines.append("transitions:")
        for _ in 0..<Int.random(in: routes.count...(routes.count * 2), using: &generator) {
            var fields = ["from: \(pick(routes))", "to: \(pick(routes))", "style: \(pick(["push", "push", "sheet", "cover", "replace"]))"]
            if chance(50) { fields.append("when: '\(condition())'") }
            lines.append("  - { \(fields.joined(separator: ", ")) }")
        }
        if tabs.isEmpty && !plain.isEmpty {
            let target = pick(plain)
            lines += ["deepLinks:", "  schemes: [app]", "  links:",
                      "    - pattern: /\(target)", "      route: \(target)", "      stack: [r0]", "      requires: \(flags[0])",
                      "      samples:", "        - { url: \"app://\(target)\", expect: pending }"]
        }
        lines.append("bounds: { maxStackDepth: 3, maxModalDepth: 2 }")
        return try GraphDocument.load(lines.joined(separator: "\n") + "\n", origin: "\(name).navgraph.yaml")
    }

    static func randomGraphs(_ count: Int) throws -> [NavigationGraph<DynamicRoute>] {
        var generator = SeededGenerator(seed: 7)
        return try (0..<count).map { try flagGraph(using: &generator, name: "Flags\($0)") }
    }

    @Test("every state of the sample graphs gets exactly its own actions through the cache", arguments: SampleGraphs.names)
    func samples(file: String) throws {
        let model = Model(graph: try SampleGraphs.load(file))
        let findings = Self.check(model, try Self.states(of: model))
        #expect(findings.conflicts.isEmpty, "\(findings.conflicts)")
        #expect(findings.wrongCopies == 0)
        // A graph with a guard reading more than flags gets no key: then the cache is not used.
        #expect(model.conditionsReadOnlyFlags == (findings.keyed > 0))
    }

    @Test("every state of 150 random flag-guarded graphs gets exactly its own actions through the cache")
    func randomFlagGraphs() throws {
        var keyed = 0, hits = 0
        for graph in try Self.randomGraphs(150) {
            let model = Model(graph: graph)
            let findings = Self.check(model, try Self.states(of: model))
            #expect(findings.conflicts.isEmpty, "\(graph.name): \(findings.conflicts)")
            #expect(findings.wrongCopies == 0, "\(graph.name)")
            keyed += findings.keyed
            hits += findings.hits
        }
        // The check is not vacuous: the cache served most of these states.
        #expect(keyed > 10_000)
        #expect(hits > keyed / 2)
    }

    @Test("flags named after the process made 64 other flag names still get keys, and the right actions")
    func lateFlagNames() throws {
        for index in 0..<70 { _ = FlagName("cacheEarlier\(index)") }
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: LateFlags
            root: a
            routes: { a: {}, b: {} }
            flags: { cacheLate: false }
            events: { on: { when: not cacheLate, set: { cacheLate: true } }, off: { when: cacheLate, set: { cacheLate: false } } }
            transitions: [{ from: a, to: b, when: cacheLate }, { from: b, to: a }]
            """, origin: "LateFlags.navgraph.yaml")
        #expect(FlagName("cacheLate").internedNumber >= 64)
        let model = Model(graph: graph)
        let states = try Self.states(of: model)
        let findings = Self.check(model, states)
        #expect(findings.keyed == states.count)
        #expect(findings.conflicts.isEmpty && findings.wrongCopies == 0)
        #expect(!Self.check(model, states, leavingOut: .flags).conflicts.isEmpty)
    }

    @Test("a key that leaves out any one of its parts gives some state another state's actions",
          arguments: [("visible route", ActionCache.KeyParts.visibleRoute), ("flags", .flags), ("deeper than root", .deeperThanRoot),
                      ("sheet on top", .sheetOnTop), ("link pending", .linkPending), ("tab bar tappable", .tabBarTappable)])
    func brokenKeys(part: String, omitted: ActionCache.KeyParts) throws {
        var caught: [String] = []
        for graph in try Self.randomGraphs(150) where caught.count < 3 {
            let model = Model(graph: graph)
            if !Self.check(model, try Self.states(of: model), leavingOut: omitted).conflicts.isEmpty { caught.append(graph.name) }
        }
        #expect(!caught.isEmpty, "a key without its \(part) part went unnoticed")
    }
}
