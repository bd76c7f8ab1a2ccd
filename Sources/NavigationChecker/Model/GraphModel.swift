import NavigationCore
import NavigationGraph

/// The graph as a transition system: the initial state, the actions enabled in a state, and the
/// state an action leads to, computed by the runtime's own executor (engine plus the graph's
/// middleware) and deep-link pipeline.
public struct GraphModel<R: Route>: Sendable {
    /// What an action did, beyond the state it produced.
    public struct Step: Sendable {
        public var state: NavigationState<R>
        /// The runtime's results other than `.success` for the commands the action ran (an
        /// event runs several), in order; empty when every command succeeded, which is the
        /// common case and then costs no allocation.
        public var unsuccessful: [NavigationResult<R>]
        /// What opening or resuming a deep link did, for link actions.
        public var deepLink: DeepLinkOutcome<R>?
        /// How each request the action made was resolved, in order (see ``Effects/requests``).
        public var requests: [RequestResolution<R>]
        /// What the step did with actions that reroute, in order (see ``Effects/reroutes``).
        public var reroutes: [RerouteEffect]

        init(state: NavigationState<R>, unsuccessful: [NavigationResult<R>] = [], deepLink: DeepLinkOutcome<R>? = nil,
             requests: [RequestResolution<R>] = [], reroutes: [RerouteEffect] = []) {
            self.state = state
            self.unsuccessful = unsuccessful
            self.deepLink = deepLink
            self.requests = requests
            self.reroutes = reroutes
        }

        /// Whether every command the action ran succeeded.
        public var succeeded: Bool { unsuccessful.isEmpty }
    }

    /// A deep-link sample the explorer opens, with the link it belongs to.
    public struct LinkSample: Sendable {
        public let url: String
        /// What opening it must do where no conditional outcome holds (everywhere, for most samples).
        public let expect: DeepLinkDeclaration<R>.Expectation
        public let linkIndex: Int
        public let location: SourceLocation?
        /// The sample's outcomes by state, compiled: the first whose condition holds is expected.
        let conditional: [(holds: @Sendable (NavigationState<R>) -> Bool, outcome: DeepLinkDeclaration<R>.Expectation, text: String)]

        /// What opening the sample from `state` must do.
        public func expectation(in state: NavigationState<R>) -> DeepLinkDeclaration<R>.Expectation {
            conditional.first { $0.holds(state) }?.outcome ?? expect
        }

        /// The expectation in `state`, and how a message says it: `plan`, or `plan (when signedIn)`.
        func expectationWithReason(in state: NavigationState<R>) -> LinkExpectation {
            guard !conditional.isEmpty else { return LinkExpectation(outcome: expect, text: expect.rawValue) }
            if let entry = conditional.first(where: { $0.holds(state) }) {
                return LinkExpectation(outcome: entry.outcome, text: "\(entry.outcome.rawValue) (when \(entry.text))")
            }
            return LinkExpectation(outcome: expect, text: "\(expect.rawValue) (where no condition holds)")
        }
    }

    /// A sample's expected outcome in one state, with how a message says it.
    struct LinkExpectation: Sendable {
        let outcome: DeepLinkDeclaration<R>.Expectation
        let text: String
    }

    public let graph: NavigationGraph<R>
    public let executor: NavigationExecutor<R>
    public let pipeline: DeepLinkPipeline<R>?
    /// Whether there is a pipeline: read on every state without copying the pipeline.
    private let hasPipeline: Bool
    public let samples: [LinkSample]
    /// Each transition's target routes (a route with parameters has several samples).
    let transitionTargets: [[R]]
    /// Each transition's style.
    let transitionStyles: [TransitionStyle]
    /// Each transition's command to each of its targets, except for replace transitions (`nil`).
    private let transitionCommands: [[NavigationCommand<R>?]]
    /// Each transition's reroutable action to each of its targets, for transitions that may
    /// reroute (empty otherwise): the runtime performs these, as the app does.
    private let transitionReroutes: [[ReroutableAction<R>]]
    /// Whether each transition may reroute (then a step is compared in full, never undone).
    let transitionMayReroute: [Bool]
    /// The transitions out of each route, in declaration order, back to back, each with its
    /// guard and number of targets, so listing a state's actions reads one contiguous run.
    private let outgoing: [Outgoing]
    /// Where each route name's run of ``outgoing`` is.
    private let outgoingByName: [String: Range<Int>]
    /// The same for each declared sample route, found without hashing its name (routes built
    /// by deep links fall back to the name).
    private let outgoingByRoute: RouteMap<R, Range<Int>>
    private let eventPreconditions: [QuickCondition<R>]
    /// The events as the runtime fires them (`makeEvents()`), without their preconditions:
    /// the explorer tests each precondition as ``eventPreconditions`` (the same declaration),
    /// then fires these values' steps through the executor, as the app's store does.
    private let events: [AppEvent<R>]
    /// Whether each event has navigation steps (most have none).
    let eventNavigates: [Bool]
    let hasTabs: Bool
    /// Whether some tab is shown only under a condition: then any step may also move the
    /// selection off a tab that hid (see `TabBarRules.settleSelection`).
    let hasConditionalTabs: Bool
    /// Whether every transition guard, event precondition and tab condition is a flag or a constant.
    let conditionsReadOnlyFlags: Bool
    /// Each declared flag's bit in the graph's own numbering (its declaration order), by the
    /// flag's process-wide number; 0 for a number that is no declared flag. Empty when more
    /// than 64 flags are declared.
    let flagBitByNumber: [UInt64]
    /// The most actions a state can have: every transition target out of one route, Back,
    /// dismissing a sheet, each tab, each event, each link sample and resuming a pending link.
    let maxActions: Int
    /// Whether the executor has no middleware: then a command does what the engine documents
    /// and nothing else, and the explicit search can undo a step by its ``StepInverse``.
    let runsEngineAlone: Bool

    private struct Outgoing: Sendable {
        let transition: Int
        let targets: Int
        let condition: QuickCondition<R>
    }

    /// Whether some sample's expected outcome depends on the state (most graphs: none, and a
    /// link step then reads nothing more).
    private let expectationsDependOnState: Bool
    /// Each sample URL resolved once (parse, match, plan); only the requirement depends on state.
    private let resolutions: [DeepLinkResolution<R>]
    private let resolutionByURL: [String: DeepLinkResolution<R>]
    /// Whether some link requests its route (most graphs: none, and a link step then reads no
    /// request resolution).
    private let linksRequest: Bool
    /// Whether some link pushes under the open modals (`underModals: keep`; most graphs: none,
    /// and a link step then reads nothing of the modals).
    private let linksKeepUnderModals: Bool

    @_specialize(exported: true, where R == DynamicRoute)
    public init(graph: NavigationGraph<R>) {
        WorkTally.record(.model)
        self.graph = graph
        executor = graph.makeExecutor()
        pipeline = graph.makeDeepLinkPipeline()
        hasPipeline = pipeline != nil
        samples = Self.linkSamples(of: graph)
        transitionTargets = graph.transitions.map(graph.targets(of:))
        transitionStyles = graph.transitions.map(\.style)
        transitionCommands = zip(transitionTargets, transitionStyles).map { targets, style in
            targets.map { NavigationGraph<R>.command(to: $0, style: style) }
        }
        transitionReroutes = zip(graph.transitions, transitionTargets).map { transition, targets in
            targets.compactMap { graph.reroutableAction(for: transition, to: $0) }
        }
        transitionMayReroute = transitionReroutes.map { !$0.isEmpty }
        var outgoing: [Outgoing] = []
        var outgoingByName: [String: Range<Int>] = [:]
        let bySource = Dictionary(grouping: graph.transitions.indices, by: { graph.transitions[$0].from })
        for name in bySource.keys.sorted() {
            let start = outgoing.count
            for index in bySource[name] ?? [] where !transitionTargets[index].isEmpty {
                outgoing.append(Outgoing(transition: index, targets: transitionTargets[index].count,
                                         condition: QuickCondition(graph.transitions[index].condition, routeName: graph.routeName)))
            }
            outgoingByName[name] = start..<outgoing.count
        }
        var outgoingByRoute = RouteMap<R, Range<Int>>()
        for route in graph.routes {
            for sample in route.samples { outgoingByRoute[sample] = outgoingByName[route.name] ?? 0..<0 }
        }
        self.outgoing = outgoing
        self.outgoingByName = outgoingByName
        self.outgoingByRoute = outgoingByRoute
        eventPreconditions = graph.events.map { QuickCondition($0.precondition, routeName: graph.routeName) }
        // The precondition is tested as `eventPreconditions` (the same declaration, compiled
        // the same way) before firing: the runtime's own test copied the optional predicate,
        // a retain and a release on every event step (5% of a search with events).
        events = graph.makeEvents().map { AppEvent(name: $0.name, precondition: nil, steps: $0.steps) }
        eventNavigates = graph.events.map { !$0.navigation.isEmpty }
        hasTabs = !graph.tabs.isEmpty
        hasConditionalTabs = graph.tabs.contains { $0.condition != nil }
        runsEngineAlone = executor.middleware.isEmpty
        let tabConditions = graph.tabs.map { QuickCondition($0.condition, routeName: graph.routeName) }
        conditionsReadOnlyFlags = (outgoing.map(\.condition) + eventPreconditions + tabConditions).allSatisfy(\.readsOnlyFlags)
        var flagBits: [UInt64] = []
        if graph.flags.count <= 64 {
            for (position, flag) in graph.flags.enumerated() {
                let number = Int(flag.name.internedNumber)
                if number >= flagBits.count { flagBits += repeatElement(0, count: number + 1 - flagBits.count) }
                flagBits[number] = 1 << UInt64(position)
            }
        }
        flagBitByNumber = flagBits
        let mostTransitions = outgoingByName.values.map { outgoing[$0].reduce(0) { $0 + $1.targets } }.max() ?? 0
        maxActions = mostTransitions + 2 + graph.tabs.count + eventPreconditions.count + samples.count + 1
        expectationsDependOnState = samples.contains { !$0.conditional.isEmpty }
        let pipeline = self.pipeline
        resolutions = samples.map { pipeline?.resolve($0.url) ?? .unhandled($0.url) }
        resolutionByURL = Dictionary(zip(samples.map(\.url), resolutions), uniquingKeysWith: { first, _ in first })
        linksRequest = (graph.deepLinks?.links ?? []).contains { $0.plan.mode == .request }
        linksKeepUnderModals = (graph.deepLinks?.links ?? []).contains { $0.plan.underModals == .keep }
    }

    /// Every deep-link sample URL of `graph`, flattened in declaration order: the explorer's
    /// `openLink` indices.
    public static func linkSamples(of graph: NavigationGraph<R>) -> [LinkSample] {
        (graph.deepLinks?.links ?? []).enumerated().flatMap { index, link in
            link.samples.map { sample in
                LinkSample(url: sample.url, expect: sample.expect, linkIndex: index, location: sample.location,
                           conditional: sample.conditional.map { ($0.condition.compile(routeName: graph.routeName), $0.outcome, $0.condition.text) })
            }
        }
    }

    /// The actions enabled in `state`, in the documented order.
    public func actions(in state: NavigationState<R>) -> [ExplorerAction] {
        var actions: [ExplorerAction] = []
        self.actions(in: state, into: &actions)
        return actions
    }

    /// Replaces the contents of `actions` with the actions enabled in `state`, in the documented
    /// order, reusing its storage (the explorer calls this once per state).
    public func actions(in state: NavigationState<R>, into actions: inout [ExplorerAction]) {
        actions.removeAll(keepingCapacity: true)
        collectActions(in: state, into: &actions)
    }

    /// The same into an ``ActionList``, which the explorer reuses for every state: appending
    /// checks no uniqueness and no capacity (the list holds ``maxActions``).
    func actions(in state: NavigationState<R>, into actions: inout ActionList) {
        actions.removeAll()
        collectActions(in: state, into: &actions)
    }

    /// Whether the user can swipe the topmost modal layer away (read in place, without copying
    /// the layer): its style says so (``ModalStyle/isSwipeDismissable``).
    @inline(__always)
    static func sheetOnTop(_ state: NavigationState<R>) -> Bool {
        guard let last = state.modals.indices.last else { return false }
        return state.modals[last].style.isSwipeDismissable
    }

    /// Appends the actions enabled in `state` to `actions`, in the documented order.
    @inline(__always)
    private func collectActions<Sink: ActionSink & ~Copyable>(in state: NavigationState<R>, into actions: inout Sink) {
        if let top = state.top {
            for position in outgoingRange(of: top) {
                // Read in place: a copy of the entry copied (and destroyed) its condition.
                guard outgoing[position].condition.holds(in: state) else { continue }
                let transition = outgoing[position].transition
                for sample in 0..<outgoing[position].targets { actions.append(.transition(transition, sample: sample)) }
            }
        }
        if state.depth > 1 { actions.append(.back) }
        if Self.sheetOnTop(state) { actions.append(.dismissSheet) }
        if hasTabs {
            // The user's tap, as the runtime allows it: the tab bar not covered by a modal
            // (TabBarRules.tappableUnder) and the tab shown (its condition holds).
            for index in state.tabs.indices where executor.engine.canTapTab(at: index, in: state) {
                actions.append(.selectTab(index))
            }
        }
        for index in eventPreconditions.indices where eventPreconditions[index].holds(in: state) {
            actions.append(.event(index))
        }
        if hasPipeline {
            for index in samples.indices { actions.append(.openLink(index)) }
            if state.pendingDeepLink != nil { actions.append(.resumePending) }
        }
    }

    /// Where the transitions out of `route` are in ``outgoing``.
    private func outgoingRange(of route: R) -> Range<Int> {
        outgoingByRoute[route] ?? outgoingByName[graph.routeName(route)] ?? 0..<0
    }

    /// What `action` does in `state`, through the runtime.
    public func apply(_ action: ExplorerAction, to state: NavigationState<R>) -> Step {
        var next = state
        let effects = apply(action, on: &next)
        return Step(state: consume next, unsuccessful: effects.unsuccessful, deepLink: effects.deepLink, requests: effects.requests,
                    reroutes: effects.reroutes)
    }

    /// What an action did besides changing the state: a ``Step`` without its state.
    public struct Effects: Sendable {
        /// The runtime's results other than `.success`, in order (see ``Step/unsuccessful``).
        public var unsuccessful: [NavigationResult<R>] {
            get { failures ?? [] }
            set { failures = newValue.isEmpty ? nil : newValue }
        }
        /// What opening or resuming a deep link did, for link actions.
        public var deepLink: DeepLinkOutcome<R>? {
            get { deepLinkBox?.outcome }
            set { deepLinkBox = newValue.map { OutcomeBox($0) } }
        }
        /// `nil` rather than empty, so that most steps' effects hold no array at all.
        private var failures: [NavigationResult<R>]?
        /// The outcome lives in a box: dropping one is then a release, where the outcome's many
        /// cases took a call through the type's metadata. (One box for both fields, holding an
        /// optional outcome, was destroyed through the metadata too: about a thousand
        /// instructions a link step in the shop, measured.)
        private var deepLinkBox: OutcomeBox?

        public init(unsuccessful: [NavigationResult<R>] = [], deepLink: DeepLinkOutcome<R>? = nil) {
            self.unsuccessful = unsuccessful
            self.deepLink = deepLink
        }

        /// No effect beyond the state: what most steps return.
        init() {}

        /// Appends `result` to ``unsuccessful``.
        mutating func append(unsuccessful result: NavigationResult<R>) {
            failures = (failures ?? []) + [result]
        }

        /// For a sample whose expected outcome depends on the state, that expectation in the
        /// state the link was opened from, as ``GraphModel/LinkSample`` words it; `nil` otherwise.
        var expectedLinkOutcome: LinkExpectation? {
            get { deepLinkBox?.expected }
            set { deepLinkBox = deepLinkBox.map { OutcomeBox($0.outcome, expected: newValue, pushedUnderModals: $0.pushedUnderModals) } }
        }

        /// Whether the link's plan pushed its routes under the modals that were open
        /// (`underModals: keep`): a link that then does not show its route is under them.
        var linkPushedUnderModals: Bool {
            get { deepLinkBox?.pushedUnderModals ?? false }
            set { deepLinkBox = deepLinkBox.map { OutcomeBox($0.outcome, expected: $0.expected, pushedUnderModals: newValue) } }
        }

        private final class OutcomeBox: Sendable {
            let outcome: DeepLinkOutcome<R>
            let expected: LinkExpectation?
            let pushedUnderModals: Bool
            init(_ outcome: DeepLinkOutcome<R>, expected: LinkExpectation? = nil, pushedUnderModals: Bool = false) {
                self.outcome = outcome
                self.expected = expected
                self.pushedUnderModals = pushedUnderModals
            }
        }

        /// Whether every command the action ran succeeded.
        public var succeeded: Bool { failures == nil }

        /// What the action did with actions that reroute, in order: the move it took rerouted,
        /// a retry ran (at once, or pending and then run when this step ended its flow), a
        /// pending retry was given up. Empty for nearly every step.
        public var reroutes: [RerouteEffect] { rerouteNotes ?? [] }
        /// `nil` rather than empty, as for ``unsuccessful``.
        private var rerouteNotes: [RerouteEffect]?

        /// Whether the action did anything with a reroute (then the step is observed, and never undone).
        var hasReroutes: Bool { rerouteNotes != nil }

        /// Appends `effect` to ``reroutes``.
        mutating func append(reroute effect: RerouteEffect) {
            rerouteNotes = (rerouteNotes ?? []) + [effect]
        }

        /// Whether the action opened or resumed a deep link (without copying the outcome).
        var hasDeepLink: Bool { deepLinkBox != nil }

        /// How each request the action made was resolved, in order (presented or dropped);
        /// empty for an action that requested nothing.
        public var requests: [RequestResolution<R>] { resolutions ?? [] }
        /// `nil` rather than empty, as for ``unsuccessful``.
        private var resolutions: [RequestResolution<R>]?

        /// Whether the action made a request.
        var hasRequests: Bool { resolutions != nil }

        /// Appends `resolution` to ``requests``.
        mutating func append(request resolution: RequestResolution<R>) {
            resolutions = (resolutions ?? []) + [resolution]
        }
    }

    /// Applies `action` to `state` in place, through the runtime, and returns what else it did.
    /// The explorer uses this on one working state per frontier state, so that a step whose
    /// stacks the state owns alone copies none of them.
    @_specialize(exported: true, where R == DynamicRoute)
    public func apply(_ action: ExplorerAction, on state: inout NavigationState<R>) -> Effects {
        var effects = Effects()
        step(action, on: &state, effects: &effects)
        // As the app's store does after every operation: a retry whose rerouted flow this step
        // ended runs now, through the executor (a nil check for nearly every state).
        if state.pendingRetry != nil, let outcome = executor.runPendingRetry(on: &state) { note(outcome, in: &effects) }
        return effects
    }

    /// The action itself, before a pending retry's turn.
    @inline(__always)
    private func step(_ action: ExplorerAction, on state: inout NavigationState<R>, effects: inout Effects) {
        switch action {
        case .transition(let index, let sample):
            guard transitionTargets[index].indices.contains(sample) else { return }
            if transitionReroutes[index].indices.contains(sample) {
                let action = transitionReroutes[index][sample]
                note(executor.perform(action, on: &state), of: action.name, in: &effects)
                return
            }
            // Made ahead for every style but replace, whose command depends on the stack.
            let command = transitionCommands[index][sample]
                ?? NavigationGraph<R>.command(to: transitionTargets[index][sample], style: transitionStyles[index], in: state)
            note(run(command, on: &state), in: &effects)
        case .back:
            note(run(.pop, on: &state), in: &effects)
        case .dismissSheet:
            note(run(.dismiss, on: &state), in: &effects)
        case .selectTab(let index):
            let tab = state.tabs[index].id
            note(run(.selectTab(tab), on: &state), in: &effects)
        case .event(let index):
            // The runtime's own firing: the precondition, then every step through the executor.
            guard eventPreconditions[index].holds(in: state) else { return }
            _ = executor.fire(events[index], on: &state) { _, result in note(result, in: &effects) }
        case .openLink(let index):
            openLink(index, on: &state, effects: &effects)
        case .resumePending:
            resumePending(on: &state, effects: &effects)
        }
    }

    // The link actions are out of line: inlined into `step`, the optional pipeline was copied
    // (retained) and a link outcome destroyed on every step, links or not (6% of a search
    // without links).

    /// Opens the link sample numbered `index` through the pipeline.
    @inline(never)
    private func openLink(_ index: Int, on state: inout NavigationState<R>, effects: inout Effects) {
        guard let pipeline else { return }
        // Judged in the state the link is opened from, so read before opening it.
        let expected = expectationsDependOnState ? samples[index].expectationWithReason(in: state) : nil
        // The selected tab, when modals are open that a link may push under.
        let underModals = linksKeepUnderModals && !state.modals.isEmpty ? state.selectedTab : nil
        let outcome = pipeline.open(resolutions[index], on: &state, using: executor)
        effects.deepLink = outcome
        if let expected { effects.expectedLinkOutcome = expected }
        if let underModals { effects.linkPushedUnderModals = Self.pushedUnderModals(outcome, selected: underModals) }
        if linksRequest { note(requestOf: outcome, in: &effects) }
    }

    /// Resumes the pending link through the pipeline.
    @inline(never)
    private func resumePending(on state: inout NavigationState<R>, effects: inout Effects) {
        guard let pipeline else { return }
        let cache = resolutionByURL
        let underModals = linksKeepUnderModals && !state.modals.isEmpty ? state.selectedTab : nil
        let outcome = pipeline.resumePending(on: &state, using: executor) { url in cache[url] ?? pipeline.resolve(url) }
        effects.deepLink = outcome
        if let underModals, let outcome { effects.linkPushedUnderModals = Self.pushedUnderModals(outcome, selected: underModals) }
        if linksRequest, let outcome { note(requestOf: outcome, in: &effects) }
    }

    /// Whether `outcome`, a link opened while modals were up over tab `selected`, committed a
    /// plan that pushed its routes under them (`NavigationPlanUnderModals.keep`).
    private static func pushedUnderModals(_ outcome: DeepLinkOutcome<R>, selected: TabID) -> Bool {
        guard case .navigated(let plan, .committed) = outcome else { return false }
        return plan.mode == .push && plan.underModals == .keep && !plan.stack.isEmpty && (plan.tab == nil || plan.tab == selected)
    }

    /// Keeps the resolution of a link whose plan requests its route, for the ownership
    /// properties, as for a transition's request.
    @inline(__always)
    private func note(requestOf outcome: DeepLinkOutcome<R>, in effects: inout Effects) {
        guard let resolution = outcome.requestResolution else { return }
        effects.append(request: resolution)
    }

    /// Runs `command` through the executor: without middleware that is the engine alone (see
    /// `NavigationExecutor.execute`), called directly here, one call and one copy fewer a step.
    @inline(__always)
    private func run(_ command: NavigationCommand<R>, on state: inout NavigationState<R>) -> NavigationResult<R> {
        runsEngineAlone ? executor.engine.apply(command, to: &state) : executor.execute(command, on: &state)
    }

    /// Notes what each command of the reroutable action `name` did, and what it did with its reroute.
    private func note(_ result: ReroutableActionResult<R>, of name: String, in effects: inout Effects) {
        switch result {
        case .ran(let ran): note(ran, in: &effects)
        case .unavailable: break
        case .rerouted(let route, let request, let retry):
            note(request, in: &effects)
            effects.append(reroute: RerouteEffect(action: name, kind: .rerouted(to: graph.routeName(route))))
            note(retry, in: &effects)
            effects.append(reroute: RerouteEffect(action: name, kind: .retried(succeeded: retry.succeededAsAsked)))
        case .retryPending(_, let route, let request, _), .rerouteNotPresented(let route, let request):
            note(request, in: &effects)
            effects.append(reroute: RerouteEffect(action: name, kind: .rerouted(to: graph.routeName(route))))
        }
    }

    /// Notes what a pending retry did when its flow ended.
    private func note(_ outcome: PendingRetryOutcome<R>, in effects: inout Effects) {
        switch outcome {
        case .ran(let retry, let result):
            note(result, in: &effects)
            effects.append(reroute: RerouteEffect(action: retry.action, kind: .retried(succeeded: result.succeededAsAsked)))
        case .gaveUp:
            effects.append(reroute: RerouteEffect(action: outcome.retry.action, kind: .gaveUp("\(outcome)")))
        }
    }

    /// Keeps `result` unless it is exactly `.success`, or a redirect whose new command succeeded
    /// (the step did what the middleware meant; tested by pattern: the derived `==` was not
    /// always specialized, and then cost a generic metadata lookup per step).
    @inline(__always)
    private func note(_ result: NavigationResult<R>, in effects: inout Effects) {
        if case .success = result { return }
        if case .redirected(_, .success) = result { return }
        // A request's resolution is kept for the ownership properties; a presented one succeeded.
        if let resolution = result.resolution {
            effects.append(request: resolution)
            if resolution.presentation != nil { return }
        }
        effects.append(unsuccessful: result)
    }

    /// A short, readable label: `push catalog → product`, `Back`, `event signOut`, `open shop://…`.
    public func label(of action: ExplorerAction) -> String {
        switch action {
        case .transition(let index, let sample):
            let transition = graph.transitions[index]
            let targets = transitionTargets[index]
            let target = targets.count > 1 && targets.indices.contains(sample) ? "\(targets[sample])" : transition.to
            return "\(transition.style.rawValue) \(transition.from) → \(target)"
        case .back: return "Back"
        case .dismissSheet: return "swipe the sheet away"
        case .selectTab(let index): return "select tab \(graph.tabs.indices.contains(index) ? graph.tabs[index].id.name : "#\(index)")"
        case .event(let index): return "event \(graph.events[index].name)"
        case .openLink(let index): return "open \(samples[index].url)"
        case .resumePending: return "resume the pending link"
        }
    }
}
