/// Names in a graph composed of features: a feature's route `detail` is `people.detail` in the
/// graph that includes it as feature `people`, and a feature nested in it adds its own prefix
/// (`people.avatar.crop`). A document's own routes cannot contain the separator, so a route
/// name with one always belongs to a feature.
///
/// ```swift
/// FeatureNames.feature(of: "people.detail")  // "people"
/// FeatureNames.feature(of: "home")           // nil
/// ```
public enum FeatureNames {
    /// What separates a feature's name from its routes' names: `.`, which names of the
    /// condition language accept between words, and which every escaping function (terminal,
    /// Markdown, Mermaid, DOT, HTML, XML, JSON) passes through unchanged.
    public static let separator = "."

    /// The outermost feature a route belongs to, or `nil` for a route of the app graph itself.
    public static func feature(of routeName: String) -> String? {
        guard let dot = routeName.firstIndex(of: "."), dot != routeName.startIndex else { return nil }
        return String(routeName[..<dot])
    }

    /// The route's name inside its outermost feature (`detail` for `people.detail`), or the
    /// name itself for a route of the app graph.
    public static func localName(of routeName: String) -> String {
        guard let dot = routeName.firstIndex(of: "."), dot != routeName.startIndex else { return routeName }
        return String(routeName[routeName.index(after: dot)...])
    }
}
