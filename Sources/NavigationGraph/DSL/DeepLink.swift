import NavigationCore

/// A deep link in a Swift graph: the pattern, the route both ways, the plan by route values,
/// an optional requirement and the sample URLs the explorer opens.
///
/// ```swift
/// DeepLink("/products/:id",
///          route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
///          parameters: { route in
///              guard case .product(let id) = route else { return nil }
///              return DeepLinkParameters(["id": String(id)])
///          },
///          stack: [.catalog, .product(id: 1)],
///          samples: ["shop://products/1": .plan, "shop://products/abc": .rejected])
/// ```
/// In the plan, an entry with the link's own route name stands for the route the URL matched;
/// any other entry brings in the value written (`stack: [.timeline, .account(handle: "me")]`
/// plans that account), which must be one of its route's samples. Which route a link leads to is found by
/// asking `parameters` about the declared samples.
///
/// `mode: .push` pushes `stack` onto the current tab's stack instead of replacing a tab's
/// stack (see `NavigationPlanMode`). `mode: .request`, with no tab, stack or modal, requests
/// the route from its nearest visible owner (see ``Owned``), as a ``Request`` transition does:
/// `DeepLink("/share", to: .share, mode: .request)` is the document's `request: share`. Its
/// sample expects `.plan` (the link is handled); a drop is the *dropped requests* property's
/// finding, with the trace that opens the link. A sample's expectation may depend on the state it is
/// opened from: `"social://@alice/111": .when(.flag(.signedIn), .plan, otherwise: .rejected)`.
///
/// `underModals: .keep` (with `mode: .push`) pushes onto the selected tab's stack under the
/// open modals instead of dismissing them first (the document's `underModals: keep`), as an
/// `onOpenURL` that appends to the selected tab's path while a sheet is up does; a link that
/// says nothing takes `DeepLinkSchemes(underModals:)` (the document's `underModals:` under
/// `deepLinks:`) when it pushes, and dismisses otherwise. `set:` sets or
/// clears flags when the plan runs, before it navigates: a sign-in callback link,
/// `DeepLink("/auth/callback", to: .home, stack: [.home], set: [.signedIn: true])`.
///
/// A pattern may have text around a parameter in one segment: `/@:user` matches `/@alice`,
/// `/:id.json` matches `/7.json` (see `DeepLinkPattern`). `scheme:` and `host:` choose what
/// reverse routing writes for this link's routes (one of the accepted schemes and hosts),
/// e.g. `scheme: "https"` for a link meant to be shared; by default the first accepted ones.
public struct DeepLink<R: GraphRoute>: GraphContent, Sendable {
    let pattern: String
    let route: @Sendable (DeepLinkParameters) throws(DeepLinkRejection) -> R
    let parameters: @Sendable (R) -> DeepLinkParameters?
    let tab: TabKey?
    let stack: [R]
    let modal: (style: ModalStyle, routes: [R])?
    let requirement: GraphConditionSource<R>?
    let whenUnmet: DeepLinkMapping<R>.Unmet
    let mode: NavigationPlanMode
    /// `nil`: the graph's default (`DeepLinkSchemes(underModals:)`) for a pushing link, else `.dismiss`.
    let underModals: NavigationPlanUnderModals?
    let flags: [(key: FlagKey, value: Bool)]
    let samples: [(String, DeepLinkSampleExpectation<R>)]
    let preferredScheme: String?
    let preferredHost: String?

    public var components: [GraphComponent<R>] { [GraphComponent(kind: .deepLink(self), file: file, line: line, column: column)] }
    private let file: String
    private let line: Int
    private let column: Int

    public init(
        _ pattern: String,
        route: @escaping @Sendable (DeepLinkParameters) throws(DeepLinkRejection) -> R,
        parameters: @escaping @Sendable (R) -> DeepLinkParameters?,
        tab: TabKey? = nil, stack: [R] = [], modal: (style: ModalStyle, routes: [R])? = nil, mode: NavigationPlanMode = .replace,
        underModals: NavigationPlanUnderModals? = nil, set flags: KeyValuePairs<FlagKey, Bool> = [:],
        requires requirement: GraphConditionSource<R>? = nil, whenUnmet: DeepLinkMapping<R>.Unmet = .pend,
        samples: KeyValuePairs<String, DeepLinkSampleExpectation<R>> = [:],
        scheme preferredScheme: String? = nil, host preferredHost: String? = nil,
        fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        self.preferredScheme = preferredScheme
        self.preferredHost = preferredHost
        self.pattern = pattern
        self.route = route
        self.parameters = parameters
        self.tab = tab
        self.stack = stack
        self.modal = modal
        self.requirement = requirement
        self.whenUnmet = whenUnmet
        self.mode = mode
        self.underModals = underModals
        self.flags = flags.map { (key: $0.key, value: $0.value) }
        self.samples = samples.map { ($0.key, $0.value) }
        self.file = fileID
        self.line = line
        self.column = column
    }

    /// A link to a route without parameters, e.g. `/cart` for `.cart`.
    public init(
        _ pattern: String, to destination: R,
        tab: TabKey? = nil, stack: [R] = [], modal: (style: ModalStyle, routes: [R])? = nil, mode: NavigationPlanMode = .replace,
        underModals: NavigationPlanUnderModals? = nil, set flags: KeyValuePairs<FlagKey, Bool> = [:],
        requires requirement: GraphConditionSource<R>? = nil, whenUnmet: DeepLinkMapping<R>.Unmet = .pend,
        samples: KeyValuePairs<String, DeepLinkSampleExpectation<R>> = [:],
        scheme preferredScheme: String? = nil, host preferredHost: String? = nil,
        fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        self.init(pattern, route: { _ throws(DeepLinkRejection) in destination },
                  parameters: { $0 == destination ? DeepLinkParameters([:]) : nil },
                  tab: tab, stack: stack, modal: modal, mode: mode, underModals: underModals, set: flags, requires: requirement, whenUnmet: whenUnmet,
                  samples: samples, scheme: preferredScheme, host: preferredHost, fileID: fileID, line: line, column: column)
    }
}

/// What a deep-link sample of a Swift graph must do when the explorer opens it: one outcome
/// (`.plan`, `.pending`, `.rejected`, `.unhandled`) in every state, or outcomes by the state
/// it is opened from, the first whose condition holds:
///
/// ```swift
/// samples: ["social://@alice/111": .when(.flag(.signedIn), .plan, otherwise: .rejected)]
/// ```
///
/// The document writes the same as `expect: [{ when: signedIn, outcome: plan }, { outcome: rejected }]`.
public struct DeepLinkSampleExpectation<R: GraphRoute>: Sendable {
    let conditional: [(condition: GraphConditionSource<R>, outcome: DeepLinkDeclaration<R>.Expectation)]
    let otherwise: DeepLinkDeclaration<R>.Expectation

    /// The link plans from every state.
    public static var plan: Self { Self(conditional: [], otherwise: .plan) }
    /// The link is parked as pending from every state.
    public static var pending: Self { Self(conditional: [], otherwise: .pending) }
    /// The link is rejected from every state.
    public static var rejected: Self { Self(conditional: [], otherwise: .rejected) }
    /// No pattern handles the link.
    public static var unhandled: Self { Self(conditional: [], otherwise: .unhandled) }

    /// `outcome` where `condition` holds, `otherwise` elsewhere (which may be another `.when`).
    public static func when(_ condition: GraphConditionSource<R>, _ outcome: DeepLinkDeclaration<R>.Expectation, otherwise: Self) -> Self {
        Self(conditional: [(condition, outcome)] + otherwise.conditional, otherwise: otherwise.otherwise)
    }
}

/// The schemes and hosts a Swift graph's deep links accept, and how strictly URLs are matched:
/// `DeepLinkSchemes(["shop", "https"], hosts: ["shop.example"])`,
/// `DeepLinkSchemes(["jellyfin"], matching: .strict)` (the document's `match: strict`; see `DeepLinkMatching`),
/// `DeepLinkSchemes(["mastodon"], underModals: .keep)` (the document's `underModals: keep` under `deepLinks:`).
public struct DeepLinkSchemes<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// - Parameters:
    ///   - schemes: The accepted schemes, the one reverse routing writes first.
    ///   - hosts: The accepted hosts for web schemes.
    ///   - matching: How strictly URLs are matched; lenient by default (case ignored, unknown query items and a trailing slash ignored).
    ///   - underModals: What a link with `mode: .push` that does not say its own `underModals:` does with
    ///     open modals: `.dismiss` them first (the default) or `.keep` them and push under them.
    ///   - fileID: Where the declaration is, for messages.
    ///   - line: Where the declaration is, for messages.
    ///   - column: Where the declaration is, for messages.
    public init(_ schemes: [String], hosts: [String] = [], matching: DeepLinkMatching = .lenient,
                underModals: NavigationPlanUnderModals = .dismiss,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .deepLinkSettings(schemes: schemes, hosts: hosts, matching: matching, underModals: underModals),
                                     file: fileID, line: line, column: column)]
    }
}
