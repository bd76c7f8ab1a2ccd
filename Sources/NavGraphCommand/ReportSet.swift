import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph
import NavigationReports
import NavigationVerification

/// `verify` for one graph: ``GraphVerification`` (the library does the work: lint, check,
/// diagrams, every report) with the command line's options, its notes and progress on standard
/// error, and the reports written under `Reports/<Name>/`.
struct ReportSet {
    let graphPath: String
    let graph: NavigationGraph<DynamicRoute>
    let reportsDirectory: String
    let timings: Bool
    /// Which diagrams to draw, and the size past which a graph is not laid out.
    var diagrams = DiagramPolicy()
    /// Bounds and budgets from the command line.
    var search = SearchOptions()
    /// Which engine checks the graph (`--checker`).
    var engineOptions = EngineOptions()
    /// Whether to leave out notes (`--quiet`, `--format json`).
    var quiet = false
    /// Stops the search early (Ctrl-C); the reports then say what was explored.
    var cancellation: CheckCancellation?
    /// How often to report progress on standard error while exploring, off a terminal (a
    /// terminal's line is rewritten every half second); `nil` for none.
    var progressSeconds: Double?
    /// Findings accepted for now (`--baseline`).
    var baseline: Baseline?
    /// Properties left out or made warnings by the project's configuration.
    var propertyOverrides: [String: PropertyOverride] = [:]

    struct Outcome {
        let report: VerificationReport
        let folder: String
        let renderWarnings: [String]
    }

    /// The graph's report folder, `<reports>/<folder name>/`.
    var folder: ReportFolder { ReportFolder(root: reportsDirectory, name: ReportNames.folderName(graph.name)) }

    func run() throws(CommandFailure) -> Outcome {
        let progress = progressSeconds.map { Console.progressReporter(for: graph.name, every: $0) }
        var options = VerificationOptions()
        options.engine = engineOptions.choice.request
        options.checker = search.checkerOptions(cancellation: cancellation, progress: progress)
        options.symbolicProgress = EngineOptions.symbolicProgress(progress)
        options.diagrams = diagrams
        options.timings = timings
        options.reportFolderPath = folder.path
        options.baseline = baseline
        options.propertyOverrides = propertyOverrides
        let outcome: VerificationOutcome
        do { outcome = try GraphVerification(graph: graph, path: graphPath, options: options).run() } catch {
            Console.endProgress()
            throw CommandFailure(message: "\(graphPath): \(error)", exitCode: ExitStatus.badInput)
        }
        Console.endProgress()
        if let run = outcome.run {
            EngineOptions.printNotes(for: run.engine, graph: graph.name, quiet: quiet, maxStatesGiven: search.maxStates != nil)
        }
        do { try outcome.write(toReports: reportsDirectory) } catch { throw CommandFailure(message: error.description, exitCode: ExitStatus.badInput) }
        if let error = outcome.checkError {
            // Its folder says so too, in place of the last run's reports.
            throw CommandFailure(message: "\(graphPath): \(error)", exitCode: ExitStatus.badInput)
        }
        return Outcome(report: outcome.report, folder: folder.path, renderWarnings: outcome.warnings)
    }
}
