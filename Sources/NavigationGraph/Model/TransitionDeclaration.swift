import NavigationCore

/// How a transition shows its destination: in a `Presentation` (pushed, replacing the top, or
/// presented as a modal of some `ModalStyle`), or by a request that the destination's nearest
/// visible owner resolves to the presentation its ownership declares.
///
/// The names a document writes (``rawValue``: `push`, `sheet`, `cover`, `replace`, `request`) and
/// `allCases` derive from `Presentation`; `.push`, `.sheet`, `.cover` and `.replace` remain as
/// shorthands, and any modal style is `.modal(style)`.
public enum TransitionStyle: Hashable, Sendable {
    /// Shown in this presentation.
    case presentation(Presentation)
    /// Request the destination: its nearest visible owner presents it in the style its
    /// ownership declares, or the request is dropped (``RouteDeclaration/Ownership``).
    case request

    /// Push onto the active stack.
    public static var push: TransitionStyle { .presentation(.push) }
    /// Replace the active stack's top with the destination.
    public static var replace: TransitionStyle { .presentation(.replace) }
    /// Present as a sheet (the user can swipe it away).
    public static var sheet: TransitionStyle { .modal(.sheet) }
    /// Present as a full-screen cover.
    public static var cover: TransitionStyle { .modal(.cover) }

    /// Present as a modal layer of `style`.
    public static func modal(_ style: ModalStyle) -> TransitionStyle { .presentation(.modal(style)) }

    /// The presentation, or `nil` for a request (whose owner decides it).
    public var presentation: Presentation? {
        switch self {
        case .presentation(let presentation): presentation
        case .request: nil
        }
    }
}

extension TransitionStyle: CaseIterable {
    /// Every presentation in its order, then request.
    public static var allCases: [TransitionStyle] {
        Presentation.allCases.map(TransitionStyle.presentation) + [.request]
    }
}

extension TransitionStyle: RawRepresentable, Codable {
    /// The name a graph document writes: the presentation's, or `request`.
    public var rawValue: String { presentation?.rawValue ?? "request" }

    /// The style a document names `rawValue`, or `nil` for an unknown name.
    public init?(rawValue: String) {
        guard let named = Self.named(rawValue) else { return nil }
        self = named
    }
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
    /// The routes an inline list in `from:` named (`from: [timeline, search]`), before it was
    /// expanded into one transition per route, as a group is; `nil` when the source was not a
    /// list. For export only, which writes the list back.
    public let sourceList: [String]?
    /// The routes an inline list in `to:` named, before expansion; for export only.
    public let targetList: [String]?
    /// When the move fails with "reroute to X" (X requested, then the move tried once more),
    /// if it can: a document's `reroute: { to: X, when: <condition> }`.
    public let reroute: TransitionReroute<R>?

    public init(from: String, to: String, style: TransitionStyle = .push, condition: GraphCondition<R>? = nil, location: SourceLocation? = nil,
                value: R? = nil, sourceGroup: String? = nil, targetGroup: String? = nil, reroute: TransitionReroute<R>? = nil,
                sourceList: [String]? = nil, targetList: [String]? = nil) {
        self.reroute = reroute
        self.sourceList = sourceList
        self.targetList = targetList
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
