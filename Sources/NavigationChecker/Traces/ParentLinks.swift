/// Per stored state of the explicit search, the state it was first reached from and by which
/// action: breadth-first order makes the path they spell back to the initial state a shortest
/// one, and replaying it (``Checker/trace(_:)``) gives the trace.
struct ParentLinks {
    struct Link {
        let parent: Int32
        let action: UInt32
    }

    private(set) var links = GrowingColumn<Link>()

    var count: Int { links.count }

    /// The bytes the links take.
    var memoryBytes: Int { links.memoryBytes }

    /// Records that the next state was reached from `parent` (-1 for the initial state) by the
    /// action coded `action` (see ``ExplorerAction/code``).
    mutating func append(parent: Int, action: UInt32) {
        links.append(Link(parent: Int32(truncatingIfNeeded: parent), action: action))
    }

    /// The actions from the initial state to the state numbered `index`, in order.
    func actions(to index: Int) -> [ExplorerAction] {
        var actions: [ExplorerAction] = []
        var current = index
        while current > 0 {
            // Every code here was made by `ExplorerAction.code`.
            if let action = ExplorerAction(code: links[current].action) { actions.append(action) }
            current = Int(links[current].parent)
        }
        return actions.reversed()
    }

    /// How many actions lead from the initial state to the state numbered `index` along the
    /// links: its breadth-first level.
    func depth(of index: Int) -> Int {
        var depth = 0
        var current = index
        while current > 0 {
            depth += 1
            current = Int(links[current].parent)
        }
        return depth
    }

    /// Every state's breadth-first level, by its number: a parent is always numbered before
    /// its children, so one pass suffices.
    func depths() -> [Int32] {
        var depths = [Int32](repeating: 0, count: links.count)
        for index in 1..<max(links.count, 1) { depths[index] = depths[Int(links[index].parent)] + 1 }
        return depths
    }
}
