import Foundation
import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
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
        // Links that keep the modals and push a route whose guard redirects: the redirect runs on
        // the topmost layer (a push, a sheet past the modal bound, a replace, a loop), window- and tab-scoped.
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes:\n  a: {}\n  b: {}\n  c: {}\n  s: {}\n  g: { requires: f, otherwise: { redirect: c, style: push } }\n  h: { requires: f, otherwise: { redirect: s, style: sheet } }\n  k: { requires: f, otherwise: { redirect: c, style: replace } }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } } }\ntransitions: [{ from: a, to: s, style: sheet }, { from: s, to: s, style: sheet }, { from: b, to: c }]\nbounds: { maxStackDepth: 3, maxModalDepth: 2 }\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /g, route: g, stack: [g], mode: push, underModals: keep, samples: [{ url: \"app://g\", expect: plan }] }\n    - { pattern: /h, route: h, stack: [h], mode: push, underModals: keep, samples: [{ url: \"app://h\", expect: plan }] }\n    - { pattern: /k, route: k, stack: [c, k], mode: push, underModals: keep, samples: [{ url: \"app://k\", expect: plan }] }\n",
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nmodalScope: tab\ntabBar: { tappableUnder: [sheet] }\nroutes:\n  a: {}\n  b: {}\n  c: { requires: f, otherwise: { redirect: g, style: push } }\n  s: {}\n  w: { modalScope: window }\n  g: { requires: f, otherwise: { redirect: c, style: push } }\n  h: { requires: f, otherwise: { redirect: s, style: sheet } }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } } }\ntransitions: [{ from: a, to: s, style: sheet }, { from: b, to: s, style: sheet }, { from: s, to: w, style: sheet }]\nbounds: { maxStackDepth: 3, maxModalDepth: 2 }\ndeepLinks:\n  schemes: [app]\n  underModals: keep\n  links:\n    - { pattern: /g, route: g, stack: [g], mode: push, samples: [{ url: \"app://g\", expect: plan }] }\n    - { pattern: /h, route: h, stack: [h], mode: push, samples: [{ url: \"app://h\", expect: plan }] }\n",
        // Every tab's condition reads the selected tab: a reachable state is left unsettled, and a
        // replace by the route on top still changes it (settling moves the selection): taken.
        "tabs: [{ name: x, root: a, when: 'tab != x' }, { name: y, root: b, when: 'tab != y' }]\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: a, style: replace }, { from: b, to: b, style: replace }, { from: a, to: c }, { from: b, to: c }, { from: c, to: c, style: replace }]\nbounds: { maxStackDepth: 2 }\n",
        // Outcomes by state: on the requirement (declared right, then wrong in some states), and on another flag.
        "root: a\nroutes: { a: {}, b: {}, c: {} }\nflags: { f: false, g: false }\nevents: { on: { when: not f, set: { f: true } }, other: { set: { g: true } } }\ntransitions: [{ from: a, to: b }]\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /c, route: c, stack: [a, c], requires: f, samples: [{ url: \"app://c\", expect: [{ when: f, outcome: plan }, { outcome: pending }] }, { url: \"app://c\", expect: [{ when: g, outcome: plan }, { outcome: pending }] }] }\n    - { pattern: /b, route: b, stack: [a, b], samples: [{ url: \"app://x/b\", expect: [{ when: g, outcome: unhandled }, { outcome: rejected }] }] }\n",
    ])
    func handWritten(_ body: String) throws {
        #expect(try EngineAgreement.differences(Self.load(body)) == [])
    }

    @Test("the sample graphs the symbolic engine models")
    func sampleGraphs() throws {
        var checked = 0
        // Real-app-size samples: the explicit side of the comparison does not finish in a test.
        for file in SampleGraphs.explicitSized {
            let graph = try SampleGraphs.load(file)
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            checked += 1
            #expect(try EngineAgreement.differences(graph) == [], "\(file)")
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

    @Test("300 seeded random graphs")
    func randomGraphs() throws {
        // NAVGRAPH_SYMBOLIC_SEED and NAVGRAPH_SYMBOLIC_GRAPHS explore further by hand.
        let environment = ProcessInfo.processInfo.environment
        var generator = SeededGenerator(seed: environment["NAVGRAPH_SYMBOLIC_SEED"].flatMap(UInt64.init) ?? 20)
        let count = environment["NAVGRAPH_SYMBOLIC_GRAPHS"].flatMap(Int.init) ?? 300
        var failures: [String] = []
        var skipped = 0
        var states = 0
        var linked = 0
        // Graphs with tabs shown under a condition, links that push, outcomes by state.
        var conditionalTabs = 0
        var pushing = 0
        var byState = 0
        // Links that keep the modals, that set flags, and samples with values outside their route's samples.
        var keeping = 0
        var setting = 0
        var outside = 0
        var strict = 0
        var failedVerdicts: [PropertyVerdict<DynamicRoute>.Kind: Int] = [:]
        // Issue 30's options, each in how many of the compared graphs (`RandomGraphs.issue30Options`).
        var census: [String: Int] = [:]
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
            if body.contains("underModals: keep") { keeping += 1 }
            if body.split(separator: "\n").contains(where: { $0.contains("pattern:") && $0.contains("set: {") }) { setting += 1 }
            if body.contains("/:id") { outside += 1 }
            if body.contains("  match: ") || body.contains("/:id(") { strict += 1 }
            for option in RandomGraphs.issue30Options(in: body) { census[option, default: 0] += 1 }
            // A symbolic error (a trace that does not replay) is a difference too, with its graph.
            let differences: [String]
            do { differences = try EngineAgreement.differences(graph, explicit: result) } catch { differences = ["error: \(error)"] }
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
        let rare = RandomGraphs.issue30Options.filter { census[$0, default: 0] < 3 }
        #expect(count < 100 || rare.isEmpty, "issue 30's options drawn in fewer than 3 compared graphs: \(rare)")
        print("symbolic agreement, issue 30's options in the compared graphs: "
              + RandomGraphs.issue30Options.map { "\($0) \(census[$0, default: 0])" }.joined(separator: ", "))
        print("symbolic agreement: \(index - skipped) graphs (\(linked) with deep links, \(conditionalTabs) with conditional tabs, "
              + "\(pushing) with links that push, \(byState) with outcomes by state, \(keeping) with links kept under modals, "
              + "\(setting) with links that set flags, \(outside) with link values outside samples, \(strict) with strict matching or parameter patterns; \(skipped) more too large for the explicit engine), "
              + "\(states) states in all, failed verdicts compared: \(kinds.joined(separator: ", "))")
    }
}
