import NavGraphTestSupport
import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

@Suite("Covering paths")
struct CoveringPathsTests {
    /// A sample with its bounds, the state limit lowered for a debug test run (the Mastodon
    /// sample's own 20,000 states take half a minute there): the paths are judged against a
    /// search within the same bounds.
    static func sample(_ file: String) throws -> NavigationGraph<DynamicRoute> {
        var graph = try SampleGraphs.load(file)
        graph.bounds.maxStates = min(graph.bounds.maxStates, 15_000)
        return graph
    }

    /// Replays `paths` from launch through the runtime (the model's executor and deep-link
    /// pipeline, as the explorer applies actions), checks every step's state, and returns
    /// the labels of the declared transitions taken (a step by the transition that succeeded
    /// and changed the state: what transition coverage counts) and the routes shown on top.
    static func replay(_ cover: CoveringPaths<DynamicRoute>, _ graph: NavigationGraph<DynamicRoute>) throws -> (transitions: Set<String>, routes: Set<String>) {
        let model = GraphModel(graph: graph)
        var transitions: Set<String> = [], routes: Set<String> = []
        for path in cover.paths {
            var state = try graph.initialState()
            if let top = state.top { routes.insert(graph.routeName(top)) }
            for step in path.steps {
                #expect(model.actions(in: state).contains(step.action), "\(step.label) is not enabled")
                let next = model.apply(step.action, to: state)
                #expect(next.state == step.state, "after \(step.label)")
                if case .transition(let index, _) = step.action, next.succeeded, next.state != state {
                    let transition = graph.transitions[index]
                    transitions.insert("\(transition.style.rawValue) \(transition.from) → \(transition.to)")
                }
                state = next.state
                if let top = state.top { routes.insert(graph.routeName(top)) }
            }
        }
        return (transitions, routes)
    }

    /// The graphs of `Graphs/` and of the example package, by a name for the test's arguments.
    static let everyGraph: [String] = SampleGraphs.names + ["Examples/NavGraphExample/Sources/ShopApp/Shop.navgraph.yaml",
                                                            "Examples/NavGraphExample/Graphs/Settings.navgraph.yaml"]

    static func anyGraph(_ name: String) throws -> NavigationGraph<DynamicRoute> {
        guard name.hasPrefix("Examples/") else { return try sample(name) }
        let url = SampleGraphs.repositoryRoot.appendingPathComponent(name)
        return try GraphDocument.load(String(contentsOf: url, encoding: .utf8), origin: name)
    }

    @Test("every transition of every sample and example graph is on a path, or proven never taken within the bounds; the paths take what the transition-coverage property counts and, where the search is cut short, what the covering walk finds beyond it",
          arguments: everyGraph)
    func everyTransition(file: String) throws {
        let graph = try Self.anyGraph(file)
        let cover = try Checker(graph).coveringPaths(.transitions)
        let result = try Checker(graph).run()
        let taken = try Self.replay(cover, graph).transitions
        #expect(taken == Set(cover.coverable))
        #expect(Set(result.transitionCoverage.reached).isSubset(of: taken))
        #expect(!taken.isEmpty)
        #expect(cover.covered == cover.coverable.count)
        // Nothing is left out: each declared transition is covered or listed, and what is listed is proven.
        #expect(cover.coverable.count + cover.uncovered.count == graph.transitions.count)
        #expect(cover.uncovered.allSatisfy { $0.proven }, "\(cover.uncovered)")
        if cover.complete {
            #expect(cover.coverable == result.transitionCoverage.reached)
            #expect(cover.uncovered.map(\.name) == result.transitionCoverage.unreached)
            #expect(cover.walk == nil)
        } else {
            // The Mastodon sample: the walk takes what the cut-short search did not.
            #expect(cover.uncovered.isEmpty)
            #expect((cover.walk?.found ?? 0) == cover.coverable.count - result.transitionCoverage.reached.count)
        }
        #expect(cover.lowerBound >= cover.coverable.count && cover.totalLength >= cover.lowerBound)
        // Each path starts at launch and does something.
        #expect(cover.paths.allSatisfy { !$0.steps.isEmpty })
    }

    @Test("every covering path replays through NavigationStore, as the generated Swift Testing file drives it, to the explorer's states",
          arguments: everyGraph)
    @MainActor
    func replaysThroughTheStore(file: String) throws {
        let graph = try Self.anyGraph(file)
        let cover = try Checker(graph).coveringPaths(.transitions)
        let samples = GraphModel<DynamicRoute>.linkSamples(of: graph)
        for path in cover.paths {
            let store = try NavigationStore(graph: graph)
            for (position, step) in path.steps.enumerated() {
                switch step.action {
                case .transition(let index, let sample):
                    let transition = graph.transitions[index]
                    let target = graph.targets(of: transition)[sample]
                    if let reroutable = graph.reroutableAction(for: transition, to: target) {
                        store.perform(reroutable)
                    } else {
                        store.execute(NavigationGraph<DynamicRoute>.command(to: target, style: transition.style, in: store.state))
                    }
                case .back: store.execute(.pop)
                case .dismissSheet: store.execute(.dismiss)
                case .selectTab(let index): store.execute(.selectTab(graph.tabs[index].id))
                case .event(let index): store.fire(named: graph.events[index].name)
                case .openLink(let index): store.open(samples[index].url)
                case .resumePending: break  // the store resumed it by itself after the step before
                }
                // Before the explorer's resume step the store has resumed already.
                let next = path.steps.indices.contains(position + 1) ? path.steps[position + 1] : nil
                if case .resumePending? = next?.action { continue }
                #expect(store.state == step.state, "\(file): after \(step.label)")
            }
        }
    }

    @Test("a search cut short by maxStates: the covering walk takes the transitions beyond it, from the paths' ends")
    func walkBeyondTheSearch() throws {
        var graph = try GraphDocument.load("""
            navgraph: 1
            name: Fan
            root: a
            routes: { a: {}, l1: {}, l2: {}, l3: {}, l4: {}, b: {}, c: {}, d: {}, e: {} }
            groups: { leaves: [l1, l2, l3, l4] }
            transitions:
              - { from: a, to: leaves }
              - { from: a, to: b }
              - { from: b, to: c }
              - { from: c, to: d }
              - { from: d, to: e }
            bounds: { maxStackDepth: 6 }
            """, origin: "fan.yaml")
        graph.bounds.maxStates = 4
        let search = try Checker(graph).run()
        let cover = try Checker(graph).coveringPaths(.transitions)
        #expect(!cover.complete)
        #expect(search.transitionCoverage.reached.count < graph.transitions.count)
        #expect(cover.uncovered.isEmpty, "\(cover.uncovered)")
        #expect(cover.coverable.count == graph.transitions.count)
        #expect(cover.walk?.found == graph.transitions.count - search.transitionCoverage.reached.count)
        #expect(try Self.replay(cover, graph).transitions == Set(cover.coverable))
        // The chain is walked down from the paths' end, not from launch each time.
        #expect(cover.paths.last.map { $0.steps.suffix(4).map(\.label) } == ["push a → b", "push b → c", "push c → d", "push d → e"])
    }

    @Test("a transition beyond every search's budget is listed as not found, not proven, and found once maxStates is raised")
    func beyondEveryBudget() throws {
        var graph = try GraphDocument.load(Self.flagLock(), origin: "lock.yaml")
        graph.bounds.maxStates = 2
        let cut = try Checker(graph).coveringPaths(.transitions)
        let open = try #require(cut.uncovered.first { $0.name == "push a → open" })
        #expect(!open.proven)
        #expect(open.reason.contains("nor by the covering walk's search of 2 states from launch"), "\(open.reason)")
        #expect(cut.walk?.exhausted == false)
        graph.bounds.maxStates = 100
        let whole = try Checker(graph).coveringPaths(.transitions)
        #expect(whole.complete && whole.uncovered.isEmpty && whole.walk == nil)
    }

    @Test("a cancelled search and walk list what is left as not proven, with why")
    func cancelled() throws {
        let graph = try GraphDocument.load(Self.flagLock(), origin: "lock.yaml")
        let cancellation = CheckCancellation()
        cancellation.cancel()
        let cover = try Checker(graph, options: .init(cancellation: cancellation)).coveringPaths(.transitions)
        #expect(!cover.complete)
        #expect(cover.walk?.stoppedBy == .interrupted)
        #expect(!cover.uncovered.isEmpty && cover.uncovered.allSatisfy { !$0.proven && $0.reason.contains("interrupted") }, "\(cover.uncovered)")
    }

    /// A graph whose `open` transition needs three flags that three events set, one each: four
    /// steps from launch, behind states that take no other transition.
    static func flagLock() -> String {
        """
        navgraph: 1
        name: Lock
        root: a
        routes: { a: {}, b: {}, c: {}, open: {} }
        flags: { x: false, y: false, z: false }
        events:
          setX: { when: top == a, set: { x: true } }
          setY: { when: top == a, set: { y: true } }
          setZ: { when: top == a, set: { z: true } }
        transitions:
          - { from: a, to: b }
          - { from: b, to: c }
          - { from: a, to: open, when: x and y and z }
        """
    }

    @Test("routes mode shows every route the search shows on top, in every sample", arguments: SampleGraphs.names)
    func everyRoute(file: String) throws {
        let graph = try Self.sample(file)
        let cover = try Checker(graph).coveringPaths(.routes)
        let result = try Checker(graph).run()
        let shown = try Self.replay(cover, graph).routes
        #expect(shown == Set(result.routeCoverage.reached))
        #expect(cover.coverable == result.routeCoverage.reached)
        #expect(cover.uncovered.map(\.name) == result.routeCoverage.unreached)
        #expect(cover.totalLength >= cover.lowerBound && cover.lowerBound >= cover.coverable.count - 1)
    }

    @Test("planning twice gives the same paths, JSON and Swift byte for byte")
    @MainActor
    func deterministic() throws {
        let graph = try Self.sample("Social.navgraph.yaml")
        func outputs() throws -> (json: Data, swift: String) {
            let cover = try Checker(graph).coveringPaths(.transitions)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try encoder.encode(CoveringPathsDocument(cover, graph: graph)),
                    try cover.swiftTestingSource(graph: graph, documentPath: "Social.navgraph.yaml", command: "navgraph paths"))
        }
        let first = try outputs(), second = try outputs()
        #expect(first.json == second.json)
        #expect(first.swift == second.swift)
    }

    @Test("the lower bound counts the distance to the farthest transition: a chain takes one path as long as the chain")
    func chainBound() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Chain
            root: a
            routes: { a: {}, b: {}, c: {}, d: {} }
            transitions:
              - { from: a, to: b }
              - { from: b, to: c }
              - { from: c, to: d }
            """, origin: "chain.yaml")
        let cover = try Checker(graph).coveringPaths(.transitions)
        #expect(cover.paths.map { $0.steps.map(\.label) } == [["push a → b", "push b → c", "push c → d"]])
        #expect(cover.lowerBound == 3 && cover.totalLength == 3)
        #expect(cover.uncovered.isEmpty)
    }

    @Test("a transition the depth bounds cut and one whose source is never shown are listed with why")
    func uncoverableReasons() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Cut
            root: a
            routes: { a: {}, b: {}, c: {}, lost: {}, end: {} }
            transitions:
              - { from: a, to: b }
              - { from: b, to: c }
              - { from: lost, to: end }
            bounds: { maxStackDepth: 2 }
            """, origin: "cut.yaml")
        let cover = try Checker(graph).coveringPaths(.transitions)
        #expect(cover.coverable == ["push a → b"])
        #expect(cover.uncovered.map(\.name) == ["push b → c", "push lost → end"])
        #expect(cover.uncovered.first?.reason.contains("depth bounds cut its 1 successor") == true)
        #expect(cover.uncovered.last?.reason == "its source lost is never on top")
    }

    @Test("hostile route names, parameter values and links are escaped in the Swift source")
    @MainActor
    func hostileNames() throws {
        let graph = try GraphDocument.load(#"""
            navgraph: 1
            name: "Hostile \"#\" ünï"
            root: home
            routes:
              home: {}
              "quo\"te":
                params: { "id": ["a\\b", "\"#x", "\\(boom)", "é"] }
            transitions:
              - { from: home, to: "quo\"te" }
            """#, origin: "hostile.yaml")
        let cover = try Checker(graph).coveringPaths(.transitions)
        let source = try cover.swiftTestingSource(graph: graph, documentPath: "x\"y.yaml", command: "navgraph paths\nhostile")
        #expect(source.contains(#"DynamicRoute("quo\"te", arguments: [.init(name: "id", value: "a\\b")])"#), "\(source)")
        #expect(source.contains(#"let path = "x\"y.yaml""#))
        #expect(source.contains(##"@Suite("Hostile \"#\" ünï: paths covering every transition")"##))
        // The type's name keeps the name's ASCII letters and digits.
        #expect(source.contains("struct HostileNCoveringPathTests {"))
        // The header comment stays one line.
        #expect(source.hasPrefix("// Generated by `navgraph paths hostile`"))
        #expect(CoveringPaths<DynamicRoute>.swiftLiteral("\\(x)\u{7}\u{2028}#\"") == ##""\\(x)\u{7}\u{2028}#\"""##)
    }
}
