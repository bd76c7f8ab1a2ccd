import NavigationChecker
import NavigationCore
import NavigationGraph

/// What the symbolic engine models, and the check of a graph against it.
public enum SymbolicEngine {
    /// Why the symbolic engine cannot check `graph`, one reason per construct; empty when it
    /// can. A caller falls back to the explicit engine (`Checker`) and says why.
    ///
    /// The engine models: routes (a route with parameters as one route per sample), tabs and
    /// their stacks, push, replace, sheet and cover transitions, system Back, swiping a sheet
    /// away, selecting a tab where the tab bar can be tapped (re-selecting pops to the root),
    /// events that set flags and navigate, transition conditions, event preconditions,
    /// invariants and route entry guards written in the condition language, with cancel and
    /// redirect (an event that grows a stack or the modal layers k times gets k overflow slots
    /// and layers), and deep links as the runtime's pipeline runs them: samples it rejects or
    /// leaves unhandled, plans run as one transaction through the guards, requirements that park
    /// a link in the pending slot (part of the state) or reject it, and resuming a parked link.
    /// Tabs shown only under a condition are modelled as the runtime's `TabBarRules` run them
    /// (selecting a hidden tab is refused; after every command the selection leaves a tab that
    /// stopped being shown), deep links with `mode: push` push onto the tab's stack (or under
    /// the open modals, `underModals: keep`), links that set flags set them first in their
    /// transaction, a plan's route value that is none of its route's samples
    /// (`shop://products/3` where the samples are 1 and 2) is a route atom of its own, and samples
    /// whose expected outcome depends on the state are judged against the expectation whose
    /// condition holds where they are opened.
    /// It does not model: conditions written as Swift closures, the app's own middleware,
    /// requests resolved by route ownership, moves that reroute (and their pending retries),
    /// high-priority routes (the priority trap), and a tab
    /// condition that reads the stacks, the modals or the selected tab in a graph with route
    /// guards (a command that moves the selection would have its guard judge another route).
    /// Modals that belong to their tab (`modalScope: tab`) are modelled, deep links among them,
    /// and so is a link that keeps the modals and pushes a route whose guard redirects (the
    /// redirect runs on the topmost layer shown). Every atom of the condition
    /// language is modelled, `stack(tab) contains`, `modals contains` and `below` too.
    public static func unsupported<R: Route>(_ graph: NavigationGraph<R>) -> [String] {
        var reasons: [String] = []
        if let reason = SymbolicDeepLinks(graph).unsupportedReason { reasons.append(reason) }
        var closures: [String] = []
        for transition in graph.transitions where transition.condition.map({ $0.expression == nil }) ?? false {
            closures.append("the condition of \(transition.from) → \(transition.to)")
        }
        for event in graph.events where event.precondition.map({ $0.expression == nil }) ?? false {
            closures.append("the precondition of event \(event.name)")
        }
        for route in graph.routes where route.entryGuard.map({ $0.condition.expression == nil }) ?? false {
            closures.append("the guard of \(route.name)")
        }
        for invariant in graph.invariants where invariant.condition.expression == nil {
            closures.append("invariant \(invariant.name)")
        }
        for property in graph.properties where property.conditions.contains(where: { $0.condition.expression == nil }) {
            closures.append("property \(property.name)")
        }
        for tab in graph.tabs where tab.condition.map({ $0.expression == nil }) ?? false {
            closures.append("the condition of tab \(tab.id.name)")
        }
        if !closures.isEmpty { reasons.append("conditions written as Swift closures (\(closures.joined(separator: ", ")))") }
        if graph.hasRequests {
            reasons.append("requests resolved by route ownership (the nearest visible owner depends on every stack)")
            if graph.transitions.contains(where: { $0.reroute != nil }) {
                // Named too: a reroute's retry may wait in the state, for a flow to end.
                reasons.append("moves that reroute (a pending retry waits in the state until the rerouted flow ends)")
            }
        } else {
            // Without requests, priority changes no step, but the priority-trap property needs the edges.
            let high = graph.routes.filter { $0.ownership?.priority == .high }.map(\.name)
            if !high.isEmpty { reasons.append("high-priority routes, for the priority-trap property (\(high.joined(separator: ", ")))") }
        }
        if !graph.middleware.isEmpty { reasons.append("app middleware written in Swift (\(graph.middleware.names.joined(separator: ", ")))") }
        let guarded = graph.routes.contains { $0.entryGuard != nil }
        // Settling after a guarded command can then move the selection, and the guard judges
        // the route on top of the tab it moved to (the selected tab: a reachable state can be
        // left unsettled, and the next command settles it).
        let reading = graph.tabs.compactMap { tab in
            tab.condition?.expression.map { $0.readsNavigation || $0.readsSelectedTab } ?? false ? "\(tab.id.name) when \(tab.condition?.text ?? "")" : nil
        }
        if guarded && !reading.isEmpty {
            reasons.append("tab conditions that read the stacks, the modals or the selected tab in a graph with route guards (\(reading.joined(separator: ", ")))")
        }
        if graph.bounds.maxStackDepth < 1 { reasons.append("maxStackDepth below 1") }
        if graph.bounds.maxModalDepth < 0 { reasons.append("maxModalDepth below 0") }
        return reasons
    }

    /// The navigation steps of `event` that can make a stack deeper or present a layer,
    /// counting a step that a guard redirects to a push or a presentation.
    static func growingSteps<R: Route>(of event: EventDeclaration<R>, in graph: NavigationGraph<R>) -> Int {
        event.navigation.filter { step in
            guard case .go(let name, let style) = step else { return false }
            var seen: Set<String> = []
            var current = (name: name, style: style)
            while true {
                if current.style != .replace { return true }
                guard seen.insert(current.name).inserted,
                      case .redirect(let target, let style)? = graph.route(named: current.name)?.entryGuard?.otherwise else { return false }
                current = (target, style)
            }
        }.count
    }
}

/// What one symbolic search found, as plain values (no diagram outlives the search).
struct SymbolicFindings<R: Route> {
    /// A violation: the breadth-first level of its state and a shortest trace to it (with the
    /// offending action last, for a violation that is a step).
    struct Violation {
        let level: Int
        let actions: [ExplorerAction]
        let message: String
    }

    var states: Double = 0
    var transitions: Double = 0
    /// The breadth-first levels computed (all of them when ``depthKnown``: then the longest
    /// shortest path).
    var depth = 0
    var depthKnown = false
    var cutByStack: Double = 0
    var cutByModal: Double = 0
    /// Each route's tap distances and the user actions of a shortest path from launch to each
    /// (see `SymbolicSearch+TapDistances.swift`), when computed.
    var tapDistances: (distances: TapDistances, launchPaths: [[ExplorerAction]?])?
    var invariants: [Violation?] = []
    /// The nearest state whose selected tab is hidden (judged under `hiddenSelection: stay`).
    var hiddenSelection: Violation?
    /// The nearest state where firing an event meets a refused step, the event last.
    var refusedEventStep: Violation?
    /// The guarded routes shown with their guard false, and the nearest such violation.
    var bypassRoutes: [String] = []
    var bypass: (route: String, violation: Violation)?
    var trap: (tab: Int, violation: Violation)?
    /// Per declared property, its nearest violation; `nil` when they were not judged (a
    /// search cut short).
    var declared: [Violation?]?
    var redirect: Violation?
    /// The deep-link property, when the graph declares deep links.
    var links: SymbolicLinkFinding?
    /// The budget that stopped the search before its fixpoint, if one did (then only the
    /// failures its levels show are judged).
    var stoppedBy: SymbolicError?
    var reachedRoutes: Set<String> = []
    var taken: [Bool] = []
    var cutPerTransition: [Double] = []
    var diagramNodes = 0
    var peakLiveNodes = 0
    var tableNodes = 0
    var collections = 0
}

/// One search over decision diagrams, inside a BuDDy session.
///
/// The reachable set is computed first by *saturation*: every action (single commands,
/// navigating events, deep-link transactions) fired node by node where it acts, each sub-diagram
/// closed before the nodes above use it (`SymbolicSaturation`), so its intermediate sets stay
/// close to the final one. Breadth-first levels (the states first reached in
/// exactly k steps) are what shortest traces need, but they can be far larger diagrams than
/// the reachable set: a level encodes a distance, and where flags are set from particular
/// screens the distance couples every tab's stack with the flags. So levels are computed
/// from the initial state only as far as a trace needs them (or to the end, when asked for
/// the exact depth), and checked against the reachable set when complete.
final class SymbolicSearch<R: Route> {
    let checker: Checker<R>
    let model: SymbolicModel<R>
    let encoding: SymbolicEncoding<R>
    let checkTraps: Bool
    /// Where progress goes, how often, and since when.
    let progress: (report: @Sendable (SymbolicProgress) -> Void, interval: Duration, started: ContinuousClock.Instant)?
    private var nextReport: ContinuousClock.Instant?
    let initial: Diagram
    /// Level k holds the states first reached in k steps (as far as computed).
    private(set) var levels: [Diagram] = []
    /// The union of ``levels``.
    private var visited: Diagram
    /// Whether ``levels`` reached the fixpoint.
    private(set) var levelsComplete = false
    /// Every reachable state within the bounds (once ``reachedKnown``; before, the initial state).
    private(set) var reached: Diagram
    /// Whether ``reached`` is the fixpoint.
    private(set) var reachedKnown = false
    /// Whether a budget stopped the search: then only the levels computed are judged.
    private(set) var stopped = false
    /// Rounds to the reachable set (one: a single saturation; 0 when the levels found it).
    var chainingRounds = 0
    /// The layers the searches for each route's taps to reach computed, their starts included.
    var tapLayers = 0
    /// Processor time per phase (the model's is added by the caller).
    var phases = SymbolicPhaseTimes()
    /// The reachable set's block hull, built the first time a backward search outgrows its
    /// limit (`SymbolicSearch+NoTrap.swift`).
    var reachedHull: ReachedHull?
    /// The reachable set seen from each tab, built the first time judging asks
    /// (`SymbolicSearch+TabViews.swift`).
    var tabViews: TabViews?
    /// Whether the backward searches use the hull from their first step (for tests; see
    /// `SymbolicChecker.Options.backwardSetsInHull`).
    var backwardSetsInHull = false
    /// Past this many nodes in a never-until property's level, the property is first decided
    /// by a fixpoint (`SymbolicSearch+DeclaredProperties.swift`; see
    /// `SymbolicChecker.Options.monitorLevelNodeLimit`).
    var monitorLevelNodeLimit = 10_000
    var peakLiveNodes = 0

    init(checker: Checker<R>, model: SymbolicModel<R>, initial: Diagram, checkTraps: Bool,
         progress: (report: @Sendable (SymbolicProgress) -> Void, interval: Duration, started: ContinuousClock.Instant)? = nil) {
        self.checker = checker
        self.model = model
        encoding = model.encoding
        self.checkTraps = checkTraps
        self.progress = progress
        nextReport = progress.map { $0.started + $0.interval }
        self.initial = initial
        reached = initial
        visited = initial
        levels = [initial]
    }

    var diagrams: DecisionDiagrams { encoding.diagrams }

    /// `body`, its processor time added to `phase`.
    func timed<T>(_ phase: SymbolicPhaseTimes.Phase, _ body: () throws(SymbolicError) -> T) throws(SymbolicError) -> T {
        let start = SymbolicPhaseTimes.processorSeconds()
        defer { phases.add(SymbolicPhaseTimes.processorSeconds() - start, to: phase) }
        return try body()
    }

    /// Breadth-first levels while they are cheap, then the reachable set by saturation
    /// (``saturatedFixpoint()``), then more levels: all of them when `allLevels`, else as long
    /// as each level's diagram stays within `levelNodeLimit` nodes (`nil`: 10,000 before the
    /// fixpoint, the larger of 10,000 and the reachable set's nodes after it).
    ///
    /// The cheap levels come first so that a search stopped early (time, cancellation) has
    /// them: what they show fail is a failure with a shortest trace (see ``cutShort()``).
    func explore(allLevels: Bool, levelNodeLimit: Int? = nil) throws(SymbolicError) {
        try extendLevels(until: nil, nodeLimit: allLevels ? nil : levelNodeLimit ?? 10_000)
        if levelsComplete { return }
        // Saturated from the initial state, not from the levels: their union (the states
        // within k steps) is a larger diagram than the sets saturation grows through.
        let reached = try saturatedFixpoint()
        peakLiveNodes = max(peakLiveNodes, diagrams.liveNodes)
        self.reached = reached
        reachedKnown = true
        try extendLevels(until: nil, nodeLimit: allLevels ? nil : levelNodeLimit ?? max(10_000, reached.nodeCount))
    }

    /// Reports the saturation walk's progress (no whole set exists during it: no states
    /// counted), when an interval has passed.
    func reportSaturation(nodesClosed: Int) {
        guard let progress, let due = nextReport else { return }
        let now = ContinuousClock.now
        guard now >= due else { return }
        nextReport = now + progress.interval
        let elapsed = now - progress.started
        progress.report(SymbolicProgress(stage: .saturation(nodesClosed: nodesClosed), states: 0, liveNodes: diagrams.liveNodes,
                                         elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                                         residentBytes: ProcessMemory.residentBytes()))
    }

    /// Reports progress at `stage` with the states of `states`, when an interval has passed.
    func report(_ stage: SymbolicProgress.Stage, _ states: Diagram) {
        guard let progress, let due = nextReport else { return }
        let now = ContinuousClock.now
        guard now >= due else { return }
        nextReport = now + progress.interval
        let elapsed = now - progress.started
        progress.report(SymbolicProgress(stage: stage, states: states.count(over: encoding.layout.current, set: encoding.currentSet),
                                         liveNodes: diagrams.liveNodes,
                                         elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                                         residentBytes: ProcessMemory.residentBytes()))
    }

    /// Computes breadth-first levels until one meets `target` (all of them for `nil`), or,
    /// with a `nodeLimit`, until a level's diagram has more nodes than that.
    private func extendLevels(until target: Diagram?, nodeLimit: Int? = nil) throws(SymbolicError) {
        while !levelsComplete {
            if let target, !(levels[levels.count - 1] && target).isFalse { return }
            if let nodeLimit, levels[levels.count - 1].nodeCount > nodeLimit { return }
            let new = image(of: levels[levels.count - 1]).without(visited)
            try diagrams.checkpoint()
            peakLiveNodes = max(peakLiveNodes, diagrams.liveNodes)
            if new.isFalse {
                levelsComplete = true
                // Complete before the fixpoint: the levels are the reachable set.
                guard reachedKnown else {
                    reached = visited
                    reachedKnown = true
                    return
                }
                guard visited == reached else {
                    throw .traceDidNotReplay(property: "reachable states", reason: "breadth-first levels and saturation reach different sets")
                }
                return
            }
            visited = visited || new
            levels.append(new)
            report(.level(levels.count - 1), visited)
        }
    }

    /// The image of `states` under one navigating event, within the bounds.
    func eventImage(of states: Diagram, _ event: SymbolicModel<R>.EventFacts) -> Diagram {
        guard let steps = event.steps else { return diagrams.false }
        var current = states && event.enabled
        guard !current.isFalse else { return current }
        for step in steps { current = step.image(of: current) }
        return current && encoding.withinBounds
    }

    /// The states one action leads to from `states`, within the bounds.
    func image(of states: Diagram) -> Diagram {
        var result = model.global.image(of: states)
        for event in model.events where event.steps != nil { result = result || eventImage(of: states, event) }
        for link in model.linkTransactions { result = result || (link.transaction.image(of: states) && encoding.withinBounds) }
        return result
    }

    /// The states from which one action leads into `states` (stored successors only).
    func preimage(of states: Diagram) -> Diagram {
        model.global.preimage(of: states) || eventPreimage(of: states)
    }

    /// The states from which a navigating event or a deep-link transaction leads into
    /// `states` (within the bounds).
    private func eventPreimage(of states: Diagram) -> Diagram {
        var result = diagrams.false
        let bounded = states && encoding.withinBounds
        for event in model.events {
            guard let steps = event.steps else { continue }
            result = result || (event.enabled && pullBack(bounded, through: steps[...]))
        }
        for link in model.linkTransactions { result = result || link.transaction.preimage(of: bounded) }
        return result
    }

    /// The states from which `steps`, in order, lead into `states`.
    func pullBack(_ states: Diagram, through steps: ArraySlice<SymbolicStep>) -> Diagram {
        steps.reversed().reduce(states) { $1.preimage(of: $0) }
    }

    /// The first level holding a state of `set`, if any.
    func firstLevel(meeting set: Diagram) throws(SymbolicError) -> Int? {
        if stopped { return levels.indices.first { !(levels[$0] && set).isFalse } }
        guard reachedMeets(set) else { return nil }
        try extendLevels(until: set)
        return levels.indices.first { !(levels[$0] && set).isFalse }
    }

    /// The first of `sets` met in the nearest level that meets any, and that level.
    func nearest(_ sets: [Diagram]) throws(SymbolicError) -> (index: Int, level: Int)? {
        let union = sets.reduce(diagrams.false) { $0 || $1 }
        guard let level = try firstLevel(meeting: union), let index = sets.firstIndex(where: { !(levels[level] && $0).isFalse }) else { return nil }
        return (index, level)
    }

    /// A shortest trace to a state of `set` in level `level`: one state picked there, then a
    /// predecessor of each in the level before, each step mapped to the runtime's action by
    /// applying the actions enabled in the earlier state.
    func trace(to set: Diagram, level: Int) throws(SymbolicError) -> [ExplorerAction] {
        guard var (current, state) = encoding.pick(levels[level] && set) else {
            throw .traceDidNotReplay(property: "trace", reason: "no state in level \(level)")
        }
        var states = [state]
        for earlier in stride(from: level - 1, through: 0, by: -1) {
            guard let picked = encoding.pick(preimage(of: current) && levels[earlier]) else {
                throw .traceDidNotReplay(property: "trace", reason: "no predecessor in level \(earlier) of \(CheckTrace<R>.describe(state))")
            }
            (current, state) = picked
            states.append(state)
        }
        states.reverse()
        var actions: [ExplorerAction] = []
        for (from, to) in zip(states, states.dropFirst()) {
            guard let action = checker.model.actions(in: from).first(where: { checker.model.apply($0, to: from).state == to }) else {
                throw .traceDidNotReplay(property: "trace", reason: "no action leads from \(CheckTrace<R>.describe(from)) to \(CheckTrace<R>.describe(to))")
            }
            actions.append(action)
        }
        return actions
    }

    /// Every property, judged on the reachable set and its levels.
    func findings() throws(SymbolicError) -> SymbolicFindings<R> {
        let judgingStarted = SymbolicPhaseTimes.processorSeconds()
        let graph = checker.graph
        var findings = SymbolicFindings<R>()
        let all = encoding.currentSet
        let variables = encoding.layout.current
        // Many transitions share a source and a condition (a route group's members, a wildcard
        // source): each distinct set is conjoined with the reachable set and counted once.
        var counted: [Int32: (set: Diagram, states: Double)] = [:]
        func count(_ set: Diagram) -> Double {
            if let known = counted[set.node] { return known.states }
            let states = (reached && set).count(over: variables, set: all)
            counted[set.node] = (set, states)
            return states
        }
        findings.states = reached.count(over: variables, set: all)

        // Actions applied: every enabled action of every stored state.
        var applied = count(model.backEnabled) + count(model.dismissEnabled)
        if model.tabShown.isEmpty {
            if !graph.tabs.isEmpty { applied += Double(graph.tabs.count) * count(model.tabBarTappable) }
        } else {
            for tab in graph.tabs.indices { applied += count(model.tabBarTappable && model.shown(tab)) }
        }
        applied += model.links.actionsApplied(states: findings.states, parked: count(!encoding.pending(0)))
        let transitions = model.transitionFacts(within: reached, count: count, meets: reachedMeets)
        let pastStack = (!encoding.withinBounds).without(encoding.pastModalBound)
        for event in model.events {
            applied += count(event.enabled)
            guard let steps = event.steps else { continue }
            findings.cutByStack += count(event.enabled && pullBack(pastStack, through: steps[...]))
            findings.cutByModal += count(event.enabled && pullBack(encoding.pastModalBound, through: steps[...]))
        }
        for link in model.linkTransactions {
            findings.cutByStack += count(link.transaction.preimage(of: pastStack))
            findings.cutByModal += count(link.transaction.preimage(of: encoding.pastModalBound))
        }
        for transition in transitions {
            applied += transition.applied
            findings.cutByStack += transition.cutByStack
            findings.cutByModal += transition.cutByModal
            findings.cutPerTransition.append(transition.cutByStack + transition.cutByModal)
            findings.taken.append(transition.taken)
        }
        findings.transitions = applied
        findings.invariants = try invariantViolations()
        findings.hiddenSelection = try hiddenSelectionViolation()
        (findings.bypassRoutes, findings.bypass) = try bypassViolation()
        findings.redirect = try redirectFailure(transitions)
        findings.refusedEventStep = try refusedEventStep()
        findings.links = try linkFinding()
        phases.add(SymbolicPhaseTimes.processorSeconds() - judgingStarted, to: .judging)
        if checkTraps { findings.trap = try timed(.noTrap) { () throws(SymbolicError) in try firstTrap() } }
        if !graph.properties.isEmpty { findings.declared = try timed(.declaredProperties) { () throws(SymbolicError) in try declaredPropertyViolations() } }
        findings.depth = levels.count - 1
        findings.depthKnown = levelsComplete

        for route in graph.routes where reachedMeets(encoding.top(in: encoding.idsByName[route.name] ?? [])) {
            findings.reachedRoutes.insert(route.name)
        }
        try diagrams.checkpoint()
        recordFigures(in: &findings, reachable: reached)
        return findings
    }

    /// The diagrams' own figures, the reachable set's size among them, into `findings`: the
    /// same whether the search reached its fixpoint or was cut short.
    private func recordFigures(in findings: inout SymbolicFindings<R>, reachable: Diagram) {
        findings.diagramNodes = reachable.nodeCount
        findings.peakLiveNodes = max(peakLiveNodes, diagrams.liveNodes)
        findings.tableNodes = diagrams.tableNodes
        findings.collections = diagrams.collections
    }

    /// Per invariant, its nearest violation.
    private func invariantViolations() throws(SymbolicError) -> [SymbolicFindings<R>.Violation?] {
        var violations: [SymbolicFindings<R>.Violation?] = []
        for invariant in checker.graph.invariants {
            let violated = !encoding.compile(invariant.condition)
            guard let level = try firstLevel(meeting: violated) else { violations.append(nil); continue }
            violations.append(.init(level: level, actions: try trace(to: violated, level: level), message: "'\(invariant.condition.text)' is false"))
        }
        return violations
    }

    /// The nearest state whose selected tab the tab bar does not show, under `hiddenSelection:
    /// stay` (`PropertyObservations.checksSelectedTabShown(_:)`); the tab named from the
    /// trace's last state replayed through the runtime, as the explicit engine names it.
    private func hiddenSelectionViolation() throws(SymbolicError) -> SymbolicFindings<R>.Violation? {
        let graph = checker.graph
        guard PropertyObservations<R>.checksSelectedTabShown(graph), !model.tabShown.isEmpty else { return nil }
        var hidden = diagrams.false
        for tab in 0..<encoding.layout.tabCount { hidden = hidden || (encoding.selected(tab) && !model.shown(tab)) }
        guard let level = try firstLevel(meeting: hidden) else { return nil }
        let path = try trace(to: hidden, level: level)
        let property = PropertyKind.selectedTabShown.name
        let states: [NavigationState<R>]
        do { states = try checker.replay(path) } catch { throw .traceDidNotReplay(property: property, reason: error.description) }
        guard let last = states.last else { throw .traceDidNotReplay(property: property, reason: "the trace has no state") }
        return .init(level: level, actions: path, message: PropertyObservations<R>.hiddenSelectionMessage(last.selectedTab, in: graph))
    }

    /// The nearest state from which firing an event meets a refused step (a `{ tab: t }` on a
    /// hidden tab, a guard that cancels), the event last; its message from the runtime's own
    /// results, replayed, as the explicit engine words it.
    private func refusedEventStep() throws(SymbolicError) -> SymbolicFindings<R>.Violation? {
        var candidates: [(event: Int, set: Diagram)] = []
        for (index, event) in model.events.enumerated() {
            guard let steps = event.steps else { continue }
            var refused = encoding.diagrams.false
            for position in steps.indices {
                guard let here = steps[position].refused else { continue }
                refused = refused || pullBack(here, through: steps[..<position])
            }
            if !(refused && event.enabled).isFalse { candidates.append((index, refused && event.enabled)) }
        }
        guard let (index, level) = try nearest(candidates.map(\.set)) else { return nil }
        let nearest = candidates[index]
        let property = PropertyKind.eventStepRefused.name
        let path = try trace(to: nearest.set, level: level)
        let states: [NavigationState<R>]
        do { states = try checker.replay(path) } catch { throw .traceDidNotReplay(property: property, reason: error.description) }
        let action = ExplorerAction.event(nearest.event)
        let effects = checker.model.apply(action, to: states[states.count - 1])
        guard let refusal = effects.unsuccessful.lazy.compactMap(PropertyObservations<R>.refusal).first else {
            throw .traceDidNotReplay(property: property, reason: "\(checker.model.label(of: action)) meets no refused step in the runtime")
        }
        return .init(level: level, actions: path + [action],
                     message: PropertyObservations<R>.refusedStepMessage(checker.graph.events[nearest.event].name, refusal))
    }

    /// The guarded routes seen on top with their guard false, and the nearest such violation.
    private func bypassViolation() throws(SymbolicError) -> (routes: [String], nearest: (route: String, violation: SymbolicFindings<R>.Violation)?) {
        var bypassed: [(route: String, set: Diagram, text: String)] = []
        for route in checker.graph.routes {
            guard let entryGuard = route.entryGuard else { continue }
            let set = encoding.top(in: encoding.idsByName[route.name] ?? []).without(encoding.compile(entryGuard.condition))
            if reachedMeets(set) { bypassed.append((route.name, set, entryGuard.condition.text)) }
        }
        guard let (index, level) = try nearest(bypassed.map(\.set)) else { return (bypassed.map(\.route), nil) }
        let nearest = bypassed[index]
        return (bypassed.map(\.route), (nearest.route, .init(level: level, actions: try trace(to: nearest.set, level: level),
                                                             message: "\(nearest.route) is on top while its guard '\(nearest.text)' is false")))
    }

    /// What the breadth-first levels computed before a budget stopped the search show fail:
    /// the properties judged per state or per step that a breadth-first search decides as it
    /// goes (invariants, the selected tab shown, guard bypass, deep links, guard redirects,
    /// refused event steps), each with a shortest
    /// trace. A failure met first in level k has no shorter trace, whatever the levels not
    /// computed hold.
    func cutShort() throws(SymbolicError) -> SymbolicFindings<R> {
        stopped = true
        reached = visited
        var findings = SymbolicFindings<R>()
        findings.states = visited.count(over: encoding.layout.current, set: encoding.currentSet)
        findings.depth = levels.count - 1
        findings.invariants = try invariantViolations()
        findings.hiddenSelection = try hiddenSelectionViolation()
        (findings.bypassRoutes, findings.bypass) = try bypassViolation()
        findings.links = try linkFinding()
        findings.refusedEventStep = try refusedEventStep()
        let all = encoding.currentSet
        let variables = encoding.layout.current
        // Only a route guard can redirect: without one, the transitions' facts (seconds of work
        // on a large relation, after a budget has passed) would find nothing.
        if checker.graph.routes.contains(where: { $0.entryGuard != nil }) {
            findings.redirect = try redirectFailure(model.transitionFacts(within: visited) { (self.visited && $0).count(over: variables, set: all) })
        }
        // Past its grace the judging was stopped too, and what it found is meaningless.
        try diagrams.checkpoint()
        recordFigures(in: &findings, reachable: visited)
        return findings
    }

    /// The nearest state with an action whose guard redirects never settle, that action last.
    private func redirectFailure(_ transitions: [SymbolicModel<R>.TransitionFacts]) throws(SymbolicError) -> SymbolicFindings<R>.Violation? {
        var candidates: [(action: ExplorerAction, set: Diagram)] = []
        for (index, transition) in transitions.enumerated() {
            for (sample, failure) in transition.redirectFailure.enumerated() where !failure.isFalse {
                candidates.append((.transition(index, sample: sample), failure))
            }
        }
        for (index, event) in model.events.enumerated() {
            guard let steps = event.steps else { continue }
            var failure = encoding.diagrams.false
            for position in steps.indices where !steps[position].redirectFailure.isFalse {
                failure = failure || pullBack(steps[position].redirectFailure, through: steps[..<position])
            }
            if !(failure && event.enabled).isFalse { candidates.append((.event(index), failure && event.enabled)) }
        }
        for link in model.linkTransactions {
            let failure = link.transaction.redirectFailure
            if !failure.isFalse { candidates.append((link.action, failure)) }
        }
        guard let (index, level) = try nearest(candidates.map(\.set)) else { return nil }
        let nearest = (action: candidates[index].action, level: level, set: candidates[index].set)
        let path = try trace(to: nearest.set, level: nearest.level)
        let states: [NavigationState<R>]
        do { states = try checker.replay(path) } catch { throw .traceDidNotReplay(property: PropertyKind.redirects.name, reason: error.description) }
        let effects = checker.model.apply(nearest.action, to: states[states.count - 1])
        var results = effects.unsuccessful
        // A deep link's transaction reports its failed command in the outcome.
        if case .navigated(_, .rolledBack(_, let result, _))? = effects.deepLink { results.append(result) }
        let failure = results.compactMap(\.firstFailure).first(where: \.isRedirectProblem)
        guard let failure else {
            throw .traceDidNotReplay(property: PropertyKind.redirects.name, reason: "\(checker.model.label(of: nearest.action)) settles in the runtime")
        }
        return .init(level: nearest.level, actions: path + [nearest.action], message: "guard redirects never settle: \(failure)")
    }
}

