import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

@Suite("Swift graphs")
struct SwiftGraphTests {
    @Test("the Swift shop and the shop document are the same model")
    func swiftShopEqualsDocument() throws {
        let swiftText = try GraphDocument.export(try SwiftShop.graph())
        let documentText = try GraphDocument.export(try SampleGraphs.load("Shop.navgraph.yaml"))
        #expect(swiftText == documentText)
    }

    @Test("a Swift graph exports to a document that loads back into an equal model")
    func swiftRoundTrip() throws {
        let swift = try SwiftShop.graph()
        let text = try GraphDocument.export(swift)
        let loaded = try GraphDocument.load(text, origin: "exported.yaml")
        #expect(loaded.routes.map(\.name) == swift.routes.map(\.name))
        #expect(loaded.routes.map(\.samples) == swift.routes.map { $0.samples.map { DynamicRoute($0.graphName, arguments: $0.graphArguments) } })
        #expect(loaded.routes.map { $0.entryGuard?.condition.text } == swift.routes.map { $0.entryGuard?.condition.text })
        #expect(loaded.routes.map { $0.entryGuard?.otherwise } == swift.routes.map { $0.entryGuard?.otherwise })
        #expect(loaded.transitions.map { "\($0.from)>\($0.to):\($0.style):\($0.condition?.text ?? "")" }
                == swift.transitions.map { "\($0.from)>\($0.to):\($0.style):\($0.condition?.text ?? "")" })
        #expect(loaded.events.map(\.navigation) == swift.events.map(\.navigation))
        #expect(loaded.events.map { $0.flagChanges.map { "\($0.flag)=\($0.value)" } } == swift.events.map { $0.flagChanges.map { "\($0.flag)=\($0.value)" } })
        #expect(loaded.flags.map(\.name) == swift.flags.map(\.name))
        #expect(loaded.bounds == swift.bounds)
        #expect(loaded.invariants.map { $0.condition.expression } == swift.invariants.map { $0.condition.expression })
        #expect(loaded.deepLinks?.links.map(\.plan) == swift.deepLinks?.links.map(\.plan))
        #expect(try GraphDocument.export(loaded) == text)
    }

    @Test("export is a fixed point for every sample document without features", arguments: SampleGraphs.exportableNames)
    func documentRoundTrip(file: String) throws {
        let first = try GraphDocument.export(try SampleGraphs.load(file))
        let second = try GraphDocument.export(try GraphDocument.load(first, origin: file))
        #expect(first == second)
    }

    @Test("the Swift shop runs: guard redirect, deep link plan, pending link")
    func swiftShopRuns() throws {
        let graph = try SwiftShop.graph()
        #expect(GraphLinter.lint(graph).isEmpty)
        let executor = graph.makeExecutor()
        var state = try graph.initialState()
        _ = executor.execute(.push(.cart), on: &state)
        let redirected = executor.execute(.push(.checkout), on: &state)
        #expect(state.top == .signIn, "checkout without sign-in presents sign-in: \(redirected)")

        let pipeline = try #require(graph.makeDeepLinkPipeline())
        var fresh = try graph.initialState()
        let opened = pipeline.open("shop://products/2", on: &fresh, using: executor)
        #expect(fresh.activeStack.routes == [.catalog, .product(id: 2)], "\(opened)")
        let parked = pipeline.open("shop://checkout", on: &fresh, using: executor)
        #expect(fresh.pendingDeepLink?.url == "shop://checkout", "\(parked)")
    }

    @Test("a route used in the graph but missing from graphSamples is reported by lint")
    func forgottenSample() throws {
        let graph = try NavigationGraph<ForgetfulRoute>("Forgetful") {
            Root(.home)
            Push(.home, .settings)
        }
        let findings = GraphLinter.lint(graph)
        #expect(findings.contains { $0.rule == "unknown-route" && $0.message.contains("settings") }, "\(findings)")
    }

    @Test("a condition that does not parse is a build error at its Swift line and column")
    func badConditionIsBuildError() {
        let line = #line + 3
        do {
            _ = try NavigationGraph<ForgetfulRoute>("Bad") {
                    Push(.home, .settings, when: "signedIn and")
            }
            Issue.record("a condition that does not parse was accepted")
        } catch {
            #expect(error.line == line)
            // The column of the call's opening parenthesis (where Swift puts #column), indented on purpose.
            #expect(error.column == 25)
            #expect(error.description.contains("SwiftGraphTests.swift:\(line):25: error: "), "\(error)")
            #expect(error.file.hasSuffix("SwiftGraphTests.swift"))
            #expect(error.message.contains("does not parse at 1:13"), "\(error)")
        }
    }

    @Test("contradicting declarations are build errors", arguments: [1, 2, 3])
    func contradictions(kind: Int) {
        #expect(throws: GraphBuildError.self) {
            _ = try NavigationGraph<ForgetfulRoute>("Bad") {
                Root(.home)
                if kind == 1 { Root(.settings) }
                if kind == 2 { Tab("main", root: .home) }
                if kind == 3 {
                    Guard(.settings, "true")
                    Guard(.settings, "false")
                }
            }
        }
    }

    @Test("a closure invariant explores but cannot export, and export says why")
    func closureCannotExport() throws {
        let graph = try NavigationGraph<ForgetfulRoute>("Closures") {
            Root(.home)
            Invariant("shallow") { state in state.depth <= 3 }
        }
        #expect(graph.invariants.count == 1)
        #expect {
            _ = try GraphDocument.export(graph)
        } throws: { error in
            (error as? GraphExportError)?.message.contains("invariant 'shallow' is a Swift closure") ?? false
        }
    }

    @Test("a graph with app middleware cannot export, and export names the middleware")
    func middlewareCannotExport() throws {
        let graph = try NavigationGraph<ForgetfulRoute>("Guarded") {
            Root(.home)
        }
        #expect(throws: Never.self) { _ = try GraphDocument.export(graph) }
        let guarded = graph.addingMiddleware(AnyMiddleware<ForgetfulRoute>(), name: "signInGuard")
        #expect {
            _ = try GraphDocument.export(guarded)
        } throws: { error in
            (error as? GraphExportError)?.message.contains("app middleware written in Swift ('signInGuard')") ?? false
        }
    }
}

/// A route enum whose samples forget a case the graph uses.
enum ForgetfulRoute: GraphRoute {
    case home, settings

    var graphName: String {
        switch self {
        case .home: "home"
        case .settings: "settings"
        }
    }

    static let graphSamples: [ForgetfulRoute] = [.home]
}
