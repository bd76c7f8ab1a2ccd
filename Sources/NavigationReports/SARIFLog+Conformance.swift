import Foundation
import NavigationChecker

extension SARIFLog {
    /// The SARIF text for a trace conformance report: one result per diverging trace, located
    /// at the trace file's line of the diverging step, whose codeFlow walks the steps before it
    /// (each at its own line); a note for the transitions no trace took, at their declarations.
    ///
    /// - Parameters:
    ///   - report: What `TraceConformance` found.
    ///   - traceFile: The trace file's path, as given.
    ///   - graphFile: The graph document's path, as given.
    public static func conformanceText(_ report: TraceConformance.Report, traceFile: String, graphFile: String) throws -> String {
        let rules = [
            Rule(id: "trace-diverges", name: "trace-diverges",
                 shortDescription: Message(text: "A recorded trace takes a step the graph does not allow, or reaches a state the graph does not."),
                 fullDescription: Message(text: "The app's recorded navigation differs from the graph: the step is not one the graph offers from the state the trace reached, or the state after it differs from the graph's."),
                 help: MultiformatMessage(text: "Fix the app or the graph so they agree; the message says which step and how they differ.",
                                          markdown: "Fix the app or the graph so they agree; the message says which step and how they differ."),
                 defaultConfiguration: Configuration(level: "error")),
            Rule(id: "transition-not-taken", name: "transition-not-taken",
                 shortDescription: Message(text: "No recorded trace takes this declared transition."),
                 fullDescription: Message(text: "The recorded traces never took this transition: record a session that does, or ask whether the app still offers it."),
                 help: MultiformatMessage(text: "Record a trace that takes the transition, or remove it from the graph if the app no longer offers it.",
                                          markdown: "Record a trace that takes the transition, or remove it from the graph if the app no longer offers it."),
                 defaultConfiguration: Configuration(level: "note")),
        ]
        let traceArtifact = ArtifactLocation(path: traceFile)
        func at(_ line: Int, _ message: String?) -> Location {
            Location(physicalLocation: PhysicalLocation(artifactLocation: traceArtifact, region: Region(startLine: max(1, line), startColumn: 1)),
                     message: message.map { Message(text: $0) })
        }
        var results: [Result] = []
        for trace in report.traces {
            guard let divergence = trace.divergence else { continue }
            let steps = divergence.stepsBefore.enumerated().map { ThreadFlowLocation(location: at($0.element.line, $0.element.action), executionOrder: $0.offset + 1) }
                + [ThreadFlowLocation(location: at(divergence.line, divergence.action), executionOrder: divergence.stepsBefore.count + 1)]
            results.append(Result(ruleId: "trace-diverges", ruleIndex: 0, level: "error",
                                  message: Message(text: "\(report.graph): trace \(trace.id), step \(divergence.step) (\(divergence.action)): \(divergence.message)"),
                                  locations: [at(divergence.line, nil)],
                                  codeFlows: [CodeFlow(message: Message(text: "trace \(trace.id) up to its first divergence"), threadFlows: [ThreadFlow(locations: steps)])],
                                  partialFingerprints: [fingerprintKey: "\(report.graph)/\(trace.id)/\(divergence.step)"]))
        }
        let graphArtifact = ArtifactLocation(path: graphFile)
        for use in report.untaken {
            let parts = (use.location ?? "1:1").split(separator: ":").compactMap { Int($0) }
            results.append(Result(ruleId: "transition-not-taken", ruleIndex: 1, level: "note",
                                  message: Message(text: "\(report.graph): no recorded trace takes \(use.label)"),
                                  locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: graphArtifact,
                                                                                         region: Region(startLine: max(1, parts.first ?? 1), startColumn: max(1, parts.dropFirst().first ?? 1))),
                                                       message: nil)],
                                  codeFlows: nil,
                                  partialFingerprints: [fingerprintKey: "\(report.graph)/untaken/\(use.label)"]))
        }
        let run = Run(tool: Tool(driver: Driver(rules: rules)), automationDetails: AutomationDetails(id: "navgraph-conform/\(report.graph)/"),
                      results: results, properties: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Log(runs: [run])), as: UTF8.self) + "\n"
    }
}
