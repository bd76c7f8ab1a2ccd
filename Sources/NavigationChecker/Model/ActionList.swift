/// Where the model lists a state's actions.
protocol ActionSink: ~Copyable {
    mutating func append(_ action: ExplorerAction)
}

extension Array: ActionSink where Element == ExplorerAction {}

/// A state's actions, in a buffer of fixed size the explorer allocates once and reuses for every
/// state: appending is a store (an array's append checked its uniqueness and capacity each time).
struct ActionList: ActionSink, ~Copyable {
    private let base: UnsafeMutablePointer<ExplorerAction>
    private let capacity: Int
    private(set) var count = 0

    /// A list that holds up to `capacity` actions.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    mutating func append(_ action: ExplorerAction) {
        precondition(count < capacity, "more actions than the model's bound")
        (base + count).initialize(to: action)
        count += 1
    }

    mutating func removeAll() { count = 0 }

    subscript(position: Int) -> ExplorerAction {
        precondition(position >= 0 && position < count, "no action at \(position)")
        return base[position]
    }
}

extension ActionList {
    /// Replaces the actions with `count` actions from `source`.
    mutating func replace(with source: UnsafePointer<ExplorerAction>, count: Int) {
        precondition(count <= capacity, "more actions than the model's bound")
        base.update(from: source, count: count)
        self.count = count
    }

    /// Calls `body` with the actions.
    func withActions<T>(_ body: (UnsafeBufferPointer<ExplorerAction>) -> T) -> T {
        body(UnsafeBufferPointer(start: base, count: count))
    }
}
