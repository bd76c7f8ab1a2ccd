/// Records what a ``NavigationStore`` does in the navigation trace format
/// (``NavigationTrace``), one line per step, so an app on the runtime records its traces for
/// free and `navgraph conform` can check them against the graph.
///
/// ```swift
/// let handle = try FileHandle(forWritingTo: traceURL)
/// let recorder = NavigationTraceRecorder(recording: store, trace: sessionID) { line in
///     handle.write(Data((line + "\n").utf8))
/// }
/// // … the app runs; before the file is closed:
/// recorder.stop()
/// ```
///
/// The recorder writes a launch line with the store's state at once, then one line per step:
/// a command sent (`push`, `present`, `pop` as `back`, `dismiss`, `selectTab`, `replace`,
/// `request`; other commands as `command`), a batch or committed transaction as one `batch`
/// of those (the commands that succeeded, in order), a change made in the UI (a swipe back, a sheet
/// pulled down, a tab tapped), an event fired, a deep link opened or resumed. A step that
/// changed nothing is not written, and a pending retry's work is folded into the step whose
/// flow ended, as the graph's model does, so the line for a step is written when the next
/// one begins, or by ``flush()`` or ``stop()``.
@MainActor
public final class NavigationTraceRecorder<R: Route> {
    private let write: (String) -> Void
    private let describe: (R) -> NavigationTrace.Route
    private let knownFlags: [FlagName]
    private weak var store: NavigationStore<R>?
    private var observation: Int?
    /// The state the last step ended in: what the next step is read against.
    private var previous: NavigationState<R>
    /// The step not written yet: a pending retry may still change its state.
    private var held: (action: NavigationTrace.Action, state: NavigationState<R>)?

    /// Starts recording `store`: writes the launch line now, then each step.
    ///
    /// - Parameters:
    ///   - store: The store to record.
    ///   - trace: The trace's id in the launch line (a session id), if any.
    ///   - flags: Flags to record both ways (`true` and `false`); without them, the flags set
    ///     are recorded as `true` and the others are left out (not compared).
    ///   - route: How a route is named in the trace: its declared name and parameter values.
    ///   - write: Receives each line, without its newline.
    public init(recording store: NavigationStore<R>, trace: String? = nil, flags: [FlagName] = [],
                route: @escaping (R) -> NavigationTrace.Route, write: @escaping (String) -> Void) {
        self.write = write
        self.describe = route
        self.knownFlags = flags
        self.store = store
        self.previous = store.state
        write(NavigationTrace.Line.launch(trace: trace, state: traceState(store.state)).jsonText)
        observation = store.addTraceObserver { [weak self] event, resumed in self?.record(event, resumed: resumed) }
    }

    /// Writes the step held back for a pending retry, if any.
    public func flush() {
        guard let held else { return }
        self.held = nil
        write(NavigationTrace.Line.step(held.action, state: traceState(held.state)).jsonText)
    }

    /// Stops recording and writes what is held back.
    public func stop() {
        if let observation { store?.removeTraceObserver(observation) }
        observation = nil
        flush()
    }

    /// The trace's view of `state`: the selected tab, its stack, every tab's stack when there
    /// are several, the visible modals and the flags.
    public func traceState(_ state: NavigationState<R>) -> NavigationTrace.State {
        let tabbed = state.tabs.count > 1 || state.selectedTab != .main
        var flags: [String: Bool] = [:]
        for flag in state.flags { flags[flag.name] = true }
        for flag in knownFlags { flags[flag.name] = state.isSet(flag) }
        return NavigationTrace.State(
            tab: tabbed ? state.selectedTab.name : nil,
            stack: (state.stack(of: state.selectedTab)?.routes ?? []).map(describe),
            stacks: state.tabs.count > 1 ? Dictionary(uniqueKeysWithValues: state.tabs.map { ($0.id.name, $0.stack.routes.map(describe)) }) : nil,
            modals: state.modals.map { NavigationTrace.Modal(style: $0.style.documentName, stack: $0.stack.routes.map(describe)) },
            flags: flags)
    }

    private func record(_ event: NavigationEvent<R>, resumed: Bool) {
        if case .retried(_, let state) = event {
            // The retry belongs to the step whose flow ended, as in the graph's model.
            if held != nil { held?.state = state }
            previous = state
            return
        }
        guard let action = action(of: event, resumed: resumed) else { return }
        let state = event.state
        defer { previous = state }
        // A step that changed nothing is left out, but a link is written whatever it did: the
        // graph judges an unhandled or rejected link too.
        if state == previous, !Self.isDeepLink(event) { return }
        flush()
        held = (action, state)
    }

    private static func isDeepLink(_ event: NavigationEvent<R>) -> Bool {
        if case .deepLink = event { return true }
        return false
    }

    /// The trace's action for `event`, or `nil` for one that did nothing (an event whose
    /// precondition did not hold).
    private func action(of event: NavigationEvent<R>, resumed: Bool) -> NavigationTrace.Action? {
        switch event {
        case .executed(let command, _, _): return action(of: command)
        case .reconciled(let reconciliation, _):
            switch reconciliation.change {
            case .path(let path, let location):
                let before = Array((previous.stack(at: location)?.routes ?? []).dropFirst())
                if path.count + 1 == before.count, Array(before.dropLast()) == path { return .back }
                if path.count == before.count + 1, Array(path.dropLast()) == before, let last = path.last { return .push(describe(last)) }
                return .command(reconciliation.change.description)
            case .modalDismissed(let level):
                return level == previous.modals.count - 1 ? .dismiss : .command(reconciliation.change.description)
            case .tabSelected(let tab): return .selectTab(tab.name)
            }
        case .fired(let result, _):
            guard case .fired(let name, _) = result else { return nil }
            return .event(name)
        case .deepLink(let url, _, _): return resumed ? .resume : .open(url)
        case .batch(let commands, let result, _):
            // One step, as the store publishes one state for it: the commands that ran and
            // succeeded (a failed one changed nothing), each as its own action.
            let ran = commands.indices.filter { result.results.indices.contains($0) && result.results[$0].succeeded }.map { commands[$0] }
            return ran.isEmpty ? .command(commands.map(\.description).joined(separator: "; ")) : .batch(ran.map(action(of:)))
        case .transaction(let commands, let result, _):
            // A transaction that rolled back changed nothing, and a step that changed nothing is
            // not written.
            return result.committed ? .batch(commands.map(action(of:))) : .command(commands.map(\.description).joined(separator: "; "))
        case .performed(let name, _, _): return .command("perform \(name)")
        case .restored: return .command("restore")
        case .retried: return nil
        }
    }

    private func action(of command: NavigationCommand<R>) -> NavigationTrace.Action {
        switch command {
        case .push(let route): return .push(describe(route))
        case .present(let route, let style, _): return .present(describe(route), style: style.documentName)
        case .pop: return .back
        case .dismiss: return .dismiss
        case .selectTab(let tab): return .selectTab(tab.name)
        case .request(let route): return .request(describe(route))
        case .replace(let routes):
            let before = previous.activeStack.routes
            if routes.count == before.count, routes.dropLast() == before.dropLast(), let last = routes.last { return .replace(describe(last)) }
            return .command(command.description)
        default: return .command(command.description)
        }
    }

    isolated deinit {
        flush()
    }
}

extension NavigationTraceRecorder where R == DynamicRoute {
    /// Starts recording a store of document routes, named as the document names them.
    ///
    /// - Parameters:
    ///   - store: The store to record.
    ///   - trace: The trace's id in the launch line, if any.
    ///   - flags: Flags to record both ways (`true` and `false`).
    ///   - write: Receives each line, without its newline.
    public convenience init(recording store: NavigationStore<DynamicRoute>, trace: String? = nil, flags: [FlagName] = [], write: @escaping (String) -> Void) {
        self.init(recording: store, trace: trace, flags: flags,
                  route: { NavigationTrace.Route($0.name, values: Dictionary($0.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })) },
                  write: write)
    }
}
