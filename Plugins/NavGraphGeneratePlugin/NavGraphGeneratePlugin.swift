import Foundation
import PackagePlugin

/// Generates Swift from each graph document (`*.navgraph.yaml` or `*.navgraph.json`) in a
/// target's sources and compiles it into the target: the route enum, its navigators and deep
/// links (see `navgraph generate swift --help`).
///
/// ```swift
/// .target(name: "ShopApp", dependencies: [.product(name: "NavigationGraph", package: "NavGraph")],
///         plugins: [.plugin(name: "NavGraphGeneratePlugin", package: "NavGraph")])
/// ```
///
/// `Sources/ShopApp/Shop.navgraph.yaml` becomes `Shop.navgraph.swift` in the plugin's work
/// folder, with `internal` declarations named from the graph (`ShopRoute`). The target depends
/// on NavigationGraph (which brings NavigationCore). The generator is `navgraph-generate`, which
/// needs no Graphviz.
///
/// The package's `.navgraph.yml` (at its root), when there is one, is passed to the generator:
/// its `generate:` section sets what a plugin cannot take as an argument, e.g.
/// `generate: { access: public }` for navigators another module uses.
///
/// A document may include feature documents (`features:`) from its folder or below; the Swift
/// generated for it embeds them, so each command lists every graph document of the target in
/// that folder tree as an input: editing a feature regenerates the app that includes it.
@main
struct NavGraphGeneratePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(documents: target.sourceFiles.map(\.url), generator: try context.tool(named: "navgraph-generate").url,
                                 workDirectory: context.pluginWorkDirectoryURL, packageDirectory: context.package.directoryURL)
    }

    /// One command per document, each writing `<name>.navgraph.swift` into `workDirectory`. The
    /// generated code names its document by its path relative to `packageDirectory` (only its
    /// file name when it lies elsewhere): no path of the building machine ends up in the app,
    /// and two checkouts generate the same bytes.
    static func commands(documents: [URL], generator: URL, workDirectory: URL, packageDirectory: URL) throws -> [Command] {
        let graphs = documents.filter { $0.lastPathComponent.hasSuffix(".navgraph.yaml") || $0.lastPathComponent.hasSuffix(".navgraph.json") }
            .sorted { $0.path < $1.path }
        var outputs: [String: URL] = [:]
        // The project's configuration, if the package has one: an input of every command, so
        // editing it regenerates.
        let configuration = [".navgraph.yml", ".navgraph.yaml"].map { packageDirectory.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        return try graphs.map { document in
            let name = String(document.lastPathComponent.dropLast(".yaml".count)) + ".swift"
            if let other = outputs[name] {
                throw GeneratePluginError(message: "\(document.path): error: generates \(name), like \(other.path); give the two documents different file names")
            }
            outputs[name] = document
            let output = workDirectory.appendingPathComponent(name)
            let folder = document.deletingLastPathComponent().path + "/"
            let features = graphs.filter { $0 != document && $0.path.hasPrefix(folder) }
            let package = packageDirectory.standardizedFileURL.path.hasSuffix("/") ? packageDirectory.standardizedFileURL.path : packageDirectory.standardizedFileURL.path + "/"
            let path = document.standardizedFileURL.path
            let origin = path.hasPrefix(package) ? String(path.dropFirst(package.count)) : document.lastPathComponent
            let configArguments = configuration.map { ["--config", $0.path] } ?? []
            return .buildCommand(displayName: "Generating \(name) from \(document.lastPathComponent)", executable: generator,
                                 arguments: [document.path, "--output", output.path, "--origin", origin] + configArguments,
                                 inputFiles: [document] + features + (configuration.map { [$0] } ?? []), outputFiles: [output])
        }
    }
}

struct GeneratePluginError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension NavGraphGeneratePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(documents: target.inputFiles.map(\.url), generator: try context.tool(named: "navgraph-generate").url,
                          workDirectory: context.pluginWorkDirectoryURL, packageDirectory: context.xcodeProject.directoryURL)
    }
}
#endif
