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
        let defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { let level: String }
    struct Message: Encodable { let text: String }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let codeFlows: [CodeFlow]?
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

    /// The rule of a property kind: its id, its rule text, its severity as the default level.
    static func rule(_ kind: PropertyKind) -> Rule {
        Rule(id: kind.id, name: kind.id, shortDescription: Message(text: kind.rule), defaultConfiguration: Configuration(level: kind.severity.rawValue))
    }

    /// The run of one graph's report.
    static func run(_ report: VerificationReport) -> Run {
        // Every run lists the rules of the kinds every graph is judged by, so their indexes
        // never move; the other kinds' follow in the order the report has them. A kind the
        // registry does not know (a report from another version) gets a rule named after it.
        var rules = PropertyRegistry.kinds.filter { $0.ruleListing == .everyRun }.map(rule)
        var known = Set(rules.map(\.id))
        for id in report.properties.map(\.kind) where known.insert(id).inserted {
            rules.append(PropertyRegistry.kind(id: id).map(rule)
                         ?? Rule(id: id, name: id, shortDescription: Message(text: "The property \(id)"), defaultConfiguration: Configuration(level: "error")))
        }
        let lintRules = Array(Set(report.lint.map(\.rule))).sorted()
        rules += lintRules.map { Rule(id: "lint/\($0)", name: $0, shortDescription: Message(text: "lint rule \($0)"), defaultConfiguration: Configuration(level: "warning")) }
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
        for property in report.failures {
            let flows = property.trace.map { [codeFlow("shortest counterexample", $0, of: property)] }
            results.append(Result(ruleId: property.kind, ruleIndex: index(property.kind), level: "error",
                                  message: Message(text: "\(report.graph): \(property.name): \(property.message)"),
                                  locations: [location(property.location, nil)], codeFlows: flows,
                                  properties: property.feature.map(ResultProperties.init)))
        }
        // A warning walks the path its message calls "this one", then the other path.
        for property in report.warnings {
            let flows = [property.trace.map { codeFlow(property.otherTrace == nil ? "shortest path" : "this path", $0, of: property) },
                         property.otherTrace.map { codeFlow("the other path", $0, of: property) }].compactMap { $0 }
            results.append(Result(ruleId: property.kind, ruleIndex: index(property.kind), level: "warning",
                                  message: Message(text: "\(report.graph): \(property.name): \(property.message)"),
                                  locations: [location(property.location, nil)], codeFlows: flows.isEmpty ? nil : flows,
                                  properties: property.feature.map(ResultProperties.init)))
        }
        // An undecided property is a note: not a finding, but not to be read as a pass.
        for property in report.undecided {
            results.append(Result(ruleId: property.kind, ruleIndex: index(property.kind), level: "note",
                                  message: Message(text: "\(report.graph): \(property.name): inconclusive: \(property.message)"),
                                  locations: [location(property.location, nil)], codeFlows: nil,
                                  properties: property.feature.map(ResultProperties.init)))
        }
        for finding in report.lint {
            results.append(Result(ruleId: "lint/\(finding.rule)", ruleIndex: index("lint/\(finding.rule)"),
                                  level: finding.severity == "error" ? "error" : "warning",
                                  message: Message(text: "\(finding.message); \(finding.remedy)"),
                                  locations: [location(finding.location, nil)], codeFlows: nil,
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
