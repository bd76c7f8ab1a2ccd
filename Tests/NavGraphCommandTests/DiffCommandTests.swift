import Foundation
import NavGraphTestSupport
import Testing

/// `navgraph diff`: documents, folders and git revisions compared, verdict changes and their
/// exit codes, the three formats, and names that try to escape their place.
@Suite("navgraph diff", .serialized)
struct DiffCommandTests {
    /// The Account sample with its bug fixed (`then: popToRoot` on sign-out): every property passes.
    static func fixedAccount() throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Graphs/Account.navgraph.yaml"), encoding: .utf8)
        let fixed = text.replacingOccurrences(of: "    set: { signedIn: false }\n", with: "    set: { signedIn: false }\n    then: popToRoot\n")
        #expect(fixed != text)
        return fixed
    }

    static func buggyAccount() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Graphs/Account.navgraph.yaml"), encoding: .utf8)
    }

    /// Runs the built `navgraph` (or `program` with `arguments`) in `folder` with `extra`
    /// environment variables; returns the exit code, standard output and standard error.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL, program: String? = nil, environment extra: [String: String] = [:],
                    terminateAfter seconds: Double? = nil) throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program ?? navgraphPath)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment.merging(extra) { $1 }
        let output = folder.appendingPathComponent(".out-\(UUID().uuidString)"), errors = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        for file in [output, errors] { try Data().write(to: file) }
        defer { for file in [output, errors] { try? FileManager.default.removeItem(at: file) } }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        if let seconds {
            Thread.sleep(forTimeInterval: seconds)
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        }
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: errors, encoding: .utf8))
    }

    /// The path of the built `navgraph`.
    static var navgraphPath: String {
        let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navgraph")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built.path : repositoryRoot.appendingPathComponent(".build/debug/navgraph").path
    }

    static func git(_ arguments: [String], in folder: URL) throws {
        let result = try run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments, in: folder, program: "/usr/bin/git")
        try #require(result.code == 0, "git \(arguments): \(result.err)")
    }

    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("a fix makes three verdicts pass (exit 0); undoing it makes them fail (exit 1), each listed with the change in states")
    func verdictsBetweenTwoDocuments() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try Self.fixedAccount(), "fixed.navgraph.yaml", in: folder)
        try Self.write(try Self.buggyAccount(), "buggy.navgraph.yaml", in: folder)

        let worse = try Self.run(["diff", "fixed.navgraph.yaml", "buggy.navgraph.yaml"], in: folder)
        #expect(worse.code == 1, "\(worse.err)")
        #expect(worse.out == """
            buggy.navgraph.yaml (Account): 1 declaration changed; 3 verdicts got worse
              ~ event signOut: when signedIn and top == help; set signedIn: false; then popToRoot → when signedIn and top == help; set signedIn: false
              ✘ guard-bypass guard bypass: passed → failed: orders is on top while its guard 'signedIn' is false (and 1 more route)
              ✘ invariant order details need sign-in: passed → failed: 'top == orderDetail implies signedIn' is false
              ✘ invariant orders need sign-in: passed → failed: 'top == orders implies signedIn' is false
              states 9 → 14 (+5), transitions 19 → 28 (+9)

            """)

        let better = try Self.run(["diff", "buggy.navgraph.yaml", "fixed.navgraph.yaml", "--format", "json"], in: folder)
        #expect(better.code == 0, "\(better.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(better.out.utf8)) as? [String: Any])
        #expect(json["exitCode"] as? Int == 0)
        let graph = try #require((json["graphs"] as? [[String: Any]])?.first)
        #expect(graph["presence"] as? String == "both" && graph["graph"] as? String == "Account")
        let verdicts = try #require(graph["verdicts"] as? [String: Any])
        let properties = try #require(verdicts["properties"] as? [[String: Any]])
        #expect(properties.map { "\($0["name"] ?? "") \($0["before"] ?? "") → \($0["after"] ?? "")" } == [
            "guard bypass failed → passed", "order details need sign-in failed → passed", "orders need sign-in failed → passed",
        ])
        #expect((verdicts["states"] as? [String: Any])?["before"] as? Int == 14 && (verdicts["states"] as? [String: Any])?["after"] as? Int == 9)
        #expect(verdicts["worsened"] as? Bool == false)
        // The same input prints the same bytes.
        #expect(try Self.run(["diff", "buggy.navgraph.yaml", "fixed.navgraph.yaml", "--format", "json"], in: folder).out == better.out)

        let same = try Self.run(["diff", "buggy.navgraph.yaml", "buggy.navgraph.yaml"], in: folder)
        #expect(same.code == 0 && same.out == "buggy.navgraph.yaml (Account): unchanged\n", "\(same.out)")
    }

    @Test("a property that becomes inconclusive exits 3, or 0 with --allow-incomplete")
    func lostVerdict() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixed = try Self.fixedAccount()
        try Self.write(fixed, "before.navgraph.yaml", in: folder)
        try Self.write(fixed.replacingOccurrences(of: "maxStates: 10000", with: "maxStates: 3"), "after.navgraph.yaml", in: folder)
        // maxStates bounds the explicit engine only (the symbolic one holds no state table).
        let result = try Self.run(["diff", "before.navgraph.yaml", "after.navgraph.yaml", "--checker", "explicit"], in: folder)
        #expect(result.code == 3, "\(result.out)\(result.err)")
        #expect(result.out.contains("  ~ bounds bounds: maxStackDepth 5, maxModalDepth 1, maxStates 10000 → maxStackDepth 5, maxModalDepth 1, maxStates 3"), "\(result.out)")
        #expect(result.out.contains("⚠ invariant orders need sign-in: passed → inconclusive"), "\(result.out)")
        #expect(try Self.run(["diff", "before.navgraph.yaml", "after.navgraph.yaml", "--checker", "explicit", "--allow-incomplete"], in: folder).code == 0)
        // Undecided on both sides: nothing is known to have got worse, but nothing is known to hold,
        // and the text and the pull-request comment say so rather than "unchanged".
        let both = try Self.run(["diff", "after.navgraph.yaml", "after.navgraph.yaml", "--checker", "explicit"], in: folder)
        #expect(both.code == 3)
        #expect(both.out.contains("undecided: HEAD was not checked to the end (the search was "), "\(both.out)")
        #expect(!both.out.contains("unchanged"), "\(both.out)")
        let comment = try Self.run(["diff", "after.navgraph.yaml", "after.navgraph.yaml", "--checker", "explicit", "--format", "markdown"], in: folder)
        #expect(comment.code == 3)
        #expect(comment.out.contains("⚠️ **Undecided: 1 graph was not checked to the end on HEAD**"), "\(comment.out)")
        #expect(!comment.out.contains("No navigation graph changed"), "\(comment.out)")
        #expect(!comment.out.contains("No verdict got worse"), "\(comment.out)")
        // The engine verify would choose checks this graph whole: the lower maxStates changes nothing.
        #expect(try Self.run(["diff", "before.navgraph.yaml", "after.navgraph.yaml"], in: folder).code == 0)
    }

    @Test("folders: documents directly in them matched by path, a graph on one side only is new or removed, and a new failing graph is worse")
    func folders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try Self.fixedAccount(), "old/Account.navgraph.yaml", in: folder)
        try Self.write(try Self.fixedAccount(), "old/nested/Gone.navgraph.yaml", in: folder)
        try Self.write(try Self.fixedAccount(), "new/Account.navgraph.yaml", in: folder)
        try Self.write(try Self.buggyAccount(), "new/Added.navgraph.yaml", in: folder)
        try Self.write("not a graph", "new/notes.txt", in: folder)
        let result = try Self.run(["diff", "old", "new/"], in: folder)
        #expect(result.code == 1, "\(result.err)")
        let headlines = result.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        // A subfolder holds feature documents, read through their apps: not compared on their own.
        #expect(headlines == [
            "new/Account.navgraph.yaml (Account): unchanged",
            "new/Added.navgraph.yaml (Account): new graph, failed",
        ], "\(result.out)")
        let mixed = try Self.run(["diff", "old", "new/Account.navgraph.yaml"], in: folder)
        #expect(mixed.code == 2 && mixed.err.contains("are a file and a folder"), "\(mixed.err)")
    }

    @Test("a document that is a symbolic link is followed at a git revision, as in the working tree; one that cannot be read is a reported change, not exit 2")
    func symbolicLinksAtRevisions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.git(["init", "-q", "-b", "main"], in: folder)
        try Self.write(try Self.fixedAccount(), "Shared/Account.navgraph.yaml", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Graphs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Graphs/Account.navgraph.yaml").path,
                                                   withDestinationPath: "../Shared/Account.navgraph.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Graphs/Elsewhere.navgraph.yaml").path,
                                                   withDestinationPath: folder.appendingPathComponent("Shared/Account.navgraph.yaml").path)
        try Self.git(["add", "."], in: folder)
        try Self.git(["commit", "-q", "-m", "graphs"], in: folder)
        try Self.write(try Self.buggyAccount(), "Shared/Account.navgraph.yaml", in: folder)

        let linked = try Self.run(["diff", "main", "Graphs/Account.navgraph.yaml"], in: folder)
        #expect(linked.code == 1, "\(linked.err)")
        #expect(linked.out.hasPrefix("Graphs/Account.navgraph.yaml (Account): 1 declaration changed; 3 verdicts got worse\n"), "\(linked.out)\(linked.err)")
        // BASE holds a link to an absolute path: it is reported, and HEAD is judged as new.
        let absolute = try Self.run(["diff", "main", "Graphs/Elsewhere.navgraph.yaml"], in: folder)
        #expect(absolute.code == 1, "\(absolute.out)\(absolute.err)")
        #expect(absolute.out.contains("  ⚠ BASE not read: ") && absolute.out.contains("is a symbolic link to the absolute path"), "\(absolute.out)\(absolute.err)")

        // A pull request that commits a link to an absolute path in place of a graph cannot
        // silence its own diff comment: the comparison of both revisions reports it (exit 1:
        // the graph is no longer verified), every other graph is still compared, and the
        // Markdown comment says so.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Graphs/Account.navgraph.yaml"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Graphs/Account.navgraph.yaml").path,
                                                   withDestinationPath: "/etc/hostname")
        try Self.write(try Self.fixedAccount(), "Shared/Account.navgraph.yaml", in: folder)
        try Self.git(["add", "-A"], in: folder)
        try Self.git(["commit", "-q", "-m", "planted"], in: folder)
        let planted = try Self.run(["diff", "main~1", "main", "--format", "markdown"], in: folder)
        #expect(planted.code == 1, "\(planted.out)\(planted.err)")
        #expect(planted.out.contains("| ❌ HEAD not read |"), "\(planted.out)")
        #expect(planted.out.contains("HEAD's document was not read: ") && planted.out.contains("is a symbolic link to the absolute path"), "\(planted.out)")
        #expect(planted.out.contains("Shared/Account.navgraph.yaml"), "the other graph is still compared\n\(planted.out)")
        // The same link in the working tree, against the revision before it.
        let working = try Self.run(["diff", "main~1", "Graphs"], in: folder)
        #expect(working.code == 1, "\(working.out)\(working.err)")
        #expect(working.out.hasPrefix("Graphs/Account.navgraph.yaml (Account): HEAD's document cannot be read, so the graph is no longer verified\n  ⚠ HEAD not read: "), "\(working.out)")
    }

    @Test("an interrupted diff prints what it compared, says it was interrupted and makes no claim; exit 143")
    func interrupted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A graph the explicit engine needs minutes for (see BudgetTests): the signal lands in its search.
        try Self.write(BudgetTests.flags, "base.navgraph.yaml", in: folder)
        try Self.write(BudgetTests.flags.replacingOccurrences(of: "  r5: {}", with: "  r5: {}\n  r6: {}"), "head.navgraph.yaml", in: folder)
        let run = try Self.run(["diff", "base.navgraph.yaml", "head.navgraph.yaml", "--format", "markdown", "--checker", "explicit"],
                               in: folder, terminateAfter: 1.5)
        #expect(run.code == 128 + SIGTERM, "\(run.out)\(run.err)")
        #expect(run.out.contains("⚠️ **Interrupted**: interrupted (SIGTERM) before the comparison ended; nothing here says that no verdict got worse."), "\(run.out)")
        #expect(!run.out.contains("No verdict got worse") && !run.out.contains("No navigation graph changed"), "\(run.out)")
        #expect(run.out.contains("| Flags24 (head.navgraph.yaml) |"), "what was compared is still shown\n\(run.out)")
    }

    @Test("a git revision against the working tree: changed, added and removed graphs; unknown revisions and no repository are bad input")
    func gitRevisions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Outside any repository (the temporary folder is not in one).
        try Self.write(try Self.fixedAccount(), "Graphs/Account.navgraph.yaml", in: folder)
        let outside = try Self.run(["diff", "main", "Graphs/Account.navgraph.yaml"], in: folder)
        #expect(outside.code == 2 && outside.err.contains("is not inside a git repository"), "\(outside.err)")

        try Self.git(["init", "-q", "-b", "main"], in: folder)
        try Self.write(try Self.fixedAccount(), "Graphs/Old.navgraph.yaml", in: folder)
        try Self.git(["add", "."], in: folder)
        try Self.git(["commit", "-q", "-m", "graphs"], in: folder)
        // The working tree: Account gets the bug, Old is removed, New is added.
        try Self.write(try Self.buggyAccount(), "Graphs/Account.navgraph.yaml", in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Graphs/Old.navgraph.yaml"))
        try Self.write(try Self.fixedAccount(), "Graphs/New.navgraph.yaml", in: folder)

        let file = try Self.run(["diff", "main", "Graphs/Account.navgraph.yaml"], in: folder)
        #expect(file.code == 1, "\(file.err)")
        #expect(file.out.hasPrefix("Graphs/Account.navgraph.yaml (Account): 1 declaration changed; 3 verdicts got worse\n"), "\(file.out)")
        let removed = try Self.run(["diff", "main", "Graphs/Old.navgraph.yaml"], in: folder)
        #expect(removed.code == 0 && removed.out == "Graphs/Old.navgraph.yaml (Account): graph removed\n", "\(removed.out)\(removed.err)")
        let all = try Self.run(["diff", "main", "Graphs", "--format", "markdown"], in: folder)
        #expect(all.code == 1, "\(all.err)")
        #expect(all.out.contains("| Account (Graphs/Account.navgraph.yaml) | 1 changed | ❌ 3 worse | 9 → 14 (+5) | 19 → 28 (+9) |"), "\(all.out)")
        #expect(all.out.contains("| Account (added, Graphs/New.navgraph.yaml) |") && all.out.contains("| Account (removed, Graphs/Old.navgraph.yaml) |"), "\(all.out)")

        // Two revisions: every graph document of either.
        try Self.git(["add", "-A"], in: folder)
        try Self.git(["commit", "-q", "-m", "change"], in: folder)
        let revisions = try Self.run(["diff", "main~1", "main"], in: folder)
        #expect(revisions.code == 1, "\(revisions.err)")
        #expect(revisions.out.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
            "Graphs/Account.navgraph.yaml (Account): 1 declaration changed; 3 verdicts got worse",
            "Graphs/New.navgraph.yaml (Account): new graph, passed",
            "Graphs/Old.navgraph.yaml (Account): graph removed",
        ], "\(revisions.out)")

        // A folder removed since the revision: every graph in it is removed.
        try FileManager.default.moveItem(at: folder.appendingPathComponent("Graphs"), to: folder.appendingPathComponent("Moved"))
        let gone = try Self.run(["diff", "main", "Graphs"], in: folder)
        #expect(gone.code == 0 && gone.out == "Graphs/Account.navgraph.yaml (Account): graph removed\nGraphs/New.navgraph.yaml (Account): graph removed\n", "\(gone.out)\(gone.err)")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("Moved"), to: folder.appendingPathComponent("Graphs"))

        // The same folder written another way is the same graphs, not removed ones and new ones.
        for spelling in ["Graphs/../Graphs", "./Graphs/", "Graphs//"] {
            let same = try Self.run(["diff", "main", spelling], in: folder)
            #expect(same.code == 0 && same.out.split(separator: "\n").filter { !$0.hasPrefix(" ") } == [
                "Graphs/Account.navgraph.yaml (Account): unchanged", "Graphs/New.navgraph.yaml (Account): unchanged",
            ], "\(spelling): \(same.out)\(same.err)")
        }
        // A folder named like the base revision: which one is meant cannot be known.
        let commit = try Self.run(["diff", "main", "Graphs"], in: folder)
        #expect(commit.code == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("main"), withIntermediateDirectories: true)
        try Self.write(try Self.buggyAccount(), "main/Account.navgraph.yaml", in: folder)
        let ambiguous = try Self.run(["diff", "main", "Graphs"], in: folder)
        #expect(ambiguous.code == 2 && ambiguous.err.contains("'main' is both a file or folder and a git revision"), "\(ambiguous.err)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("main"))

        let unknown = try Self.run(["diff", "no-such-branch", "Graphs/Account.navgraph.yaml"], in: folder)
        #expect(unknown.code == 2 && unknown.err.contains("'no-such-branch' is neither a file or folder nor a revision"), "\(unknown.err)")
        let option = try Self.run(["diff", "--", "--output=x", "Graphs"], in: folder)
        #expect(option.code == 2 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path), "\(option.err)")
        let missing = try Self.run(["diff", "main", "Graphs/Nowhere.navgraph.yaml"], in: folder)
        #expect(missing.code == 2 && missing.err.contains("is not in the working tree, nor at main"), "\(missing.err)")
    }

    @Test("hostile names stay text: one escaped line on a terminal, escaped Markdown outside code, Mermaid labels without directives")
    func hostileNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = """
            navgraph: 1
            name: "Shop [x](https://evil.example) *v1*"
            root: home
            routes:
              home: {}
              cart: {}
            transitions:
              - { from: home, to: cart }
            invariants:
              ok: depth <= 4
            """
        // Names a document accepts, made of what Markdown and Mermaid read as syntax.
        // Renamed too, so the old name is printed in the headline.
        let head = base
            .replacingOccurrences(of: "name: \"Shop [x](https://evil.example) *v1*\"", with: "name: Shop")
            .replacingOccurrences(of: "  cart: {}", with: "  cart: {}\n  \"x_[y](z)|w\": {}")
            .replacingOccurrences(of: "  - { from: home, to: cart }", with: "  - { from: home, to: cart, when: \"depth <= 3\" }\n  - { from: cart, to: \"x_[y](z)|w\" }")
            .replacingOccurrences(of: "  ok: depth <= 4", with: "  ok: depth <= 4\n  \"<img src=x> %%{init: {'theme':'dark'}}%% ##[error]\": \"depth <= 5\"")
        try Self.write(base, "a.navgraph.yaml", in: folder)
        try Self.write(head, "b.navgraph.yaml", in: folder)

        let text = try Self.run(["diff", "a.navgraph.yaml", "b.navgraph.yaml"], in: folder)
        #expect(text.code == 0, "\(text.err)")
        #expect(!text.out.contains("##[") && text.out.contains("#\\u{23}[error]"), "\(text.out)")

        let markdown = try Self.run(["diff", "a.navgraph.yaml", "b.navgraph.yaml", "--format", "markdown"], in: folder)
        #expect(markdown.code == 0, "\(markdown.err)")
        var fence: String?
        var mermaid: [String] = []
        for line in markdown.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let open = fence {
                if line == open { fence = nil } else { mermaid.append(line) }
                continue
            }
            if line.hasPrefix("```") {
                fence = String(line.prefix { $0 == "`" })
                #expect(line == "```mermaid")
                continue
            }
            // Escaped brackets are text: once every backslash escape is taken out, no link is left.
            let unescaped = line.replacing(/\\./, with: "")
            #expect(!line.contains("<img") && !unescaped.contains("](") && !unescaped.contains("["), "\(line)")
            if line.hasPrefix("#") { #expect(line.hasPrefix("## Navigation graph changes") || line.hasPrefix("### "), "\(line)") }
        }
        #expect(markdown.out.contains("| 🟢 added | invariant | &lt;img src=x&gt; %%{init: {&#39;theme&#39;:&#39;dark&#39;}}%% \\#\\#\\[error\\] |"), "\(markdown.out)")
        #expect(markdown.out.contains("b.navgraph.yaml: 4 declarations changed; renamed from Shop \\[x\\](https&#58;//evil.example) \\*v1\\*; 1 other verdict changed."), "\(markdown.out)")
        #expect(mermaid.first == "flowchart LR" && mermaid.contains { $0.hasPrefix("  classDef added ") }, "\(mermaid)")
        #expect(mermaid.contains("  n2(\"x_[y](z)#124;w\"):::added"), "\(mermaid)")
        #expect(mermaid.contains("  n1 -->|\"changed: push → push when depth #lt;= 3\"| n0"), "\(mermaid)")
        #expect(mermaid.contains("  linkStyle 0 stroke:#1a7f37,stroke-width:2px,color:#1a7f37"), "\(mermaid)")
        #expect(mermaid.contains("  linkStyle 1 stroke:#bf8700,stroke-width:2px,color:#bf8700"), "\(mermaid)")
        #expect(!mermaid.contains { $0.contains("%%") }, "\(mermaid)")
    }

    @Test("bad input exits 2 and says what to do")
    func badInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("navgraph: 1\nname: [", "broken.navgraph.yaml", in: folder)
        try Self.write(try Self.fixedAccount(), "good.navgraph.yaml", in: folder)
        let broken = try Self.run(["diff", "good.navgraph.yaml", "broken.navgraph.yaml"], in: folder)
        #expect(broken.code == 2 && broken.err.contains("broken.navgraph.yaml:"), "\(broken.err)")
        let missingHead = try Self.run(["diff", "good.navgraph.yaml", "nowhere.navgraph.yaml"], in: folder)
        #expect(missingHead.code == 2 && missingHead.err.contains("put the revision first"), "\(missingHead.err)")
        let help = try Self.run(["diff", "--help"], in: folder)
        #expect(help.out.contains("Exit codes: 0 no verdict got worse; 1 a verdict got worse"), "\(help.out)")
    }
}
