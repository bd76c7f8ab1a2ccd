import Foundation
import NavGraphTestSupport
import Testing
import Yams

/// The action's pull-request comment: `navgraph diff` against the base commit, posted once and
/// updated on the next push, run here with a fake `gh` that records what it was asked.
@Suite("The GitHub Action's graph diff", .serialized)
struct ActionDiffTests {
    /// A git repository whose first commit has the fixed Account graph and whose working tree
    /// has the buggy one; returns the folder and the base commit.
    static func pullRequest() throws -> (folder: URL, base: String) {
        let folder = try temporaryFolder()
        try DiffCommandTests.write(try DiffCommandTests.fixedAccount(), "Graphs/Account.navgraph.yaml", in: folder)
        try DiffCommandTests.git(["init", "-q", "-b", "main"], in: folder)
        try DiffCommandTests.git(["add", "."], in: folder)
        try DiffCommandTests.git(["commit", "-q", "-m", "base"], in: folder)
        let base = try DiffCommandTests.run(["rev-parse", "HEAD"], in: folder, program: "/usr/bin/git").out.trimmingCharacters(in: .whitespacesAndNewlines)
        try DiffCommandTests.write(try DiffCommandTests.buggyAccount(), "Graphs/Account.navgraph.yaml", in: folder)
        return (folder, base)
    }

    static func bash(_ step: String, in folder: URL, environment: [String: String]) throws -> (code: Int32, out: String, err: String) {
        try DiffCommandTests.run(["-e", "-c", try ActionTests.script(of: step)], in: folder, program: "/bin/bash", environment: environment)
    }

    @Test("the inputs, the token and the permission the comment needs are declared and documented")
    func declared() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let action = try #require(try Yams.load(yaml: text) as? [String: Any])
        let inputs = try #require(action["inputs"] as? [String: [String: Any]])
        #expect(inputs["diff"]?["default"] as? String == "true")
        #expect(inputs["github-token"]?["default"] as? String == "${{ github.token }}")
        #expect((inputs["diff"]?["description"] as? String)?.contains("pull-requests: write") == true)
        #expect(text.contains("#   permissions:\n#     pull-requests: write\n"))
        let steps = try #require((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let diff = try #require(steps.first { $0["name"] as? String == "Diff against the pull request's base" })
        #expect(diff["if"] as? String == "inputs.diff == 'true' && github.event.pull_request.base.sha != '' && steps.base.outputs.available == 'true'")
        #expect((diff["env"] as? [String: String])?["NAVGRAPH_BASE"] == "${{ github.event.pull_request.base.sha }}")
        let comment = try #require(steps.first { $0["name"] as? String == "Comment on the pull request" })
        // An interrupted or crashed diff (exit 130, 143, …) never posts its partial output.
        #expect(comment["if"] as? String == #"contains(fromJSON('["0", "1", "3"]'), steps.diff.outputs.exit-code)"#)
        #expect((comment["env"] as? [String: String])?["GH_TOKEN"] == "${{ inputs.github-token }}")
        // Only a bot's comment is taken for the one to update: anyone can write the marker.
        #expect((comment["run"] as? String)?.contains(#"select(.user.type == "Bot" and (.body | startswith("<!-- navgraph-diff -->")))"#) == true)
        // The comparison runs after verify and before the step that fails the job.
        let names = steps.compactMap { $0["name"] as? String }
        #expect(names.suffix(4) == ["Fetch the pull request's base", "Diff against the pull request's base", "Comment on the pull request", "Result"])
    }

    @Test("the base commit is fetched only when the checkout does not have it; one that cannot be fetched is a warning")
    func fetch() throws {
        let (folder, base) = try Self.pullRequest()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No remote here: a fetch would fail, so success means none was tried.
        #expect(try Self.bash("Fetch the pull request's base", in: folder, environment: ["NAVGRAPH_BASE": base]).code == 0)
        let missing = try Self.bash("Fetch the pull request's base", in: folder, environment: ["NAVGRAPH_BASE": String(repeating: "1", count: 40)])
        // A base that cannot be fetched skips the comparison with a warning, never fails the job.
        #expect(missing.code == 0 && missing.err.contains("origin"), "\(missing.err)")
        #expect(missing.out.contains("::warning title=navgraph::could not fetch the pull request's base commit"), "\(missing.out)")
    }

    @Test("the diff step writes the Markdown with its marker, adds it to the job summary and records the exit code")
    func diffStep() throws {
        let (folder, base) = try Self.pullRequest()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = folder.appendingPathComponent(".outputs"), summary = folder.appendingPathComponent(".summary")
        for file in [outputs, summary] { try Data().write(to: file) }
        let run = try Self.bash("Diff against the pull request's base", in: folder, environment: [
            "NAVGRAPH_BIN": DiffCommandTests.navgraphPath, "NAVGRAPH_BASE": base, "NAVGRAPH_GRAPHS": "Graphs", "NAVGRAPH_ARGUMENTS": "",
            "NAVGRAPH_SUMMARY": "true", "GITHUB_OUTPUT": outputs.path, "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": folder.path,
        ])
        #expect(run.code == 0, "\(run.err)")
        let comment = folder.appendingPathComponent("navgraph-diff.md")
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=1\ncomment=\(comment.path)\n")
        let markdown = try String(contentsOf: comment, encoding: .utf8)
        #expect(markdown.hasPrefix("<!-- navgraph-diff -->\n## Navigation graph changes\n"), "\(markdown)")
        #expect(markdown.contains("| Account (Graphs/Account.navgraph.yaml) | 1 changed | ❌ 3 worse |"), "\(markdown)")
        #expect(try String(contentsOf: summary, encoding: .utf8) == markdown)
    }

    @Test("a diff that did not finish (a signal) is a warning, its partial output goes to the job summary only")
    func interrupted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("navgraph")
        try "#!/bin/bash\nprintf 'partial\\n'\nexit 143\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let outputs = folder.appendingPathComponent(".outputs")
        let summary = folder.appendingPathComponent(".summary")
        try Data().write(to: outputs)
        try Data().write(to: summary)
        let run = try Self.bash("Diff against the pull request's base", in: folder, environment: [
            "NAVGRAPH_BIN": fake.path, "NAVGRAPH_BASE": "abc123", "NAVGRAPH_GRAPHS": "Graphs", "NAVGRAPH_ARGUMENTS": "",
            "NAVGRAPH_SUMMARY": "true", "GITHUB_OUTPUT": outputs.path, "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": folder.path,
        ])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("::warning::navgraph diff did not finish (exit 143)"), "\(run.out)")
        #expect(try String(contentsOf: outputs, encoding: .utf8).hasPrefix("exit-code=143\n"))
        #expect(try String(contentsOf: summary, encoding: .utf8) == "<!-- navgraph-diff -->\npartial\n")
    }

    @Test("of verify's extra arguments, the diff step passes on the bounds, budgets and engine only")
    func searchArguments() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("navgraph")
        try "#!/bin/bash\nprintf '%s\\n' \"$@\"\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let outputs = folder.appendingPathComponent(".outputs")
        try Data().write(to: outputs)
        let run = try Self.bash("Diff against the pull request's base", in: folder, environment: [
            "NAVGRAPH_BIN": fake.path, "NAVGRAPH_BASE": "abc123", "NAVGRAPH_GRAPHS": "Graphs Flows/Sign*.navgraph.yaml",
            "NAVGRAPH_ARGUMENTS": "--diagrams none --max-depth 6 --strict --timeout=10m --engine neato --checker symbolic --allow-incomplete --max-states",
            "NAVGRAPH_SUMMARY": "false", "GITHUB_OUTPUT": outputs.path, "RUNNER_TEMP": folder.path,
        ])
        #expect(run.code == 0, "\(run.err)")
        let arguments = try String(contentsOf: folder.appendingPathComponent("navgraph-diff.md"), encoding: .utf8)
        #expect(arguments == """
            <!-- navgraph-diff -->
            diff
            abc123
            Graphs
            Flows/Sign*.navgraph.yaml
            --format
            markdown
            --max-depth
            6
            --timeout=10m
            --checker
            symbolic
            --allow-incomplete
            --max-states


            """)
    }

    @Test("the comment step posts one comment, then updates the comment that carries the marker")
    func commentStep() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("gh.log")
        // The fake gh: records its arguments; lists the comment with id 42 when FAKE_EXISTING says so.
        try """
            #!/bin/bash
            echo "$*" >> "\(log.path)"
            if [ "$2" = "--paginate" ] && [ -n "$FAKE_EXISTING" ]; then echo 42; fi
            """.write(to: bin.appendingPathComponent("gh"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("gh").path)
        let comment = folder.appendingPathComponent("comment.md")
        try "<!-- navgraph-diff -->\n## Navigation graph changes\n".write(to: comment, atomically: true, encoding: .utf8)
        let environment = [
            "PATH": "\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")", "GH_TOKEN": "token",
            "NAVGRAPH_COMMENT": comment.path, "NAVGRAPH_PULL_REQUEST": "7", "NAVGRAPH_REPOSITORY": "octo/app",
        ]
        #expect(try Self.bash("Comment on the pull request", in: folder, environment: environment).code == 0)
        #expect(try String(contentsOf: log, encoding: .utf8) == """
            api --paginate repos/octo/app/issues/7/comments --jq .[] | select(.user.type == "Bot" and (.body | startswith("<!-- navgraph-diff -->"))) | .id
            api --method POST repos/octo/app/issues/7/comments -F body=@\(comment.path)

            """)
        try Data().write(to: log)
        #expect(try Self.bash("Comment on the pull request", in: folder, environment: environment.merging(["FAKE_EXISTING": "1"]) { $1 }).code == 0)
        #expect(try String(contentsOf: log, encoding: .utf8).hasSuffix("api --method PATCH repos/octo/app/issues/comments/42 -F body=@\(comment.path)\n"))

        // Too long for GitHub: cut, with a note, and the job summary keeps the whole.
        try ("<!-- navgraph-diff -->\n" + String(repeating: "x", count: 70_000) + "\n").write(to: comment, atomically: true, encoding: .utf8)
        try Data().write(to: log)
        #expect(try Self.bash("Comment on the pull request", in: folder, environment: environment).code == 0)
        let short = try String(contentsOf: folder.appendingPathComponent("comment.md.short"), encoding: .utf8)
        #expect(short.utf8.count < 60_100 && short.hasSuffix("(cut short: the whole comparison is in the job summary)\n"))
        #expect(try String(contentsOf: log, encoding: .utf8).contains("-F body=@\(comment.path).short"))
    }
}
