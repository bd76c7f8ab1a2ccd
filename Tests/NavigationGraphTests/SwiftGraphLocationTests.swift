import NavigationCore
import NavigationGraph
import Testing

@Suite("Swift graph locations")
struct SwiftGraphLocationTests {
    @Test("lint findings on a Swift graph point at the line and column of the declaration, not 1:1")
    func findingsPointAtTheCall() throws {
        let graphLine = #line + 1
        let graph = try NavigationGraph<LocatedRoute>("Located") {
            Root(.home)
            Flag("signedIn")
            Push(.detail, .home)
            Invariant("typo", "signedInn")
        }
        let findings = GraphLinter.lint(graph)
        let unreachableDetail = try #require(findings.first { $0.rule == "unreachable-route" && $0.message.contains("'detail'") }, "\(findings)")
        #expect(unreachableDetail.location == SourceLocation(line: graphLine + 3, column: 17), "the first declaration naming the route, at its call's parenthesis (where Swift puts #column)")
        let typo = try #require(findings.first { $0.rule == "unknown-flag" }, "\(findings)")
        #expect(typo.location == SourceLocation(line: graphLine + 4, column: 22))
        let orphan = try #require(findings.first { $0.rule == "unreachable-route" && $0.message.contains("'orphan'") }, "\(findings)")
        #expect(orphan.location?.line == graphLine, "a route no declaration names is located at the graph's own call")
        #expect(!findings.contains { $0.formatted(file: graph.origin).contains(":1:1:") }, "\(findings)")
        #expect(graph.origin?.hasSuffix("SwiftGraphLocationTests.swift") == true)
    }
}

enum LocatedRoute: GraphRoute, CaseIterable {
    case home, detail, orphan

    var graphName: String {
        switch self {
        case .home: "home"
        case .detail: "detail"
        case .orphan: "orphan"
        }
    }
}
