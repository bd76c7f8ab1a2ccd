import Foundation

/// The command line of `navgraph-generate`, the small executable the build-tool plugin runs
/// (it needs no Graphviz, unlike `navgraph`):
///
/// ```
/// navgraph-generate <document> [--output <file>] [--type-name <Name>] [--access public|internal] [--origin <path>] [--config <file>]
/// ```
///
/// `--config` names the project's `.navgraph.yml`, whose `generate:` section
/// (``GenerationSettings``) sets the access level when `--access` is not given, and the route
/// types the app declares itself (`extend:`), for which only navigators are generated.
///
/// `--origin` is the document's path as the generated code names it (see
/// ``SwiftGenerator/Options/originInCode``); the build-tool plugin passes the path relative to
/// the package.
///
/// Writes the Swift of ``SwiftGenerator`` to `--output` (only when it changed, so an unchanged
/// document does not recompile its target) or to standard output. Exit codes: 0 written, 2 bad
/// input or usage, with `file:line:column: error:` on standard error.
public enum GenerateCommandLine {
    static let usage = "usage: navgraph-generate <document> [--output <file>] [--type-name <Name>] [--access public|internal] [--origin <path as the code names it>] [--config <.navgraph.yml>]"

    /// Runs `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        var document: String?
        var output: String?
        var options = SwiftGenerator.Options()
        var accessGiven = false
        var configuration: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output", "--type-name", "--access", "--origin", "--config":
                guard let value = remaining.popFirst() else { return fail("error: \(argument) needs a value\n\(usage)") }
                switch argument {
                case "--output": output = value
                case "--type-name": options.typeName = value
                case "--origin": options.originInCode = value
                case "--config": configuration = value
                default:
                    guard let access = SwiftGenerator.Access(rawValue: value) else {
                        return fail("error: --access '\(value)' is not an access level; use public or internal")
                    }
                    options.access = access
                    accessGiven = true
                }
            case "-h", "--help":
                print(usage)
                return 0
            default:
                guard !argument.hasPrefix("-"), document == nil else { return fail("error: unexpected argument '\(argument)'\n\(usage)") }
                document = argument
            }
        }
        guard let document else { return fail("error: no graph document given\n\(usage)") }
        do {
            if let configuration {
                let settings = try GenerationSettings.load(configuration: configuration)
                if !accessGiven, let access = settings.access { options.access = access }
                options.existingRouteTypes.formUnion(settings.extend)
            }
            let swift = try generate(document, options: options)
            if let output { try write(swift, to: output) } else { FileHandle.standardOutput.write(Data(swift.utf8)) }
            return 0
        } catch {
            return fail(error.description)
        }
    }

    /// Reads `path` and generates its Swift.
    public static func generate(_ path: String, options: SwiftGenerator.Options) throws(CodegenError) -> String {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw CodegenError(file: path, location: nil, message: "cannot read the document (\(error.localizedDescription))",
                               remedy: "pass the path of a readable UTF-8 graph document, e.g. Graphs/Shop.navgraph.yaml")
        }
        return try SwiftGenerator(options: options).generate(documentText: text, origin: path)
    }

    /// Writes `swift` to `path` unless the file already holds exactly it, replacing it atomically.
    public static func write(_ swift: String, to path: String) throws(CodegenError) {
        let data = Data(swift.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == data { return }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CodegenError(file: path, location: nil, message: "cannot write the generated Swift (\(error.localizedDescription))",
                               remedy: "check that the folder exists and is writable")
        }
    }

    public static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 2
    }
}
