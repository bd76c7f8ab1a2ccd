/// "Did you mean …?" for a misspelt name: a document key, a route, a flag, a subcommand.
package enum NameSuggestion {
    /// The closest of `candidates` to `name`, when it is close enough to be a likely typo.
    ///
    /// Close enough means at most one edit per three characters of `name` (at least one), so a
    /// short word is not "corrected" into an unrelated one. Case is ignored. Among equally close
    /// candidates the first in sorted order wins, so the answer never depends on the order
    /// `candidates` come in.
    package static func closest(to name: String, in candidates: [String]) -> String? {
        let limit = max(1, name.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// A hint sentence: ` Did you mean 'x'?`, or the list of what is declared.
    package static func hint(for name: String, in candidates: [String], kind: String) -> String {
        if let suggestion = closest(to: name, in: candidates) { return "did you mean '\(suggestion)'?" }
        if candidates.isEmpty { return "declare it under \(kind)" }
        return "declared \(kind): \(Set(candidates).sorted().joined(separator: ", "))"
    }

    /// The number of edits that turn `a` into `b`: inserting, deleting or replacing a character,
    /// or swapping two adjacent ones (the optimal-string-alignment distance).
    ///
    /// Swaps count as one edit because they are the commonest typo (`form` for `from`,
    /// `verfiy` for `verify`); plain Levenshtein counts them as two, which is past the limit
    /// of ``closest(to:in:)`` for every word shorter than six characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rows of the table: a swap looks two rows back.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
