// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "NavGraph",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavigationSwiftUI", targets: ["NavigationSwiftUI"]),
        .library(name: "NavigationGraph", targets: ["NavigationGraph"]),
        .library(name: "NavigationChecker", targets: ["NavigationChecker"]),
        .library(name: "NavigationCheckerTesting", targets: ["NavigationCheckerTesting"]),
        // The symbolic engine over BuDDy, and `GraphCheck`, which chooses between both engines.
        // A product of its own so that NavigationChecker and NavigationCheckerTesting link no C
        // library (an iOS test bundle cannot link a host system library).
        .library(name: "NavigationCheckerSymbolic", targets: ["NavigationCheckerSymbolic"]),
        .library(name: "NavigationDiagrams", targets: ["NavigationDiagrams"]),
        .library(name: "NavigationReports", targets: ["NavigationReports"]),
        .library(name: "GraphvizRendering", targets: ["GraphvizRendering"]),
        // Documents in, every report out: lint, check, diagrams and the report folder, as
        // `navgraph verify` runs them, for any Swift caller.
        .library(name: "NavigationVerification", targets: ["NavigationVerification"]),
        .executable(name: "navgraph", targets: ["navgraph"]),
        .library(name: "NavigationCodegen", targets: ["NavigationCodegen"]),
        // Opt-in: `@GraphRoutes` writes a route enum's GraphRoute conformance. Only a target that
        // depends on this product builds swift-syntax; the other products never do.
        .library(name: "NavGraphMacros", targets: ["NavGraphMacros"]),
        .executable(name: "navgraph-generate", targets: ["navgraph-generate"]),
        .plugin(name: "NavGraphGeneratePlugin", targets: ["NavGraphGeneratePlugin"]),
        .plugin(name: "NavGraphCommandPlugin", targets: ["NavGraphCommandPlugin"]),
        .plugin(name: "NavGraphCheckPlugin", targets: ["NavGraphCheckPlugin"]),
        // Not API: the synthetic graph generators, the Promela writer and the SPIN runner that the
        // benchmarks (a package of their own, under Benchmarks/) and the agreement tests share.
        .library(name: "_NavGraphBenchmarkSupport", targets: ["NavGraphBenchmarkSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // `swift package generate-documentation` (make docs). A plain `swift build` resolves it and
        // compiles its two plugin scripts, none of its code (measured: Benchmarks/README.md).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
        // The macro plugin's only dependency; built for NavGraphMacros and its tests alone.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
    ],
    targets: [
        .target(name: "NavigationCore"),
        // SwiftUI bindings over the store: empty where SwiftUI is missing (Linux), and a library of
        // its own so that the core, the checker and the command line never link SwiftUI.
        .target(name: "NavigationSwiftUI", dependencies: ["NavigationCore"]),
        .target(name: "NavigationGraph", dependencies: ["NavigationCore", .product(name: "Yams", package: "Yams")]),
        // BuDDy has no pkg-config file: the header and library are found on the default paths.
        .systemLibrary(name: "CBuDDy", providers: [.apt(["libbdd-dev"])]),
        .target(name: "NavigationChecker", dependencies: ["NavigationCore", "NavigationGraph"]),
        .target(name: "NavigationCheckerSymbolic", dependencies: ["NavigationCore", "NavigationGraph", "NavigationChecker", "CBuDDy"]),
        .target(name: "NavigationCheckerTesting", dependencies: ["NavigationChecker"]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        .target(name: "GraphvizRendering", dependencies: ["CGraphviz"]),
        .target(name: "NavigationDiagrams", dependencies: ["NavigationCore", "NavigationGraph", "NavigationChecker"]),
        .target(name: "NavigationReports", dependencies: ["NavigationCore", "NavigationGraph", "NavigationChecker"]),
        .target(name: "NavigationVerification", dependencies: [
            "NavigationCore", "NavigationGraph", "NavigationChecker", "NavigationCheckerSymbolic", "NavigationDiagrams", "NavigationReports",
            "GraphvizRendering",
        ]),
        // Code generation needs no Graphviz, so the build-tool plugin's executable builds without the C libraries.
        .target(name: "NavigationCodegen", dependencies: ["NavigationCore", "NavigationGraph", .product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "navgraph-generate", dependencies: ["NavigationCodegen"]),
        .macro(name: "NavGraphMacrosPlugin", dependencies: [
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ]),
        .target(name: "NavGraphMacros", dependencies: ["NavigationGraph", "NavGraphMacrosPlugin"]),
        .plugin(name: "NavGraphGeneratePlugin", capability: .buildTool(), dependencies: ["navgraph-generate"]),
        .plugin(
            name: "NavGraphCommandPlugin",
            capability: .command(
                intent: .custom(verb: "navgraph", description: "Verify, lint or render the package's navigation graphs (Graphs/ and DSL graphs) with navgraph."),
                permissions: [.writeToPackageDirectory(reason: "navgraph writes its reports into Reports/ (or the folder given with --reports) in the package.")]),
            dependencies: ["navgraph"]),
        // lint, trace, diff and schema write nothing into the package: they run without asking.
        .plugin(
            name: "NavGraphCheckPlugin",
            capability: .command(
                intent: .custom(verb: "navgraph-check", description: "Lint graphs, print a counterexample, compare versions (navgraph lint|trace|diff|schema), without writing to the package.")),
            dependencies: ["navgraph"]),
        .target(name: "NavGraphCommand", dependencies: [
            "NavigationCore", "NavigationGraph", "NavigationChecker", "NavigationCheckerSymbolic", "NavigationVerification", "NavigationDiagrams", "NavigationReports", "GraphvizRendering", "NavigationCodegen",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "navgraph", dependencies: ["NavGraphCommand"]),
        .executableTarget(
            name: "StoreDemo",
            dependencies: ["NavigationCore"],
            path: "Examples/StoreDemo"
        ),
        .target(name: "NavGraphTestSupport", dependencies: ["NavigationGraph"], path: "Tests/TestSupport"),
        // Holds the symbolic engine to the explicit one's meaning, for both engines' test targets.
        .target(name: "NavGraphEngineAgreement", dependencies: ["NavigationChecker", "NavigationCheckerSymbolic", "NavigationGraph"],
                path: "Tests/EngineAgreementSupport"),
        .target(name: "NavGraphBenchmarkSupport", dependencies: ["NavigationCore", "NavigationGraph"], path: "Tests/BenchmarkSupport"),
        .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore", "NavGraphTestSupport"]),
        // The explicit engine, the model and the properties; tests whose fixtures also hold the
        // symbolic engine to the same verdicts reach it through NavGraphEngineAgreement.
        .testTarget(name: "NavigationCheckerTests", dependencies: [
            "NavigationChecker", "NavigationCheckerSymbolic", "NavigationCheckerTesting", "NavGraphTestSupport", "NavGraphBenchmarkSupport",
            "NavGraphEngineAgreement",
        ]),
        .testTarget(name: "NavigationCheckerSymbolicTests", dependencies: [
            "NavigationChecker", "NavigationCheckerSymbolic", "NavigationCheckerTesting", "NavGraphTestSupport", "NavGraphBenchmarkSupport",
            "NavGraphEngineAgreement",
        ]),
        .testTarget(name: "NavGraphCommandTests", dependencies: ["NavGraphCommand", "NavigationCodegen", "NavigationCheckerSymbolic", "NavigationVerification", "GraphvizRendering", "NavigationDiagrams", "NavigationReports", "NavGraphTestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "GraphvizRenderingTests", dependencies: ["GraphvizRendering", "NavGraphTestSupport"]),
        .testTarget(name: "NavigationDiagramsTests", dependencies: [
            "NavigationDiagrams", "NavigationChecker", "GraphvizRendering", "NavGraphTestSupport",
        ]),
        .testTarget(name: "NavigationReportsTests", dependencies: [
            "NavigationReports", "NavigationChecker", "NavigationDiagrams", "NavGraphTestSupport",
        ]),
        .testTarget(name: "NavigationVerificationTests", dependencies: [
            "NavigationVerification", "NavigationChecker", "NavigationCheckerSymbolic", "NavigationDiagrams", "NavGraphTestSupport",
        ]),
        .testTarget(name: "NavigationGraphTests", dependencies: ["NavigationGraph", "NavGraphTestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "NavigationCodegenTests", dependencies: ["NavigationCodegen", "NavGraphTestSupport"]),
        .testTarget(name: "NavGraphMacrosTests", dependencies: [
            "NavGraphMacros", "NavGraphMacrosPlugin", "NavigationChecker",
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
        ]),
        // Compiles the generated Swift for Graphs/Shop.navgraph.yaml (Generated/ShopRoute.swift) and uses it.
        .testTarget(name: "GeneratedCodeTests", dependencies: ["NavigationCore", "NavigationGraph", "NavigationChecker", "NavigationCodegen", "NavGraphTestSupport"],
                    exclude: ["Documents"]),
    ],
    swiftLanguageModes: [.v6]
)
