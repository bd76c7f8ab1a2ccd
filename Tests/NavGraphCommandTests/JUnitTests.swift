import Foundation
import NavGraphTestSupport
import Testing

@Suite("JUnit reports", .serialized)
struct JUnitTests {
    @Test("test cases carry the document's file and the property's line; time only with --timings")
    func fileLineAndTime() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--quiet"]) == 1)
        let plain = try String(contentsOf: folder.appendingPathComponent("Account/junit.xml"), encoding: .utf8)
        #expect(plain.contains(#"name="invariant: orders need sign-in" file="Graphs/Account.navgraph.yaml" line="49">"#))
        #expect(!plain.contains("time="))
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--quiet", "--timings"]) == 1)
        let timed = try String(contentsOf: folder.appendingPathComponent("Account/junit.xml"), encoding: .utf8)
        let suite = try #require(timed.split(separator: "\n").first { $0.contains("<testsuite ") })
        #expect(suite.contains(#" time=""#))
        #expect(suite.range(of: #"time="[0-9]+\.[0-9]{3}""#, options: .regularExpression) != nil)
    }
}
