import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// Which depth bound, if any, `state` exceeds, a successor that `inverse` turns back into
    /// its parent: a push can only have deepened the active stack, a pop or a change of flags
    /// deepened nothing (every stored state is within the bounds, the initial one checked).
    @inline(__always)
    func boundCut(_ state: NavigationState<R>, undoneBy inverse: StepInverse) -> BoundCut.Bound? {
        guard initialWithinBounds else { return Checker.boundCut(state, bounds) }
        switch inverse {
        case .removeTop: return state.depth > bounds.maxStackDepth ? .maxStackDepth : nil
        case .restoreTop, .flags: return nil
        case .full: return Checker.boundCut(state, bounds)
        }
    }

    /// The encoding of `state`, a successor of the state held in ``parentEncoding`` that
    /// `inverse` turns back into it, patched from the parent's bytes, and its key: `inverse`
    /// says the step changed only the active stack's top or the flags. `nil` for any other
    /// step, and for what only the general way encodes (a route without an id, a flag numbered
    /// from 64 on). Debug builds check every patched encoding and key against the general ones.
    @inline(__always)
    mutating func encode(_ state: NavigationState<R>, undoneBy inverse: StepInverse) -> KeyedEncoding? {
        let patched: KeyedEncoding?
        switch inverse {
        case .removeTop:
            guard let top = state.top, let id = encoder.knownID(of: top) else { return nil }
            patched = parentEncoding.pushing(id, into: encodingBuffer.base)
        case .restoreTop: patched = parentEncoding.popping(into: encodingBuffer.base)
        case .flags:
            guard let ids = encoder.flagIDs(of: state.flags) else { return nil }
            patched = parentEncoding.withFlags(ids, into: encodingBuffer.base)
        case .full: return nil
        }
        #if DEBUG
        if let patched {
            let fresh = try? encoder.encode(state, into: checkingBuffer)
            assert(fresh.map(Array.init) == Array(patched.bytes), "a successor's patched encoding (\(inverse)) differs from its own")
            assert(patched.key == table.key(of: patched.bytes), "a successor's patched key (\(inverse)) differs from its own")
        }
        #endif
        return patched
    }
}
