/// The retry of a ``ReroutableAction`` that waits, in ``NavigationState``, for the flow its
/// reroute presented to end.
///
/// An action that reroutes to X requests X; when the action still cannot run in the state the
/// request left (a sign-in cover is up, but nobody has signed in yet), its retry waits here,
/// by the action's name, never as a closure: the state stays a value that can be compared,
/// hashed, encoded and explored.
///
/// **When the flow ends.** X was put on top of a stack: ``location`` is that stack and
/// ``position`` X's index in it (0 for X presented as a sheet or cover, the root of its modal
/// layer). The flow ends once that stack no longer reaches ``position``: the modal layer is
/// dismissed (or was never there), or the stack was popped below X. Pushing on top of X, or
/// presenting above it, does not end it; neither does selecting another tab, unless that
/// dismisses X's modal layer. The check is made after each whole operation (a command, an
/// event with all its steps, a deep link's plan), so a flow replaced within one operation by
/// another at the same place (dismissed and presented again) is still up until that one ends.
///
/// The slot holds one retry: a newer reroute replaces it, as a newer deep link replaces a
/// parked one. ``NavigationExecutor/runPendingRetry(on:)`` runs it, once, when the flow has
/// ended; ``NavigationStore`` calls it after every operation, as the explorer does after every
/// step.
public struct PendingRetry: Hashable, Sendable, Codable {
    /// Interned like ``TabID``: a four-byte number in a process-wide table, so a state carries
    /// no reference for it, and copying, comparing and hashing a state (which the explorer does
    /// for every step, nearly always without a pending retry) costs no reference counting.
    private let number: UInt32

    private var entry: RetryEntry { retryTable.entry(number) }

    /// The name of the action to retry, as registered with
    /// ``NavigationExecutor/register(_:)``.
    public var action: String { entry.action }
    /// The route the action rerouted to, as text for diagnostics.
    public var reroutedTo: String { entry.reroutedTo }
    /// The stack the rerouted route was put on.
    public var location: StackLocation { entry.location }
    /// The rerouted route's index in that stack.
    public var position: Int { entry.position }

    /// - Parameters:
    ///   - action: The action's name.
    ///   - reroutedTo: The route it rerouted to, as text.
    ///   - location: The stack that route was put on.
    ///   - position: Its index in that stack (0 for the root of a modal layer).
    public init(action: String, reroutedTo: String, location: StackLocation, position: Int) {
        number = retryTable.number(of: RetryEntry(action: action, reroutedTo: reroutedTo, location: location, position: position))
    }

    /// Whether the rerouted flow has ended in `state`: the stack at ``location`` is gone or
    /// holds no route at ``position``.
    ///
    /// - Complexity: O(1) for a modal layer, O(*t*) in the number of tabs for a tab's stack.
    public func flowHasEnded<R: Route>(in state: NavigationState<R>) -> Bool {
        switch location {
        case .modal(let level):
            guard state.modals.indices.contains(level) else { return true }
            return state.modals[level].stack.routes.count <= position
        case .tab(let id):
            guard let index = state.tabs.firstIndex(where: { $0.id == id }) else { return true }
            return state.tabs[index].stack.routes.count <= position
        }
    }

    private enum CodingKeys: String, CodingKey {
        case action, reroutedTo, location, position
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let position = try container.decode(Int.self, forKey: .position)
        guard position >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .position, in: container,
                                                   debugDescription: "a pending retry's position is an index in a stack: 0 or more, not \(position)")
        }
        self.init(action: try container.decode(String.self, forKey: .action), reroutedTo: try container.decode(String.self, forKey: .reroutedTo),
                  location: try container.decode(StackLocation.self, forKey: .location), position: position)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(reroutedTo, forKey: .reroutedTo)
        try container.encode(location, forKey: .location)
        try container.encode(position, forKey: .position)
    }
}

extension PendingRetry: CustomStringConvertible {
    public var description: String { "\(action) (waiting for \(reroutedTo) in \(location) to end)" }
}

/// The retries behind ``PendingRetry``.
struct RetryEntry: Hashable {
    let action: String
    let reroutedTo: String
    let location: StackLocation
    let position: Int
}

let retryTable = Interner<RetryEntry>()
