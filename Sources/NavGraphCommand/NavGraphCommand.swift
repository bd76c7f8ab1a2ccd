import ArgumentParser
import Foundation
import GraphvizRendering
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports
import NavigationVerification

/// The `navgraph` command: verify, render, lint, trace, schema. The executable only calls
/// `NavGraphCommand.main()`.
public struct NavGraphCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navgraph",
        abstract: "Verify app navigation graphs: lint, explore every reachable state, write reports and diagrams.",
        discussion: """
            \(ExitStatus.help)

            Examples:
              navgraph verify                      # every graph under Graphs/, reports under Reports/
              navgraph verify Graphs/Shop.navgraph.yaml --reports out
              navgraph trace Graphs/Account.navgraph.yaml
              navgraph render Graphs/Shop.navgraph.yaml --format png --output shop.png
              navgraph generate swift Graphs/Shop.navgraph.yaml --output ShopRoute.swift
            """,
        version: NavGraphVersion.current,
        subcommands: [Verify.self, Render.self, Lint.self, Trace.self, Conform.self, Diff.self, WriteBaseline.self, Schema.self, Generate.self],
        defaultSubcommand: Verify.self)

    public init() {}

    /// Runs the command line `arguments` (without the program name) and returns the exit
    /// code: 0 clean, 1 a property failed, 2 bad input or usage (argument errors included),
    /// 3 inconclusive (a search cut short), 128 + the signal's number when interrupted.
    public static func run(_ arguments: [String]) -> Int32 {
        // Checked before parsing: parsing would hand the word to `verify` as a document.
        if let typo = SubcommandTypo.failure(for: arguments, subcommands: configuration.subcommands.map { $0._commandName },
                                             exists: { FileManager.default.fileExists(atPath: $0) }) {
            Console.error(typo)
            return typo.exitCode.rawValue
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            // Help and usage span several lines; each is escaped on its own.
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if code == .success {
                if !message.isEmpty { lines.forEach(Console.line) }
                return 0
            }
            lines.forEach(Console.error)
            return 2
        }
    }

    /// The executable's entry: runs the process's arguments and exits with ``run(_:)``'s code.
    public static func main() {
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst())))
    }
}

/// Runs `body`, turning a ``CommandFailure`` into its message and exit code.
func running(_ body: () throws(CommandFailure) -> ExitStatus) throws -> Never {
    do {
        throw ExitCode(try body().rawValue)
    } catch let failure as CommandFailure {
        Console.error(failure)
        throw ExitCode(failure.exitCode.rawValue)
    }
}
