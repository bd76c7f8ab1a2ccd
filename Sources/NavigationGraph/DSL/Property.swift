import NavigationCore

/// A property over the graph's paths, the Swift form of a document's `properties:` entry,
/// with the same keys: can-reach, or never-until.
///
/// ```swift
/// Property("editor returns to timeline", from: .modalsContain(.newStatus), canReach: .top(is: .timeline))
/// Property("no account after sign-out", after: !.flag(.signedIn), never: .top(is: .account), until: .flag(.signedIn))
/// ```
///
/// Both engines judge it, and reports list it by its name (SARIF rule `can-reach/<name>` or
/// `never/<name>`). Its conditions may be text, typed, or closures (which only the explicit
/// engine evaluates, and which cannot be exported).
public struct Property<R: GraphRoute>: GraphContent {
    /// The one declaration it makes.
    public let components: [GraphComponent<R>]

    /// From every reachable state where `from` holds, a state where `canReach` holds can be
    /// reached (`AG(from → EF canReach)`).
    ///
    /// - Parameters:
    ///   - name: The property's name in reports; no invariant or built-in property may have it.
    ///   - from: Where the user is.
    ///   - canReach: Where the user must still be able to get to from there.
    ///   - fileID: The file of the declaration, for diagnostics.
    ///   - line: Its line.
    ///   - column: Its column.
    public init(_ name: String, from: GraphConditionSource<R>, canReach: GraphConditionSource<R>,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .property(name: name, .canReach(from: from, target: canReach)), file: fileID, line: line, column: column)]
    }

    /// Once `after` holds (and `until` does not), no state where `never` holds comes before one
    /// where `until` holds; without `until`, never again.
    ///
    /// - Parameters:
    ///   - name: The property's name in reports; no invariant or built-in property may have it.
    ///   - after: What arms the property.
    ///   - never: What must not be reached while it is armed.
    ///   - until: What releases it; `nil` keeps it armed.
    ///   - fileID: The file of the declaration, for diagnostics.
    ///   - line: Its line.
    ///   - column: Its column.
    public init(_ name: String, after: GraphConditionSource<R>, never: GraphConditionSource<R>, until: GraphConditionSource<R>? = nil,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .property(name: name, .never(after: after, never: never, until: until)), file: fileID, line: line, column: column)]
    }
}
