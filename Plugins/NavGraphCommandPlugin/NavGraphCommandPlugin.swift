import Foundation
import PackagePlugin

/// `swift package navgraph verify|lint|render|trace|generate …`: runs `navgraph` on the package.
///
/// ```
/// swift package --allow-writing-to-package-directory navgraph verify
/// swift package navgraph lint
/// swift package navgraph render Graphs/Shop.navgraph.yaml --output shop.svg
/// ```
///
/// The command runs in the package's folder with the arguments as given. `verify` and `lint`
/// with no document given take the package's graphs:
/// - every `*.navgraph.yaml` / `*.navgraph.json` under `Graphs/`;
/// - every one among a target's sources (those the build-tool plugin generates Swift from);
/// - the DSL graphs of each executable target whose name ends in `NavGraphs`: the plugin builds
///   it and runs it with one argument, a folder, where it writes one document per graph with
///   `GraphDocument.export` (skip with `--no-dsl`).
///
/// `verify` writes its reports into `Reports/` in the package (or `--reports <folder>`), which
/// is why the plugin asks for permission to write to the package folder: pass
/// `--allow-writing-to-package-directory` to `swift package`, or confirm when asked. What
/// writes nothing into the package (`lint`, `trace`, `diff`, `schema`) runs without that
/// permission through `swift package navgraph-check …` (`NavGraphCheckPlugin`).
@main
struct NavGraphCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try await NavGraphPackageRun(context: context, packageManager: packageManager)
            .perform(arguments, help: Self.help, defaultSubcommand: "verify")
    }

    static let help = """
        OVERVIEW: Run navgraph on this package.

        USAGE: swift package [--allow-writing-to-package-directory] navgraph [<subcommand>] [--no-dsl] [<navgraph arguments>]

          The subcommand and its arguments go to navgraph as given (default: verify), run in the package's folder.
          verify, lint and baseline with no document given take the package's graphs: Graphs/*.navgraph.yaml (and .json),
          the documents among its targets' sources (those NavGraphGeneratePlugin generates Swift from), and the DSL
          graphs of each executable target named <Something>NavGraphs, which the plugin builds and runs with one
          argument, a folder, where it writes each graph with GraphDocument.export (--no-dsl skips them).
          verify writes reports into Reports/ (or --reports <folder>): the plugin asks to write to the package
          folder, so pass --allow-writing-to-package-directory to swift package (or confirm when asked).
          lint, trace, diff and schema write nothing there: run them without the permission as
          swift package navgraph-check <subcommand>.
          A non-zero navgraph exit (1 a property failed, 2 bad input, 3 inconclusive) fails the command.

        EXAMPLES:
          swift package --allow-writing-to-package-directory navgraph verify
          swift package --allow-writing-to-package-directory navgraph render Graphs/Shop.navgraph.yaml --output shop.svg
          swift package navgraph-check lint
          swift package navgraph-check trace Graphs/Shop.navgraph.yaml

        navgraph's own help follows.

        """
}
