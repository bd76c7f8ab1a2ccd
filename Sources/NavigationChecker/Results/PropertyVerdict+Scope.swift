extension PropertyVerdict {
    /// Why a declared can-reach or never-until property is undecided when the search stopped
    /// before it could judge it: the engine judges them over the whole reachable set (a
    /// fixpoint, or the state graph's edges), which a stopped search does not have.
    static var judgedOverTheWholeSet: String {
        "not decided: this engine judges it over the whole reachable set, and the search stopped before it had that set"
    }

    /// This verdict, from a search that `cutoff` stopped after `states` states: a failure
    /// stands (its trace is real), and so does a warning; anything else is inconclusive, and
    /// says why and what to do.
    func undecided(by cutoff: SearchCutoff, states: Int) -> PropertyVerdict {
        guard status != .failed && status != .warning else { return self }
        // A property the engine had not judged yet (no evidence either way): why, then what stopped it.
        if status == .inconclusive && trace == nil && message == Self.judgedOverTheWholeSet {
            return PropertyVerdict(kind: kind, name: name, status: .inconclusive,
                                   message: "\(message): the search was \(cutoff.summary); \(cutoff.advice)", trace: nil, location: location)
        }
        let seen = status == .passed
            ? "no violation in the \(CheckProgress.grouped(states)) states explored"
            : message
        return PropertyVerdict(kind: kind, name: name, status: .inconclusive,
                               message: "\(seen), but the search was \(cutoff.summary); \(cutoff.advice)",
                               trace: trace, location: location)
    }

    /// This passed verdict, said as holding within the depth bounds that cut the search
    /// (`within stack depth 8`): the model's declared scope.
    func scoped(_ scope: String) -> PropertyVerdict {
        guard status == .passed else { return self }
        return PropertyVerdict(kind: kind, name: name, status: status, message: "\(message) (\(scope))", trace: trace, location: location)
    }
}
