import NavigationChecker
import NavigationCore
import NavigationGraph

/// The deep-link property judged on the reachable states, with the explicit engine's verdict:
/// the problems its observations (`PropertyObservations`) would note, counted up to 64, and
/// the first one it notes, found in its own order so that the message and trace are the same.
struct SymbolicLinkFinding {
    /// The first problem: a shortest trace (the action that showed it last) and its message.
    let violation: (actions: [ExplorerAction], message: String, location: SourceLocation?)?
    /// How many problems the explicit engine notes (at most 64).
    let problems: Int
}

extension SymbolicSearch {
    /// Per link action, where its step notes a problem: one set per kind of note, since one
    /// step can note two (a plan that did not land where planned and was declared rejected).
    func linkProblems() -> [(action: ExplorerAction, notes: [Diagram])] {
        let diagrams = encoding.diagrams
        var problems: [(action: ExplorerAction, notes: [Diagram])] = []
        func missed(_ link: SymbolicModel<R>.LinkTransaction) -> Diagram {
            // Rolled back, or committed to a state showing another route.
            link.transaction.domain.without(link.transaction.preimage(of: link.landed))
        }
        for sample in model.links.samples {
            let action = ExplorerAction.openLink(sample.index)
            // Where the sample is expected to do one of `outcomes` (the first outcome whose
            // condition holds, else the plain one).
            func expected(_ outcomes: Set<DeepLinkDeclaration<R>.Expectation>) -> Diagram {
                var result = diagrams.false
                var undecided = diagrams.true
                for entry in sample.conditional {
                    let holds = undecided && encoding.compile(entry.condition)
                    if outcomes.contains(entry.outcome) { result = result || holds }
                    undecided = undecided.without(holds)
                }
                return outcomes.contains(sample.expect) ? result || undecided : result
            }
            var notes: [Diagram] = []
            switch sample.resolution {
            case .rejected?, .unhandled?:
                if let resolution = sample.resolution { notes.append(!expected([resolution])) }
            case .plan?:
                guard let modelled = sample.plan else { continue }
                let requirement = encoding.compile(modelled.requirement)
                for link in model.linkTransactions where link.action == action { notes.append(missed(link)) }
                notes.append(requirement && expected([.rejected, .unhandled]))
                if modelled.requirement != nil {
                    notes.append(!requirement && !expected([modelled.pendingNumber != nil ? .pending : .rejected]))
                }
            case .pending?, nil:
                continue
            }
            problems.append((action, notes))
        }
        let resumed = model.linkTransactions.filter { $0.action == .resumePending }
        if !resumed.isEmpty { problems.append((.resumePending, resumed.map(missed))) }
        return problems
    }

    /// The deep-link property: `nil` when the graph declares no deep links.
    func linkFinding() throws(SymbolicError) -> SymbolicLinkFinding? {
        guard model.links.declared else { return nil }
        let all = encoding.currentSet
        var launch = PropertyObservations(model: checker.model)
        launch.observeLaunchLinks(checker.model.pipeline, initial: encoding.initialState)
        var problems = Double(launch.linkViolations.count)
        var anywhere = encoding.diagrams.false
        for (_, notes) in linkProblems() {
            for note in notes where !note.isFalse {
                let states = reached && note
                problems += states.count(over: encoding.layout.current, set: all)
                anywhere = anywhere || states
            }
        }
        let noted = problems >= 64 ? 64 : Int(problems)
        func location(_ action: ExplorerAction?) -> SourceLocation? {
            guard case .openLink(let index)? = action else { return nil }
            return model.links.samples[index].location
        }
        if let first = launch.linkViolations.first {
            return SymbolicLinkFinding(violation: (first.action.map { [$0] } ?? [], first.message, location(first.action)), problems: noted)
        }
        guard let level = try firstLevel(meeting: anywhere) else { return SymbolicLinkFinding(violation: nil, problems: 0) }
        let (state, path) = try firstInExplicitOrder(of: anywhere, level: level)
        // The state's link steps in the explicit engine's order, observed as it observes them.
        var observations = PropertyObservations(model: checker.model)
        for action in checker.model.actions(in: state) {
            switch action {
            case .openLink, .resumePending: break
            case .transition, .back, .dismissSheet, .selectTab, .event: continue
            }
            var successor = state
            let effects = checker.model.apply(action, on: &successor)
            observations.observe(step: action, effects, top: successor.top, from: 0)
            if let first = observations.linkViolations.first {
                return SymbolicLinkFinding(violation: (path + [action], first.message, location(action)), problems: noted)
            }
        }
        throw .traceDidNotReplay(property: PropertyKind.deepLinks.name, reason: "no link step from \(CheckTrace<R>.describe(state)) does other than declared")
    }

    /// The state of `set` in level `level` that the explicit engine stores first, and the
    /// actions its parent links give: its first parent is the first state of the level before
    /// with a successor in `set`, and so on back to the initial state, so walking forward from
    /// there, the first action (in the documented order) into each level's part of the chain
    /// is the explicit engine's.
    func firstInExplicitOrder(of set: Diagram, level: Int) throws(SymbolicError) -> (state: NavigationState<R>, actions: [ExplorerAction]) {
        var chain = [levels[level] && set]
        for earlier in stride(from: level - 1, through: 0, by: -1) {
            chain.append(preimage(of: chain[chain.count - 1]) && levels[earlier])
        }
        chain.reverse()
        var state = encoding.initialState
        var actions: [ExplorerAction] = []
        for next in chain.dropFirst() {
            let step = checker.model.actions(in: state).lazy.compactMap { action -> (ExplorerAction, NavigationState<R>)? in
                let successor = self.checker.model.apply(action, to: state).state
                guard let single = self.encoding.encode(successor), !(single && next).isFalse else { return nil }
                return (action, successor)
            }.first
            guard let (action, successor) = step else {
                throw .traceDidNotReplay(property: "trace", reason: "no action from \(CheckTrace<R>.describe(state)) leads into the next level")
            }
            actions.append(action)
            state = successor
        }
        return (state, actions)
    }
}
