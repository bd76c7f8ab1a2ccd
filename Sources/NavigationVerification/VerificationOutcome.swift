import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationReports

/// One file of a graph's report folder.
public struct ReportFile: Hashable, Sendable {
    /// Its name in the folder: `report.json`, `graph.svg`, `counterexample-1.svg`, …
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// What ``GraphVerification/run()`` produced for one graph: the report model, every report
/// file, and what the terminal should hear.
public struct VerificationOutcome: Sendable {
    /// The graph's name, which names its report folder (``ReportNames/folderName(_:)``).
    public let graph: String
    /// The report every writer renders (also in ``files`` as report.json and the others).
    public let report: VerificationReport
    /// The folder's files, in the order they were made.
    public let files: [ReportFile]
    /// The check, when the graph was explored.
    public let run: CheckRun<DynamicRoute>?
    /// Why the checker refused the graph (it was not explored), if it did.
    public let checkError: GraphCheckError?
    /// Lines for the terminal, without the `warning: ` prefix (a diagram skipped or not rendered).
    public let warnings: [String]

    /// Writes ``files`` into `<reports>/<folder name>/`, in place of an earlier run's reports
    /// (see the folder's safety rules: no symbolic link followed, each file complete or none).
    ///
    /// - Throws: ``VerificationError/reportFolder(_:)`` when the folder cannot be written.
    public func write(toReports reports: String) throws(VerificationError) {
        do { try ReportFolder(root: reports, name: ReportNames.folderName(graph)).replaceReports(with: files.map { ($0.name, $0.bytes) }) } catch {
            throw .reportFolder(error.message)
        }
    }
}

/// Why a verification produced no reports.
public enum VerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A report could not be encoded: a bug in NavGraph.
    case encoding(String)
    /// The report folder could not be written (a symbolic link in the way, a full disk, …).
    case reportFolder(String)

    public var description: String {
        switch self {
        case .encoding(let reason): "error: cannot encode the reports (\(reason)); please report this as a navgraph bug"
        case .reportFolder(let message): message
        }
    }
}
