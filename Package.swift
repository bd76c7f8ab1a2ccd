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
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .target(name: "NavigationCore"),
        .target(name: "NavigationGraph", dependencies: ["NavigationCore", .product(name: "Yams", package: "Yams")]),
        .target(name: "NavigationChecker", dependencies: ["NavigationCore", "NavigationGraph"]),
        .target(name: "NavigationCheckerTesting", dependencies: ["NavigationChecker"]),
        .executableTarget(
            name: "StoreDemo",
            dependencies: ["NavigationCore"],
            path: "Examples/StoreDemo"
        ),
        .target(name: "NavGraphTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore", "NavGraphTestSupport"]),
        .testTarget(name: "NavigationCheckerTests", dependencies: ["NavigationChecker", "NavigationCheckerTesting"]),
        .testTarget(name: "NavigationGraphTests", dependencies: ["NavigationGraph", "NavGraphTestSupport", .product(name: "Yams", package: "Yams")]),
    ],
    swiftLanguageModes: [.v6]
)
