/// "Did you mean …?" for a misspelt name.
enum NameSuggestion {
    /// The closest of `candidates` to `name`, when it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let limit = max(1, name.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// A hint sentence: ` Did you mean 'x'?`, or the list of what is declared.
    static func hint(for name: String, in candidates: [String], kind: String) -> String {
        if let suggestion = closest(to: name, in: candidates) { return "did you mean '\(suggestion)'?" }
        if candidates.isEmpty { return "declare it under \(kind)" }
        return "declared \(kind): \(Set(candidates).sorted().joined(separator: ", "))"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
