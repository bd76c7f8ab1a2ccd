/// What firing an ``AppEvent`` did.
///
/// ```swift
/// switch store.fire(named: "logout") {
/// case .fired(let name, let steps): log("\(name): \(steps.map(\.result))")
/// case .notEnabled(let name, let precondition): log("\(name) needs \(precondition)")
/// case .unknown(let name, let declared): log("no event \(name); declared: \(declared)")
/// }
/// ```
public enum AppEventResult<R: Route>: Hashable, Sendable {
    /// The precondition held and every step ran through the middleware; each step's command
    /// and result, in order (a step that failed did not stop the others).
    case fired(String, steps: [AppEventStepResult<R>])
    /// The precondition (its text given) does not hold: nothing ran, the state is unchanged.
    case notEnabled(String, precondition: String)
    /// No event of that name is registered; the names that are, in order.
    case unknown(String, declared: [String])

    /// Whether the event fired and every step succeeded (a redirected step counts when its new
    /// command ran, as for ``NavigationResult/succeeded``).
    public var succeeded: Bool {
        guard case .fired(_, let steps) = self else { return false }
        return steps.allSatisfy(\.result.succeeded)
    }

    /// The event's name.
    public var name: String {
        switch self {
        case .fired(let name, _), .notEnabled(let name, _), .unknown(let name, _): name
        }
    }

    /// The results of the steps that ran (none unless the event fired).
    public var stepResults: [NavigationResult<R>] {
        guard case .fired(_, let steps) = self else { return [] }
        return steps.map(\.result)
    }
}

/// One step of a fired event: the command it ran and what became of it.
public struct AppEventStepResult<R: Route>: Hashable, Sendable, CustomStringConvertible {
    /// The command the step asked for (middleware may have run another: see ``result``).
    public let command: NavigationCommand<R>
    /// What became of it.
    public let result: NavigationResult<R>

    /// The step that asked for `command`, and what became of it.
    public init(command: NavigationCommand<R>, result: NavigationResult<R>) {
        self.command = command
        self.result = result
    }

    public var description: String { "\(command): \(result)" }
}

extension AppEventResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .fired(let name, let steps):
            "\(name) fired: [\(steps.map(\.description).joined(separator: "; "))]"
        case .notEnabled(let name, let precondition):
            "\(name) did not fire: its precondition '\(precondition)' does not hold"
        case .unknown(let name, let declared):
            "no event '\(name)' is registered; choose one of: \(declared.joined(separator: ", "))"
        }
    }
}
