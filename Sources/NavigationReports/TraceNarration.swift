import NavigationCore
import NavigationGraph
import NavigationChecker

/// A counterexample's steps told as a person would tell them: "tap settings", "Back", "swipe the
/// sheet down", "event signOut: signedIn = false", and a guard's redirect said as one
/// ("redirected by the guard of checkout to signIn (sheet)") rather than left for the reader to
/// infer from a sheet appearing after a push.
///
/// ```swift
/// let narration = TraceNarration(graph)
/// for step in trace.steps { print(narration.action(step, after: previous)) }
/// ```
public struct TraceNarration<R: Route> {
    let graph: NavigationGraph<R>
    let linkURLs: [String]

    /// The narration of traces through `graph`.
    ///
    /// - Parameter graph: The graph the traces were found in.
    public init(_ graph: NavigationGraph<R>) {
        self.graph = graph
        linkURLs = GraphModel<R>.linkSamples(of: graph).map(\.url)
    }

    /// The guard's redirect a transition step met, in words (`redirected by the guard of
    /// checkout to signIn (sheet)`), or `nil` when the step was not a transition or was not
    /// redirected.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - previous: The state before it.
    public func redirect(_ step: CheckTrace<R>.Step, after previous: NavigationState<R>?) -> String? {
        guard case .transition(let index, _)? = step.action, graph.transitions.indices.contains(index), previous != nil else { return nil }
        let destination = graph.transitions[index].to
        guard let routeGuard = graph.route(named: destination)?.entryGuard, case .redirect(let target, let style) = routeGuard.otherwise,
              let top = step.state.top.map(graph.routeName), top != destination, top == target else { return nil }
        return "redirected by the guard of \(destination) to \(target) (\(style.rawValue))"
    }

    /// What the person did at `step`, in words. The first step (no action) is `start`.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - previous: The state before it, `nil` for the first step.
    public func action(_ step: CheckTrace<R>.Step, after previous: NavigationState<R>?) -> String {
        let redirect = redirect(step, after: previous)
        switch step.action {
        case nil:
            return "start"
        case .transition(let index, let sample)?:
            guard graph.transitions.indices.contains(index) else { return step.label }
            let transition = graph.transitions[index]
            let targets = graph.targets(of: transition)
            let target = targets.indices.contains(sample) ? "\(targets[sample])" : transition.to
            let how: String = switch transition.style {
            case .presentation(.push): "tap \(target)"
            case .presentation(.replace): "replace \(transition.from) with \(target)"
            case .presentation(.modal(let style)): "tap \(target) (\(style.rawValue))"
            case .request: "request \(target)"
            }
            return redirect.map { "\(how), \($0)" } ?? how
        case .back?:
            return "Back"
        case .dismissSheet?:
            return "swipe the sheet down"
        case .selectTab(let index)?:
            return graph.tabs.indices.contains(index) ? "tap the \(graph.tabs[index].id.name) tab" : step.label
        case .event(let index)?:
            guard graph.events.indices.contains(index) else { return step.label }
            let event = graph.events[index]
            let changes = event.flagChanges.map { "\($0.flag.name) = \($0.value)" }
            return "event \(event.name)" + (changes.isEmpty ? "" : ": " + changes.joined(separator: ", "))
        case .openLink(let index)?:
            return linkURLs.indices.contains(index) ? "open the link \(linkURLs[index])" : step.label
        case .resumePending?:
            return "the pending link resumes"
        }
    }

    /// The trace as numbered lines as the terminal, Markdown and JUnit print them
    /// (`3. push cart → checkout: redirected by the guard of checkout to signIn (sheet); sheet 1 signIn`).
    ///
    /// - Parameter trace: The trace.
    public func lines(_ trace: CheckTrace<R>) -> [String] {
        var previous: NavigationState<R>?
        return trace.steps.enumerated().map { index, step in
            defer { previous = step.state }
            return "\(index). \(step.label): \(change(step, after: previous))"
        }
    }

    /// What changed at `step`, led by the guard's redirect when there was one.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - previous: The state before it, `nil` for the first step (then the whole state).
    public func change(_ step: CheckTrace<R>.Step, after previous: NavigationState<R>?) -> String {
        guard let previous else { return CheckTrace<R>.describe(step.state) }
        let change = CheckTrace<R>.change(from: previous, to: step.state)
        return redirect(step, after: previous).map { "\($0); \(change)" } ?? change
    }
}
