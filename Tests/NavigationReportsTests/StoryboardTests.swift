import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
import NavigationCore
import NavigationGraph
@testable import NavigationReports
import Testing

@Suite("Counterexample storyboards and their words")
struct StoryboardTests {
    /// Account: orders are guarded by sign-in, redirecting to a sign-in sheet.
    static func accountFailure() throws -> (NavigationGraph<DynamicRoute>, CheckTrace<DynamicRoute>) {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let trace = try #require(try Checker(graph).run().failures.compactMap(\.trace).first)
        return (graph, trace)
    }

    @Test("a storyboard has a frame per step, headed by the action in words, the last one marked, and is well-formed SVG")
    func framesPerStep() throws {
        let (graph, trace) = try Self.accountFailure()
        let storyboard = Storyboard(graph, trace: trace)
        let frames = storyboard.frames()
        #expect(frames.count == trace.steps.count)
        #expect(frames.first?.action == "start")
        #expect(frames.map(\.step) == Array(0..<trace.steps.count))
        let svg = storyboard.svg()
        SVGValidation.expectWellFormed(Array(svg.utf8), "the storyboard")
        for frame in frames { #expect(svg.contains("id=\"frame-\(frame.step)\"")) }
        #expect(svg.contains("stroke=\"#c00000\""), "the violating frame is outlined red")
    }

    @Test("a guard's redirect is said as one in the storyboard and in the trace lines, JUnit and Markdown")
    func redirectInWords() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Guarded
            root: account
            routes:
              account: {}
              billing: { requires: signedIn, otherwise: { redirect: signIn, style: sheet } }
              signIn: {}
            flags: { signedIn: false }
            transitions:
              - { from: account, to: billing }
            invariants:
              never asked to sign in: modal != signIn
            """)
        let result = try Checker(graph).run()
        let trace = try #require(result.failures.compactMap(\.trace).first)
        let words = "redirected by the guard of billing to signIn (sheet)"
        #expect(TraceNarration(graph).lines(trace).last == "1. push account → billing: \(words); sheet 1 signIn")
        #expect(Storyboard(graph, trace: trace).frames().last?.action == "tap billing, \(words)")
        let report = VerificationReport(graph: graph, result: result, lint: [])
        #expect(ReportWriter.junit([report]).contains(words))
        #expect(ReportWriter.markdown(report, mermaid: nil).contains("1. push account → billing: \(words); sheet 1 signIn"))
    }

    @Test("Back, a sheet swiped down, a tab tapped and an event with its flags read as a person says them")
    func actionsInWords() throws {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let narration = TraceNarration(graph)
        let state = try graph.initialState()
        func said(_ action: ExplorerAction?) -> String {
            narration.action(CheckTrace<DynamicRoute>.Step(action: action, label: "label", state: state), after: state)
        }
        #expect(said(.back) == "Back")
        #expect(said(.dismissSheet) == "swipe the sheet down")
        let signOut = try #require(graph.events.firstIndex { $0.name == "signOut" })
        #expect(said(.event(signOut)) == "event signOut: signedIn = false")
    }

    @Test("hostile names are escaped in every frame and the SVG stays well-formed")
    func hostileNames() throws {
        let routes = ["home", "<script>alert(1)</script>", "a&b\"c'd", "]]><x/>", String(repeating: "long", count: 40)]
        let graph = NavigationGraph<DynamicRoute>(
            name: "<svg onload=alert(1)>",
            summary: "",
            routes: routes.map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) },
            root: "home",
            flags: [.init(name: FlagName("<b>on</b>"), initial: false)],
            events: [EventDeclaration(name: "<i>go</i>", flagChanges: [(flag: FlagName("<b>on</b>"), value: true)])],
            transitions: routes.dropFirst().map { TransitionDeclaration(from: "home", to: $0) } + [TransitionDeclaration(from: routes[1], to: routes[2], style: .sheet)],
            invariants: [.init(name: "never deep", condition: try .parse("depth <= 1"))],
            routeName: { $0.name })
        let trace = try #require(try Checker(graph).run().failures.compactMap(\.trace).first)
        let svg = Storyboard(graph, trace: trace).svg()
        SVGValidation.expectWellFormed(Array(svg.utf8), "the hostile storyboard")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>") && !svg.contains("<x/>"))
    }

    @Test("long names are cut to the frame's width with an ellipsis, and wrapped lines never exceed it")
    func cutting() {
        #expect(Storyboard<DynamicRoute>.cut("abcdef", to: 4) == "abc…")
        #expect(Storyboard<DynamicRoute>.cut("abc", to: 4) == "abc")
        let lines = Storyboard<DynamicRoute>.wrap("home › " + String(repeating: "x", count: 100) + " › end", width: 42)
        #expect(lines.allSatisfy { $0.count <= 42 })
        #expect(lines.joined(separator: " ").contains("end"))
    }
}
