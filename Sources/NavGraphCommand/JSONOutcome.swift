import Foundation
import NavigationGraph
import NavigationReports

/// What `--format json` prints: one document with the exit code, each graph's report (verify)
/// or findings (lint), and the documents that could not be read. Keys sorted, so the same run
/// prints the same bytes.
struct JSONOutcome: Encodable {
    struct Failure: Encodable {
        let file: String
        let message: String
    }

    struct LintResult: Encodable {
        struct Finding: Encodable {
            let rule: String
            let severity: String
            let message: String
            let remedy: String
            let line: Int?
            let column: Int?
            /// The feature's document the finding is in, when it is not ``LintResult/file``.
            let file: String?
            /// The feature the finding is about, in a graph composed of features.
            let feature: String?
        }

        let file: String
        let graph: String
        let findings: [Finding]

        init(file: String, graph: String, findings: [LintFinding]) {
            self.file = file
            self.graph = graph
            self.findings = findings.map {
                Finding(rule: $0.rule, severity: $0.severity.rawValue, message: $0.message, remedy: $0.remedy,
                        line: $0.location?.line, column: $0.location?.column, file: $0.location?.file, feature: $0.feature)
            }
        }
    }

    var exitCode: ExitStatus = .passed
    var reports: [VerificationReport] = []
    var lint: [LintResult] = []
    var errors: [Failure] = []

    /// Prints the document with `exitCode` on standard output.
    func print(exitCode: ExitStatus) throws(CommandFailure) {
        var outcome = self
        outcome.exitCode = exitCode
        try Self.printDocument(outcome)
    }

    /// Prints `value` as one JSON document on standard output: keys sorted, so the same value
    /// prints the same bytes (every command's `--format json` goes through here).
    static func printDocument(_ value: some Encodable) throws(CommandFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            // `##[` in a name would read as a workflow command in a CI log; `\u0023` is the same JSON.
            let text = String(decoding: try encoder.encode(value), as: UTF8.self).replacingOccurrences(of: "##[", with: "#\\u0023[")
            Console.data(Array(text.utf8) + Array("\n".utf8))
        } catch {
            throw CommandFailure(message: "error: cannot encode the JSON output (\(error)); please report this as a navgraph bug", exitCode: ExitStatus.badInput)
        }
    }
}
