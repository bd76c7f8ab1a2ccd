import NavigationCore
import NavigationGraph

extension TraceConformance {
    /// The state a step led to, and the declared transition it took, if any.
    struct Replayed: Sendable {
        let state: NavigationState<DynamicRoute>
        /// The declared transitions the step took, in order (a batch can take several).
        let transitions: [Int]
    }

    /// Why the graph does not take a step.
    struct Refusal: Error, Sendable {
        let kind: DivergenceKind
        let message: String
    }

    /// Takes `action` from `state` as the checker's model does: a declared transition from the
    /// visible top, Back, swiping a sheet away, tapping a tab, firing an event, opening or
    /// resuming a deep link, each through the graph's executor.
    func replay(_ action: NavigationTrace.Action, from state: NavigationState<DynamicRoute>) -> Result<Replayed, Refusal> {
        let graph = model.graph
        var next = state
        switch action {
        case .push(let route): return transition(to: route, styles: [.push], said: "push", from: state)
        case .replace(let route): return transition(to: route, styles: [.replace], said: "replace", from: state)
        case .request(let route): return transition(to: route, styles: [.request], said: "request", from: state)
        case .present(let route, let style):
            if let style {
                guard let modal = ModalStyle(rawValue: style) else {
                    return .failure(Refusal(kind: .unknownName, message: "no modal style '\(style)'; \(NameSuggestion.hint(for: style, in: ModalStyle.allCases.map(\.documentName), kind: "modal styles"))"))
                }
                return transition(to: route, styles: [.modal(modal)], said: "present as \(style)", from: state)
            }
            return transition(to: route, styles: ModalStyle.allCases.map { .modal($0) }, said: "present", from: state)
        case .back:
            guard state.depth > 1 else { return .failure(Refusal(kind: .notAllowed, message: "Back, but the visible stack is at its root (\(top(of: state))): the graph offers no Back here")) }
            _ = model.apply(.back, on: &next)
        case .dismiss:
            guard GraphModel<DynamicRoute>.sheetOnTop(state) else {
                let message = state.modals.last.map { "the topmost modal is a \($0.style.documentName), which only a declared transition or event closes" } ?? "no modal is shown"
                return .failure(Refusal(kind: .notAllowed, message: "dismiss, but \(message)"))
            }
            _ = model.apply(.dismissSheet, on: &next)
        case .selectTab(let name):
            guard let index = state.tabs.firstIndex(where: { $0.id.name == name }) else {
                return .failure(Refusal(kind: .unknownName, message: "the graph has no tab '\(name)'; \(NameSuggestion.hint(for: name, in: state.tabs.map(\.id.name), kind: "tabs"))"))
            }
            guard model.executor.engine.canTapTab(at: index, in: state) else {
                return .failure(Refusal(kind: .notAllowed, message: "tab \(name) cannot be tapped here: it is hidden, or a modal covers the tab bar"))
            }
            _ = model.apply(.selectTab(index), on: &next)
        case .event(let name):
            guard let index = graph.events.firstIndex(where: { $0.name == name }) else {
                return .failure(Refusal(kind: .unknownName, message: "the graph has no event '\(name)'; \(NameSuggestion.hint(for: name, in: graph.events.map(\.name), kind: "events"))"))
            }
            if let holds = eventConditions[index], !holds(state) {
                return .failure(Refusal(kind: .notAllowed, message: "event \(name) is declared only when '\(graph.events[index].precondition?.text ?? "")', which does not hold here"))
            }
            _ = model.apply(.event(index), on: &next)
        case .open(let url):
            guard let pipeline = model.pipeline else { return .failure(Refusal(kind: .notAllowed, message: "the graph declares no deep links, so it does not open \(url)")) }
            if let sample = model.samples.firstIndex(where: { $0.url == url }) {
                _ = model.apply(.openLink(sample), on: &next)
            } else {
                _ = pipeline.open(url, on: &next, using: model.executor)
                if next.pendingRetry != nil { _ = model.executor.runPendingRetry(on: &next) }
            }
        case .resume:
            guard state.pendingDeepLink != nil else { return .failure(Refusal(kind: .notAllowed, message: "resume, but no deep link is pending in the graph's state")) }
            _ = model.apply(.resumePending, on: &next)
        case .command(let text):
            return .failure(Refusal(kind: .notAllowed, message: "the app ran '\(text)', which is no user action of the graph (a declared transition, Back, dismissing a sheet, a tab, an event or a deep link)"))
        case .batch(let actions):
            // One step, as the store publishes one state for it: each action in turn from the
            // state the one before left (the graph must allow each), the state compared after
            // the last only, as nothing in between was shown.
            var transitions: [Int] = []
            for (position, inner) in actions.enumerated() {
                if case .batch = inner { return .failure(Refusal(kind: .notAllowed, message: "a batch inside a batch: list its actions in the outer one")) }
                switch replay(inner, from: next) {
                case .success(let replayed):
                    next = replayed.state
                    transitions += replayed.transitions
                case .failure(let refusal):
                    return .failure(Refusal(kind: refusal.kind, message: "in the batch, action \(position + 1) of \(actions.count) (\(inner.text)): \(refusal.message)"))
                }
            }
            return .success(Replayed(state: next, transitions: transitions))
        }
        return .success(Replayed(state: next, transitions: []))
    }

    private func top(of state: NavigationState<DynamicRoute>) -> String {
        state.top.map(Self.text) ?? "nothing"
    }

    /// Takes the first declared transition from the visible top to `recorded` in one of
    /// `styles` whose condition holds and whose written value (if any) is the recorded route.
    private func transition(to recorded: NavigationTrace.Route, styles: [TransitionStyle], said: String,
                            from state: NavigationState<DynamicRoute>) -> Result<Replayed, Refusal> {
        let graph = model.graph
        let route: DynamicRoute
        switch self.route(recorded) {
        case .success(let built): route = built
        case .failure(let refusal): return .failure(refusal)
        }
        guard let top = state.top else { return .failure(Refusal(kind: .notAllowed, message: "nothing is shown to navigate from")) }
        let source = graph.routeName(top)
        let fromTop = outgoing[source] ?? []
        let toRoute = fromTop.filter { graph.transitions[$0].to == recorded.name }
        guard !toRoute.isEmpty else {
            let declared = fromTop.map { "\(graph.transitions[$0].to) (\(graph.transitions[$0].style.rawValue))" }
            return .failure(Refusal(kind: .notAllowed, message: "the graph declares no transition \(source) → \(recorded.name)"
                + (declared.isEmpty ? "; \(source) has no transitions" : "; from \(source) it declares: \(declared.joined(separator: ", "))")))
        }
        let styled = toRoute.filter { styles.contains(graph.transitions[$0].style) }
        guard !styled.isEmpty else {
            let declared = Set(toRoute.map { graph.transitions[$0].style.rawValue }).sorted().joined(separator: " or ")
            return .failure(Refusal(kind: .notAllowed, message: "\(source) → \(recorded.name) is declared as \(declared), but the app did \(said)"))
        }
        let valued = styled.filter { graph.transitions[$0].value.map { $0 == route } ?? true }
        guard !valued.isEmpty else {
            let written = styled.compactMap { graph.transitions[$0].value.map(Self.text) }.joined(separator: ", ")
            return .failure(Refusal(kind: .notAllowed, message: "\(source) → \(recorded.name) is declared only to \(written), not to \(recorded.text)"))
        }
        guard let index = valued.first(where: { transitionConditions[$0]?(state) ?? true }) else {
            let conditions = valued.compactMap { graph.transitions[$0].condition?.text }.map { "'\($0)'" }.joined(separator: " or ")
            return .failure(Refusal(kind: .notAllowed, message: "\(source) → \(recorded.name) is declared only when \(conditions), which does not hold here"))
        }
        var next = state
        let transition = graph.transitions[index]
        if let sample = graph.targets(of: transition).firstIndex(of: route) {
            // A declared sample: exactly the checker's step.
            _ = model.apply(.transition(index, sample: sample), on: &next)
        } else {
            // A value the document gives no sample of: the same step with the recorded value.
            if let action = graph.reroutableAction(for: transition, to: route) {
                _ = model.executor.perform(action, on: &next)
            } else {
                _ = model.executor.execute(NavigationGraph<DynamicRoute>.command(to: route, style: transition.style, in: next), on: &next)
            }
            if next.pendingRetry != nil { _ = model.executor.runPendingRetry(on: &next) }
        }
        return .success(Replayed(state: next, transitions: [index]))
    }

    /// The document route a recorded one names: a declared route with every declared
    /// parameter given, and no other.
    func route(_ recorded: NavigationTrace.Route) -> Result<DynamicRoute, Refusal> {
        guard let names = parameters[recorded.name] else {
            return .failure(Refusal(kind: .unknownName, message: "the graph has no route '\(recorded.name)'; \(NameSuggestion.hint(for: recorded.name, in: Array(parameters.keys), kind: "routes"))"))
        }
        for key in recorded.values.keys.sorted() where !names.contains(key) {
            let hint = names.isEmpty ? "\(recorded.name) takes no parameters" : NameSuggestion.hint(for: key, in: names, kind: "parameters of \(recorded.name)")
            return .failure(Refusal(kind: .unknownName, message: "route \(recorded.name) has no parameter '\(key)'; \(hint)"))
        }
        if let missing = names.first(where: { recorded.values[$0] == nil }) {
            return .failure(Refusal(kind: .unknownName, message: "route \(recorded.name) needs a value for '\(missing)', e.g. {\"name\": \"\(recorded.name)\", \"with\": {\"\(missing)\": \"…\"}}"))
        }
        return .success(DynamicRoute(recorded.name, arguments: names.map { DynamicRoute.Argument(name: $0, value: recorded.values[$0] ?? "") }))
    }
}
