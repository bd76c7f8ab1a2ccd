import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationDiagrams
import NavigationGraph
@testable import NavigationReports
import Testing

/// summary.md with names that try to leave their place: close the code fence, start headings,
/// load remote images, pass a directive to Mermaid.
@Suite("Markdown summary")
struct MarkdownSummaryTests {
    /// A graph written in Swift, so its names reach the writer as they are (a document refuses
    /// names with newlines before any report is written).
    static func hostileGraph() throws -> NavigationGraph<DynamicRoute> {
        let routes = ["home", "%%{init: {'theme':'forest'}}%%", "tick```s", "[link](https://evil.example)"]
        return NavigationGraph(
            name: "Shop\n# Injected graph heading ![x](https://evil.example/g.png)",
            summary: "1. not a list\n- nor this <img src=https://evil.example/s.png>",
            routes: routes.map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) },
            root: "home",
            flags: [.init(name: FlagName("on"), initial: false)],
            events: [EventDeclaration(name: "go\n````\n# Injected\n![img](https://evil.example/x.png)\n<img src=https://evil.example/y.png>",
                                      flagChanges: [(flag: FlagName("on"), value: true)])],
            transitions: routes.dropFirst().map { TransitionDeclaration(from: "home", to: $0) },
            invariants: [.init(name: "off | *bold* _em_ $x$ ~~s~~ ![i](https://evil.example/i.png) #h", condition: try .parse("not on"))],
            routeName: { $0.name })
    }

    /// The lines of `markdown` outside fenced code blocks, and the code blocks' bodies, the way
    /// CommonMark reads them: a block closes at a line of at least as many backticks as opened it.
    static func split(_ markdown: String) -> (text: [String], code: [[String]]) {
        var text: [String] = [], code: [[String]] = []
        var fence: Int?
        for line in markdown.components(separatedBy: "\n") {
            let run = line.prefix { $0 == "`" }.count
            if let open = fence {
                if run >= open && line.allSatisfy({ $0 == "`" }) { fence = nil } else { code[code.count - 1].append(line) }
            } else if run >= 3 {
                fence = run
                code.append([])
            } else {
                text.append(line)
            }
        }
        return (text, code)
    }

    @Test("an event name with a newline and backticks stays inside the counterexample's code block")
    func fenceHoldsTheTrace() throws {
        let graph = try Self.hostileGraph()
        let report = VerificationReport(graph: graph, result: try Checker(graph).run(), lint: [])
        #expect(!report.passed)
        let markdown = ReportWriter.markdown(report, mermaid: RouteDiagram(graph).mermaid())
        let (text, code) = Self.split(markdown)
        #expect(code.count == 2, "the trace and the Mermaid graph, nothing else: \(markdown)")
        #expect(code.first?.contains { $0.contains("# Injected") && $0.contains("````") } == true, "\(markdown)")
        // Outside code only the writer's own headings start with '#', and nothing from the
        // document makes an image, a link, HTML or a list.
        for line in text {
            if line.hasPrefix("#") {
                #expect(line.hasPrefix("## ❌ ") || line.hasPrefix("### Counterexample: ") || line == "### Taps to reach" || line == "### Route graph", "\(line)")
            }
            let unescaped = line.replacing(/\\./, with: "")
            #expect(!unescaped.contains("![") && !unescaped.contains("](") && !line.contains("<img"), "\(line)")
            #expect(!line.hasPrefix("1. ") && !line.hasPrefix("- "), "\(line)")
        }
        #expect(text.contains("## ❌ Shop \\# Injected graph heading \\!\\[x\\](https&#58;//evil.example/g.png)"), "\(text)")
        #expect(text.contains { $0.hasPrefix("| off \\| \\*bold\\* \\_em\\_ \\$x\\$ \\~\\~s\\~\\~ \\!\\[i\\]") }, "\(text)")
    }

    @Test("a route named %%{init: …}%% reaches Mermaid as text, never as a directive")
    func mermaidDirective() throws {
        let graph = try Self.hostileGraph()
        let mermaid = RouteDiagram(graph).mermaid()
        #expect(!mermaid.contains("%"))
        #expect(mermaid.contains("#37;#37;#123;init: #123;'theme':'forest'#125;#125;#37;#37;"), "\(mermaid)")
        #expect(!mermaid.contains("`"), "backticks would start a Markdown string in a label")
        let states = StateDiagram(graph, try Checker(graph).stateGraph()).mermaid()
        #expect(!states.contains("%") && !states.contains("`"))
    }
}

@Suite("GitHub's own links in Markdown")
struct MarkdownLinkTests {
    @Test("a name cannot mention a user or team, or become a link, in a comment a bot posts")
    func mentionsAndAutolinks() {
        let escaped = MarkdownText.escape("@octocat/admins see https://evil.example/login www.evil.example a@b.example")
        #expect(escaped == "&#64;octocat/admins see https&#58;//evil.example/login www&#46;evil.example a&#64;b.example")
        // Ordinary text keeps its colons and dots.
        #expect(MarkdownText.escape("step 2: people.detail") == "step 2: people.detail")
    }
}

/// overview.md: one row per graph of a run, what a CI job summary opens with.
@Suite("run overview")
struct RunOverviewTests {
    /// Two routes, `home` and `detail`, and `failing` invariants that `detail` breaks.
    static func graph(_ name: String, failing: Int) throws -> NavigationGraph<DynamicRoute> {
        NavigationGraph(
            name: name,
            routes: ["home", "detail"].map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) },
            root: "home",
            transitions: [TransitionDeclaration(from: "home", to: "detail")],
            invariants: try (0..<failing).map { .init(name: "rule \($0 + 1)", condition: try .parse("top != detail")) },
            routeName: { $0.name })
    }

    @Test("a row per graph in run order, verdicts counted in the heading, documents' names escaped, a long list of failures cut at five")
    func overview() throws {
        let hostile = try MarkdownSummaryTests.hostileGraph()
        let injected = VerificationReport(graph: hostile, result: try Checker(hostile).run(), lint: [])
        let many = try Self.graph("Many", failing: 7), plain = try Self.graph("Plain", failing: 0)
        let markdown = ReportWriter.overviewMarkdown([
            .verified(injected, folder: "Shop_Injected"),
            .notVerified(file: "Graphs/Broken|<b>.navgraph.yaml", reason: "line 3: `form` is not a key | did you mean `from`?"),
            .verified(VerificationReport(graph: many, result: try Checker(many).run(), lint: []), folder: "Many"),
            .verified(VerificationReport(graph: plain, result: try Checker(plain).run(), lint: []), folder: "Plain"),
        ])
        let lines = markdown.components(separatedBy: "\n")
        #expect(lines[0] == "# NavGraph: 4 graphs — 2 failed, 1 not verified, 1 passed")
        #expect(lines[2] == "| graph | verdict | failed properties | states | reports |")
        #expect(lines.count == 4 + 4 + 1 && lines.last == "", "\(markdown)")
        // Every row has exactly five cells: no name from a document adds a column or a line.
        for row in lines[4..<8] {
            let scalars = Array(row.unicodeScalars)
            let bars = scalars.indices.filter { scalars[$0] == "|" && ($0 == 0 || scalars[$0 - 1] != "\\") }
            #expect(bars.count == 6, "\(row)")
        }
        #expect(lines[4].hasPrefix("| Shop \\# Injected graph heading \\!\\[x\\]"), "\(lines[4])")
        #expect(lines[4].contains("❌ FAILED") && lines[4].hasSuffix("`Shop_Injected/` |"))
        #expect(!markdown.contains("<b>") && !markdown.contains("https://"), "\(markdown)")
        #expect(lines[5] == "| Graphs/Broken\\|&lt;b&gt;.navgraph.yaml | ❌ NOT VERIFIED | line 3: \\`form\\` is not a key \\| did you mean \\`from\\`? | — | — |", "\(lines[5])")
        #expect(lines[6] == "| Many | ❌ FAILED | rule 1, rule 2, rule 3, rule 4, rule 5 and 2 more | 2 | `Many/` |", "\(lines[6])")
        #expect(lines[7] == "| Plain | ✅ PASSED | — | 2 | `Plain/` |", "\(lines[7])")
    }
}

/// summary.md is read where Mermaid draws with its default size limit (GitHub's job summaries
/// and pull requests): a route graph past it is left out with a note, not shown as an error.
@Suite("Mermaid size limit")
struct MermaidLimitTests {
    @Test("every sample's Mermaid route graph is under the limit; a 1,500-route chain's is left out of summary.md with a note, its graph.svg named")
    func limit() throws {
        for graph in try SampleGraphs.names.map(SampleGraphs.load) {
            let mermaid = RouteDiagram(graph).mermaid()
            #expect(mermaid.utf16.count <= ReportWriter.mermaidMaxCharacters, "\(graph.name): \(mermaid.utf16.count)")
        }
        let names = (0..<1_500).map { "screen\($0)" }
        let chain = NavigationGraph<DynamicRoute>(
            name: "Chain", routes: names.map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) }, root: names[0],
            transitions: zip(names, names.dropFirst()).map { TransitionDeclaration(from: $0, to: $1) }, routeName: { $0.name })
        let mermaid = RouteDiagram(chain).mermaid()
        #expect(mermaid.utf16.count > ReportWriter.mermaidMaxCharacters)
        let report = VerificationReport(graph: chain, result: try Checker(chain).run(), lint: [])
        let markdown = ReportWriter.markdown(report, mermaid: mermaid)
        #expect(!markdown.contains("```mermaid"))
        #expect(markdown.contains("The route graph is left out here: its Mermaid text has \(mermaid.trimmingCharacters(in: .newlines).utf16.count) characters, over the 50000 Mermaid draws"), "\(markdown.suffix(600))")
        // Under the limit, the block is there as before.
        let small = try SampleGraphs.load("Shop.navgraph.yaml")
        let smallReport = VerificationReport(graph: small, result: try Checker(small).run(), lint: [])
        #expect(ReportWriter.markdown(smallReport, mermaid: RouteDiagram(small).mermaid()).contains("```mermaid"))
    }
}
