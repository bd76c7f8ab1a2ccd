import Foundation
import NavigationGraph
import Yams

/// What a project's `.navgraph.yml` says about generated Swift, in its `generate:` section
/// (the rest of the file is `navgraph`'s):
///
/// ```yaml
/// generate:
///   access: public      # public or internal (the default)
///   extend: [SocialRoute]   # route enums the app declares (its Swift DSL graphs): navigators only
/// ```
///
/// A build-tool plugin takes no arguments, so this is how a package asks the generate plugin
/// for `public` navigators (to use them from another module). `navgraph-generate --config`
/// reads it; a flag given as well (`--access`) wins.
public struct GenerationSettings: Hashable, Sendable {
    /// The keys of the `generate:` section.
    public static let keys = ["access", "extend"]

    /// The access level of the generated declarations; `nil` leaves the generator's default.
    public var access: SwiftGenerator.Access?
    /// Route types the app declares itself, which generated files extend with navigators
    /// instead of declaring (``SwiftGenerator/Options/existingRouteTypes``).
    public var extend: [String]

    /// Settings as a `generate:` section states them.
    ///
    /// - Parameters:
    ///   - access: The access level of the generated declarations; `nil` for the default.
    ///   - extend: Route types the app declares itself.
    public init(access: SwiftGenerator.Access? = nil, extend: [String] = []) {
        self.access = access
        self.extend = extend
    }

    /// The `generate:` section of the configuration at `path` (empty settings when it has none).
    ///
    /// - Throws: `CodegenError` at the file's line and column when the file cannot be read, is
    ///   not YAML, or its `generate:` section is not a mapping of known keys to valid values.
    public static func load(configuration path: String) throws(CodegenError) -> GenerationSettings {
        let maxBytes = 1 << 20
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodegenError(file: path, location: nil, message: "cannot read the configuration", remedy: "check the path given to --config")
        }
        guard data.count <= maxBytes else {
            throw CodegenError(file: path, location: nil, message: "is larger than \(maxBytes) bytes, which no configuration needs", remedy: "check the path given to --config")
        }
        let root: Node?
        do { root = try Yams.compose(yaml: String(decoding: data, as: UTF8.self)) } catch {
            throw CodegenError(file: path, location: nil, message: "is not YAML (\(error))", remedy: "fix the configuration")
        }
        guard case .mapping(let mapping)? = root, let section = mapping.first(where: { $0.key.string == "generate" })?.value else {
            return GenerationSettings()
        }
        return try read(section, file: path)
    }

    /// The settings in a `generate:` section's value `node` of the configuration `file`.
    package static func read(_ node: Node, file: String) throws(CodegenError) -> GenerationSettings {
        func failure(_ node: Node, _ message: String, _ remedy: String) -> CodegenError {
            CodegenError(file: file, location: node.mark.map { SourceLocation(line: $0.line, column: $0.column, file: file) }, message: message, remedy: remedy)
        }
        guard case .mapping(let mapping) = node else {
            throw failure(node, "'generate' must be a mapping", "write e.g. 'generate: { access: public }'")
        }
        var settings = GenerationSettings()
        for (key, value) in mapping {
            guard let name = key.string, keys.contains(name) else {
                let suggestion = key.string.flatMap { NameSuggestion.closest(to: $0, in: keys) }.map { "did you mean '\($0)'?" } ?? "expected one of \(keys.joined(separator: ", "))"
                throw failure(key, "unknown key '\(key.string ?? "")' in 'generate'", suggestion)
            }
            if name == "extend" {
                settings.extend = try typeNames(value, failure)
                continue
            }
            let allowed = SwiftGenerator.Access.allCases.map(\.rawValue)
            guard let text = value.string, let access = SwiftGenerator.Access(rawValue: text) else {
                throw failure(value, "'access' must be one of \(allowed.joined(separator: ", "))", "write 'access: public' to use the generated navigators from another module")
            }
            settings.access = access
        }
        return settings
    }

    /// The route type names of `extend:`: one name or a list, each a Swift identifier.
    private static func typeNames(_ node: Node, _ failure: (Node, String, String) -> CodegenError) throws(CodegenError) -> [String] {
        let items: [Node]
        switch node {
        case .scalar: items = [node]
        case .sequence(let sequence): items = Array(sequence)
        case .mapping, .alias: throw failure(node, "'extend' must be a route type's name or a list of them", "write e.g. 'extend: [SocialRoute]'")
        }
        var names: [String] = []
        for item in items {
            guard let name = item.string, SwiftSource.identifier(for: name) == name else {
                throw failure(item, "'extend' names '\(item.string ?? "")', which is not a Swift type name",
                              "write the name of the route enum the app declares, e.g. 'SocialRoute'")
            }
            names.append(name)
        }
        return names
    }
}
