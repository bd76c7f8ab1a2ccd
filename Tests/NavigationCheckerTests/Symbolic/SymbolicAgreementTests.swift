import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// The symbolic engine against the explicit one: on hand-written graphs, the sample graphs it
/// models and 200 seeded random graphs, both must give the same state and transition counts,
/// the same verdict for every property, the same shortest trace length for every failure,
/// and every symbolic trace must replay through the runtime to a state that violates the
/// property.
@Suite("Symbolic engine agrees with the explicit engine")
struct SymbolicAgreementTests {
    /// Runs both engines on `graph` and records every difference.
    static func differences(_ graph: NavigationGraph<DynamicRoute>) throws -> [String] {
        try differences(graph, explicit: try Checker(graph).run())
    }

    static func differences(_ graph: NavigationGraph<DynamicRoute>, explicit: CheckResult<DynamicRoute>) throws -> [String] {
        let symbolic = try SymbolicChecker(graph, options: .init(exactDepth: true)).run()
        var differences: [String] = []
        func differ<T: Equatable>(_ what: String, _ a: T, _ b: T) {
            if a != b { differences.append("\(what): explicit \(a), symbolic \(b)") }
        }
        differ("states", explicit.statistics.states, symbolic.statistics.states)
        differ("transitions", explicit.statistics.transitions, symbolic.statistics.transitions)
        differ("depth", explicit.statistics.depth, symbolic.statistics.depth)
        differ("cuts", explicit.cuts, symbolic.cuts)
        differ("routes reached", explicit.routeCoverage, symbolic.routeCoverage)
        differ("transitions taken", explicit.transitionCoverage, symbolic.transitionCoverage)
        differ("verdicts", explicit.verdicts.map(\.name), symbolic.verdicts.map(\.name))
        let checker = Checker(graph)
        for (left, right) in zip(explicit.verdicts, symbolic.verdicts) {
            differ("\(left.name) status", left.status, right.status)
            differ("\(left.name) trace length", left.trace?.actions.count, right.trace?.actions.count)
            // Messages that name a violating state (or, for redirects, the commands run in it, a
            // replace carrying the whole stack) may name another of the equally near ones.
            if ![.guardBypass, .noTrap, .redirects].contains(left.kind) { differ("\(left.name) message", left.message, right.message) }
            guard let trace = right.trace else { continue }
            // The trace replays, and for an invariant ends in a state that violates it.
            let states = try checker.replay(trace.actions)
            if left.kind == .invariant, let invariant = graph.invariants.first(where: { $0.name == left.name }),
               let last = states.last, invariant.condition.compile(routeName: graph.routeName)(last) {
                differences.append("\(left.name): the symbolic trace ends in a state where the invariant holds")
            }
        }
        // Levels computed only as far as traces need: the same verdicts and trace lengths.
        let lazy = try SymbolicChecker(graph).run()
        differ("states (levels as needed)", symbolic.statistics.states, lazy.statistics.states)
        // Its depth is exact, or says it is a lower bound.
        if lazy.statistics.depthIsExact {
            differ("depth (levels as needed)", symbolic.statistics.depth, lazy.statistics.depth)
        } else if lazy.statistics.depth > symbolic.statistics.depth {
            differences.append("depth (levels as needed): \(lazy.statistics.depth) levels computed, deeper than the exact \(symbolic.statistics.depth)")
        }
        differ("verdicts (levels as needed)", symbolic.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? -1)" },
               lazy.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? -1)" })
        return differences
    }

    static func load(_ body: String, name: String = "Small") throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("navgraph: 1\nname: \(name)\n" + body, origin: "\(name).yaml")
    }

    @Test("hand-written graphs", arguments: [
        "root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 3 }\n",
        "root: a\nroutes: { a: {}, b: {} }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } }, off: { when: f, set: { f: false } } }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 2 }\n",
        "root: a\nroutes: { a: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }, { from: s, to: s, style: sheet }]\nbounds: { maxModalDepth: 2 }\n",
        "root: a\nroutes: { a: {}, p: { params: { id: [1, 2, 3] } } }\ntransitions: [{ from: a, to: p }]\nbounds: { maxStackDepth: 2 }\n",
        "tabs: [{ name: x, root: x }, { name: y, root: y }]\nroutes: { x: {}, y: {}, p: {} }\ntransitions: [{ from: x, to: p }, { from: p, to: p }]\nbounds: { maxStackDepth: 3 }\n",
        "root: a\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: c, style: replace }]\nbounds: { maxStackDepth: 2 }\n",
        "root: a\nroutes: { a: {}, c: {} }\ntransitions: [{ from: a, to: c, style: cover }]\n",
        "root: a\nroutes: { a: {}, c: {} }\nevents: { close: { when: modal == c, then: dismiss } }\ntransitions: [{ from: a, to: c, style: cover }]\n",
        "root: a\nroutes:\n  a: {}\n  b: { requires: f, otherwise: { redirect: c, style: push } }\n  c: { requires: f, otherwise: { redirect: b, style: push } }\nflags: { f: false }\ntransitions: [{ from: a, to: b }]\n",
        // Events that grow a stack or the modal layers more than once, past the bounds and back.
        "root: a\nroutes: { a: {}, b: {}, c: {} }\nevents: { deep: { then: [{ push: b }, { push: c }, { push: b }] }, up: { when: depth > 2, then: [back, back] } }\nbounds: { maxStackDepth: 3 }\n",
        "root: a\nroutes: { a: {}, b: {}, s: {} }\nevents: { two: { when: modal == none, then: [{ sheet: s }, { push: b }, { cover: s }] } }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 2, maxModalDepth: 1 }\n",
        // Deep-link samples the pipeline rejects or leaves unhandled: one declared wrongly, one graph where all hold.
        "root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }]\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /b, route: b, samples: [{ url: \"app://c\", expect: unhandled }, { url: \"web://b\", expect: plan }, { url: \"app://d\", expect: rejected }] }\n",
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: b, to: c }]\nbounds: { maxStackDepth: 3 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /c, route: c, tab: x, stack: [b, c, c], samples: [{ url: \"app://c\", expect: plan }] }\n    - { pattern: /b, route: b, stack: [b], samples: [{ url: \"app://b\", expect: rejected }, { url: \"app://c/d\", expect: unhandled }] }\n",
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {} }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /b, route: b, samples: [{ url: \"app://c\", expect: unhandled }, { url: \"web://b\", expect: rejected }] }\n",
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes:\n  a: {}\n  b: {}\n  g: { requires: depth <= 2, otherwise: { redirect: b, style: replace } }\nevents: { twice: { then: [{ push: g }, { push: g }, { tab: y }, { push: a }] } }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 2 }\n",
        // Pending links: a requirement on a flag parks the link; an event sets the flag; resuming runs the plan.
        "root: a\nroutes: { a: {}, b: {}, c: {} }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } }, off: { when: f, set: { f: false } } }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 3 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /c, route: c, stack: [a, c], requires: f, samples: [{ url: \"app://c\", expect: pending }] }\n    - { pattern: /b, route: b, stack: [a, b], requires: not f, samples: [{ url: \"app://b\", expect: plan }] }\n",
        // A requirement that rejects, declared wrongly from some states; a plan with no stack (it lands where the tab is).
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {}, c: {} }\nflags: { f: true }\nevents: { off: { when: f, set: { f: false } } }\ntransitions: [{ from: a, to: c }, { from: b, to: c }]\nbounds: { maxStackDepth: 2 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /c, route: c, stack: [a, c], requires: f, whenUnmet: reject, samples: [{ url: \"app://c\", expect: plan }] }\n    - { pattern: /b, route: b, tab: y, samples: [{ url: \"app://b\", expect: plan }] }\n",
        // A modal plan on a guarded route with a redirect; the modal past maxModalDepth is cut.
        "root: a\nroutes:\n  a: {}\n  s: {}\n  g: { requires: f, otherwise: { redirect: s, style: sheet } }\nflags: { f: false }\nevents: { on: { set: { f: true } } }\ntransitions: [{ from: a, to: s, style: sheet }]\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /g, route: g, stack: [a], modal: { style: sheet, routes: [s, g] }, samples: [{ url: \"app://g\", expect: plan }] }\n    - { pattern: /s, route: s, modal: { style: cover, routes: [s] }, requires: f, samples: [{ url: \"app://s\", expect: pending }] }\n",
        // A plan ending on a guarded route whose redirects never settle; a guard that cancels it.
        "root: a\nroutes:\n  a: {}\n  b: { requires: f, otherwise: { redirect: c, style: push } }\n  c: { requires: f, otherwise: { redirect: b, style: push } }\n  d: { requires: f }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } } }\ntransitions: [{ from: a, to: b }]\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /b, route: b, stack: [a, b], samples: [{ url: \"app://b\", expect: plan }] }\n    - { pattern: /d, route: d, stack: [a, d], samples: [{ url: \"app://d\", expect: plan }] }\n",
        // Plans deeper than maxStackDepth (a stack, a modal): they commit to successors the bound cuts.
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 2 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /b, route: b, tab: y, stack: [b, a, b], samples: [{ url: \"app://b\", expect: plan }] }\n    - { pattern: /a, route: a, stack: [a], modal: { style: sheet, routes: [b, a, a] }, samples: [{ url: \"app://a\", expect: plan }] }\n",
        // Tabs shown under a condition: a fallback, a flag event hiding the selected tab, a link
        // into a hidden tab (its selection refused: it does not land), an event selecting one.
        "tabs: [{ name: x, root: a }, { name: y, root: b, when: f }, { name: z, root: c, when: not g }]\ntabBar: { fallback: z }\nroutes: { a: {}, b: {}, c: {}, d: {} }\nflags: { f: false, g: false }\nevents: { on: { when: not f, set: { f: true } }, off: { when: f, set: { f: false, g: true } }, reset: { when: g, set: { g: false }, then: [{ tab: y }, { push: d }] } }\ntransitions: [{ from: b, to: d }, { from: a, to: d, style: sheet }]\nbounds: { maxStackDepth: 3 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /d, route: d, tab: y, stack: [b, d], samples: [{ url: \"app://d\", expect: plan }] }\n",
        // A condition on the stacks (no guards): a push or a pop can hide the selected tab; one on the selected tab itself.
        "tabs: [{ name: x, root: a, when: not (stack contains d) }, { name: y, root: b }, { name: w, root: c, when: tab != w }]\nroutes: { a: {}, b: {}, c: {}, d: {} }\ntransitions: [{ from: a, to: d }, { from: b, to: d }, { from: d, to: a, style: sheet }]\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\n",
        // Links that push onto the current tab (past maxStackDepth from a full stack), onto another tab, under a modal, to a guarded route that redirects.
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes:\n  a: {}\n  b: {}\n  c: {}\n  g: { requires: f, otherwise: { redirect: c, style: push } }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } } }\ntransitions: [{ from: a, to: c }, { from: c, to: b, style: sheet }]\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /c, route: c, stack: [c], mode: push, samples: [{ url: \"app://c\", expect: plan }] }\n    - { pattern: /b, route: b, tab: y, stack: [c, b], mode: push, samples: [{ url: \"app://b\", expect: plan }] }\n    - { pattern: /g, route: g, stack: [g], mode: push, modal: { style: sheet, routes: [a] }, samples: [{ url: \"app://g\", expect: plan }] }\n",
        // Outcomes by state: on the requirement (declared right, then wrong in some states), and on another flag.
        "root: a\nroutes: { a: {}, b: {}, c: {} }\nflags: { f: false, g: false }\nevents: { on: { when: not f, set: { f: true } }, other: { set: { g: true } } }\ntransitions: [{ from: a, to: b }]\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /c, route: c, stack: [a, c], requires: f, samples: [{ url: \"app://c\", expect: [{ when: f, outcome: plan }, { outcome: pending }] }, { url: \"app://c\", expect: [{ when: g, outcome: plan }, { outcome: pending }] }] }\n    - { pattern: /b, route: b, stack: [a, b], samples: [{ url: \"app://x/b\", expect: [{ when: g, outcome: unhandled }, { outcome: rejected }] }] }\n",
    ])
    func handWritten(_ body: String) throws {
        #expect(try Self.differences(Self.load(body)) == [])
    }

    @Test("the sample graphs the symbolic engine models")
    func sampleGraphs() throws {
        var checked = 0
        for file in SampleGraphs.names {
            let graph = try SampleGraphs.load(file)
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            checked += 1
            #expect(try Self.differences(graph) == [], "\(file)")
        }
        #expect(checked >= 2)
    }

    @Test("a graph outside the subset is refused with its reasons")
    func unsupported() throws {
        // Shop's pending link (a requirement), its modal plan and its guarded checkout are modelled.
        #expect(SymbolicEngine.unsupported(try SampleGraphs.load("Shop.navgraph.yaml")) == [])
        // A tab condition on the modals, in a graph with a route guard.
        let guest = try SampleGraphs.loadOutsideSymbolicSubset()
        #expect(SymbolicEngine.unsupported(guest) == [SampleGraphs.outsideSymbolicSubsetReason])
        #expect(throws: SymbolicError.unsupported([SampleGraphs.outsideSymbolicSubsetReason])) { try SymbolicChecker(guest).run() }

        var account = try SampleGraphs.load("Account.navgraph.yaml")
        account.invariants.append(.init(name: "in Swift", condition: GraphCondition("signedInOrHome") { $0.depth == 1 }))
        account.events.append(EventDeclaration(name: "twice", navigation: [.go("help", style: .push), .go("orders", style: .sheet)]))
        let reasons = SymbolicEngine.unsupported(account)
        #expect(reasons.contains { $0.contains("Swift closures") && $0.contains("invariant in Swift") })
        // An event that pushes and presents is modelled (with overflow slots and layers for each).
        #expect(!reasons.contains { $0.contains("event twice") })
    }

    @Test("a time limit ends the search with a thrown error, not a verdict")
    func timeLimit() throws {
        let graph = try Self.load("root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 6 }\n")
        #expect(throws: SymbolicError.timeLimit(seconds: 0)) {
            try SymbolicChecker(graph, options: .init(budget: SearchBudget(timeLimit: .zero))).run()
        }
    }

    @Test("200 seeded random graphs")
    func randomGraphs() throws {
        // NAVGRAPH_SYMBOLIC_SEED and NAVGRAPH_SYMBOLIC_GRAPHS explore further by hand.
        let environment = ProcessInfo.processInfo.environment
        var generator = SeededGenerator(seed: environment["NAVGRAPH_SYMBOLIC_SEED"].flatMap(UInt64.init) ?? 20)
        let count = environment["NAVGRAPH_SYMBOLIC_GRAPHS"].flatMap(Int.init) ?? 200
        var failures: [String] = []
        var skipped = 0
        var states = 0
        var linked = 0
        // Graphs with tabs shown under a condition, links that push, outcomes by state.
        var conditionalTabs = 0
        var pushing = 0
        var byState = 0
        var failedVerdicts: [PropertyVerdict<DynamicRoute>.Kind: Int] = [:]
        // Graphs are drawn until `count` are compared (or too many were too large).
        var index = 0
        while index - skipped < count && skipped <= count / 50 {
            defer { index += 1 }
            let body = RandomGraphs.document(using: &generator)
            let graph = try Self.load(body, name: "Random\(index)")
            let result = try Checker(graph).run()
            // Only graphs the explicit engine finishes are compared (maxStates cuts it short).
            guard result.cutoff == nil else { skipped += 1; continue }
            if graph.deepLinks != nil { linked += 1 }
            if graph.tabs.contains(where: { $0.condition != nil }) { conditionalTabs += 1 }
            if body.contains("mode: push") { pushing += 1 }
            if body.contains("outcome:") { byState += 1 }
            // A symbolic error (a trace that does not replay) is a difference too, with its graph.
            let differences: [String]
            do { differences = try Self.differences(graph, explicit: result) } catch { differences = ["error: \(error)"] }
            if !differences.isEmpty { failures.append("graph \(index):\n\(body)\n\(differences.joined(separator: "\n"))") }
            states += result.statistics.states
            for failure in result.failures { failedVerdicts[failure.kind, default: 0] += 1 }
        }
        #expect(failures.isEmpty, "\(failures.count) graphs disagree; first:\n\(failures.first ?? "")")
        let kinds = failedVerdicts.sorted { $0.key.id < $1.key.id }.map { "\($0.key.id) \($0.value)" }
        #expect(skipped <= count / 50, "\(skipped) graphs too large for the explicit engine")
        #expect(index - skipped == count)
        // The generator keeps drawing each feature (about 15, 10 and 10 % of the graphs).
        #expect(count < 100 || (conditionalTabs >= count / 20 && pushing >= count / 20 && byState >= count / 20),
                "\(conditionalTabs) graphs with conditional tabs, \(pushing) with push links, \(byState) with outcomes by state")
        print("symbolic agreement: \(index - skipped) graphs (\(linked) with deep links, \(conditionalTabs) with conditional tabs, "
              + "\(pushing) with links that push, \(byState) with outcomes by state; \(skipped) more too large for the explicit engine), "
              + "\(states) states in all, failed verdicts compared: \(kinds.joined(separator: ", "))")
    }
}

/// Random graph documents inside the symbolic engine's subset.
enum RandomGraphs {
    static func document(using generator: inout SeededGenerator) -> String {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        let tabCount = Int.random(in: 0...3, using: &generator)
        let routeCount = Int.random(in: 3...8, using: &generator)
        let routes = (0..<routeCount).map { "r\($0)" }
        let flags = (0..<Int.random(in: 0...3, using: &generator)).map { "f\($0)" }
        let tabs = (0..<tabCount).map { "t\($0)" }
        func condition(depth: Int = 0) -> String {
            var atoms = ["top == \(pick(routes))", "depth <= \(Int.random(in: 1...3, using: &generator))", "stack contains \(pick(routes))",
                         "count(\(pick(routes))) < 2", "modal == none", "modal == \(pick(routes))", "modalDepth >= 1", "true"]
            atoms += flags.flatMap { [$0, "not \($0)", $0] }
            if !tabs.isEmpty { atoms += ["tab == \(pick(tabs))", "stack(\(pick(tabs))) contains \(pick(routes))"] }
            atoms += ["modals contains \(pick(routes))", "below == \(pick(routes))", "below != \(pick(routes))"]
            if depth < 1 && chance(30) {
                return "(\(condition(depth: depth + 1))) \(pick(["and", "or", "implies"])) (\(condition(depth: depth + 1)))"
            }
            return pick(atoms)
        }
        var lines: [String] = []
        var plainRoutes: [String] = []
        if tabs.isEmpty {
            lines.append("root: r0")
        } else {
            lines.append("tabs:")
            for (index, tab) in tabs.enumerated() { lines.append("  - { name: \(tab), root: r\(index % routeCount) }") }
        }
        lines.append("routes:")
        for route in routes {
            var fields: [String] = []
            if chance(15) { fields.append("params: { id: [1, 2] }") } else { plainRoutes.append(route) }
            if chance(20) {
                fields.append("requires: '\(condition())'")
                if chance(60) { fields.append("otherwise: { redirect: \(pick(routes)), style: \(pick(["push", "sheet", "cover", "replace"])) }") }
            }
            lines.append("  \(route): { \(fields.joined(separator: ", ")) }")
        }
        if !flags.isEmpty {
            lines.append("flags:")
            for flag in flags { lines.append("  \(flag): \(chance(30))") }
        }
        var events: [String] = []
        for index in 0..<Int.random(in: 0...3, using: &generator) {
            var fields: [String] = []
            if chance(70) { fields.append("when: '\(condition())'") }
            if !flags.isEmpty && chance(80) { fields.append("set: { \(pick(flags)): \(chance(50)) }") }
            if chance(50) {
                var steps = [pick(["dismiss", "back", "popToRoot", "dismissAll"])]
                if !tabs.isEmpty && chance(30) { steps.append("{ tab: \(pick(tabs)) }") }
                if chance(50) { steps.append("{ \(pick(["push", "sheet", "cover", "replace"])): \(pick(routes)) }") }
                // Sometimes a second step that may grow a stack or the modal layers again.
                if chance(30) { steps.append("{ \(pick(["push", "sheet", "cover"])): \(pick(routes)) }") }
                fields.append("then: [\(steps.joined(separator: ", "))]")
            }
            events.append("  e\(index): { \(fields.joined(separator: ", ")) }")
        }
        if !events.isEmpty { lines += ["events:"] + events }
        lines.append("transitions:")
        for _ in 0..<Int.random(in: routeCount...(routeCount * 2), using: &generator) {
            var fields = ["from: \(pick(routes))", "to: \(pick(routes))", "style: \(pick(["push", "push", "push", "sheet", "cover", "replace"]))"]
            if chance(35) { fields.append("when: '\(condition())'") }
            lines.append("  - { \(fields.joined(separator: ", ")) }")
        }
        lines.append("invariants:")
        for index in 0..<Int.random(in: 1...3, using: &generator) { lines.append("  i\(index): '\(condition())'") }
        let maxStackDepth = Int.random(in: 2...4, using: &generator)
        lines.append("bounds: { maxStackDepth: \(maxStackDepth), maxModalDepth: \(Int.random(in: 0...2, using: &generator)), maxStates: 200000 }")
        // Drawn last, so the graphs above are the ones drawn before deep links were.
        if !plainRoutes.isEmpty && chance(40) {
            let requirements = [condition(), condition()]
            lines += deepLinks(routes: plainRoutes, tabs: tabs, requirements: requirements, conditions: [condition(), condition()],
                               using: &generator)
        }
        // Tabs shown only under a condition, drawn last too: on flags, or, in a graph without
        // route guards, on the selected tab or any condition (one on the stacks moves the
        // selection after the pushes and pops that change it).
        if tabs.count >= 2 && chance(45) {
            let guarded = lines.contains { $0.contains("requires:") && !$0.hasPrefix("    - ") }
            func tabCondition() -> String {
                var atoms = flags.flatMap { [$0, "not \($0)"] } + ["true"]
                if flags.count >= 2 { atoms.append("\(pick(flags)) or \(pick(flags))") }
                if !guarded { atoms += ["tab == \(pick(tabs))", "tab != \(pick(tabs))"] }
                if !guarded && chance(40) { return condition() }
                return pick(atoms)
            }
            for (index, tab) in tabs.enumerated() where chance(50) {
                guard let line = lines.firstIndex(of: "  - { name: \(tab), root: r\(index % routeCount) }") else { continue }
                lines[line] = "  - { name: \(tab), root: r\(index % routeCount), when: '\(tabCondition())' }"
            }
            if chance(50) { lines.append("tabBar: { fallback: \(pick(tabs)) }") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `deepLinks:` section whose samples plan (a stack of `routes`, on a tab or the selected
    /// one, replacing its stack or pushed onto it, or no stack at all, now and then deeper than
    /// the stack bound; now and then a modal
    /// on top, a last route with a guard, a requirement that parks the link or rejects it),
    /// or that the pipeline rejects (a scheme
    /// or host it does not allow) or leaves unhandled (no pattern matches), each declared as it
    /// behaves or, now and then, as something else (a failing expectation), now and then with
    /// an outcome under one of `requirements` or `conditions` first.
    static func deepLinks(routes: [String], tabs: [String], requirements: [String], conditions: [String],
                          using generator: inout SeededGenerator) -> [String] {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        var lines = ["deepLinks:", "  schemes: [app, https]", "  hosts: [app.example]", "  links:"]
        // One pattern per route: a second one for the same route would be a lint error.
        for route in routes.shuffled(using: &generator).prefix(Int.random(in: 1...2, using: &generator)) {
            var samples: [String] = []
            var plan = ""
            if !chance(15) {
                let stack = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(routes) }
                plan += ", stack: [\(stack.joined(separator: ", "))]"
            }
            if !tabs.isEmpty && chance(60) { plan += ", tab: \(pick(tabs))" }
            if plan.contains("stack:") && chance(30) { plan += ", mode: push" }
            if chance(30) {
                let modal = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(routes) }
                plan += ", modal: { style: \(pick(["sheet", "cover"])), routes: [\(modal.joined(separator: ", "))] }"
            }
            var planned = ["plan"]
            if chance(40) {
                plan += ", requires: '\(pick(requirements))'"
                if chance(25) {
                    plan += ", whenUnmet: reject"
                    planned.append("rejected")
                } else {
                    planned.append("pending")
                }
            }
            var urls = [("ftp://\(route)", ["rejected"]), ("https://elsewhere.example/\(route)", ["rejected"]),
                        ("app://nowhere/\(route)", ["unhandled"]), ("https://app.example/\(route)/\(route)", ["unhandled"])]
            urls += [("app://\(route)", planned), ("https://app.example/\(route)", planned), ("app://\(route)", planned)]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let (url, outcomes) = pick(urls)
                let expect = chance(85) ? pick(outcomes) : pick(["plan", "pending", "rejected", "unhandled"])
                if chance(25) {
                    // An outcome by state: the requirement (or another condition) decides, declared
                    // as it behaves or, now and then, the other way round.
                    let when = pick(requirements + conditions)
                    let other = chance(80) ? pick(outcomes) : pick(["plan", "pending", "rejected", "unhandled"])
                    samples.append("{ url: \"\(url)\", expect: [{ when: '\(when)', outcome: \(other) }, { outcome: \(expect) }] }")
                } else {
                    samples.append("{ url: \"\(url)\", expect: \(expect) }")
                }
            }
            lines.append("    - { pattern: /\(route), route: \(route)\(plan), samples: [\(samples.joined(separator: ", "))] }")
        }
        return lines
    }
}
