import Foundation
import PackagePlugin

/// `swift package navgraph-check lint|trace|conform|diff|schema …`: runs what writes nothing into the
/// package, so it asks for no permission (`swift package navgraph …`, `NavGraphCommandPlugin`,
/// runs the rest and asks to write the reports).
///
/// ```
/// swift package navgraph-check lint
/// swift package navgraph-check trace Graphs/Shop.navgraph.yaml --property "guard bypass"
/// swift package navgraph-check diff origin/main Graphs
/// swift package navgraph-check conform Graphs/Shop.navgraph.yaml session.jsonl
/// ```
///
/// `lint` with no document takes the package's graphs, as `navgraph verify` does in the other
/// plugin (`Graphs/`, the targets' sources, the DSL graphs of `…NavGraphs` targets).
@main
struct NavGraphCheckPlugin: CommandPlugin {
    /// The subcommands that write nothing into the package.
    static let readOnly = ["lint", "trace", "conform", "diff", "schema"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try await NavGraphPackageRun(context: context, packageManager: packageManager)
            .perform(arguments, help: Self.help, defaultSubcommand: "lint", allowed: Self.readOnly) { subcommand in
                "navgraph-check runs \(Self.readOnly.joined(separator: ", ")), which write nothing into the package; "
                    + "\(subcommand) does: run swift package --allow-writing-to-package-directory navgraph \(subcommand)"
            }
    }

    static let help = """
        OVERVIEW: Run navgraph's read-only subcommands on this package, without permission to write to it.

        USAGE: swift package navgraph-check [lint|trace|conform|diff|schema] [--no-dsl] [<navgraph arguments>]

          The subcommand and its arguments go to navgraph as given (default: lint), run in the package's folder.
          lint with no document given takes the package's graphs (Graphs/, the targets' sources, the DSL graphs of
          executable targets named <Something>NavGraphs; --no-dsl skips those). verify, render, generate and
          baseline write into the package: run them with swift package --allow-writing-to-package-directory navgraph.

        EXAMPLES:
          swift package navgraph-check lint
          swift package navgraph-check trace Graphs/Shop.navgraph.yaml --property "guard bypass"
          swift package navgraph-check conform Graphs/Shop.navgraph.yaml session.jsonl

        navgraph's own help follows.

        """
}
