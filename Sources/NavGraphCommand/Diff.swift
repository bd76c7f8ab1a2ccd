import ArgumentParser
import Foundation
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports

extension NavGraphCommand {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two versions of graphs: declarations added, removed or changed, and verdicts that changed.",
            discussion: """
                BASE and HEAD are two graph documents, two folders (every *.navgraph.yaml and \
                *.navgraph.json directly in them, matched by path; feature documents in subfolders are \
                read through the app graphs that include them), a git revision and a \
                document or folder in the working tree (the old version is read with git show), or two \
                revisions (every graph document in the repository under the current directory). A graph \
                on one side only is new or removed. Both sides are explored with the same bounds and \
                budgets, and the properties whose verdict changed are listed with the change in \
                reachable states and transitions.

                Exit codes: 0 no verdict got worse; 1 a verdict got worse: a property fails that did not \
                fail on BASE (it passed, was inconclusive, or is new), or HEAD has lint errors and BASE did \
                not, or a revision's document cannot be read at HEAD (a symbolic link to an absolute path or \
                out of the revision, a file too large) and could at BASE: reported as a change, not exit 2; 2 bad input or usage (a document that does not load, an unknown revision, not a git \
                repository); 3 nothing got worse as far as is known, but a property is inconclusive on \
                HEAD (so it may fail; 0 with --allow-incomplete).

                Examples:
                  navgraph diff Graphs/Shop.navgraph.yaml Shop-new.navgraph.yaml
                  navgraph diff origin/main Graphs/Shop.navgraph.yaml
                  navgraph diff origin/main Graphs Flows --format markdown > graph-changes.md
                  navgraph diff v0.1.0 v0.2.0 --format json
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, markdown
        }

        @Argument(help: "The old version: a graph document, a folder, or a git revision.")
        var base: String

        @Argument(help: "The new version: a graph document, a folder, or a git revision.")
        var head: String

        @Argument(help: ArgumentHelp("More documents or folders in the working tree, when BASE is a revision.", valueName: "more"))
        var moreHeads: [String] = []

        @Option(help: "text, json (one JSON document), or markdown (for a pull-request comment, with a Mermaid diagram of the changed part).")
        var format: Format = .text

        @OptionGroup var search: SearchOptions

        @OptionGroup var engineOptions: EngineOptions

        @ArgumentParser.Flag(help: "Exit 0 when nothing got worse but a property is inconclusive on HEAD.")
        var allowIncomplete = false

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                var pairs: [DiffInputs.Pair] = []
                for head in [head] + moreHeads {
                    let resolved = try DiffInputs.resolve(base: base, head: head)
                    guard moreHeads.isEmpty || DiffInputs.kind(of: DiffInputs.normalized(base)) == .missing else {
                        throw CommandFailure(message: "error: several documents or folders are compared with a git revision only; put the revision first: navgraph diff <revision> \(([head] + moreHeads).joined(separator: " "))", exitCode: ExitStatus.badInput)
                    }
                    pairs += resolved.filter { pair in !pairs.contains { $0.path == pair.path } }
                }
                var comparisons: [GraphComparison] = []
                var diagrams: [String: String] = [:]
                // The first Ctrl-C or SIGTERM cancels the search under way: what was compared is
                // printed, said to be interrupted, and the exit status is the signal's.
                let interruption = Interruption(then: "printing what was compared")
                var notCompared: [String] = []
                for pair in pairs {
                    guard interruption.receivedSignal == nil else { notCompared.append(pair.path); continue }
                    let unreadable = [("base", pair.base), ("head", pair.head)].compactMap { side, content in
                        content?.unreadable.map { GraphComparison.Unreadable(side: side, reason: $0) }
                    }
                    let old = try pair.base.flatMap { side throws(CommandFailure) in side.unreadable == nil ? try load(side) : nil }
                    let new = try pair.head.flatMap { side throws(CommandFailure) in side.unreadable == nil ? try load(side) : nil }
                    let structure = GraphDiff(base: old, head: new)
                    let comparison = GraphComparison(path: pair.path, structure: structure,
                                                     verdicts: VerdictDiff(base: try old.map { graph throws(CommandFailure) in try verify(graph, cancellation: interruption.cancellation) },
                                                                           head: try new.map { graph throws(CommandFailure) in try verify(graph, cancellation: interruption.cancellation) }),
                                                     unreadable: unreadable)
                    comparisons.append(comparison)
                    // A new or removed graph would be drawn whole: the diagram shows changed parts only.
                    if comparison.presence == .both, let mermaid = DiffDiagram(structure).mermaid() { diagrams[pair.path] = mermaid }
                }
                let interrupted = interruption.receivedSignal.map { DiffWriter.Interrupted(signal: $0 == SIGINT ? "SIGINT" : "SIGTERM", notCompared: notCompared) }
                let code = interruption.exitCode ?? Self.exitCode(comparisons, allowIncomplete: allowIncomplete)
                switch format {
                case .text:
                    DiffWriter.lines(comparisons, interrupted: interrupted).forEach(Console.line)
                case .markdown:
                    Console.data(Array(DiffWriter.markdown(comparisons, diagrams: diagrams, interrupted: interrupted).utf8))
                case .json:
                    try DiffOutcome(exitCode: code, graphs: comparisons, interrupted: interrupted).print()
                }
                return code
            }
        }

        /// 1 when a verdict got worse (or HEAD's document cannot be read while BASE's could), else 3 when a property is undecided on the head (0 when
        /// `allowIncomplete`), else 0.
        static func exitCode(_ comparisons: [GraphComparison], allowIncomplete: Bool) -> ExitStatus {
            if comparisons.contains(where: \.worsened) { return ExitStatus.failed }
            // Undecided on the head, newly or not: "nothing got worse" cannot be said.
            if comparisons.contains(where: { $0.verdicts.lostDecision || $0.undecided }) && !allowIncomplete { return ExitStatus.inconclusive }
            return ExitStatus.passed
        }

        func load(_ side: DiffInputs.Side) throws(CommandFailure) -> NavigationGraph<DynamicRoute> {
            do { return search.applied(to: try GraphDocument.load(bytes: side.bytes, origin: side.origin, features: side.features)) } catch {
                throw CommandFailure(message: error.description, exitCode: ExitStatus.badInput)
            }
        }

        /// The report of one side: lint first, as `verify` does; a graph with lint errors is not explored.
        func verify(_ graph: NavigationGraph<DynamicRoute>, cancellation: CheckCancellation) throws(CommandFailure) -> VerificationReport {
            let findings = GraphLinter.lint(graph)
            guard !findings.contains(where: { $0.severity == .error }) else {
                return VerificationReport(graph: graph, notExploredBecauseOf: findings)
            }
            do {
                // The engine `verify` would choose, so a deep graph compares in the time it verifies in.
                let run = try engineOptions.check(graph, options: search.checkerOptions(cancellation: cancellation), quiet: true)
                return VerificationReport(graph: graph, run: run, lint: findings)
            } catch {
                throw CommandFailure(message: "\(graph.origin ?? graph.name): \(error)", exitCode: ExitStatus.badInput)
            }
        }
    }
}

/// What `navgraph diff --format json` prints: the exit code and each graph's comparison. Keys
/// sorted, so the same comparison prints the same bytes.
struct DiffOutcome: Encodable {
    let exitCode: ExitStatus
    let graphs: [GraphComparison]
    /// When a signal stopped the comparison: which, and the documents not compared.
    let interrupted: DiffWriter.Interrupted?

    func print() throws(CommandFailure) {
        try JSONOutcome.printDocument(self)
    }
}
