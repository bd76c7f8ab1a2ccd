// swift-tools-version: 6.0
// NavGraph's three plugins over a prebuilt `navgraph` and `navgraph-generate` (an artifact
// bundle), as SwiftLint ships its plugins: a package that uses them builds none of NavGraph's
// tools from source. `make artifactbundle` (in the repository's root) writes the bundle here; a
// release attaches it zipped, and this manifest then names it by URL and checksum:
//     .binaryTarget(name: "NavGraphTools", url: "https://…/navgraph.artifactbundle.zip", checksum: "…")
// The plugins' sources are the repository's own (links), so both packages run the same code.
import PackageDescription

let package = Package(
    name: "NavGraphPrebuilt",
    products: [
        .plugin(name: "NavGraphPrebuiltCommandPlugin", targets: ["NavGraphPrebuiltCommandPlugin"]),
        .plugin(name: "NavGraphPrebuiltCheckPlugin", targets: ["NavGraphPrebuiltCheckPlugin"]),
        .plugin(name: "NavGraphPrebuiltGeneratePlugin", targets: ["NavGraphPrebuiltGeneratePlugin"]),
    ],
    targets: [
        .binaryTarget(name: "NavGraphTools", path: "navgraph.artifactbundle"),
        .plugin(
            name: "NavGraphPrebuiltCommandPlugin",
            capability: .command(
                intent: .custom(verb: "navgraph", description: "Verify, lint or render the package's navigation graphs (Graphs/ and DSL graphs) with navgraph."),
                permissions: [.writeToPackageDirectory(reason: "navgraph writes its reports into Reports/ (or the folder given with --reports) in the package.")]),
            dependencies: ["NavGraphTools"]),
        .plugin(
            name: "NavGraphPrebuiltCheckPlugin",
            capability: .command(
                intent: .custom(verb: "navgraph-check", description: "Lint graphs, print a counterexample, compare versions (navgraph lint|trace|diff|schema), without writing to the package.")),
            dependencies: ["NavGraphTools"]),
        .plugin(name: "NavGraphPrebuiltGeneratePlugin", capability: .buildTool(), dependencies: ["NavGraphTools"]),
    ],
    swiftLanguageModes: [.v6]
)
