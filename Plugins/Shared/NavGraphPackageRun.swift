import Foundation
import PackagePlugin

/// What both command plugins share (this file is linked into each plugin's folder): running
/// `navgraph` in the package's folder, with the package's graphs when no document is named.
///
/// - `NavGraphCommandPlugin` (`swift package navgraph …`) runs every subcommand and asks to
///   write to the package folder, as `verify` writes `Reports/`, `render` and `generate` their
///   files and `baseline` its file.
/// - `NavGraphCheckPlugin` (`swift package navgraph-check …`) runs only what writes nothing into
///   the package (`lint`, `trace`, `diff`, `schema`), so it asks for no permission.
struct NavGraphPackageRun {
    let context: PluginContext
    /// The plugin's package manager, to build the DSL exporters.
    let packageManager: PackageManager

    /// Runs a command plugin's `arguments`: `--help` prints `help` and navgraph's; no subcommand
    /// (an option or a document first) means `defaultSubcommand`; a subcommand outside `allowed` (when given) is refused with
    /// the message `refusal` makes of it. `--no-dsl` skips the DSL graphs.
    func perform(_ arguments: [String], help: String, defaultSubcommand: String, allowed: [String]? = nil,
                 refusal: (String) -> String = { $0 }) async throws {
        var extractor = ArgumentExtractor(arguments)
        let skipDSL = extractor.extractFlag(named: "no-dsl") > 0
        var forwarded = extractor.remainingArguments
        if forwarded == ["--help"] || forwarded == ["-h"] || forwarded == ["help"] {
            try printHelp(help)
            return
        }
        // No subcommand: an option or a document first (`navgraph-check Graphs/Shop.navgraph.yaml`).
        if forwarded.first.map({ $0.hasPrefix("-") || Self.isDocument($0) }) ?? true { forwarded.insert(defaultSubcommand, at: 0) }
        if let allowed, !allowed.contains(forwarded[0]) {
            Diagnostics.error(refusal(forwarded[0]))
            throw PluginFailure()
        }
        try await run(forwarded, skipDSL: skipDSL)
    }

    /// Runs `navgraph` with `arguments` (the subcommand first; `verify` or `lint` without a
    /// document get the package's graphs) and fails the command on a non-zero exit.
    func run(_ arguments: [String], skipDSL: Bool) async throws {
        var forwarded = arguments
        let subcommand = forwarded[0]
        let packageFolder = context.package.directoryURL
        if ["verify", "lint", "baseline"].contains(subcommand) && !forwarded.dropFirst().contains(where: Self.isDocument) {
            var documents = Self.documents(in: packageFolder.appendingPathComponent("Graphs")).map { "Graphs/\($0.lastPathComponent)" }
            documents += Self.sourceDocuments(of: context.package, relativeTo: packageFolder)
            if !skipDSL { documents += try await exportDSLGraphs().map(\.path) }
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

    /// Prints `help`, then navgraph's own.
    func printHelp(_ help: String) throws {
        print(help)
        _ = try run(try context.tool(named: "navgraph").url, ["--help"], in: context.package.directoryURL)
    }

    /// Builds and runs each `…NavGraphs` executable target, and returns the documents it wrote.
    private func exportDSLGraphs() async throws -> [URL] {
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
