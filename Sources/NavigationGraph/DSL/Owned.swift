import NavigationCore

/// Who presents a route when it is requested: `Owned(.login, by: .app, style: .cover, priority: .high)`.
///
/// A ``Request`` (or an event's `.request` step) asks for the route by value; the nearest
/// visible owner presents it in `style`, walking out from the active scope (the top modal, the
/// stacks below, the selected tab, the app, then the other tabs). See
/// `RouteOwnership.resolve(_:in:)` in NavigationCore.
///
/// ```swift
/// Owned(.article, by: .route(.feed), .route(.search), style: .push)
/// Owned(.login, by: .app, style: .cover, priority: .high)
/// ```
public struct Owned<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ route: R, by owners: GraphOwner<R>..., style: OwnershipStyle = .push, priority: RequestPriority = .normal,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .ownership(route, owners: owners, style: style, priority: priority), file: fileID, line: line, column: column)]
    }
}
