/// What a request for a route resolves to in a state: presented by an owner, or dropped.
///
/// ``RouteOwnership/resolve(_:in:)`` computes it; the engine runs a presentation's command
/// and answers ``NavigationResult/requested(_:)`` with it, so the app learns who presented.
public enum RequestResolution<R: Route>: Hashable, Sendable {
    /// An owner presents the route, by running ``RequestPresentation/command``.
    case presented(RequestPresentation<R>)
    /// Nobody presents it; the state stays as it was.
    case dropped(RequestDrop)

    /// The presentation, when the request was not dropped.
    public var presentation: RequestPresentation<R>? {
        if case .presented(let presentation) = self { return presentation }
        return nil
    }

    /// The drop, when the request was dropped.
    public var drop: RequestDrop? {
        if case .dropped(let drop) = self { return drop }
        return nil
    }
}

extension RequestResolution: CustomStringConvertible {
    public var description: String {
        switch self {
        case .presented(let presentation): presentation.description
        case .dropped(let drop): drop.description
        }
    }
}

/// How an owner presents a requested route: who, from where, and the single steps that do it.
public struct RequestPresentation<R: Route>: Hashable, Sendable, CustomStringConvertible {
    /// The requested route.
    public let route: R
    /// The scope that presents it (one of the route's declared owners).
    public let owner: OwnerScope
    /// Where the owner is: the stack holding the owning route, the owning tab's stack, or
    /// `nil` for the app root.
    public let ownerLocation: StackLocation?
    public let style: OwnershipStyle
    /// The inactive tab selected first because the owner is in its stack, if any.
    public let selectedTab: TabID?
    /// What runs: the single steps (select the tab, dismiss the modals above the owner, pop to
    /// the owner, then push or present), as a `sequence` the engine applies all or nothing.
    public let command: NavigationCommand<R>

    public init(route: R, owner: OwnerScope, ownerLocation: StackLocation?, style: OwnershipStyle, selectedTab: TabID?,
                command: NavigationCommand<R>) {
        self.route = route
        self.owner = owner
        self.ownerLocation = ownerLocation
        self.style = style
        self.selectedTab = selectedTab
        self.command = command
    }

    public var description: String {
        let from = ownerLocation.map { " in \($0)" } ?? ""
        let tab = selectedTab.map { " after selecting tab \($0)" } ?? ""
        return "\(route) presented by \(owner)\(from) as \(style.rawValue)\(tab)"
    }
}
