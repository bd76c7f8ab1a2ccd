import NavigationCore
@testable import NavigationGraph
import Testing

@Suite("Did-you-mean")
struct NameSuggestionTests {
    static let transposedKeys: [(key: String, suggestion: String, context: String)] = [
        ("form", "from", "transitions:\n  - { form: a, to: a }\n"),
        ("ot", "to", "transitions:\n  - { from: a, ot: a }\n"),
        ("sytle", "style", "transitions:\n  - { from: a, to: a, sytle: sheet }\n"),
        ("roteus", "routes", ""),
    ]

    @Test("a key with two letters swapped gets a did-you-mean, at the key's line and column", arguments: transposedKeys)
    func transposedKey(key: String, suggestion: String, context: String) {
        let text = context.isEmpty
            ? "navgraph: 1\nname: X\nroot: a\n\(key): {a: {}}\n"
            : "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\n\(context)"
        #expect {
            try GraphDocument.load(text, origin: "X.navgraph.yaml")
        } throws: { error in
            guard let error = error as? GraphDocumentError else { return false }
            let column = context.isEmpty ? 1 : text.split(separator: "\n").last.map { line in
                (line.range(of: key).map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0) + 1
            } ?? 0
            // Inside a list the message leads with the path (`transitions.[0]: `).
            return error.message.hasSuffix("unknown key '\(key)'") && error.remedy == "did you mean '\(suggestion)'?"
                && error.location == SourceLocation(line: context.isEmpty ? 4 : 6, column: column)
        }
    }

    @Test("an unknown key near no allowed key keeps the list of allowed keys and its place")
    func farKey() {
        #expect {
            try GraphDocument.load("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitions:\n  - { from: a, to: a, colour: red }\n")
        } throws: { error in
            guard let error = error as? GraphDocumentError else { return false }
            return error.description == "<input>:6:23: error: transitions.[0]: unknown key 'colour'; remove it, or use one of the keys allowed here: "
                + "from, request, reroute, style, to, when, with"
        }
    }

    @Test("edit distance counts an insertion, a deletion, a replacement and a swap of neighbours as one edit each")
    func editDistance() {
        #expect(NameSuggestion.editDistance("from", "from") == 0)
        #expect(NameSuggestion.editDistance("form", "from") == 1)
        #expect(NameSuggestion.editDistance("verfy", "verify") == 1)
        #expect(NameSuggestion.editDistance("verifyy", "verify") == 1)
        #expect(NameSuggestion.editDistance("verity", "verify") == 1)
        #expect(NameSuggestion.editDistance("", "to") == 2)
        #expect(NameSuggestion.editDistance("to", "") == 2)
        // Optimal string alignment: a swapped pair is not edited again.
        #expect(NameSuggestion.editDistance("ca", "abc") == 3)
        #expect(NameSuggestion.editDistance("abcd", "badc") == 2)
    }

    @Test("equally close candidates give the first in sorted order, whatever order they come in")
    func ties() {
        #expect(NameSuggestion.closest(to: "bat", in: ["hat", "cat"]) == "cat")
        #expect(NameSuggestion.closest(to: "bat", in: ["cat", "hat"]) == "cat")
        #expect(NameSuggestion.closest(to: "bat", in: ["hat", "bit", "cat"]) == "bit")
        // A closer candidate wins over an earlier one.
        #expect(NameSuggestion.closest(to: "stlye", in: ["state", "style"]) == "style")
    }

    @Test("a suggestion needs the distance to be small for the length: one edit per three characters, at least one")
    func limit() {
        #expect(NameSuggestion.closest(to: "ab", in: ["xy"]) == nil)
        #expect(NameSuggestion.closest(to: "to", in: ["tab"]) == nil)
        #expect(NameSuggestion.closest(to: "wen", in: ["when"]) == "when")
        #expect(NameSuggestion.closest(to: "trans", in: ["transitions"]) == nil)
        #expect(NameSuggestion.closest(to: "trnsitions", in: ["transitions"]) == "transitions")
        #expect(NameSuggestion.closest(to: "FROM", in: ["from"]) == "from")
    }
}
