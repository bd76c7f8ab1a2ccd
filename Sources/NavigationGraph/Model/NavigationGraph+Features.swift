import NavigationCore

/// Which feature a route, a declaration or a place in a file belongs to, for reports that name
/// the feature of each finding.
extension NavigationGraph {
    /// The features the graph is composed of, sorted: the prefixes of its dotted route names
    /// (see ``FeatureNames``). Empty for a graph without features.
    public var featureNames: [String] {
        Set(routes.compactMap { FeatureNames.feature(of: $0.name) }).sorted()
    }

    /// The feature each feature document holds, keyed by the file its routes' locations name
    /// (``SourceLocation/file``); a nested feature's file maps to its outermost feature.
    public var featureFiles: [String: String] {
        var files: [String: String] = [:]
        for route in routes {
            guard let file = route.location?.file, let feature = FeatureNames.feature(of: route.name) else { continue }
            if files[file] == nil { files[file] = feature }
        }
        return files
    }
}

/// Answers "which feature?" for one graph without scanning its routes each time.
public struct FeatureLookup: Sendable {
    /// The graph's features.
    public let names: Set<String>
    /// The feature of each feature document, by file.
    public let files: [String: String]

    public init<R: Route>(_ graph: NavigationGraph<R>) {
        names = Set(graph.featureNames)
        files = graph.featureFiles
    }

    /// The feature of a declaration or route called `name` (`people` for `people.detail` or the
    /// invariant `people.no orphan`), or `nil` when its prefix is no feature of the graph.
    public func feature(of name: String) -> String? {
        FeatureNames.feature(of: name).flatMap { names.contains($0) ? $0 : nil }
    }

    /// The feature whose document `location` is in, or `nil` for the graph's own document.
    public func feature(at location: SourceLocation?) -> String? {
        location?.file.flatMap { files[$0] }
    }

    /// The feature of a declaration called `name` written at `location`: where it is written
    /// decides (a feature's document, or none for the graph's own, whatever its name says: an
    /// app invariant may be called `people.x`); the name's prefix only for a declaration without
    /// a location (see ``feature(of:)``).
    ///
    /// ```swift
    /// lookup.feature(of: "people.x", declaredAt: appInvariant.location)   // nil
    /// lookup.feature(of: "people.x", declaredAt: nil)                     // "people"
    /// ```
    public func feature(of name: String, declaredAt location: SourceLocation?) -> String? {
        guard let location else { return feature(of: name) }
        return feature(at: location)
    }
}
