// swift-tools-version: 6.0
// An app package that uses NavGraph as a dependency, with two apps:
// - ShopApp: the build-tool plugin generates typed routes and navigators from
//   Sources/ShopApp/Shop.navgraph.yaml, and `swift package navgraph verify` verifies Graphs/, that
//   document, and the DSL graphs ExampleNavGraphs exports;
// - SocialApp: a Mastodon-like app's navigation in the Swift DSL (typed conditions, a route group,
//   a wildcard source, `/@:user` links, tabs that depend on sign-in, links expected by state), its
//   store built from the graph with the app's own middleware, and a Swift Testing target
//   (`swift test`) that verifies it, catches a seeded bug and round-trips it through a document.
import PackageDescription

let package = Package(
    name: "NavGraphExample",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // In an app: .package(url: "https://github.com/<owner>/NavGraph.git", from: "<version>")
        .package(name: "NavGraph", path: "../.."),
    ],
    targets: [
        .target(
            name: "ShopApp",
            // NavigationChecker only for ShopVerification, which an app keeps in its test target.
            dependencies: [.product(name: "NavigationGraph", package: "NavGraph"), .product(name: "NavigationChecker", package: "NavGraph")],
            plugins: [.plugin(name: "NavGraphGeneratePlugin", package: "NavGraph")]),
        // By convention (a name ending in NavGraphs), `swift package navgraph verify` builds and
        // runs this target to export the package's DSL graphs as documents, then verifies them.
        .executableTarget(name: "ExampleNavGraphs", dependencies: ["ShopApp", .product(name: "NavigationGraph", package: "NavGraph")]),
        .executableTarget(name: "ShopDemo", dependencies: ["ShopApp"]),
        .target(name: "SocialApp", dependencies: [.product(name: "NavigationGraph", package: "NavGraph")]),
        // The verification lives with the app's tests: the checker is a test-only dependency.
        .testTarget(name: "SocialAppTests", dependencies: [
            "SocialApp",
            .product(name: "NavigationChecker", package: "NavGraph"),
            .product(name: "NavigationCheckerTesting", package: "NavGraph"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
