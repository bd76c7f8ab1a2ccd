// swift-tools-version: 6.1
import PackageDescription

// The explorer's benchmarks, a package of their own so the library never depends on the
// benchmark harness. Run them with `make bench` from the repository root.
let package = Package(
    name: "NavGraphBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "NavGraph", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ExplorerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NavigationChecker", package: "NavGraph"),
                .product(name: "NavigationGraph", package: "NavGraph"),
                .product(name: "_NavGraphBenchmarkSupport", package: "NavGraph"),
            ],
            path: "Benchmarks/ExplorerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SpinComparison",
            dependencies: [
                .product(name: "NavigationCore", package: "NavGraph"),
                .product(name: "NavigationChecker", package: "NavGraph"),
                .product(name: "NavigationCheckerSymbolic", package: "NavGraph"),
                .product(name: "NavigationGraph", package: "NavGraph"),
                .product(name: "_NavGraphBenchmarkSupport", package: "NavGraph"),
            ]
        ),
        // The symbolic engine on an app-shaped graph at one stack depth (see its main.swift).
        .executableTarget(
            name: "SymbolicMeasurement",
            dependencies: [
                .product(name: "NavigationChecker", package: "NavGraph"),
                .product(name: "NavigationCheckerSymbolic", package: "NavGraph"),
                .product(name: "NavigationGraph", package: "NavGraph"),
                .product(name: "_NavGraphBenchmarkSupport", package: "NavGraph"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
