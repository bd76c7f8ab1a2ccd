extension PropertyVerdict {
    /// This verdict, from a search that `cutoff` stopped after `states` states: a failure
    /// stands (its trace is real), and so does a warning; anything else is inconclusive, and
    /// says why and what to do.
    func undecided(by cutoff: SearchCutoff, states: Int) -> PropertyVerdict {
        guard status != .failed && status != .warning else { return self }
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
