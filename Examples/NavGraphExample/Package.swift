// swift-tools-version: 6.0
// An app package that uses NavGraph as a dependency: the build-tool plugin generates typed routes
// and navigators from Sources/ShopApp/Shop.navgraph.yaml, and `swift package navgraph verify`
// verifies Graphs/, that document, and the DSL graphs ExampleNavGraphs exports.
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
    ],
    swiftLanguageModes: [.v6]
)
