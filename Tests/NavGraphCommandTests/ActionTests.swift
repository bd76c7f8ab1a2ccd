import Foundation
import NavGraphTestSupport
import Testing
import Yams

/// The GitHub Action (`action.yml`): its steps' scripts run here as a runner would run them,
/// with the built executable standing in for the one the action builds.
@Suite("The GitHub Action", .serialized)
struct ActionTests {
    /// The `run:` script of the step called `name`.
    static func script(of name: String) throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let action = try #require(try Yams.load(yaml: text) as? [String: Any])
        let runs = try #require(action["runs"] as? [String: Any])
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [[String: Any]])
        let step = try #require(steps.first { $0["name"] as? String == name }, "no step called \(name)")
        return try #require(step["run"] as? String)
    }

    /// Runs `script` in bash in the repository root with `environment`; returns its exit code and output.
    static func bash(_ script: String, environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script]
        process.currentDirectoryURL = repositoryRoot
        var inherited = ProcessInfo.processInfo.environment
        inherited["GITHUB_ACTIONS"] = nil
        process.environment = inherited.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Runs the Verify step on `graphs` with the built executable, reports under `folder/Reports`
    /// and the step's outputs written to `outputs`.
    static func verify(_ graphs: String, in folder: URL, outputs: URL, baseline: String = "") throws -> (status: Int32, output: String) {
        try Data().write(to: outputs)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navgraph")
        return try bash(try script(of: "Verify"), environment: [
            "NAVGRAPH_BIN": FileManager.default.isExecutableFile(atPath: binary.path) ? binary.path : repositoryRoot.appendingPathComponent(".build/debug/navgraph").path,
            "GITHUB_ACTION_PATH": repositoryRoot.path, "GITHUB_OUTPUT": outputs.path,
            "NAVGRAPH_GRAPHS": graphs, "NAVGRAPH_REPORTS": folder.appendingPathComponent("Reports").path, "NAVGRAPH_ARGUMENTS": "--quiet",
            "NAVGRAPH_BASELINE": baseline,
        ])
    }

    @Test("a folder in the graphs input that holds no document is an error (exit 2), never a quiet fallback to Graphs/")
    func verifyStepRefusesEmptyFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = folder.appendingPathComponent("outputs")
        let run = try Self.verify("Graphs Benchmarks", in: folder, outputs: outputs)
        #expect(run.status == 0)
        #expect(run.output.contains("::error title=navgraph::the graphs input names the folder 'Benchmarks', which holds no *.navgraph.yaml or *.navgraph.json"), "\(run.output)")
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=2\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports").path), "nothing verified")
    }

    @Test("with a baseline the verify step passes on the accepted findings and annotates them as notices; without the file, as before")
    func verifyStepWithBaseline() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        // The two samples that fail on purpose (the real-app-sized one would only cost time).
        let graphs = ["Graphs/Account.navgraph.yaml", "Graphs/Requests.navgraph.yaml"]
        let written = try DiffCommandTests.run(["baseline", "--output", baseline] + graphs, in: repositoryRoot)
        #expect(written.code == 0, "\(written.out)\(written.err)")
        let outputs = folder.appendingPathComponent("outputs")
        let run = try Self.verify(graphs.joined(separator: " "), in: folder, outputs: outputs, baseline: baseline)
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=0\n", "\(run.output)")
        let annotations = run.output.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 4 && annotations.allSatisfy { $0.hasPrefix("::notice file=") && $0.contains("::accepted by the baseline: ") }, "\(run.output)")
        // The input's default names a file that is not there: verify runs without a baseline.
        let plain = try Self.verify(graphs.joined(separator: " "), in: folder, outputs: outputs, baseline: ".navgraph-baseline.json")
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=1\n", "\(plain.output)")
    }

    @Test("the verify step annotates failing properties on their lines, records the exit code and never fails on its own")
    func verifyStep() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = folder.appendingPathComponent("outputs")
        let run = try Self.verify("Graphs", in: folder, outputs: outputs)
        #expect(run.status == 0)
        let annotations = run.output.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations == [
            "::error file=Graphs/Account.navgraph.yaml,line=49,col=24,title=Account%3A orders need sign-in::'top == orders implies signedIn' is false [invariant]",
            "::error file=Graphs/Account.navgraph.yaml,line=50,col=31,title=Account%3A order details need sign-in::'top == orderDetail implies signedIn' is false [invariant]",
            "::error file=Graphs/Account.navgraph.yaml,line=18,col=3,title=Account%3A guard bypass::orders is on top while its guard 'signedIn' is false (and 1 more route) [guard-bypass]",
            "::error file=Graphs/Mastodon.navgraph.yaml,line=230,col=28,title=Mastodon%3A editors need an account::'modal == editors implies signedIn' is false [invariant]",
            "::error file=Graphs/Mastodon.navgraph.yaml,line=231,col=33,title=Mastodon%3A settings tab only signed out::'tab == settings implies not signedIn' is false [invariant]",
            "::error file=Graphs/Mastodon.navgraph.yaml,line=238,col=30,title=Mastodon%3A no account after sign-out::'tab == profile and top == account' holds here, after 'not signedIn' held and before 'signedIn' did [never]",
            "::error file=Graphs/Mastodon.navgraph.yaml,line=35,col=9,title=Mastodon%3A selected tab is shown::tab settings is selected but not shown ('not signedIn' is false) [selected-tab-shown]",
            "::error file=Graphs/Mastodon.navgraph.yaml,line=183,col=11,title=Mastodon%3A deep links::https://mastodon.example/@alice was planned to account(id: alice) but landed under a modal: the user sees addRemoteTimeline until it is dismissed (64 problems in all) [deep-links]",
            "::error file=Graphs/Requests/People.navgraph.yaml,line=21,col=5,title=Requests%3A dropped requests::request for feed.share dropped: none of its owners (feed.post) is shown or in a tab (2 dropped requests in all) (feature people) [dropped-requests]",
        ], "\(run.output)")
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=1\n")
        let reports = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Reports").path).sorted()
        #expect(reports == ["Account", "Connect", "Mastodon", "Onboarding", "Requests", "Shop", "Social", "overview.md"])

        // The summary step opens with the run's overview (a row per graph), then appends every
        // graph's summary.md.
        let summary = folder.appendingPathComponent("summary.md")
        try Data().write(to: summary)
        let written = try Self.bash(try Self.script(of: "Job summary"), environment: [
            "NAVGRAPH_REPORTS": folder.appendingPathComponent("Reports").path, "GITHUB_STEP_SUMMARY": summary.path,
        ])
        #expect(written.status == 0)
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.components(separatedBy: "\n## ").count == 8)
        #expect(text.hasPrefix("# NavGraph: 7 graphs — 3 failed, 4 passed\n"), "\(text.prefix(200))")
        let overview = text.components(separatedBy: "\n## ")[0].split(separator: "\n")
        #expect(overview.filter { $0.hasPrefix("| ") }.count == 1 + 7, "a header and a row per graph")
        #expect(overview.contains("| Account | ❌ FAILED | orders need sign-in, order details need sign-in, guard bypass | 14 | `Account/` |"), "\(overview)")
        #expect(overview.contains("| Mastodon | ❌ FAILED | editors need an account, settings tab only signed out, no account after sign-out, selected tab is shown, deep links | 9.17e+48 | `Mastodon/` |"), "\(overview)")
        #expect(text.contains("\n## ❌ Account"))
    }

    @Test("a folder given to the verify step means the documents directly in it (feature documents in subfolders are read through their apps), as the diff step reads it")
    func verifyStepReadsSubfolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphs = folder.appendingPathComponent("graphs")
        try FileManager.default.createDirectory(at: graphs.appendingPathComponent("nested"), withIntermediateDirectories: true)
        for (path, name) in [("One.navgraph.yaml", "One"), ("nested/Two.navgraph.yaml", "Two")] {
            let text = "navgraph: 1\nname: \(name)\nroot: a\nroutes: { a: {}, b: {} }\ntransitions:\n  - { from: a, to: b }\n"
            try Data(text.utf8).write(to: graphs.appendingPathComponent(path))
        }
        let outputs = folder.appendingPathComponent("outputs")
        let run = try Self.verify(graphs.path, in: folder, outputs: outputs)
        #expect(run.status == 0)
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=0\n", "\(run.output)")
        let reports = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Reports").path).sorted()
        #expect(reports == ["One", "overview.md"])
    }

    @Test("the result step exits with verify's code, so the job fails as verify does")
    func resultStep() throws {
        for code in ["0", "1", "3"] {
            #expect(try Self.bash(try Self.script(of: "Result"), environment: ["NAVGRAPH_EXIT": code]).status == Int32(code))
        }
    }
}
