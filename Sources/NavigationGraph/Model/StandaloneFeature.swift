/// How a feature document verified by itself stands in for the app that would include it.
///
/// A feature document (one that declares `entries:` or `exits:`, and none of `tabs`, `tabBar`,
/// `events`, `deepLinks`, `bounds`, which only an app may) loaded as the graph to verify,
/// rather than under another document's `features:`, has no app around it. Loading gives it a
/// stub of its surroundings, and the graph's ``NavigationGraph/standaloneFeature`` says what
/// stands in for what, so `navgraph verify` and `navgraph lint` can say so in a note:
///
/// - each exit is a terminal stub route of its name; an exit the feature *requests* (a
///   transition, a guard's redirect or a reroute with `request`) is owned by `app` and pushed,
///   as the app's wiring would present the route it leads to;
/// - an owner `tab:<name>` (a tab only the app can declare) is read as `app`: the feature's one
///   stack stands in for the tab's, and the app presents the route there in its style;
/// - the flags keep their initial values: only the app's events change them, and a stub that
///   flipped them freely would also skip what those events do (dismissing a signed-in flow),
///   so a route behind a flag that starts false is honestly never shown alone.
///
/// ```swift
/// let graph = try GraphDocument.load(bytes: bytes, origin: "Graphs/Requests/People.navgraph.yaml")
/// graph.standaloneFeature?.requestedExits   // ["openSettings", "share"]
/// ```
public struct StandaloneFeature: Hashable, Sendable {
    /// The feature's exits, in declaration order: terminal stub routes of their names.
    public let exits: [String]
    /// The exits something in the feature requests, sorted: owned by `app`, pushed.
    public let requestedExits: [String]
    /// The tabs the feature's owners name, sorted: each read as `app`.
    public let appTabs: [String]
    /// The flags no event of the graph changes, sorted: fixed at their initial values alone.
    public let fixedFlags: [String]

    public init(exits: [String], requestedExits: [String], appTabs: [String], fixedFlags: [String] = []) {
        self.exits = exits
        self.requestedExits = requestedExits
        self.appTabs = appTabs
        self.fixedFlags = fixedFlags
    }

    /// What the stub stands in for, one sentence per kind, for a note on the terminal; empty
    /// when the feature requests no exit and names no tab or flag.
    public var notes: [String] {
        var notes: [String] = []
        if !requestedExits.isEmpty {
            let exits = requestedExits.count == 1 ? "a request for exit" : "requests for exits"
            notes.append("verified alone, so \(exits) \(Self.list(requestedExits)) \(requestedExits.count == 1 ? "is" : "are") presented by the app, pushed onto the feature's stack "
                         + "(the including graph decides where it leads)")
        }
        if !appTabs.isEmpty {
            notes.append("verified alone, so owner\(appTabs.count == 1 ? "" : "s") \(Self.list(appTabs.map { "tab:\($0)" })) \(appTabs.count == 1 ? "is" : "are") read as 'app' "
                         + "(the tab is the including graph's to declare; it is checked when the app is verified)")
        }
        if !fixedFlags.isEmpty {
            notes.append("verified alone, so flag\(fixedFlags.count == 1 ? "" : "s") \(Self.list(fixedFlags)) keep\(fixedFlags.count == 1 ? "s its initial value" : " their initial values") "
                         + "(the including graph's events change \(fixedFlags.count == 1 ? "it" : "them"); a route behind \(fixedFlags.count == 1 ? "it" : "one") may never be shown alone)")
        }
        return notes
    }

    private static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
