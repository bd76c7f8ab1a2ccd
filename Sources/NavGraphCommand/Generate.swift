import ArgumentParser
import Foundation
import NavigationCodegen
import NavigationCore

extension NavGraphCommand {
    /// `navgraph generate swift`: code from a graph document.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate code from a graph document.",
            subcommands: [SwiftCode.self])

        /// `navgraph generate swift <document>`: the route enum, its navigators and deep links.
        struct SwiftCode: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "swift",
                abstract: "Generate Swift from a graph document: typed routes, a navigator per screen, deep links.",
                discussion: """
                    Writes one Swift file (NavigationCore and NavigationGraph are its only imports) with:
                      - the route enum (ShopRoute for graph Shop), one case per route; a parameter is Int when every
                        sample is a whole number, Bool when every sample is true or false, else String;
                      - its GraphRoute conformance, navigationGraph() (the document, embedded and typed, so the app
                        runs the guards and deep links that were verified) and makeStore();
                      - init?(deepLink:) and deepLinkURL from the document's deep links;
                      - one navigator protocol per screen (ShopRoute.CatalogNavigator) with one method per transition
                        the graph allows from it, and store.navigators.<screen> typed as that protocol alone, so a
                        transition the graph does not allow does not compile.
                    Methods are named by style and destination: push<To>, \(ModalStyle.allCases.map { $0.traits.verb == $0.documentName ? "\($0.traits.verb)<To>" : "\($0.traits.verb)<To> (\($0.documentName))" }.joined(separator: ", ")), replaceWith<To>,
                    e.g. pushProduct(id:), presentCart(), replaceWithReceipt(). Names become identifiers (sign-in → signIn,
                    2fa → _2fa, keywords in backticks); a name that makes none, or two names that make one, is an error.

                    Exit codes: 0 written, 2 bad input (a document that does not load, lint errors, a name clash) or usage.
                    The build-tool plugin NavGraphGeneratePlugin runs the same generator on a target's *.navgraph.yaml,
                    naming each document by its path relative to the package (--origin), so generated code is the same
                    on every machine.

                    Examples:
                      navgraph generate swift Graphs/Shop.navgraph.yaml --output Sources/Shop/ShopRoute.swift
                      navgraph generate swift Graphs/Shop.navgraph.yaml --type-name AppRoute --access public
                    """)

            @Argument(help: "The graph document.")
            var graph: String

            @Option(help: "Write here (only when the content changed) instead of standard output.")
            var output: String?

            @Option(help: "The route type's name (default: the graph's name and Route, e.g. ShopRoute).")
            var typeName: String?

            @Option(help: "The access level of the generated declarations: public or internal (default: the configuration's generate: access, else internal).")
            var access: String?

            @Option(help: ArgumentHelp("The project configuration (default: the first .navgraph.yml from here up to the repository's root); its generate: section sets the access level and the route types the app declares (extend:).", valueName: "file"))
            var config: String?

            @Option(help: ArgumentHelp("The document's path as the generated code names it (its header, doc comments and the graph's origin), e.g. relative to the package; default: the path given. Generated code then holds no path of this machine.", valueName: "path"))
            var origin: String?

            func validate() throws {
                if let access, SwiftGenerator.Access(rawValue: access) == nil {
                    throw ValidationError("--access '\(access)' is not an access level; use public or internal")
                }
            }

            func run() throws {
                try running { () throws(CommandFailure) -> ExitStatus in
                    let configured = try ProjectConfiguration.current(explicit: config)?.generation
                    let options = SwiftGenerator.Options(typeName: typeName, access: access.flatMap(SwiftGenerator.Access.init) ?? configured?.access ?? .internal,
                                                         originInCode: origin, existingRouteTypes: Set(configured?.extend ?? []))
                    do throws(CodegenError) {
                        let swift = try GenerateCommandLine.generate(graph, options: options)
                        if let output { try GenerateCommandLine.write(swift, to: output) } else { FileHandle.standardOutput.write(Data(swift.utf8)) }
                    } catch {
                        throw CommandFailure(message: error.description, exitCode: ExitStatus.badInput)
                    }
                    return ExitStatus.passed
                }
            }
        }
    }
}
