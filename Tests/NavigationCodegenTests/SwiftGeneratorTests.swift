import Foundation
import NavGraphTestSupport
import NavigationCodegen
import Testing

@Suite("Swift generator")
struct SwiftGeneratorTests {
    private func document(routes: String, transitions: String = "[]", extra: String = "") -> String {
        """
        navgraph: 1
        name: Probe
        root: home
        routes:
          home: {}
        \(routes)
        transitions: \(transitions)
        \(extra)
        """
    }

    private func error(_ text: String, typeName: String? = nil) -> CodegenError? {
        do {
            _ = try SwiftGenerator(options: .init(typeName: typeName)).generate(documentText: text, origin: "Probe.navgraph.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("parameter types are inferred from the samples")
    func parameterTypes() {
        #expect(ParameterType(samples: ["1", "2", "-3"]) == .int)
        #expect(ParameterType(samples: ["007"]) == .string)
        #expect(ParameterType(samples: ["+7"]) == .string)
        #expect(ParameterType(samples: ["true", "false"]) == .bool)
        #expect(ParameterType(samples: ["true", "1"]) == .string)
        #expect(ParameterType(samples: ["ada", "grace"]) == .string)
    }

    @Test("two routes that map to one identifier are refused, naming both")
    func identifierClash() throws {
        let failure = try #require(error(document(routes: "  sign-in: {}\n  signIn: {}")))
        #expect(failure.description.hasPrefix("Probe.navgraph.yaml:7:3: error: routes 'sign-in' (line 6) and 'signIn' would both generate the case 'signIn'"),
                "\(failure)")
    }

    @Test("two routes whose navigators would share names are refused, naming both")
    func stemClash() throws {
        let failure = try #require(error(document(routes: "  cart: {}\n  Cart: {}")))
        #expect(failure.message.contains("routes 'cart' (line 6) and 'Cart' would both generate 'CartNavigator'"), "\(failure)")
    }

    @Test("a route that makes no identifier is refused with the reason", arguments: [("'***'", "no ASCII letter or digit"), ("self", "which Swift reserves")])
    func noIdentifier(route: String, reason: String) throws {
        let failure = try #require(error(document(routes: "  \(route): {}")))
        #expect(failure.message.contains("cannot be named in Swift"), "\(failure)")
        #expect(failure.message.contains(reason), "\(failure)")
        #expect(failure.location?.line == 6)
    }

    @Test("a route named like a generated member is refused", arguments: ["graphSamples", "navigationStore", "HomeNavigator", "HomeScreen", "Swift", "NavigationGraph"])
    func memberClash(route: String) throws {
        let failure = try #require(error(document(routes: "  \(route): {}")))
        #expect(failure.message.contains("would be named"), "\(failure)")
    }

    @Test("two parameters with one label are refused")
    func parameterClash() throws {
        let failure = try #require(error(document(routes: "  item:\n    params:\n      item-id: [1]\n      itemId: [2]")))
        #expect(failure.message.contains("parameters 'item-id' and 'itemId' of route 'item' would both be labelled 'itemId'"), "\(failure)")
    }

    @Test("type names must be identifiers and must not hide what the generated code uses", arguments: ["Shop Route", "class", "Int", "NavigationStore"])
    func typeNames(name: String) throws {
        let failure = try #require(error(document(routes: ""), typeName: name))
        #expect(failure.remedy.contains("--type-name"), "\(failure)")
    }

    @Test("a document that does not load, or has lint errors, is refused with its location")
    func badDocuments() throws {
        let unknown = try #require(error(document(routes: "", transitions: "[{ from: home, to: nowhere }]")))
        #expect(unknown.message.contains("nowhere"), "\(unknown)")
        #expect(unknown.remedy.contains("navgraph lint"), "\(unknown)")
        let malformed = try #require(error("navgraph: 1\nname: [\n"))
        #expect(malformed.description.contains("error: malformed YAML"), "\(malformed)")
    }

    @Test("navigator methods are named by style and destination; a transition declared twice is one method")
    func methodNames() throws {
        let text = document(routes: "  cart: {}\n  login: {}\n  next: {}",
                            transitions: "[{ from: home, to: cart, style: sheet }, { from: home, to: login, style: cover }, "
                                + "{ from: home, to: next, style: replace, when: a }, { from: home, to: next, style: replace, when: b }, { from: home, to: cart }]",
                            extra: "flags: { a: false, b: false }")
        let swift = try SwiftGenerator().generate(documentText: text, origin: "Probe.navgraph.yaml")
        for method in ["func presentCart()", "func coverLogin()", "func replaceWithNext()", "func pushCart()"] {
            #expect(swift.components(separatedBy: method).count == 3, "\(method): one requirement, one implementation")
        }
        #expect(swift.contains("The graph offers it only while `a`, or while `b`."))
    }

    @Test("the --type-name option and public access are honoured")
    func options() throws {
        let swift = try SwiftGenerator(options: .init(typeName: "AppScreen", access: .public))
            .generate(documentText: document(routes: ""), origin: "Probe.navgraph.yaml")
        #expect(swift.contains("public enum AppScreen: GraphRoute {"))
        #expect(swift.contains("public protocol HomeNavigator {}"))
        #expect(swift.contains("public var home: some HomeNavigator"))
    }
}

@Suite("navgraph-generate's --origin")
struct GenerateOriginTests {
    /// The Connect sample (an app graph and its feature documents) copied into a folder of its own.
    static func checkout() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-generate-\(UUID().uuidString)")
        let graphs = folder.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: graphs.appendingPathComponent("Connect"), withIntermediateDirectories: true)
        for file in ["Connect.navgraph.yaml", "Connect/Feed.navgraph.yaml", "Connect/People.navgraph.yaml", "Connect/Settings.navgraph.yaml"] {
            try FileManager.default.copyItem(at: SampleGraphs.repositoryRoot.appendingPathComponent("Graphs/\(file)"), to: graphs.appendingPathComponent(file))
        }
        return folder
    }

    @Test("the same document generates the same bytes from two checkout paths, naming no path of the machine")
    func reproducible() throws {
        let first = try Self.checkout(), second = try Self.checkout()
        defer { for folder in [first, second] { try? FileManager.default.removeItem(at: folder) } }
        var outputs: [String] = []
        for folder in [first, second] {
            let document = folder.appendingPathComponent("Sources/App/Connect.navgraph.yaml").path
            let output = folder.appendingPathComponent("Connect.navgraph.swift").path
            #expect(GenerateCommandLine.run([document, "--output", output, "--origin", "Sources/App/Connect.navgraph.yaml"]) == 0)
            let swift = try String(contentsOfFile: output, encoding: .utf8)
            #expect(!swift.contains(folder.path), "the checkout's path is in the generated code")
            // The features are embedded and found relative to the named origin.
            #expect(swift.contains("origin: \"Sources/App/Connect.navgraph.yaml\", features: .embedded(in: \"Sources/App/Connect.navgraph.yaml\""))
            outputs.append(swift)
        }
        #expect(outputs[0] == outputs[1])
        // Without --origin the path given is the origin, as before.
        let document = first.appendingPathComponent("Sources/App/Connect.navgraph.yaml").path
        let plain = try GenerateCommandLine.generate(document, options: SwiftGenerator.Options())
        #expect(plain.contains(document))
    }
}
