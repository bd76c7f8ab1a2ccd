import NavigationChecker
import NavGraphBenchmarkSupport
import NavigationCore
import NavigationGraph
import Testing

@Suite("Agreement with SPIN")
struct SpinAgreementTests {
    @Test("the explorer and SPIN store the same number of states on generated graphs",
          .enabled(if: SpinRun.isAvailable, "needs spin and cc: apt-get install spin (make test installs it)"),
          arguments: [(4, 2, 0, 4), (6, 3, 1, 5), (8, 3, 2, 5), (12, 2, 3, 4)])
    func agreement(routes: Int, outDegree: Int, flags: Int, depth: Int) throws {
        let graph = SyntheticGraph.make(routes: routes, outDegree: outDegree, flags: flags, depth: depth)
        let ours = try Checker(graph, options: .init(checkTraps: false)).run()
        let spin = try SpinRun.run(try PromelaModel.translate(graph))
        #expect(ours.statistics.complete)
        #expect(ours.statistics.states == spin.states, "\(graph.name): explorer \(ours.statistics.states), SPIN \(spin.states)")
    }

    @Test("the idiomatic encoding stores the explorer's states, depth-first and breadth-first",
          .enabled(if: SpinRun.isAvailable, "needs spin and cc: apt-get install spin (make test installs it)"),
          arguments: [(4, 2, 0, 4), (6, 3, 1, 5), (8, 3, 2, 5), (12, 2, 3, 4), (20, 3, 2, 6), (15, 4, 3, 5)],
          [(SpinRun.Search.depthFirst, IdiomaticPromelaModel.Tables.hidden), (.depthFirst, .embeddedC), (.breadthFirst, .embeddedC)])
    func idiomaticAgreement(size: (routes: Int, outDegree: Int, flags: Int, depth: Int),
                            configuration: (search: SpinRun.Search, tables: IdiomaticPromelaModel.Tables)) throws {
        let graph = SyntheticGraph.make(routes: size.routes, outDegree: size.outDegree, flags: size.flags, depth: size.depth)
        let ours = try Checker(graph, options: .init(checkTraps: false)).run()
        let spin = try SpinRun.run(try IdiomaticPromelaModel.translate(graph, tables: configuration.tables), options: .init(search: configuration.search))
        #expect(ours.statistics.complete)
        #expect(ours.statistics.states == spin.states,
                "\(graph.name), \(configuration.search.rawValue), \(configuration.tables.rawValue): explorer \(ours.statistics.states), SPIN \(spin.states)")
    }

    @Test("the C floor finds the explorer's states",
          .enabled(if: SpinRun.isAvailable, "needs cc"),
          arguments: [(4, 2, 0, 4), (8, 3, 2, 5), (12, 2, 3, 4), (20, 3, 2, 7), (50, 4, 3, 4)])
    func floorAgreement(routes: Int, outDegree: Int, flags: Int, depth: Int) throws {
        let graph = SyntheticGraph.make(routes: routes, outDegree: outDegree, flags: flags, depth: depth)
        let ours = try Checker(graph, options: .init(checkTraps: false)).run()
        // A guess far too small, so the set and the queue grow on the way.
        let floor = try FloorSearch.run(graph, expectedStates: 10)
        #expect(floor.states == ours.statistics.states, "\(graph.name): explorer \(ours.statistics.states), floor \(floor.states)")
        // The fewest bits: flags, the depth 1 ... D, and a route id for each position above the root.
        func bits(_ value: Int) -> Int { max(1, Int.bitWidth - value.leadingZeroBitCount) }
        #expect(floor.stateBits == flags + bits(depth) + (depth - 1) * bits(routes - 1))
    }

    @Test("the idiomatic encoding has one statement per out-edge slot, tables outside the state vector")
    func idiomaticShape() throws {
        let graph = SyntheticGraph.make(routes: 20, outDegree: 3, flags: 2, depth: 12)
        let promela = try IdiomaticPromelaModel.translate(graph)
        let statements = promela.split(separator: "\n").filter { $0.hasPrefix("  :: d_step") }
        // Three successor slots, Back, and a set and a clear event per flag.
        #expect(statements.count == 3 + 1 + 4)
        #expect(promela.contains("hidden byte succ[60];"))
        #expect(promela.contains("hidden byte need[60];"))
        #expect(!promela.contains("forbid["))
        #expect(promela.contains("unsigned flags : 2 = 0;"))
        #expect(promela.contains("unsigned depth : 4 = 1;"))
        let embedded = try IdiomaticPromelaModel.translate(graph, tables: .embeddedC)
        #expect(embedded.contains("static const unsigned char succ[60]"))
        #expect(!embedded.contains("hidden"))
        if SpinRun.isAvailable {
            // The stack (12 bytes), depth and flags in bit-fields, and pan's own fields: the
            // tables add nothing to the state vector either way.
            let small = SyntheticGraph.make(routes: 5, outDegree: 2, flags: 2, depth: 12)
            #expect(try SpinRun.run(IdiomaticPromelaModel.translate(small)).stateVectorBytes == 28)
            #expect(try SpinRun.run(IdiomaticPromelaModel.translate(small, tables: .embeddedC), options: .init(search: .breadthFirst)).stateVectorBytes == 28)
        }
    }

    @Test("a guard the idiomatic encoding cannot read as flag masks is refused with the reason")
    func idiomaticRefuses() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: T\nroot: a\nflags: { x: false, y: false }\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b, when: x or y }]\n", origin: "t.yaml")
        #expect { _ = try IdiomaticPromelaModel.translate(graph) } throws: { error in
            (error as? PromelaExportError)?.message.contains("not a conjunction of flags") == true
        }
    }

    @Test("names from the graph cannot close a comment in the Promela or C they are written into")
    func hostileNames() throws {
        let hostile = "a */ #include <evil.h> /*\nb"
        let graph = NavigationGraph<DynamicRoute>(
            name: "G */ x", summary: "",
            routes: [RouteDeclaration(name: "root", samples: [DynamicRoute("root")]), RouteDeclaration(name: hostile, samples: [DynamicRoute(hostile)])],
            root: "root", flags: [.init(name: FlagName("f"), initial: false)],
            events: [EventDeclaration(name: "set */ f", precondition: nil, flagChanges: [(flag: FlagName("f"), value: true)])],
            transitions: [TransitionDeclaration(from: "root", to: hostile)],
            bounds: GraphBounds(maxStackDepth: 3, maxModalDepth: 0, maxStates: 1_000),
            routeName: { $0.name })
        let texts = [try IdiomaticPromelaModel.translate(graph), try IdiomaticPromelaModel.translate(graph, tables: .embeddedC),
                     try PromelaModel.translate(graph), try FloorSearch.program(SuccessorTable(graph))]
        for text in texts {
            // Every comment the writers open is closed once, and nothing else closes one.
            #expect(text.components(separatedBy: "/*").count == text.components(separatedBy: "*/").count)
            #expect(!text.contains("#include <evil.h>"))
        }
        if SpinRun.isAvailable {
            let ours = try Checker(graph, options: .init(checkTraps: false)).run().statistics.states
            #expect(try SpinRun.run(texts[0]).states == ours)
            #expect(try FloorSearch.run(graph).states == ours)
        }
    }

    @Test("a hand-countable graph: SPIN and the explorer both store 3 states")
    func handCounted() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: T\nroot: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 3 }\n", origin: "t.yaml")
        #expect(try Checker(graph).run().statistics.states == 3)
        let promela = try PromelaModel.translate(graph)
        #expect(promela.contains("d_step { stack[depth - 1] == 1 && depth < DEPTH -> stack[depth] = 1; depth++ }"))
        if SpinRun.isAvailable { #expect(try SpinRun.run(promela).states == 3) }
    }

    @Test("graphs outside the subset are refused with the reason")
    func refuses() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: T\nroot: a\nroutes: { a: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }]\n", origin: "t.yaml")
        #expect(throws: PromelaExportError.self) { _ = try PromelaModel.translate(graph) }
    }
}
