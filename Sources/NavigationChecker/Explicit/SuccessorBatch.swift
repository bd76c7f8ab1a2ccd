/// The packed successors of the state being expanded (see ``PackedSteps``), made for all its
/// actions before any of them is looked up in the state table.
///
/// A lookup's first read of a slot usually misses the caches (the slots are megabytes read at
/// random) and was the largest single cost of a search. A state's successors fall in a few
/// families (its pushes share one, its pop and each flag event have their own, see
/// ``StateKey``), so its lookups wait on a few lines of memory, one after another when each
/// waits before the next is made. Made together first, their first slots are read together in
/// a short loop (``StateTable/firstSlot(of:)``), where the processor overlaps the waits, and
/// the lookups that follow find the lines loaded.
///
/// Owns its memory: one successor's bytes per action (each `stride` bytes, room for the largest
/// successor of the parent with the slack patching writes past it) and the encodings made.
final class SuccessorBatch {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var stride: Int
    private let capacity: Int
    private let encodings: UnsafeMutablePointer<KeyedEncoding?>

    /// A batch for states with at most `actions` actions.
    init(actions: Int) {
        capacity = max(actions, 1)
        stride = 64
        bytes = .allocate(capacity: capacity * stride)
        encodings = .allocate(capacity: capacity)
        encodings.initialize(repeating: nil, count: capacity)
    }

    deinit {
        bytes.deallocate()
        encodings.deinitialize(count: capacity)
        encodings.deallocate()
    }

    /// Makes room for successors of up to `successorCapacity` bytes each (their contents are
    /// not kept), and forgets the encodings made.
    func reset(successorCapacity: Int) {
        if successorCapacity > stride {
            bytes.deallocate()
            stride = max(successorCapacity, stride * 2)
            bytes = .allocate(capacity: capacity * stride)
        }
    }

    /// Where the successor by the action at `slot` is written (``reset(successorCapacity:)``'s bytes).
    @inline(__always)
    func output(_ slot: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(slot >= 0 && slot < capacity, "no action at \(slot)")
        return bytes + slot * stride
    }

    /// The successor made for the action at `slot`, `nil` when it has no packed form there.
    @inline(__always)
    subscript(slot: Int) -> KeyedEncoding? {
        get {
            precondition(slot >= 0 && slot < capacity, "no action at \(slot)")
            return encodings[slot]
        }
        set {
            precondition(slot >= 0 && slot < capacity, "no action at \(slot)")
            encodings[slot] = newValue
        }
    }
}
