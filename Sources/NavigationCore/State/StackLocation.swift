/// Where a stack lives in ``NavigationState``.
public enum StackLocation: Hashable, Sendable, Codable {
    /// The stack of a tab.
    case tab(TabID)
    /// The stack of the modal layer at `level` (0 is the lowest presented modal).
    case modal(level: Int)
}

extension StackLocation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .tab(let id): "tab \(id)"
        case .modal(let level): "modal layer \(level)"
        }
    }
}
