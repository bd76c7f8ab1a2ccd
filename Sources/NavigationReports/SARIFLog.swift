import Foundation
import NavigationChecker

/// A SARIF 2.1.0 log: each failed property is a result whose locations point at the graph
/// document and whose codeFlow walks the counterexample; lint findings are results too,
/// properties a cut-off search could not decide are `note`s, and a property that holds with a
/// warning is a `warning` whose codeFlows walk its paths.
///
/// One run per graph, each with its own `automationDetails.id` (`navgraph/Shop/`): GitHub code
/// scanning takes several runs of one tool in one upload only when each names its category.
/// A document path relative to the working directory is a `uri` relative to `%SRCROOT%`; an
/// absolute one is a `file:` URI. A location in a feature's document has that document as its
/// artifact, and a result about a feature names it in its property bag (`"feature": "people"`).
public enum SARIFLog {
    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        let tool: Tool
        let automationDetails: AutomationDetails
        let results: [Result]
        let columnKind = "unicodeCodePoints"
        /// The run's property bag: which engine checked the graph and why.
        let properties: RunProperties?
    }
    struct RunProperties: Encodable {
        let engine: String
        let engineRequested: String
        let engineReason: String
    }
    struct AutomationDetails: Encodable { let id: String }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name = "navgraph"
        let informationUri = "https://github.com/navgraph/navgraph"
        let semanticVersion = NavGraphVersion.current
        let rules: [Rule]
    }
    struct Rule: Encodable {
        let id: String
        let name: String
        let shortDescription: Message
        /// What a violation is, at more length than the short description.
        let fullDescription: Message
        /// What it means and how to fix it; code scanning shows the Markdown with the alert.
        let help: MultiformatMessage
        let defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { let level: String }
    struct Message: Encodable { let text: String }
    struct MultiformatMessage: Encodable {
        let text: String
        let markdown: String
    }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let codeFlows: [CodeFlow]?
        /// A fingerprint of what failed that does not move with lines (see
        /// `VerificationReport.Property.fingerprint(graph:)`): code scanning matches a result
        /// across runs by it, so uploads through the API make no duplicate alerts.
        var partialFingerprints: [String: String]? = nil
        /// `new` or `unchanged` against the baseline `verify --baseline` read; absent without one.
        var baselineState: String? = nil
        /// The result's property bag: the feature it is about, in a graph composed of features.
        var properties: ResultProperties? = nil
    }
    struct ResultProperties: Encodable { let feature: String }
    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
        let message: Message?
    }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }
    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?

        /// The location of the document at `path`: relative to `%SRCROOT%`, or an absolute
        /// `file:` URI; percent-encoded either way.
        init(path: String) {
            if path.hasPrefix("/") {
                uri = "file://" + SARIFLog.percentEncoded(path)
                uriBaseId = nil
            } else {
                uri = SARIFLog.percentEncoded(path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
                uriBaseId = "%SRCROOT%"
            }
        }
    }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
    struct CodeFlow: Encodable {
        let message: Message
        let threadFlows: [ThreadFlow]
    }
    struct ThreadFlow: Encodable { let locations: [ThreadFlowLocation] }
    struct ThreadFlowLocation: Encodable {
        let location: Location
        let executionOrder: Int
    }

    /// The SARIF text for `reports`, one run each: sorted keys, a final newline.
    public static func text(_ reports: [VerificationReport]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Log(runs: reports.map(run))), as: UTF8.self) + "\n"
    }

    /// The key of `partialFingerprints`: the scheme's name and version.
    static let fingerprintKey = "navgraph/v1"

    /// The rule of a property kind: its id, its rule text, its help, its severity as the default level.
    static func rule(_ kind: PropertyKind) -> Rule {
        Rule(id: kind.id, name: kind.id, shortDescription: Message(text: kind.rule), fullDescription: Message(text: sentence(kind.rule) + " " + plain(kind.help)),
             help: MultiformatMessage(text: plain(kind.help), markdown: kind.help), defaultConfiguration: Configuration(level: kind.severity.rawValue))
    }

    /// The rule of one property named by its declaration, `invariant/<name>`,
    /// `can-reach/<name>` or `never/<name>`: each its own, so code scanning tells them apart,
    /// with its kind's help.
    static func declaredRule(_ property: VerificationReport.Property, kind: PropertyKind) -> Rule {
        let description = switch kind {
        case .invariant: "The invariant '\(property.name)' holds in every reachable state."
        case .canReach: "The can-reach property '\(property.name)' holds: its target can be reached from every state it starts from."
        case .never: "The never-until property '\(property.name)' holds: no forbidden state is reached while it is armed."
        default: "The property '\(property.name)' holds."
        }
        return Rule(id: property.ruleId, name: property.ruleId, shortDescription: Message(text: description),
                    fullDescription: Message(text: description + " " + plain(kind.help)),
                    help: MultiformatMessage(text: plain(kind.help), markdown: kind.help), defaultConfiguration: Configuration(level: kind.severity.rawValue))
    }

    /// The rule of a lint rule, with the fix its first finding names.
    static func lintRule(_ rule: String, findings: [VerificationReport.Finding]) -> Rule {
        let fix = findings.first?.remedy ?? ""
        let error = findings.contains { $0.severity == "error" }
        let description = "The graph's lint rule \(rule): \(error ? "an error; the graph is not explored until it is fixed" : "a warning; --strict makes it fail the run")."
        return Rule(id: "lint/\(rule)", name: rule, shortDescription: Message(text: "lint rule \(rule)"), fullDescription: Message(text: description),
                    help: MultiformatMessage(text: "\(description) Fix: \(fix)", markdown: "\(MarkdownText.escape(description))\n\n**Fix:** \(MarkdownText.escape(fix))"),
                    defaultConfiguration: Configuration(level: error ? "error" : "warning"))
    }

    /// `text` ending with a full stop.
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }

    /// Markdown help as plain text: emphasis and code marks dropped.
    static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    }

    /// The run of one graph's report.
    static func run(_ report: VerificationReport) -> Run {
        // Every run lists the rules of the kinds every graph is judged by, so their indexes
        // never move; the other kinds' follow in the order the report has them. A kind the
        // registry does not know (a report from another version) gets a rule named after it.
        var rules = PropertyRegistry.kinds.filter { $0.ruleListing == .everyRun }.map(rule)
        var known = Set(rules.map(\.id))
        for property in report.properties where known.insert(property.ruleId).inserted {
            if property.isNamedByDeclaration, let kind = PropertyRegistry.kind(id: property.kind) {
                rules.append(declaredRule(property, kind: kind))
                continue
            }
            let id = property.kind
            rules.append(PropertyRegistry.kind(id: id).map(rule)
                         ?? Rule(id: id, name: id, shortDescription: Message(text: "The property \(id)"), fullDescription: Message(text: "The property \(id)."),
                                 help: MultiformatMessage(text: "The property \(id).", markdown: "The property `\(id)`."), defaultConfiguration: Configuration(level: "error")))
        }
        let lintRules = Array(Set(report.lint.map(\.rule))).sorted()
        rules += lintRules.map { name in lintRule(name, findings: report.lint.filter { $0.rule == name }) }
        func index(_ id: String) -> Int { rules.firstIndex { $0.id == id } ?? 0 }
        var results: [Result] = []
        let source = report.source ?? "\(report.graph).navgraph.yaml"
        func location(_ at: VerificationReport.Location?, _ message: String?) -> Location {
            Location(physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(path: at?.path(source: source) ?? source),
                                                        region: Region(startLine: at?.line ?? 1, startColumn: at?.column ?? 1)),
                     message: message.map(Message.init))
        }
        /// The code flow walking `trace`, each step at the line its action comes from.
        func codeFlow(_ title: String, _ trace: [VerificationReport.TraceStep], of property: VerificationReport.Property) -> CodeFlow {
            CodeFlow(message: Message(text: "\(title), \(trace.count - 1) steps"),
                     threadFlows: [ThreadFlow(locations: trace.map { step in
                         ThreadFlowLocation(location: location(step.location ?? property.location, step.line),
                                            executionOrder: step.step)
                     })])
        }
        func fingerprints(_ fingerprint: String) -> [String: String] { [fingerprintKey: fingerprint] }
        // A failure a baseline accepts is a note that says so: code scanning keeps it, the run
        // does not fail on it.
        for property in report.properties where property.status == .failed {
            let flows = property.trace.map { [codeFlow("shortest counterexample", $0, of: property)] }
            let accepted = property.isAccepted ? "accepted by the baseline: " : ""
            results.append(Result(ruleId: property.ruleId, ruleIndex: index(property.ruleId), level: property.isAccepted ? "note" : "error",
                                  message: Message(text: "\(report.graph): \(property.name): \(accepted)\(property.message)"),
                                  locations: [location(property.location, nil)], codeFlows: flows,
                                  partialFingerprints: fingerprints(property.fingerprint(graph: report.graph)), baselineState: property.baselineState?.rawValue,
                                  properties: property.feature.map(ResultProperties.init)))
        }
        // A warning walks the path its message calls "this one", then the other path.
        for property in report.properties where property.status == .warning {
            let flows = [property.trace.map { codeFlow(property.otherTrace == nil ? "shortest path" : "this path", $0, of: property) },
                         property.otherTrace.map { codeFlow("the other path", $0, of: property) }].compactMap { $0 }
            let accepted = property.isAccepted ? "accepted by the baseline: " : ""
            results.append(Result(ruleId: property.ruleId, ruleIndex: index(property.ruleId), level: property.isAccepted ? "note" : "warning",
                                  message: Message(text: "\(report.graph): \(property.name): \(accepted)\(property.message)"),
                                  locations: [location(property.location, nil)], codeFlows: flows.isEmpty ? nil : flows,
                                  partialFingerprints: fingerprints(property.fingerprint(graph: report.graph)), baselineState: property.baselineState?.rawValue,
                                  properties: property.feature.map(ResultProperties.init)))
        }
        // An undecided property is a note: not a finding, but not to be read as a pass.
        for property in report.undecided {
            results.append(Result(ruleId: property.ruleId, ruleIndex: index(property.ruleId), level: "note",
                                  message: Message(text: "\(report.graph): \(property.name): inconclusive: \(property.message)"),
                                  locations: [location(property.location, nil)], codeFlows: nil,
                                  partialFingerprints: fingerprints(property.fingerprint(graph: report.graph)),
                                  properties: property.feature.map(ResultProperties.init)))
        }
        for finding in report.lint {
            let accepted = finding.isAccepted ? "accepted by the baseline: " : ""
            results.append(Result(ruleId: finding.ruleId, ruleIndex: index(finding.ruleId),
                                  level: finding.severity == "error" ? "error" : finding.isAccepted ? "note" : "warning",
                                  message: Message(text: "\(accepted)\(finding.message); \(finding.remedy)"),
                                  locations: [location(finding.location, nil)], codeFlows: nil,
                                  partialFingerprints: fingerprints(finding.fingerprint(graph: report.graph)), baselineState: finding.baselineState?.rawValue,
                                  properties: finding.feature.map(ResultProperties.init)))
        }
        return Run(tool: Tool(driver: Driver(rules: rules)), automationDetails: AutomationDetails(id: "navgraph/\(report.graph)/"), results: results,
                   properties: report.engine.map { RunProperties(engine: $0.name, engineRequested: $0.requested, engineReason: $0.reason) })
    }

    /// `path` with every byte but unreserved characters and `/` percent-encoded (RFC 3986).
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
            }
        }
        return result
    }
}
