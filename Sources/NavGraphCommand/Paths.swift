import ArgumentParser
import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph

extension CoverageGoal: ExpressibleByArgument {}

extension NavGraphCommand {
    struct Paths: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a small set of action sequences from launch that take every transition (or show every route).",
            discussion: """
                Plans paths over the explicit engine's search within the graph's bounds: together they take \
                every declared transition the search takes (what "every transition taken" counts), or show \
                every route it shows on top. Prints their total length beside a lower bound no set of paths \
                from launch can beat, and lists what cannot be covered within the bounds, with why. \
                --format json writes the paths as data; --format swift-testing writes a Swift Testing file \
                in which each path is a test that drives the graph's NavigationStore and expects the state \
                after every step. Exits 0, or 1 when the graph has lint errors.

                Examples:
                  navgraph paths Graphs/Shop.navgraph.yaml
                  navgraph paths Graphs/Shop.navgraph.yaml --cover routes --format json
                  navgraph paths Sources/App/Shop.navgraph.yaml --format swift-testing --output Tests/AppTests/ShopPaths.swift
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
            case swiftTesting = "swift-testing"
        }

        @Argument(help: "The graph document.")
        var graph: String

        @Option(help: "What the paths must cover: transitions or routes.")
        var cover: CoverageGoal = .transitions

        @Option(help: "text, json or swift-testing.")
        var format: Format = .text

        @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Option(help: ArgumentHelp("swift-testing: where the tests load the document from, relative to the generated file's folder (default: the document's path relative to --output's folder, else its absolute path).", valueName: "path"))
        var documentPath: String?

        @OptionGroup var search: SearchOptions

        func validate() throws {
            if documentPath != nil && format != .swiftTesting { throw ValidationError("--document-path is for --format swift-testing") }
        }

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                let loaded = search.applied(to: try GraphFiles.load(graph))
                let checker = Checker(loaded, options: search.checkerOptions(cancellation: nil))
                let cover: CoveringPaths<DynamicRoute>
                do throws(CheckerError) { cover = try checker.coveringPaths(self.cover) } catch {
                    if case .lintErrors(let findings, _) = error {
                        for diagnostic in Diagnostic.of(findings.filter { $0.severity == .error }, file: graph, graph: loaded.name, strict: false) {
                            Console.line(diagnostic.text)
                        }
                        Console.line("\(loaded.name): no paths: it has lint errors")
                        return ExitStatus.failed
                    }
                    throw CommandFailure(message: "\(graph): \(error)", exitCode: .badInput)
                }
                let text: String
                switch format {
                case .text:
                    text = Self.text(cover, graph: loaded)
                case .json:
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                    do { text = String(decoding: try encoder.encode(CoveringPathsDocument(cover, graph: loaded)), as: UTF8.self) + "\n" } catch {
                        throw CommandFailure(message: "\(graph): the paths could not be written as JSON: \(error)", exitCode: .badInput)
                    }
                case .swiftTesting:
                    let command = "navgraph paths \((graph as NSString).lastPathComponent) --cover \(self.cover.rawValue) --format swift-testing"
                    let documentPath = testDocumentPath()
                    // The command runs on the main thread; the store the file is checked against is main-actor bound.
                    let source = MainActor.assumeIsolated {
                        Result { () throws(GraphRuntimeError) -> String in try cover.swiftTestingSource(graph: loaded, documentPath: documentPath, command: command) }
                    }
                    switch source {
                    case .success(let written): text = written
                    case .failure(let error): throw CommandFailure(message: "\(graph): \(error)", exitCode: .badInput)
                    }
                }
                if let output {
                    do { try Data(text.utf8).write(to: URL(fileURLWithPath: output)) } catch {
                        throw CommandFailure(message: "error: could not write \(output): \(error.localizedDescription); check that its folder exists and is writable", exitCode: .badInput)
                    }
                    Console.error("\(loaded.name): \(cover.paths.count) paths, \(cover.totalLength) actions (lower bound \(cover.lowerBound)) written to \(output)")
                } else if format == .text {
                    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().forEach { Console.line(String($0)) }
                } else {
                    Console.data(Array(text.utf8))
                }
                return ExitStatus.passed
            }
        }

        /// Where the generated tests load the document from: `--document-path`, else the
        /// document relative to `--output`'s folder, else its absolute path.
        func testDocumentPath() -> String {
            if let documentPath { return documentPath }
            let document = Self.absolute(graph)
            guard let output else { return document }
            let folder = (Self.absolute(output) as NSString).deletingLastPathComponent
            return Self.relative(document, from: folder)
        }

        static func absolute(_ path: String) -> String {
            let full = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
            return (full as NSString).standardizingPath
        }

        /// `path` relative to `folder`, both absolute: `../../Sources/App/Shop.navgraph.yaml`.
        static func relative(_ path: String, from folder: String) -> String {
            let target = path.split(separator: "/"), base = folder.split(separator: "/")
            var common = 0
            while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
            return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(separator: "/")
        }

        /// The paths as people read them: each step with the state after it and what it covered.
        static func text(_ cover: CoveringPaths<DynamicRoute>, graph: NavigationGraph<DynamicRoute>) -> String {
            let noun = cover.goal == .transitions ? "transitions taken" : "routes shown"
            var lines = ["\(graph.name): \(cover.paths.count) path\(cover.paths.count == 1 ? "" : "s"), \(cover.totalLength) action\(cover.totalLength == 1 ? "" : "s") (lower bound \(cover.lowerBound)), covering \(cover.covered) of \(cover.coverable.count) \(noun) within the bounds (\(cover.states) states\(cover.complete ? "" : ", search cut short"))"]
            if let cutoff = cover.cutoff {
                lines.append("  the search was \(cutoff.summary)")
                if let walk = cover.walk, walk.searches > 0 {
                    let what = cover.goal == .transitions ? "transition" : "route"
                    var line = "  the covering walk \(cover.goal == .transitions ? "took" : "showed") \(walk.found) \(what)\(walk.found == 1 ? "" : "s") the search did not, by \(walk.searches) search\(walk.searches == 1 ? "" : "es") from the paths' ends and from launch (\(CheckProgress.grouped(walk.states)) states stored)"
                    if let stoppedBy = walk.stoppedBy { line += "; it stopped early (\(stoppedBy.rawValue))" }
                    lines.append(line)
                }
                if cover.uncovered.contains(where: { !$0.proven }) { lines.append("  next: \(cutoff.advice)") }
            }
            let tabs = !graph.tabs.isEmpty
            for (number, path) in cover.paths.enumerated() {
                lines.append("path \(number + 1) (\(path.steps.count) action\(path.steps.count == 1 ? "" : "s")):")
                for (index, step) in path.steps.enumerated() {
                    let covers = step.covers.isEmpty ? "" : "   [covers \(step.covers.joined(separator: ", "))]"
                    lines.append("  \(index + 1). \(step.label)\(covers)")
                    lines.append("       → \(describe(CoveringPathsDocument.state(step.state, tabs: tabs)))")
                }
            }
            if !cover.uncovered.isEmpty {
                let proven = cover.uncovered.filter(\.proven), open = cover.uncovered.filter { !$0.proven }
                if !proven.isEmpty {
                    lines.append("never \(cover.goal == .transitions ? "taken" : "shown") within the bounds (\(proven.count)):")
                    for item in proven { lines.append("  \(item.name): \(item.reason)") }
                }
                if !open.isEmpty {
                    lines.append("not found within the budgets (\(open.count)):")
                    for item in open { lines.append("  \(item.name): \(item.reason)") }
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// `tab home: catalog > product(id: 1) | sheet: cart | flags: signedIn`.
        static func describe(_ state: CoveringPathsDocument.State) -> String {
            ((state.tab.map { "tab \($0): " } ?? "") + state.stack.joined(separator: " > "))
                + state.modals.map { " | \($0)" }.joined()
                + (state.flags.isEmpty ? "" : " | flags: \(state.flags.joined(separator: ", "))")
        }
    }
}
