import Foundation

/// Findings a team has accepted for now, as `navgraph baseline` writes them to
/// `.navgraph-baseline.json`: each failed property, property that holds with a warning and lint
/// warning of every graph, keyed by graph, rule and a fingerprint of what failed (the rule, the
/// property's name and its message — never a line number, so moving a declaration keeps it).
///
/// ```swift
/// let baseline = Baseline(reports: reports)          // what fails today
/// let judged = report.applying(baseline)             // accepted ones no longer fail the run
/// judged.accepted.count; judged.baselineFixed        // accepted, and baselined but gone
/// ```
///
/// `verify --baseline FILE` reports an accepted finding as a note (it no longer fails the run), a
/// new one as before, and one the baseline lists that is gone as "fixed: remove it from the
/// baseline". The SARIF log carries each result's `baselineState` (`new` or `unchanged`).
public struct Baseline: Codable, Hashable, Sendable {
    /// The file's format; a file of another version is refused with the remedy.
    public static let formatVersion = 1
    /// The file `navgraph baseline` writes and `verify` looks for, at the repository's root.
    public static let defaultFileName = ".navgraph-baseline.json"

    /// One accepted finding.
    public struct Entry: Codable, Hashable, Sendable, Comparable {
        /// The graph's name.
        public let graph: String
        /// The SARIF rule id: `invariant/<name>`, `guard-bypass`, `lint/<rule>`, …
        public let rule: String
        /// ``VerificationReport/Property/fingerprint(graph:)``, or the finding's.
        public let fingerprint: String
        /// The message when it was accepted, for the person reading the file.
        public let message: String

        public init(graph: String, rule: String, fingerprint: String, message: String) {
            self.graph = graph
            self.rule = rule
            self.fingerprint = fingerprint
            self.message = message
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.graph, lhs.rule, lhs.fingerprint) < (rhs.graph, rhs.rule, rhs.fingerprint)
        }
    }

    public let formatVersion: Int
    /// Sorted by graph, rule and fingerprint.
    public let findings: [Entry]

    /// The findings `reports` have today: failed properties, properties that hold with a
    /// warning, and lint warnings. A graph not explored (lint errors) contributes nothing:
    /// errors are fixed, not accepted.
    public init(reports: [VerificationReport]) {
        var entries: Set<Entry> = []
        for report in reports where report.notExplored == nil {
            for property in report.properties where property.status == .failed || property.status == .warning {
                entries.insert(Entry(graph: report.graph, rule: property.ruleId, fingerprint: property.fingerprint(graph: report.graph), message: property.message))
            }
            for finding in report.lint where finding.severity != "error" {
                entries.insert(Entry(graph: report.graph, rule: finding.ruleId, fingerprint: finding.fingerprint(graph: report.graph), message: finding.message))
            }
        }
        formatVersion = Self.formatVersion
        findings = entries.sorted()
    }

    /// The baseline in `data` (the contents of a baseline file named `file`, for errors).
    ///
    /// - Throws: ``BaselineError`` for a file that is not a baseline or is of another version.
    public init(data: Data, file: String) throws(BaselineError) {
        let decoded: Baseline
        do { decoded = try JSONDecoder().decode(Baseline.self, from: data) } catch {
            throw BaselineError(file: file, message: "is not a navgraph baseline (\(error.localizedDescription))",
                                remedy: "write it again with `navgraph baseline`")
        }
        guard decoded.formatVersion == Self.formatVersion else {
            throw BaselineError(file: file, message: "is a baseline of format version \(decoded.formatVersion); this navgraph reads version \(Self.formatVersion)",
                                remedy: "write it again with this navgraph's `navgraph baseline`")
        }
        self = decoded
    }

    /// The file's text: keys sorted, one finding per object, a final newline.
    public func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// The entries for the graph named `graph`.
    public func entries(for graph: String) -> [Entry] {
        findings.filter { $0.graph == graph }
    }
}

/// A baseline file that cannot be used: what is wrong and how to fix it.
public struct BaselineError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let message: String
    public let remedy: String

    public var description: String { "\(file): error: \(message); \(remedy)" }
}
