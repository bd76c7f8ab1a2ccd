import Foundation
import NavigationCodegen
import NavigationGraph
import NavigationReports
import NavigationVerification
import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A repository's `.navgraph.yml`: which documents `verify`, `lint` and `baseline` take when
/// none is named, where reports go, the diagrams and baseline, and the bounds, engine and
/// properties per graph. Found upward from the working directory (up to the repository's
/// root, the folder holding `.git`), or named with `--config`. Flags override it.
///
/// ```yaml
/// graphs: [Graphs, Sources/App]        # folders (their documents) or documents; globs allowed
/// reports: Reports
/// diagrams: graph                       # none | graph | all
/// baseline: .navgraph-baseline.json
/// checker: auto                         # auto | explicit | symbolic
/// bounds: { maxStackDepth: 8, timeout: 10m }
/// properties: { transition-coverage: warning }
/// overrides:
///   - graphs: [Shop, "Graphs/Big*.navgraph.yaml"]   # a graph's name or its document (glob)
///     bounds: { maxStackDepth: 6 }
///     properties: { no-trap: off }
/// generate: { access: public }          # generated Swift (`navgraph generate`, the plugin)
/// ```
struct ProjectConfiguration {
    /// The file names looked for, in this order.
    static let fileNames = [".navgraph.yml", ".navgraph.yaml"]
    /// A configuration larger than this is refused: it is a few lines.
    static let maxBytes = 1 << 20
    /// The keys of the file, of an override and of `bounds:` (`Schemas/navgraph-config.schema.json` lists the same).
    static let topLevelKeys = ["graphs", "reports", "diagrams", "baseline", "checker", "bounds", "properties", "overrides", "generate"]
    static let overrideKeys = ["graphs", "checker", "bounds", "properties"]
    static let boundKeys = ["maxStackDepth", "maxModalDepth", "maxStates", "maxMemory", "timeout"]

    /// What applies to a graph: bounds, budgets, engine and property settings.
    struct Settings {
        var maxStackDepth: Int?
        var maxModalDepth: Int?
        var maxStates: Int?
        var maxMemory: String?
        var timeout: String?
        var checker: EngineOptions.Choice?
        var properties: [String: PropertyOverride] = [:]

        /// `other`'s values over these.
        func overlaid(with other: Settings) -> Settings {
            Settings(maxStackDepth: other.maxStackDepth ?? maxStackDepth, maxModalDepth: other.maxModalDepth ?? maxModalDepth,
                     maxStates: other.maxStates ?? maxStates, maxMemory: other.maxMemory ?? maxMemory, timeout: other.timeout ?? timeout,
                     checker: other.checker ?? checker, properties: properties.merging(other.properties) { $1 })
        }
    }

    /// The file read, as found or given.
    let path: String
    /// Its folder: the paths in it are relative to this folder.
    let folder: String
    var graphs: [String]?
    var reports: String?
    var diagrams: DiagramPolicy.Selection?
    var baseline: String?
    var defaults = Settings()
    var overrides: [(patterns: [String], settings: Settings)] = []
    /// The `generate:` section: what generated Swift looks like.
    var generation = GenerationSettings()

    /// The configuration for a run: `explicit` (`--config`) when given, else the first
    /// `.navgraph.yml` found from the working directory up to the repository's root; `nil`
    /// when there is none.
    static func current(explicit: String?) throws(CommandFailure) -> ProjectConfiguration? {
        if let explicit { return try load(explicit) }
        var folder = FileManager.default.currentDirectoryPath
        while true {
            for name in fileNames {
                let candidate = (folder as NSString).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate) {
                    return try load(folder == FileManager.default.currentDirectoryPath ? name : candidate)
                }
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) || parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// The configuration in the file at `path`.
    static func load(_ path: String) throws(CommandFailure) -> ProjectConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "\(path): error: cannot read the configuration; check the path given to --config", exitCode: .badInput)
        }
        guard data.count <= maxBytes else {
            throw CommandFailure(message: "\(path): error: is larger than \(maxBytes) bytes, which no configuration needs", exitCode: .badInput)
        }
        let root: Node?
        do { root = try Yams.compose(yaml: String(decoding: data, as: UTF8.self)) } catch {
            throw CommandFailure(message: "\(path): error: is not YAML (\(error)); fix it, or remove the file", exitCode: .badInput)
        }
        let folder = (path as NSString).deletingLastPathComponent
        var configuration = ProjectConfiguration(path: path, folder: folder.isEmpty ? "." : folder)
        guard let root else { return configuration }
        let reader = Reader(file: path)
        let fields = try reader.mapping(root, allowed: topLevelKeys)
        if let graphs = fields["graphs"] { configuration.graphs = try reader.strings(graphs).map(configuration.resolved) }
        if let reports = fields["reports"] { configuration.reports = configuration.resolved(try reader.string(reports)) }
        if let diagrams = fields["diagrams"] { configuration.diagrams = try reader.choice(diagrams, DiagramPolicy.Selection.self) }
        if let baseline = fields["baseline"] { configuration.baseline = configuration.resolved(try reader.string(baseline)) }
        configuration.defaults = try reader.settings(fields)
        if let generate = fields["generate"] {
            do { configuration.generation = try GenerationSettings.read(generate, file: path) } catch {
                throw CommandFailure(message: error.description, exitCode: .badInput)
            }
        }
        if let overrides = fields["overrides"] {
            guard case .sequence(let entries) = overrides else { throw reader.error(overrides, "'overrides' must be a list of { graphs: [...], ... }") }
            for entry in entries {
                let entryFields = try reader.mapping(entry, allowed: overrideKeys)
                guard let patterns = entryFields["graphs"] else { throw reader.error(entry, "an override needs 'graphs': the graphs' names or documents (globs allowed) it applies to") }
                configuration.overrides.append((try reader.strings(patterns), try reader.settings(entryFields)))
            }
        }
        return configuration
    }

    /// `path` from the configuration's folder, as seen from the working directory.
    func resolved(_ path: String) -> String {
        path.hasPrefix("/") || folder == "." ? path : (folder as NSString).appendingPathComponent(path)
    }

    /// The settings for the graph named `name` in the document at `file`: the defaults, then
    /// each override that names it or its document, in order.
    func settings(graph name: String, file: String) -> Settings {
        var settings = defaults
        for override in overrides where override.patterns.contains(where: { Self.matches($0, name) || Self.matches(resolved($0), file) || Self.matches($0, file) }) {
            settings = settings.overlaid(with: override.settings)
        }
        return settings
    }

    /// The documents `graphs:` names: a folder's documents directly in it (sorted), a
    /// document, or a glob's matching documents.
    func documents() throws(CommandFailure) -> [String] {
        var files: [String] = []
        for entry in graphs ?? [] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: entry, isDirectory: &isFolder), isFolder.boolValue {
                let found = GraphFolder.documents(under: entry)
                guard !found.isEmpty else {
                    throw CommandFailure(message: "\(path): error: 'graphs' names the folder '\(entry)', which holds no *.navgraph.yaml or *.navgraph.json; fix the entry, or remove it", exitCode: .badInput)
                }
                files += found
            } else if entry.contains(where: { "*?[".contains($0) }) {
                let found = Self.glob(entry).filter(GraphFolder.isGraphDocument)
                guard !found.isEmpty else {
                    throw CommandFailure(message: "\(path): error: 'graphs' entry '\(entry)' matches no graph document; fix the pattern, or remove it", exitCode: .badInput)
                }
                files += found
            } else {
                files.append(entry)
            }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    static func matches(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }

    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        #if canImport(Glibc)
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #else
        guard Darwin.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #endif
        return (0..<Int(result.gl_pathc)).compactMap { index in result.gl_pathv[index].map { String(cString: $0) } }.sorted()
    }

    /// Reads YAML nodes with errors that say where (`file:line:column`) and what to write.
    struct Reader {
        let file: String

        func error(_ node: Node, _ message: String) -> CommandFailure {
            let place = node.mark.map { "\(file):\($0.line):\($0.column)" } ?? file
            return CommandFailure(message: "\(place): error: \(message)", exitCode: .badInput)
        }

        func mapping(_ node: Node, allowed: [String]) throws(CommandFailure) -> [String: Node] {
            guard case .mapping(let mapping) = node else { throw error(node, "expected a mapping of \(allowed.joined(separator: ", "))") }
            var fields: [String: Node] = [:]
            for (key, value) in mapping {
                guard let name = key.string else { throw error(key, "a key must be text") }
                guard allowed.contains(name) else {
                    let suggestion = NameSuggestion.closest(to: name, in: allowed).map { "did you mean '\($0)'?" } ?? "expected one of \(allowed.joined(separator: ", "))"
                    throw error(key, "unknown key '\(name)'; \(suggestion)")
                }
                fields[name] = value
            }
            return fields
        }

        func string(_ node: Node) throws(CommandFailure) -> String {
            guard case .scalar(let scalar) = node, !scalar.string.isEmpty else { throw error(node, "expected text") }
            return scalar.string
        }

        func strings(_ node: Node) throws(CommandFailure) -> [String] {
            if case .scalar = node { return [try string(node)] }
            guard case .sequence(let items) = node else { throw error(node, "expected a list") }
            var values: [String] = []
            for item in items { values.append(try string(item)) }
            return values
        }

        func integer(_ node: Node, _ range: ClosedRange<Int>) throws(CommandFailure) -> Int {
            guard let value = Int(try string(node)), range.contains(value) else { throw error(node, "expected a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return value
        }

        func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _: T.Type) throws(CommandFailure) -> T where T.RawValue == String {
            let text = try string(node)
            guard let value = T(rawValue: text) else {
                throw error(node, "'\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }

        /// `checker:`, `bounds:` and `properties:` of a mapping.
        func settings(_ fields: [String: Node]) throws(CommandFailure) -> Settings {
            var settings = Settings()
            if let checker = fields["checker"] { settings.checker = try choice(checker, EngineOptions.Choice.self) }
            if let bounds = fields["bounds"] {
                let values = try mapping(bounds, allowed: ProjectConfiguration.boundKeys)
                if let node = values["maxStackDepth"] { settings.maxStackDepth = try integer(node, 1...64) }
                if let node = values["maxModalDepth"] { settings.maxModalDepth = try integer(node, 0...16) }
                if let node = values["maxStates"] { settings.maxStates = try integer(node, 1...500_000_000) }
                if let node = values["maxMemory"] {
                    let text = try string(node)
                    guard let bytes = MemorySize.bytes(text), bytes >= 1_000_000 else { throw error(node, "'\(text)' is not an amount of memory of at least 1MB, such as 2GB") }
                    settings.maxMemory = text
                }
                if let node = values["timeout"] {
                    let text = try string(node)
                    guard SearchOptions.seconds(text) != nil else { throw error(node, "'\(text)' is not a duration, such as 90s, 10m or 1h") }
                    settings.timeout = text
                }
            }
            if let properties = fields["properties"] {
                guard case .mapping(let entries) = properties else { throw error(properties, "expected a mapping of property (an id such as no-trap, or an invariant's name) to off or warning") }
                for (key, value) in entries {
                    guard let name = key.string else { throw error(key, "a property is named by text") }
                    settings.properties[name] = try choice(value, PropertyOverride.self)
                }
            }
            return settings
        }
    }
}
