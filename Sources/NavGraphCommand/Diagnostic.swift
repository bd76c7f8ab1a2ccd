import NavigationGraph
import NavigationReports

/// One finding at a place in a graph document: a failed or undecided property, or a lint
/// finding. Printed as `path:line:column: severity: message` (the compilers' and linters'
/// form, which editors and CI logs link to the line) or as a GitHub Actions annotation.
struct Diagnostic: Hashable, Sendable {
    enum Severity: String, Sendable {
        case error, warning, note
    }

    let file: String
    let line: Int
    let column: Int
    let severity: Severity
    /// A short title: the graph and the property or lint rule.
    let title: String
    let message: String

    /// `Graphs/Shop.navgraph.yaml:17:3: error: Shop: checkout needs sign-in: … [invariant]`
    var text: String { "\(file):\(line):\(column): \(severity.rawValue): \(title): \(message)" }

    /// `::error file=…,line=…,col=…,title=…::message`, every value escaped as GitHub reads
    /// workflow commands (`%`, CR and LF in the message; also `:` and `,` in properties) after
    /// the terminal escaping, so the command is one line and a name cannot end it early.
    var gitHubAnnotation: String {
        let command = switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        return "::\(command) file=\(Self.property(file)),line=\(line),col=\(column),title=\(Self.property(title))::\(Self.data(message))"
    }

    static func data(_ text: String) -> String {
        TerminalText.escape(text).replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// The diagnostics of a verification: each failed property (error), each undecided one and
    /// each that holds with a warning (warning; `strict`: a property's warning as an error), and
    /// each lint finding (`strict`: warnings as errors). Each is placed in the file its location
    /// is in (a feature's document, or `file`) and names its feature.
    static func of(_ report: VerificationReport, file: String, strict: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for property in report.properties where property.status != .passed {
            // A finding the baseline accepts is a note, as the SARIF log has it.
            if property.isAccepted {
                diagnostics.append(Diagnostic(
                    file: property.location?.file ?? file, line: property.location?.line ?? 1, column: property.location?.column ?? 1,
                    severity: .note, title: "\(report.graph): \(property.name)",
                    message: "accepted by the baseline: " + property.message + featureNote(property.feature) + " [\(property.kind)]"))
                continue
            }
            let failed = property.status == .failed
            let warning = property.status == .warning
            diagnostics.append(Diagnostic(
                file: property.location?.file ?? file, line: property.location?.line ?? 1, column: property.location?.column ?? 1,
                severity: failed || (warning && strict) ? .error : .warning, title: "\(report.graph): \(property.name)",
                message: (failed || warning ? "" : "\(property.status.rawValue): ") + property.message + featureNote(property.feature) + " [\(property.kind)]"))
        }
        for finding in report.lint {
            diagnostics.append(Diagnostic(
                file: finding.location?.file ?? file, line: finding.location?.line ?? 1, column: finding.location?.column ?? 1,
                severity: finding.isAccepted ? .note : finding.severity == "error" || strict ? .error : .warning, title: "\(report.graph): lint \(finding.rule)",
                message: "\(finding.message)\(featureNote(finding.feature)); \(finding.remedy)"))
        }
        return diagnostics
    }

    /// The diagnostics of lint findings in `file` (or in the feature's document each is written in).
    static func of(_ findings: [LintFinding], file: String, graph: String, strict: Bool) -> [Diagnostic] {
        findings.map { finding in
            Diagnostic(file: finding.location?.file ?? file, line: finding.location?.line ?? 1, column: finding.location?.column ?? 1,
                       severity: finding.severity == .error || strict ? .error : .warning, title: "\(graph): lint \(finding.rule)",
                       message: "\(finding.message)\(featureNote(finding.feature)); \(finding.remedy)")
        }
    }

    /// ` (feature people)`, or nothing for the app graph's own.
    static func featureNote(_ feature: String?) -> String {
        feature.map { " (feature \($0))" } ?? ""
    }
}
