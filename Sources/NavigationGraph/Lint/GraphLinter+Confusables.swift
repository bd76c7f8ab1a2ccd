import NavigationCore

extension GraphLinter {
    /// `confusable-names` (warning): two names of one kind (routes, flags, tabs, events) that
    /// differ but look the same (``ConfusableSkeleton``): `orders` and `оrders`, whose `о` is
    /// Cyrillic. The document reader already refuses names equal after removing invisible
    /// characters and folding compatibility forms; letters of other scripts drawn alike are a
    /// warning here, since a legitimate graph may name routes in Cyrillic or Greek.
    static func confusableFindings<R: Route>(_ graph: NavigationGraph<R>) -> [LintFinding] {
        var findings: [LintFinding] = []
        func check(_ kind: String, _ names: [(name: String, location: SourceLocation?)]) {
            var first: [String: (name: String, location: SourceLocation?)] = [:]
            for entry in names {
                let skeleton = ConfusableSkeleton.skeleton(entry.name)
                guard let earlier = first[skeleton] else {
                    first[skeleton] = entry
                    continue
                }
                guard earlier.name != entry.name else { continue }
                let place = earlier.location.map { " (\($0))" } ?? ""
                findings.append(LintFinding(rule: "confusable-names", severity: .warning,
                                            message: "\(kind) '\(entry.name)' looks like \(kind) '\(earlier.name)'\(place): "
                                                + "they differ in \(Self.differingLetters(entry.name, earlier.name))",
                                            remedy: "rename one of them: reports, diagrams and reviews show both alike, so a change to one reads as a change to the other",
                                            location: entry.location))
            }
        }
        check("route", graph.routes.map { ($0.name, $0.location) })
        check("flag", graph.flags.map { ($0.name.name, $0.location) })
        check("tab", graph.tabs.map { ($0.id.name, $0.location) })
        check("event", graph.events.map { ($0.name, $0.location) })
        return findings
    }

    /// The letters of `name` that are not `other`'s, spelled out (`U+043E CYRILLIC SMALL LETTER O`),
    /// so the message says what cannot be seen.
    static func differingLetters(_ name: String, _ other: String) -> String {
        let theirs = Set(other.unicodeScalars)
        let letters = name.unicodeScalars.filter { !theirs.contains($0) }.map(DeclaredNames.described)
        return letters.isEmpty ? "letters drawn alike" : letters.joined(separator: ", ")
    }
}
