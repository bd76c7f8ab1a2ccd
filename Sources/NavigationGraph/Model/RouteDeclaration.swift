import NavigationCore

/// A route of the graph: its name, the values the explorer tries, and an optional entry guard.
public struct RouteDeclaration<R: Route>: Sendable {
    /// The name transitions and conditions use, e.g. `product`.
    public let name: String
    /// The concrete routes this name stands for: one for a route without parameters, one per
    /// sample value otherwise.
    public let samples: [R]
    /// What must hold when a command brings this route on top, if anything.
    public let entryGuard: RouteGuard<R>?
    /// Where the route was declared in a graph document.
    public let location: SourceLocation?
    /// Who presents the route when it is requested, if anyone owns it.
    public let ownership: Ownership?
    /// The route's own modal scope when it is presented (a document's `modalScope:` on the
    /// route), overriding the graph's ``NavigationGraph/modalScope``; `nil` for the graph's.
    public let modalScope: ModalScope?

    /// The scopes owning a route, the style they present it in, and its priority: a
    /// document's `owner:`, `style:` and `priority:` on a route.
    public struct Ownership: Hashable, Sendable {
        public let owners: [OwnerScope]
        public let style: OwnershipStyle
        public let priority: RequestPriority

        public init(owners: [OwnerScope], style: OwnershipStyle = .push, priority: RequestPriority = .normal) {
            self.owners = owners
            self.style = style
            self.priority = priority
        }
    }

    public init(name: String, samples: [R], entryGuard: RouteGuard<R>? = nil, location: SourceLocation? = nil, ownership: Ownership? = nil,
                modalScope: ModalScope? = nil) {
        self.modalScope = modalScope
        self.name = name
        self.samples = samples
        self.entryGuard = entryGuard
        self.location = location
        self.ownership = ownership
    }
}

/// A guard on entering a route: the condition, and what happens when it does not hold.
///
/// The guard runs as NavigationCore middleware on the commands that bring routes in (`push`,
/// `pushAll`, `replace`, `present`), judged on the state the command would produce. A pop that
/// uncovers the route is not judged, as in the apps this models: exploring finds those paths
/// as guard bypasses.
public struct RouteGuard<R: Route>: Sendable {
    /// What to do instead when the condition does not hold.
    public typealias Otherwise = GuardOtherwise

    public let condition: GraphCondition<R>
    public let otherwise: Otherwise
    /// The route value a redirect brings in, where one was written (a Swift graph's
    /// `.redirect(.login(reason: "compose"), style: .sheet)`); `nil` for the redirect route's
    /// first sample. Read it with ``NavigationGraph/redirectDestination(of:)``.
    public let redirectValue: R?

    public init(_ condition: GraphCondition<R>, otherwise: Otherwise = .cancel, redirectValue: R? = nil) {
        self.condition = condition
        self.otherwise = otherwise
        self.redirectValue = redirectValue
    }
}

/// What a route guard does when its condition does not hold.
public enum GuardOtherwise: Hashable, Sendable {
    /// Cancel the command.
    case cancel
    /// Go to another route instead, e.g. present sign-in as a sheet.
    case redirect(to: String, style: TransitionStyle)
}
