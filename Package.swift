// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NavGraph",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavigationGraph", targets: ["NavigationGraph"]),
        .library(name: "NavigationChecker", targets: ["NavigationChecker"]),
        .library(name: "NavigationCheckerTesting", targets: ["NavigationCheckerTesting"]),
        .library(name: "NavigationDiagrams", targets: ["NavigationDiagrams"]),
        .library(name: "NavigationReports", targets: ["NavigationReports"]),
        .library(name: "GraphvizRendering", targets: ["GraphvizRendering"]),
        .executable(name: "navgraph", targets: ["navgraph"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .target(name: "NavigationCore"),
        .target(name: "NavigationGraph", dependencies: ["NavigationCore", .product(name: "Yams", package: "Yams")]),
        // BuDDy has no pkg-config file: the header and library are found on the default paths.
        .systemLibrary(name: "CBuDDy", providers: [.apt(["libbdd-dev"])]),
        .target(name: "NavigationChecker", dependencies: ["NavigationCore", "NavigationGraph", "CBuDDy"]),
        .target(name: "NavigationCheckerTesting", dependencies: ["NavigationChecker"]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
        .target(name: "GraphvizRendering", dependencies: ["CGraphviz"]),
        .target(name: "NavigationDiagrams", dependencies: ["NavigationCore", "NavigationGraph", "NavigationChecker"]),
        .target(name: "NavigationReports", dependencies: ["NavigationCore", "NavigationGraph", "NavigationChecker"]),
        .target(name: "NavGraphCommand", dependencies: [
            "NavigationCore", "NavigationGraph", "NavigationChecker", "NavigationDiagrams", "NavigationReports", "GraphvizRendering",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "navgraph", dependencies: ["NavGraphCommand"]),
        .executableTarget(
            name: "StoreDemo",
            dependencies: ["NavigationCore"],
            path: "Examples/StoreDemo"
        ),
        .target(name: "NavGraphTestSupport", dependencies: ["NavigationGraph"], path: "Tests/TestSupport"),
        .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore", "NavGraphTestSupport"]),
        .testTarget(name: "NavigationCheckerTests", dependencies: ["NavigationChecker", "NavigationCheckerTesting", "NavGraphTestSupport"]),
        .testTarget(name: "NavGraphCommandTests", dependencies: ["NavGraphCommand", "GraphvizRendering", "NavigationDiagrams", "NavGraphTestSupport"]),
        .testTarget(name: "NavigationGraphTests", dependencies: ["NavigationGraph", "NavGraphTestSupport", .product(name: "Yams", package: "Yams")]),
    ],
    swiftLanguageModes: [.v6]
)
