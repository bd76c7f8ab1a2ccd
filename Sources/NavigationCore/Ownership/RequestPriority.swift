/// How urgent a requested route is when it is presented as a modal.
///
/// A high-priority flow (sign-in, say) covers the normal flow: a high-priority sheet or cover
/// is presented above every modal already up, and while one is up, normal requests that would
/// have to reach below it are dropped (``RequestDrop/Reason/blockedByHighPriorityFlow(_:)``).
public enum RequestPriority: String, Hashable, Sendable, Codable, CaseIterable {
    case normal
    case high
}
