import ArgumentParser
import Foundation
import NavigationCore
import NavigationGraph

/// How a command reports: human text or one JSON document, GitHub Actions annotations, and
/// how strict it is about warnings (the conventions of swift-format and SwiftLint).
struct OutputOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// Lines for people, with `path:line:column: severity:` lines for findings.
        case text
        /// One JSON document on standard output, for scripts; messages go to standard error.
        case json
    }

    enum Reporter: String, ExpressibleByArgument, CaseIterable {
        /// `github-actions` when the GITHUB_ACTIONS environment variable is `true`, else `text`.
        case auto
        /// `path:line:column: severity: message` lines.
        case text
        /// GitHub Actions workflow commands (`::error file=…,line=…::…`), which annotate the
        /// documents' lines in a pull request.
        case githubActions = "github-actions"
    }

    @Option(help: "text, or json: one JSON document on standard output.")
    var format: Format = .text

    @Option(help: "How findings are printed: auto (github-actions under GitHub Actions, else text), text or github-actions.")
    var reporter: Reporter = .auto

    @ArgumentParser.Flag(help: "Treat warnings as errors: a lint warning, or in verify a property that holds with a warning (ambiguous owners), fails the run (exit 1).")
    var strict = false

    @ArgumentParser.Flag(name: .shortAndLong, help: "Print only failures, inconclusive results and errors: no progress, nothing for graphs that pass.")
    var quiet = false

    /// Whether findings are printed as GitHub Actions annotations.
    var annotates: Bool {
        switch reporter {
        case .githubActions: true
        case .text: false
        case .auto: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        }
    }

    /// Says on standard error what stands in for the app around a feature document verified
    /// alone (``StandaloneFeature/notes``): a note, not a warning, so --strict does not fail on
    /// it; nothing when quiet or in JSON format.
    func noteStandalone(_ graph: NavigationGraph<DynamicRoute>) {
        guard !quiet, format == .text else { return }
        for note in graph.standaloneFeature?.notes ?? [] { Console.error("note: \(graph.name): \(note)") }
    }

    /// Prints `diagnostics` as this reporter does (nothing in JSON format, which carries them).
    func print(_ diagnostics: [Diagnostic]) {
        guard format == .text else { return }
        // Read once: under `auto` it looks the environment up, which copies all of it.
        let annotates = annotates
        for diagnostic in diagnostics {
            if annotates {
                Console.workflowCommand(diagnostic.gitHubAnnotation)
            } else {
                Console.line(diagnostic.text)
            }
        }
    }
}
