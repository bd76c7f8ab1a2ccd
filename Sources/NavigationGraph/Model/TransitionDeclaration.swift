import NavigationCore

/// How a transition presents its destination.
public enum TransitionStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Push onto the active stack.
    case push
    /// Present as a sheet (the user can swipe it away).
    case sheet
    /// Present as a full-screen cover.
    case cover
    /// Replace the active stack's top with the destination.
    case replace
    /// Request the destination: its nearest visible owner presents it in the style its
    /// ownership declares, or the request is dropped (``RouteDeclaration/Ownership``).
    case request
}

/// An allowed move from one route to another, and the condition under which it is offered.
///
/// **Route values.** A transition that writes a value brings in exactly that value:
/// `Push(.profile, .accountDetail(id: "me"))`, or in a document
/// `{ from: profile, to: accountDetail, with: { id: me } }`, pushes `accountDetail(id: me)` and
/// nothing else. A transition that names its destination without a value brings in each of the
/// route's declared samples, one move per sample. The source is always a route name: the move is
/// offered whatever value of `from` is on top.
public struct TransitionDeclaration<R: Route>: Sendable {
    public let from: String
    public let to: String
    public let style: TransitionStyle
    /// When present, the transition is only possible while the condition holds.
    public let condition: GraphCondition<R>?
    public let location: SourceLocation?
    /// The exact route the transition brings in, when one was written; `nil` for each declared
    /// sample of ``to``. Read the routes a transition brings in with
    /// ``NavigationGraph/targets(of:)``.
    public let value: R?
    /// The route group the transition was written from (`from: editors`), before groups were
    /// expanded into one transition per member; `*` for the wildcard source. For messages and
    /// labels only.
    public let sourceGroup: String?
    /// The route group the transition was written to, before expansion. For messages only.
    public let targetGroup: String?
    /// When the move fails with "reroute to X" (X requested, then the move tried once more),
    /// if it can: a document's `reroute: { to: X, when: <condition> }`.
    public let reroute: TransitionReroute<R>?

    public init(from: String, to: String, style: TransitionStyle = .push, condition: GraphCondition<R>? = nil, location: SourceLocation? = nil,
                value: R? = nil, sourceGroup: String? = nil, targetGroup: String? = nil, reroute: TransitionReroute<R>? = nil) {
        self.reroute = reroute
        self.from = from
        self.to = to
        self.style = style
        self.condition = condition
        self.location = location
        self.value = value
        self.sourceGroup = sourceGroup
        self.targetGroup = targetGroup
    }

    /// `from → to`, naming the groups the transition was written with, e.g. `reply (editors) → home`.
    public var label: String {
        let source = sourceGroup.map { "\(from) (\($0))" } ?? from
        let target = targetGroup.map { "\(to) (\($0))" } ?? to
        return "\(source) → \(target)"
    }
}
