import Foundation
import Testing
import NavigationCore
import NavigationGraph

/// Loading is bounded: what `features:` may include in all (depth, documents, bytes, composed
/// routes), refused at the include that crosses a limit, named in the error.
@Suite("Include limits")
struct IncludeLimitTests {
    typealias Folder = FeatureGraphTests.Folder

    /// `levels` files, each including the one below twice (`L0` includes nothing), the top one
    /// `App.navgraph.yaml`: the work doubles per level unless the load is bounded.
    static func includeBomb(levels: Int, routesPerFile: Int = 2) -> [String: String] {
        var files: [String: String] = [:]
        for level in 0...levels {
            var lines = ["navgraph: 1", "name: L\(level)", "root: r0", "routes:"]
            lines += (0..<routesPerFile).map { "  r\($0): {}" }
            if level > 0 {
                lines += ["features:", "  x: { file: L\(level - 1).navgraph.yaml }", "  y: { file: L\(level - 1).navgraph.yaml }",
                          "transitions:", "  - { from: r0, to: x.r0 }", "  - { from: r0, to: y.r0 }"]
            }
            files[level == levels ? "App.navgraph.yaml" : "L\(level).navgraph.yaml"] = lines.joined(separator: "\n") + "\n"
        }
        return files
    }

    @Test("the include bomb (14 levels, each file including the one below twice) is refused in under a second, naming the limit and the include")
    func includeBomb() throws {
        let folder = try Folder(Self.includeBomb(levels: 14))
        let started = ContinuousClock.now
        let error = folder.error()
        let elapsed = ContinuousClock.now - started
        let refused = try #require(error)
        #expect(elapsed < .seconds(1), "refused after \(elapsed)")
        #expect(refused.message.contains("more than \(GraphDocument.maxIncludedDocuments) feature documents"), "\(refused)")
        #expect(refused.message.contains("limit on included documents"), "\(refused)")
        // At the `file:` of the include that crossed it, in the document that wrote it.
        #expect(refused.file.hasSuffix(".navgraph.yaml"))
        let location = try #require(refused.location)
        #expect(location.line == 8 || location.line == 9, "\(refused)")
        #expect(refused.description.contains(":\(location.line):\(location.column): error: "))
    }

    @Test("features nested deeper than maxIncludeDepth are refused at the include one level too deep")
    func depth() throws {
        let levels = GraphDocument.maxIncludeDepth + 3
        var files: [String: String] = [:]
        for level in 0...levels {
            var lines = ["navgraph: 1", "name: D\(level)", "root: r0", "routes:", "  r0: {}"]
            if level > 0 { lines += ["features:", "  inner: { file: D\(level - 1).navgraph.yaml }", "transitions:", "  - { from: r0, to: inner.r0 }"] }
            files[level == levels ? "App.navgraph.yaml" : "D\(level).navgraph.yaml"] = lines.joined(separator: "\n") + "\n"
        }
        let refused = try #require(try Folder(files).error())
        #expect(refused.message.contains("levels deep, past the limit of \(GraphDocument.maxIncludeDepth) levels"), "\(refused)")
        // The document that tries the 17th level is the 16th below the app: D(levels - 16).
        #expect(refused.file.hasSuffix("D\(levels - GraphDocument.maxIncludeDepth).navgraph.yaml"), "\(refused)")
        #expect(refused.location?.line == 7, "\(refused)")
        // One level less loads.
        var shallow = files
        shallow["App.navgraph.yaml"] = files["App.navgraph.yaml"]?.replacingOccurrences(of: "D\(levels - 1).navgraph.yaml", with: "D\(GraphDocument.maxIncludeDepth - 1).navgraph.yaml")
        #expect(throws: Never.self) { try Folder(shallow).load() }
    }

    @Test("a graph composed with its features past maxComposedRoutes routes is refused, naming the limit")
    func composedRoutes() throws {
        let routes = 2_500
        var feature = ["navgraph: 1", "name: Big", "root: r0", "routes:"]
        feature += (0..<routes).map { "  r\($0): {}" }
        let count = GraphDocument.maxComposedRoutes / routes + 1
        var app = ["navgraph: 1", "name: App", "root: home", "routes:", "  home: {}", "features:"]
        app += (0..<count).map { "  f\($0): { file: Big.navgraph.yaml }" }
        app += ["transitions:"] + (0..<count).map { "  - { from: home, to: f\($0).r0 }" }
        let folder = try Folder(["Big.navgraph.yaml": feature.joined(separator: "\n") + "\n", "App.navgraph.yaml": app.joined(separator: "\n") + "\n"])
        let refused = try #require(folder.error())
        #expect(refused.message.contains("over the limit of \(GraphDocument.maxComposedRoutes) composed routes"), "\(refused)")
        // The first include that takes the app's one route and its features past the limit.
        let crossing = (GraphDocument.maxComposedRoutes - 1) / routes
        #expect(refused.message.contains("feature 'f\(crossing)'"), "\(refused)")
        #expect(refused.location?.line == 7 + crossing, "\(refused)")
    }

    @Test("an app including the same feature a few times, with features of its own, stays well within the limits")
    func realisticApp() throws {
        var files = ["Common.navgraph.yaml": "navgraph: 1\nname: Common\nroot: start\nroutes:\n  start: {}\n  more: {}\ntransitions:\n  - { from: start, to: more }\n"]
        var app = ["navgraph: 1", "name: App", "root: home", "routes:", "  home: {}", "features:"]
        for index in 0..<20 {
            files["F\(index).navgraph.yaml"] = "navgraph: 1\nname: F\(index)\nroot: a\nroutes:\n  a: {}\nfeatures:\n  common: { file: Common.navgraph.yaml }\ntransitions:\n  - { from: a, to: common.start }\n"
            app.append("  f\(index): { file: F\(index).navgraph.yaml }")
        }
        app += ["transitions:"] + (0..<20).map { "  - { from: home, to: f\($0).a }" }
        files["App.navgraph.yaml"] = app.joined(separator: "\n") + "\n"
        let graph = try Folder(files).load()
        #expect(graph.routes.count == 1 + 20 * 3)
    }
}
