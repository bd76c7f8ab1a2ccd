import Foundation

extension SampleGraphs {
    /// A rewrite of the Mastodon sample that did not apply: the sample no longer says what the
    /// rewrite expects, so the variant would silently be the sample itself.
    public struct MastodonRewriteError: Error, CustomStringConvertible {
        public let missing: String
        public init(missing: String) { self.missing = missing }
        public var description: String { "Graphs/Mastodon.navgraph.yaml no longer contains \(missing.debugDescription)" }
    }

    /// The Mastodon-shaped sample's text as shipped (per-tab sheets, the app's rules), or with
    /// NavGraph's defaults: `defaultRules` for the selection and the links (`hiddenSelection:
    /// fallback`, `underModals: dismiss`), `windowSheets` for the sheets (one app-level sheet
    /// router: no `modalScope: tab`, and no route's own scope), then `rewrites` (each text
    /// replaced by the next, for a test's seeded bug). Every rewrite must apply, or it throws:
    /// one place for what the tests and `make bench` compare, so they cannot drift.
    public static func mastodonText(defaultRules: Bool = false, windowSheets: Bool = false,
                                    rewrites: [(old: String, new: String)] = []) throws -> String {
        var text = try String(contentsOf: directory.appendingPathComponent("Mastodon.navgraph.yaml"), encoding: .utf8)
        func replace(_ old: String, _ new: String) throws {
            guard text.contains(old) else { throw MastodonRewriteError(missing: old) }
            text = text.replacingOccurrences(of: old, with: new)
        }
        if defaultRules {
            try replace("hiddenSelection: stay }", "hiddenSelection: fallback }")
            try replace("      underModals: keep\n", "      underModals: dismiss\n")
        }
        if windowSheets {
            try replace("\nmodalScope: tab\n", "\n")
            try replace("{ modalScope: window }", "{}")
        }
        for rewrite in rewrites { try replace(rewrite.old, rewrite.new) }
        return text
    }
}
