/// Graph documents with ownership for the request properties' tests.
public enum OwnershipGraphs {
    /// One request presented by different owners on different paths: `requested` is owned by
    /// `list` and by tab `main`, and requested from `item`, which is pushed on home (the tab
    /// presents it) and on the list (the list does). Pass a hostile name to test escaping.
    public static func ambiguous(requested: String = "detail") -> String {
        let name = "\"" + requested.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return """
            navgraph: 1
            name: Ambiguous
            tabs:
              - { name: main, root: home }
            routes:
              home: {}
              list: {}
              item: {}
              \(name): { owner: [list, tab:main] }
            transitions:
              - { from: home, to: list }
              - { from: home, to: item }
              - { from: list, to: item }
              - { from: item, request: \(name) }

            """
    }
}
