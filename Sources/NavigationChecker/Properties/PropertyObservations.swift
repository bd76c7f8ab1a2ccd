import NavigationCore
import NavigationGraph

/// What the built-in properties observe of a search, state by state and step by step, and
/// nothing about how the search runs: invariants, guard bypass and route coverage judge each
/// new state; guard redirects, deep-link outcomes and transition coverage each step.
///
/// The explicit engine feeds it every stored state and every step; the verdicts are judged
/// from it in ``PropertyObservations/verdicts(_:trace:)`` by each kind the
/// ``PropertyRegistry`` lists, which any engine that fills these fields can use.
package struct PropertyObservations<R: Route> {
    /// Per invariant, by its position in the graph's invariants, the first state breaking it.
    package var invariantViolations: [Int: Violation] = [:]
    /// Per guarded route, by name, the first state with it on top and its guard false.
    package var bypassViolations: [String: Violation] = [:]
    /// Deep links not doing what they declare (at most 64 kept).
    package var linkViolations: [Violation] = []
    /// How many deep-link problems were noted, up to 64 (an engine that does not keep each one,
    /// the symbolic engine, sets it beside the first).
    package var linkProblems = 0
    /// The first step whose guard redirects never settled.
    package var redirectViolations: [Violation] = []
    /// The first step whose request was dropped, and how many dropped.
    var droppedRequest: Violation?
    var droppedRequestCount = 0
    /// Per request (the action and the requested route), the owner that first presented it and
    /// where; and the first request seen presented by two different owners.
    var requestOwners: [String: (owner: OwnerScope, state: Int)] = [:]
    var ambiguousOwner: Violation?
    /// The same request where its first owner presented it, for the warning's other trace.
    var ambiguousOwnerFirst: Violation?
    /// Per reroutable action, by name, the first step (in breadth-first order) where it rerouted.
    var firstReroutes: [String: Violation] = [:]
    /// The reroutable actions whose retry ran and succeeded somewhere, at once or after the flow.
    var helpedReroutes: Set<String> = []
    /// The first state whose selected tab the tab bar does not show (judged under
    /// `hiddenSelection: stay` only).
    package var hiddenSelection: Violation?
    /// The first step that fired an event one of whose steps was refused (a hidden tab, a
    /// guard that cancels).
    package var refusedEventStep: Violation?
    /// The names of the routes seen on top.
    package var reachedRoutes: Set<String> = []
    /// Per declared transition, whether a step took it (an array: this is written on most steps).
    package var takenTransitions: [Bool]
    /// Per declared transition, the successors a depth bound cut: why a transition was never taken.
    package var depthCutTransitions: [Int]
    /// Each route's tap distances, when the engine computed them after its search.
    package var tapDistances: TapDistances?
    /// Per route (by position), the user actions of a shortest path from launch to it, when
    /// computed: the `within` property's evidence.
    package var tapPaths: [[ExplorerAction]?]?

    /// The observers of the kinds that watch a search for themselves (see
    /// ``PropertyObserver``), in registry order; empty for the built-in kinds.
    var observers: [any PropertyObserver<R>]
    /// Whether an engine handed states one by one to the ``observers`` (through
    /// ``observe(state:index:)``): the explicit engine does, the symbolic engine does not.
    private(set) var statesObserved = false

    package let graph: NavigationGraph<R>
    /// The deep-link samples, in the model's `openLink` order.
    let samples: [GraphModel<R>.LinkSample]
    let invariants: [@Sendable (NavigationState<R>) -> Bool]
    let guards: [String: @Sendable (NavigationState<R>) -> Bool]
    /// The tab bar's rules, when *selected tab is shown* is judged; `nil` otherwise.
    private let selectionRules: TabBarRules<R>?

    /// What judging needs about a route on top: its name and its entry guard.
    struct TopFacts {
        let name: String
        let guarded: (@Sendable (NavigationState<R>) -> Bool)?
    }
    private var topFacts: [TopFacts] = []
    /// Where each route's facts are in ``topFacts``.
    private var topFactSlots = RouteMap<R, Int>()

    package init(model: GraphModel<R>) {
        self.init(graph: model.graph, samples: model.samples)
    }

    /// Observations of `graph` with nothing observed yet; `samples` in the model's `openLink` order.
    init(graph: NavigationGraph<R>, samples: [GraphModel<R>.LinkSample]) {
        self.graph = graph
        self.samples = samples
        observers = PropertyRegistry.observers(for: graph)
        takenTransitions = Array(repeating: false, count: graph.transitions.count)
        depthCutTransitions = Array(repeating: 0, count: graph.transitions.count)
        invariants = graph.invariants.map { $0.condition.compile(routeName: graph.routeName) }
        var guards: [String: @Sendable (NavigationState<R>) -> Bool] = [:]
        for route in graph.routes { if let entryGuard = route.entryGuard { guards[route.name] = entryGuard.condition.compile(routeName: graph.routeName) } }
        self.guards = guards
        selectionRules = Self.checksSelectedTabShown(graph) ? graph.makeTabBarRules() : nil
    }

    /// Whether *selected tab is shown* is judged for `graph`: it has tabs and its tab bar
    /// leaves the selection on a hidden tab (`hiddenSelection: stay`).
    package static func checksSelectedTabShown(_ graph: NavigationGraph<R>) -> Bool {
        !graph.tabs.isEmpty && graph.tabBar.hiddenSelection == .stay
    }

    /// What *selected tab is shown* says of a state whose selected tab is hidden: the tab, and
    /// the condition that is false. The same words from both engines.
    package static func hiddenSelectionMessage(_ tab: TabID, in graph: NavigationGraph<R>) -> String {
        let condition = graph.tabs.first { $0.id == tab }?.condition?.text
        return "tab \(tab.name) is selected but not shown" + (condition.map { " ('\($0)' is false)" } ?? "")
    }

    // MARK: States

    /// The per-state properties of a new state numbered `index`: invariants, guard bypass, and
    /// route coverage.
    mutating func observe(state: NavigationState<R>, index: Int) {
        // One test of a count per new state while no kind brings an observer (none built in does).
        if !observers.isEmpty {
            statesObserved = true
            for position in observers.indices { observers[position].observe(state: state, index: index) }
        }
        if let selectionRules, hiddenSelection == nil, selectionRules.selectedTabIsHidden(in: state) {
            hiddenSelection = Violation(state: index, action: nil, message: Self.hiddenSelectionMessage(state.selectedTab, in: graph))
        }
        for (position, invariant) in invariants.enumerated() where invariantViolations[position] == nil && !invariant(state) {
            invariantViolations[position] = Violation(state: index, action: nil, message: "'\(graph.invariants[position].condition.text)' is false")
        }
        guard let top = state.top else { return }
        // A route's name and guard are looked up once per distinct route, not once per state.
        let slot: Int
        if let known = topFactSlots[top] {
            slot = known
        } else {
            let name = graph.routeName(top)
            reachedRoutes.insert(name)
            slot = topFacts.count
            topFacts.append(TopFacts(name: name, guarded: guards[name]))
            topFactSlots[top] = slot
        }
        if let condition = topFacts[slot].guarded, bypassViolations[topFacts[slot].name] == nil, !condition(state) {
            let name = topFacts[slot].name
            let text = graph.route(named: name)?.entryGuard?.condition.text ?? ""
            bypassViolations[name] = Violation(state: index, action: nil, message: "\(name) is on top while its guard '\(text)' is false")
        }
    }

    // MARK: Steps

    /// A step by `action` from the state numbered `index` that led to a different state (or
    /// the same one, `changedState` false) and ran every command successfully or not
    /// (`succeeded`): transition coverage.
    @inline(__always)
    mutating func observe(taken action: ExplorerAction, succeeded: Bool, changedState: Bool) {
        guard succeeded, changedState, case .transition(let transition, _) = action else { return }
        // Read first: it mostly is already, and then the array is not written (a write checks
        // that the array is not shared).
        if !takenTransitions[transition] { takenTransitions[transition] = true }
    }

    /// A step by `action` whose successor a depth bound cut: why a transition was never taken.
    @inline(__always)
    mutating func observe(cut action: ExplorerAction) {
        if case .transition(let transition, _) = action { depthCutTransitions[transition] += 1 }
    }

    /// The per-step properties of a step that did not simply succeed or that opened a link:
    /// guard redirect loops, and deep links landing where they should (`top` is the
    /// successor's visible route).
    package mutating func observe(step action: ExplorerAction, _ effects: borrowing GraphModel<R>.Effects, top: R?, from index: Int) {
        for result in effects.unsuccessful { noteRedirectProblem(result, action: action, index: index) }
        if refusedEventStep == nil, case .event(let event) = action, let refusal = effects.unsuccessful.lazy.compactMap(Self.refusal).first {
            refusedEventStep = Violation(state: index, action: action, message: Self.refusedStepMessage(graph.events[event].name, refusal))
        }
        for resolution in effects.requests { note(resolution, action: action, index: index) }
        for effect in effects.reroutes { note(effect, action: action, index: index) }
        guard let outcome = effects.deepLink else { return }
        var expected: DeepLinkDeclaration<R>.Expectation?
        // How a message words the expectation; a sample that depends on the state says which case.
        var expectedText = ""
        if case .openLink(let sample) = action {
            let judged = effects.expectedLinkOutcome
            expected = judged?.outcome ?? samples[sample].expect
            expectedText = judged?.text ?? samples[sample].expect.rawValue
        }
        // Only a violation's message needs the URL: not copied on every step.
        var sampleText: String {
            if case .openLink(let sample) = action { return samples[sample].url }
            return "the pending link"
        }
        switch outcome {
        case .navigated(let plan, let transaction):
            if plan.mode == .request, outcome.requestResolution?.drop != nil {
                // Handled as declared (`plan`): the drop is the dropped-requests property's finding.
            } else if case .rolledBack(_, let result, _) = transaction {
                noteRedirectProblem(result, action: action, index: index)
                note(link: Violation(state: index, action: action, message: "\(sampleText) was planned to \(plan.destination) but did not land: \(result)"))
            } else if let landed = top, landed != Self.plannedTop(plan) {
                // Pushed under the open modals (`underModals: keep`), the route is there but hidden.
                let place = effects.linkPushedUnderModals ? "under a modal: the user sees \(landed) until it is dismissed" : "on \(landed)"
                note(link: Violation(state: index, action: action, message: "\(sampleText) was planned to \(Self.plannedTop(plan)) but landed \(place)"))
            }
            if let expected, expected == .rejected || expected == .unhandled {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expectedText) but navigated"))
            }
        case .parked:
            if let expected, expected != .pending {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expectedText) but was parked as pending"))
            }
        case .rejected(let reason):
            if let expected, expected != .rejected {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expectedText) but was rejected: \(reason)"))
            }
        case .unhandled:
            if let expected, expected != .unhandled {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expectedText) but no pattern handles it"))
            }
        case .stillPending:
            break
        }
    }

    /// Each sample URL, opened in the initial state (numbered 0), must do what the graph declares.
    package mutating func observeLaunchLinks(_ pipeline: DeepLinkPipeline<R>?, initial: NavigationState<R>) {
        guard let pipeline else { return }
        for (index, sample) in samples.enumerated() {
            let expected = sample.expectationWithReason(in: initial)
            let actual: DeepLinkDeclaration<R>.Expectation = switch pipeline.decide(sample.url, in: initial) {
            case .plan: .plan
            case .pending: .pending
            case .rejected: .rejected
            case .unhandled: .unhandled
            }
            if actual != expected.outcome {
                note(link: Violation(state: 0, action: .openLink(index),
                                     message: "\(sample.url) is declared \(expected.text) but opening it at launch gives \(actual.rawValue)"))
            }
        }
    }

    private static func plannedTop(_ plan: NavigationPlan<R>) -> R {
        plan.modal?.routes.last ?? plan.stack.last ?? plan.destination
    }

    private mutating func note(link violation: Violation) {
        guard linkViolations.count < 64 else { return }
        linkViolations.append(violation)
        linkProblems += 1
    }

    /// A request's resolution: a drop for the dropped-requests property, an owner for the
    /// ambiguous-owners one (one request, by action and route, presented by two owners).
    private mutating func note(_ resolution: RequestResolution<R>, action: ExplorerAction, index: Int) {
        switch resolution {
        case .dropped(let drop):
            droppedRequestCount += 1
            if droppedRequest == nil { droppedRequest = Violation(state: index, action: action, message: requester(of: action) + drop.description) }
        case .presented(let presentation):
            guard ambiguousOwner == nil else { return }
            let key = "\(action.code) \(graph.routeName(presentation.route))"
            guard let first = requestOwners[key] else {
                requestOwners[key] = (presentation.owner, index)
                return
            }
            if first.owner != presentation.owner {
                ambiguousOwnerFirst = Violation(state: first.state, action: action, message: "")
                ambiguousOwner = Violation(state: index, action: action, message:
                    "the request for \(graph.routeName(presentation.route)) is presented by \(first.owner) on one path and by \(presentation.owner) on this one")
            }
        }
    }

    /// A reroute for the reroutes-that-never-help property: where each action first reroutes,
    /// and whether its retry ever helps.
    private mutating func note(_ effect: RerouteEffect, action: ExplorerAction, index: Int) {
        switch effect.kind {
        case .rerouted(let route):
            guard firstReroutes[effect.action] == nil else { return }
            firstReroutes[effect.action] = Violation(state: index, action: action, message:
                "\(effect.action) reroutes to \(route), and its retry never runs successfully in any reachable state (neither at once nor after \(route)'s flow ends)")
        case .retried(succeeded: true): helpedReroutes.insert(effect.action)
        case .retried(succeeded: false), .gaveUp: break
        }
    }

    /// Who made a request, when a deep link did: `opening shop://share/1 (deep link '/share/:id'): `,
    /// so a dropped link names itself; empty for other actions, which the trace names.
    private func requester(of action: ExplorerAction) -> String {
        switch action {
        case .openLink(let sample):
            let links = graph.deepLinks?.links ?? []
            let pattern = links.indices.contains(samples[sample].linkIndex) ? " (deep link '\(links[samples[sample].linkIndex].mapping.patternText)')" : ""
            return "opening \(samples[sample].url)\(pattern): "
        case .resumePending:
            return "resuming the pending link (it stays parked): "
        case .transition, .back, .dismissSheet, .selectTab, .event:
            return ""
        }
    }

    /// Why an event's step was refused, when it was: selecting a tab the tab bar does not
    /// show, or a command a middleware (a route guard) cancelled outright, before or after a
    /// redirect. `nil` for a step that had nothing to do (dismissing with no modal up) or whose
    /// redirects never settle (the guard-redirects property's finding).
    package static func refusal(_ result: NavigationResult<R>) -> String? {
        if let cancellation = result.cancellation { return "cancelled by \(cancellation)" }
        if case .tabHidden? = result.firstFailure, let failure = result.firstFailure { return "\(failure)" }
        return nil
    }

    /// What *event step refused* says: the event and why its step was refused. The same words
    /// from both engines.
    package static func refusedStepMessage(_ event: String, _ refusal: String) -> String {
        "event \(event): a step was refused: \(refusal)"
    }

    private mutating func noteRedirectProblem(_ result: NavigationResult<R>, action: ExplorerAction, index: Int) {
        guard redirectViolations.isEmpty, let failure = result.firstFailure else { return }
        if failure.isRedirectProblem {
            redirectViolations.append(Violation(state: index, action: action, message: "guard redirects never settle: \(failure)"))
        }
    }
}
