import NavigationCore

/// What changed in a graph's declarations between two versions of it: routes, guards,
/// transitions, events, flags, tabs (and the root), invariants, deep links and bounds, each
/// added, removed or changed.
///
/// Every declaration is compared by its identity (a route's name, a transition's source and
/// destination, a deep link's pattern, …) and by a one-line description of everything else it
/// declares, so a change to a transition's condition is one *changed* entry, not a removal and
/// an addition. The changes are sorted by kind, then identity, so the same two graphs always
/// give the same diff, whatever order their documents list things in.
///
/// ```swift
/// let base = try GraphDocument.load(oldBytes, origin: "main:Graphs/Shop.navgraph.yaml")
/// let head = try GraphDocument.load(newBytes, origin: "Graphs/Shop.navgraph.yaml")
/// for change in GraphDiff(base: base, head: head).changes {
///     print(change.change, change.kind, change.key)   // e.g. added transition cart → checkout
/// }
/// ```
///
/// A graph that exists on one side only is a diff too: pass `nil` for the missing side, and
/// every declaration of the other is added (or removed).
public struct GraphDiff: Hashable, Sendable, Codable {
    /// What kind of declaration changed, in the order diffs list them.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        /// Routes (their sample values), route guards, route ownership, transitions, events, flags, tabs, the root of
        /// an app without tabs, invariants, declared properties (`properties:`), the limits on
        /// taps to reach (`within:`, by the route, group or `all` each names), deep links (by
        /// pattern), the deep-link schemes and hosts, and the bounds.
        case route, `guard`, ownership, transition, event, flag, tab, root, invariant, property, within, deepLink, deepLinkSettings, bounds

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }

        /// How the kind reads in a sentence, e.g. `deep link`.
        public var title: String {
            switch self {
            case .deepLink: "deep link"
            case .deepLinkSettings: "deep-link settings"
            default: rawValue
            }
        }
    }

    /// Whether a declaration is new, gone, or declares something else.
    public enum ChangeType: String, Hashable, Sendable, Codable, CaseIterable {
        /// Only the head declares it.
        case added
        /// Only the base declares it.
        case removed
        /// Both declare it, differently.
        case changed
    }

    /// A transition's endpoints, for drawing the changed part of the graph.
    public struct Edge: Hashable, Sendable, Codable {
        public let from: String
        public let to: String
        public let style: TransitionStyle

        /// The transition from the route called `from` to the one called `to`, presented as `style`.
        public init(from: String, to: String, style: TransitionStyle) {
            self.from = from
            self.to = to
            self.style = style
        }
    }

    /// One declaration added, removed or changed.
    public struct Change: Hashable, Sendable, Codable {
        /// What kind of declaration it is.
        public let kind: Kind
        /// Whether it was added, removed or changed.
        public let change: ChangeType
        /// What identifies the declaration on both sides: a route's name, `from → to` for a
        /// transition, a deep link's pattern.
        public let key: String
        /// How it read in the base graph (`nil` when added).
        public let before: String?
        /// How it reads in the head graph (`nil` when removed).
        public let after: String?
        /// For a transition: its endpoints and style (in the head graph, or the base graph's
        /// when removed).
        public let edge: Edge?
        /// The feature the declaration belongs to (see ``FeatureLookup``), on the head, or on the
        /// base when removed; `nil` for the graph's own declarations and in graphs without features.
        public let feature: String?

        /// A change of the declaration of `kind` identified by `key`, reading `before` on the base
        /// and `after` on the head (`nil` on the side where it does not exist), in `feature`.
        public init(kind: Kind, change: ChangeType, key: String, before: String?, after: String?, edge: Edge? = nil, feature: String? = nil) {
            self.kind = kind
            self.change = change
            self.key = key
            self.before = before
            self.after = after
            self.edge = edge
            self.feature = feature
        }
    }

    /// The base graph's name, or `nil` when the graph is new.
    public let baseName: String?
    /// The head graph's name, or `nil` when the graph was removed.
    public let headName: String?
    /// Every change, sorted by kind, then key, then added, removed, changed.
    public let changes: [Change]

    /// Whether nothing that the graph declares changed (its name aside).
    public var isEmpty: Bool { changes.isEmpty }

    /// The changes of one kind.
    public func changes(of kind: Kind) -> [Change] { changes.filter { $0.kind == kind } }

    /// Compares `base` with `head`; either may be `nil` when the graph exists on one side only.
    ///
    /// - Complexity: O(n log n) in the number of declarations.
    public init<Base: Route, Head: Route>(base: NavigationGraph<Base>?, head: NavigationGraph<Head>?) {
        baseName = base?.name
        headName = head?.name
        let before = base.map(Self.declarations) ?? [:]
        let after = head.map(Self.declarations) ?? [:]
        var changes: [Change] = []
        for identity in Set(before.keys).union(after.keys).sorted() {
            let old = before[identity]
            let new = after[identity]
            switch (old, new) {
            case let (old?, new?) where old.text != new.text:
                changes.append(Change(kind: identity.kind, change: .changed, key: identity.key, before: old.text, after: new.text, edge: new.edge,
                                      feature: new.feature))
            case let (nil, new?):
                changes.append(Change(kind: identity.kind, change: .added, key: identity.key, before: nil, after: new.text, edge: new.edge,
                                      feature: new.feature))
            case let (old?, nil):
                changes.append(Change(kind: identity.kind, change: .removed, key: identity.key, before: old.text, after: nil, edge: old.edge,
                                      feature: old.feature))
            default:
                break
            }
        }
        self.changes = changes
    }

    /// What identifies a declaration across the two graphs.
    struct Identity: Hashable, Comparable {
        let kind: Kind
        let key: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.kind != rhs.kind ? lhs.kind < rhs.kind : lhs.key < rhs.key
        }
    }

    /// A declaration as compared: its description, a transition's endpoints, and its feature
    /// (not compared: a declaration that moved between features reads differently by its name).
    struct Declaration {
        let text: String
        var edge: Edge?
        var feature: String?
    }

    /// Every declaration of `graph` by identity. Two declarations with one identity (a
    /// transition declared twice with different conditions) are told apart by a counter in the
    /// order of their descriptions, so the pairing does not depend on the document's order.
    static func declarations<R: Route>(of graph: NavigationGraph<R>) -> [Identity: Declaration] {
        var grouped: [Identity: [Declaration]] = [:]
        let features = FeatureLookup(graph)
        func add(_ kind: Kind, _ key: String, _ text: String, edge: Edge? = nil, feature: String? = nil) {
            grouped[Identity(kind: kind, key: key), default: []].append(Declaration(text: text, edge: edge, feature: feature))
        }
        for route in graph.routes {
            let samples = route.samples.map { String(describing: $0) }
            let feature = features.feature(of: route.name)
            add(.route, route.name, (samples.count > 1 || samples.first != route.name ? "samples \(samples.joined(separator: ", "))" : "no parameters")
                + (route.modalScope.map { ", presented in the \($0.rawValue)'s scope" } ?? ""), feature: feature)
            if let ownership = route.ownership {
                add(.ownership, route.name, "owned by \(ownership.owners.map(\.description).joined(separator: ", ")) as \(ownership.style.rawValue), \(ownership.priority.rawValue) priority",
                    feature: feature)
            }
            if let entryGuard = route.entryGuard {
                add(.guard, route.name, "requires \(entryGuard.condition.text), otherwise \(describe(entryGuard.otherwise))" + written(entryGuard.redirectValue),
                    feature: feature)
            }
        }
        for transition in graph.transitions {
            var text = transition.style.rawValue + written(transition.value)
            if let condition = transition.condition { text += " when \(condition.text)" }
            if let reroute = transition.reroute { text += ", rerouting to \(reroute.route) when \(reroute.condition.text)" }
            add(.transition, "\(transition.from) → \(transition.to)", text, edge: Edge(from: transition.from, to: transition.to, style: transition.style),
                feature: features.feature(of: transition.from))
        }
        for event in graph.events {
            var parts: [String] = []
            if let precondition = event.precondition { parts.append("when \(precondition.text)") }
            if !event.flagChanges.isEmpty {
                parts.append("set " + event.flagChanges.map { "\($0.flag.name): \($0.value)" }.joined(separator: ", "))
            }
            if !event.navigation.isEmpty {
                let steps = event.navigation.enumerated().map { position, step in
                    describe(step) + written(position < event.navigationValues.count ? event.navigationValues[position] : nil)
                }
                parts.append("then " + steps.joined(separator: ", "))
            }
            add(.event, event.name, parts.isEmpty ? "does nothing" : parts.joined(separator: "; "))
        }
        for flag in graph.flags { add(.flag, flag.name.name, "initially \(flag.initial)") }
        for (position, tab) in graph.tabs.enumerated() {
            add(.tab, tab.id.name, "root \(tab.root), position \(position + 1)" + (tab.condition.map { ", shown when \($0.text)" } ?? "")
                + (tab.reselect.map { ", re-selecting: \($0.rawValue)" } ?? ""))
        }
        if !graph.tabs.isEmpty && !graph.tabBar.isDefault {
            let under = graph.tabBar.tappableUnder.map(\.rawValue).joined(separator: ", ")
            add(.tab, "tab bar", "tappable under \(under.isEmpty ? "no modal" : under)" + (graph.tabBar.fallback.map { ", fallback \($0.name)" } ?? "")
                + (graph.tabBar.reselect == .popToRoot ? "" : ", re-selecting: \(graph.tabBar.reselect.rawValue)")
                + (graph.tabBar.hiddenSelection == .fallback ? "" : ", hidden selection: \(graph.tabBar.hiddenSelection.rawValue)"))
        }
        if graph.modalScope != .window { add(.tab, "modal scope", "modals belong to the \(graph.modalScope.rawValue) that presents them") }
        if graph.tabs.isEmpty, let root = graph.root { add(.root, "root", root) }
        for invariant in graph.invariants {
            add(.invariant, invariant.name, invariant.condition.text, feature: features.feature(of: invariant.name, declaredAt: invariant.location))
        }
        for property in graph.properties {
            add(.property, property.name, property.conditions.map { "\($0.key) \($0.condition.text)" }.joined(separator: ", "))
        }
        for limit in graph.tapLimits { add(.within, limit.target, "at most \(limit.limit) tap\(limit.limit == 1 ? "" : "s")") }
        if let deepLinks = graph.deepLinks {
            let configuration = deepLinks.configuration
            add(.deepLinkSettings, "schemes and hosts",
                "schemes \(configuration.schemes.joined(separator: ", ")); hosts \(configuration.hosts.isEmpty ? "any" : configuration.hosts.joined(separator: ", "))"
                    + (configuration.matching == .lenient ? "" : "; match \(GraphDocument.matchingText(configuration.matching))"))
            for link in deepLinks.links { add(.deepLink, link.mapping.patternText, describe(link)) }
        }
        let bounds = graph.bounds
        add(.bounds, "bounds", "maxStackDepth \(bounds.maxStackDepth), maxModalDepth \(bounds.maxModalDepth), maxStates \(bounds.maxStates)"
            + (bounds.maxMemoryBytes.map { ", maxMemory \($0) bytes" } ?? ""))

        var declarations: [Identity: Declaration] = [:]
        for (identity, list) in grouped {
            guard list.count > 1 else {
                declarations[identity] = list[0]
                continue
            }
            for (number, declaration) in list.sorted(by: { $0.text < $1.text }).enumerated() {
                declarations[Identity(kind: identity.kind, key: number == 0 ? identity.key : "\(identity.key) (\(number + 1))")] = declaration
            }
        }
        return declarations
    }

    /// ` with account(handle: alice)`: the route value a declaration wrote (a document's `with:`),
    /// so a changed value is a changed declaration; nothing where none was written.
    static func written<R: Route>(_ value: R?) -> String {
        value.map { " with \(String(describing: $0))" } ?? ""
    }

    static func describe(_ otherwise: GuardOtherwise) -> String {
        switch otherwise {
        case .cancel: "cancel"
        case .redirect(let route, let style): "redirect to \(route) as \(style.rawValue)"
        }
    }

    static func describe(_ step: EventNavigationStep) -> String {
        switch step {
        case .back: "back"
        case .dismiss: "dismiss"
        case .dismissAll: "dismissAll"
        case .popToRoot: "popToRoot"
        case .go(let route, let style): "\(style.rawValue) \(route)"
        case .selectTab(let tab): "tab \(tab.name)"
        case .resetTabs(nil): "resetTabs"
        case .resetTabs(let tabs?): "resetTabs \(tabs.map(\.name).joined(separator: ", "))"
        }
    }

    static func describe<R: Route>(_ link: DeepLinkDeclaration<R>) -> String {
        var parts = [link.plan.mode == .request ? "requests \(link.routeName)" : "to \(link.routeName)"]
        // An entry that wrote a value reads as that value (`account(handle: alice)`), in the
        // order the values are kept: the stack's entries, then the modal's.
        func entries(_ names: [String], from offset: Int) -> String {
            names.enumerated().map { position, name in
                let index = offset + position
                guard index < link.planValues.count, let value = link.planValues[index] else { return name }
                return String(describing: value)
            }.joined(separator: " › ")
        }
        if let tab = link.plan.tab { parts.append("tab \(tab.name)") }
        if !link.plan.stack.isEmpty { parts.append("\(link.plan.mode == .push ? "pushes" : "stack") \(entries(link.plan.stack, from: 0))") }
        if let modal = link.plan.modal { parts.append("\(modal.style.rawValue) \(entries(modal.routes, from: link.plan.stack.count))") }
        if link.plan.underModals == .keep { parts.append("under the modals") }
        if !link.plan.flags.isEmpty { parts.append("set " + link.plan.flagChanges.map { "\($0.flag.name): \($0.value)" }.joined(separator: ", ")) }
        if let requirement = link.requirement {
            parts.append("requires \(requirement.text), otherwise \(link.mapping.whenUnmet == .reject ? "reject" : "park")")
        }
        for sample in link.samples { parts.append("\(sample.url) expects \(sample.expectationText)") }
        return parts.joined(separator: "; ")
    }
}
