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
/// `--allow-writing-to-package-directory` to `swift package`, or confirm when asked.
@main
struct NavGraphCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let skipDSL = extractor.extractFlag(named: "no-dsl") > 0
        var forwarded = extractor.remainingArguments
        if forwarded == ["--help"] || forwarded == ["-h"] || forwarded == ["help"] {
            print(Self.help)
            _ = try run(try context.tool(named: "navgraph").url, ["--help"], in: context.package.directoryURL)
            return
        }
        if forwarded.first.map({ $0.hasPrefix("-") }) ?? true { forwarded.insert("verify", at: 0) }
        let subcommand = forwarded[0]
        let packageFolder = context.package.directoryURL

        if ["verify", "lint"].contains(subcommand) && !forwarded.dropFirst().contains(where: Self.isDocument) {
            var documents = Self.documents(in: packageFolder.appendingPathComponent("Graphs")).map { "Graphs/\($0.lastPathComponent)" }
            documents += Self.sourceDocuments(of: context.package, relativeTo: packageFolder)
            if !skipDSL { documents += try await exportDSLGraphs(context: context).map(\.path) }
            guard !documents.isEmpty else {
                Diagnostics.error("no graphs: add documents under Graphs/, or an executable target named <Something>NavGraphs that exports DSL graphs")
                throw PluginFailure()
            }
            forwarded += documents
        }

        let status = try run(try context.tool(named: "navgraph").url, forwarded, in: packageFolder)
        guard status == 0 else {
            Diagnostics.error("navgraph \(subcommand) exited with \(status) (1 a property failed or lint errors, 2 bad input, 3 inconclusive)")
            throw PluginFailure()
        }
    }

    static let help = """
        OVERVIEW: Run navgraph on this package.

        USAGE: swift package [--allow-writing-to-package-directory] navgraph [<subcommand>] [--no-dsl] [<navgraph arguments>]

          The subcommand and its arguments go to navgraph as given (default: verify), run in the package's folder.
          verify and lint with no document given take the package's graphs: Graphs/*.navgraph.yaml (and .json),
          the documents among its targets' sources (those NavGraphGeneratePlugin generates Swift from), and the DSL
          graphs of each executable target named <Something>NavGraphs, which the plugin builds and runs with one
          argument, a folder, where it writes each graph with GraphDocument.export (--no-dsl skips them).
          verify writes reports into Reports/ (or --reports <folder>): the plugin asks to write to the package
          folder, so pass --allow-writing-to-package-directory to swift package (or confirm when asked).
          A non-zero navgraph exit (1 a property failed, 2 bad input, 3 inconclusive) fails the command.

        EXAMPLES:
          swift package --allow-writing-to-package-directory navgraph verify
          swift package --allow-writing-to-package-directory navgraph lint
          swift package --allow-writing-to-package-directory navgraph render Graphs/Shop.navgraph.yaml --output shop.svg

        navgraph's own help follows.

        """

    /// Builds and runs each `…NavGraphs` executable target, and returns the documents it wrote.
    private func exportDSLGraphs(context: PluginContext) async throws -> [URL] {
        let exporters = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { $0.kind == .executable && $0.name.hasSuffix("NavGraphs") }
            .sorted { $0.name < $1.name }
        var documents: [URL] = []
        for exporter in exporters {
            Diagnostics.remark("building \(exporter.name) to export its DSL graphs")
            let build = try packageManager.build(.product(exporter.name), parameters: .init(configuration: .debug, logging: .concise))
            guard build.succeeded, let executable = build.builtArtifacts.first(where: { $0.kind == .executable })?.url else {
                Diagnostics.error("\(exporter.name) did not build:\n\(build.logText)")
                throw PluginFailure()
            }
            let folder = context.pluginWorkDirectoryURL.appendingPathComponent("exported").appendingPathComponent(exporter.name)
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let status = try run(executable, [folder.path], in: context.package.directoryURL)
            guard status == 0 else {
                Diagnostics.error("\(exporter.name) exited with \(status) while exporting its graphs into \(folder.path)")
                throw PluginFailure()
            }
            let exported = Self.documents(in: folder)
            if exported.isEmpty { Diagnostics.warning("\(exporter.name) wrote no *.navgraph.yaml into the folder it was given") }
            documents += exported
        }
        return documents
    }

    /// Runs `executable` with `arguments` in `folder`, its output going to the terminal.
    private func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// The graph documents among the targets' sources (those the build-tool plugin generates
    /// Swift from), relative to the package's folder, sorted.
    private static func sourceDocuments(of package: Package, relativeTo folder: URL) -> [String] {
        let prefix = folder.standardizedFileURL.path + "/"
        let paths = package.targets.compactMap { $0 as? SourceModuleTarget }.flatMap(\.sourceFiles).map { $0.url.standardizedFileURL.path }
        return paths.filter(isDocument).map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }.sorted()
    }

    /// The graph documents directly in `folder`, sorted.
    private static func documents(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(isDocument).sorted().map { folder.appendingPathComponent($0) }
    }

    private static func isDocument(_ path: String) -> Bool {
        path.hasSuffix(".navgraph.yaml") || path.hasSuffix(".navgraph.json")
    }
}

/// A failure already reported through `Diagnostics`.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String { "navgraph failed (see above)" }
}
