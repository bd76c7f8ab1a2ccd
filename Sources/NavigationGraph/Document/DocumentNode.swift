import Yams

/// A YAML node being read, with the path that led to it and a shared budget of nodes.
///
/// Every read checks types and keys and throws a ``GraphDocumentError`` with the node's
/// line:column. The budget bounds the work of walking aliases: a document whose anchors expand
/// past it is refused instead of walked.
struct DocumentNode {
    final class Budget {
        var remaining: Int
        init(_ limit: Int) { remaining = limit }
    }

    let node: Node
    let path: String
    let file: String
    let budget: Budget

    var location: SourceLocation? {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    func error(_ message: String, _ remedy: String, at location: SourceLocation? = nil) -> GraphDocumentError {
        GraphDocumentError(file: file, location: location ?? self.location, message: path.isEmpty ? message : "\(path): \(message)", remedy: remedy)
    }

    private func spend() throws(GraphDocumentError) {
        budget.remaining -= 1
        guard budget.remaining >= 0 else {
            throw error("the document expands to more than \(GraphDocument.maxNodes) nodes (through anchors and aliases?)",
                        "write the graph out without anchors, or split it")
        }
    }

    private var kindName: String {
        switch node {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    func child(_ node: Node, _ component: String) throws(GraphDocumentError) -> DocumentNode {
        let child = DocumentNode(node: node, path: path.isEmpty ? component : "\(path).\(component)", file: file, budget: budget)
        try child.spend()
        return child
    }

    /// The entries of a mapping, in document order, refusing keys outside `allowed` (or, with
    /// `unknownKeys`, recording each there and leaving it out, so the rest is read too).
    func mapping(allowed: [String]? = nil, unknownKeys: DocumentProblems? = nil) throws(GraphDocumentError)
        -> [(key: String, keyLocation: SourceLocation?, value: DocumentNode)] {
        guard case .mapping(let mapping) = node else {
            throw error("expected a mapping, found \(kindName)", "write 'key: value' lines here")
        }
        var entries: [(String, SourceLocation?, DocumentNode)] = []
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            let keyLocation = keyNode.mark.map { SourceLocation(line: $0.line, column: $0.column) }
            guard case .scalar(let scalar) = keyNode else {
                throw error("a key must be a plain name", "write keys as plain words", at: keyLocation)
            }
            let key = scalar.string
            if let allowed, !allowed.contains(key) {
                let remedy = NameSuggestion.closest(to: key, in: allowed).map { "did you mean '\($0)'?" }
                    ?? "remove it, or use one of the keys allowed here: \(Set(allowed).sorted().joined(separator: ", "))"
                guard let unknownKeys else { throw error("unknown key '\(key)'", remedy, at: keyLocation) }
                unknownKeys.record(error("unknown key '\(key)'", remedy, at: keyLocation))
                if let suggestion = NameSuggestion.closest(to: key, in: allowed) { unknownKeys.misspeltKeys.insert(suggestion) }
                continue
            }
            guard seen.insert(key).inserted else {
                throw error("key '\(key)' appears twice", "keep one of them", at: keyLocation)
            }
            entries.append((key, keyLocation, try child(valueNode, key)))
        }
        return entries
    }

    /// The entries of a mapping with required and optional keys, by name (unknown keys recorded
    /// in `unknownKeys` when given, else thrown).
    func fields(required: [String], optional: [String], unknownKeys: DocumentProblems? = nil) throws(GraphDocumentError) -> [String: DocumentNode] {
        var fields: [String: DocumentNode] = [:]
        for entry in try mapping(allowed: required + optional.filter { !required.contains($0) }, unknownKeys: unknownKeys) { fields[entry.key] = entry.value }
        for key in required where fields[key] == nil {
            // A required key misspelt is one problem, the misspelling, not a second one.
            if let unknownKeys, unknownKeys.misspeltKeys.contains(key), let combined = unknownKeys.combined { throw combined }
            throw error("missing key '\(key)'", "add '\(key): …'")
        }
        return fields
    }

    func sequence() throws(GraphDocumentError) -> [DocumentNode] {
        guard case .sequence(let sequence) = node else {
            throw error("expected a list, found \(kindName)", "write '- item' lines or [a, b]")
        }
        var items: [DocumentNode] = []
        for (index, item) in sequence.enumerated() { items.append(try child(item, "[\(index)]")) }
        return items
    }

    func string() throws(GraphDocumentError) -> String {
        guard case .scalar(let scalar) = node else {
            throw error("expected text, found \(kindName)", "write a plain value")
        }
        return scalar.string
    }

    /// A name: non-empty text without spaces or characters no one can see.
    func name() throws(GraphDocumentError) -> String {
        let text = try string()
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw error("'\(text)' is not a name", "use a single word")
        }
        if let problem = DeclaredNames.unreadableCharacter(in: text) {
            throw error("name '\(text)' contains \(problem)", DeclaredNames.unreadableRemedy)
        }
        return text
    }

    func int(in range: ClosedRange<Int>) throws(GraphDocumentError) -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string) else {
            throw error("expected a whole number", "write a number such as \(range.lowerBound)")
        }
        guard range.contains(value) else {
            throw error("\(value) is out of range", "use a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// An amount of memory such as `2GB` or `512MiB` (see ``MemorySize``), at least `minimum` bytes.
    func memorySize(minimum: Int) throws(GraphDocumentError) -> Int {
        let text = try string()
        guard let bytes = MemorySize.bytes(text) else {
            throw error("'\(text)' is not an amount of memory", "write a number and a unit, such as 2GB or 512MB")
        }
        guard bytes >= minimum else {
            throw error("\(text) is too little memory to explore in", "give at least \(MemorySize.text(minimum))")
        }
        return bytes
    }

    func bool() throws(GraphDocumentError) -> Bool {
        guard case .scalar(let scalar) = node, let value = Bool(scalar.string) else {
            throw error("expected true or false", "write true or false")
        }
        return value
    }

    /// A condition in the language, with errors placed at the offending character, and the route
    /// groups it names replaced by their members (see ``Condition/expandingGroups(_:routes:)``);
    /// the text stays as written.
    func condition<R>(groups: [String: [String]] = [:], routes: Set<String> = []) throws(GraphDocumentError) -> GraphCondition<R> {
        let text = try string()
        // A quoted scalar's mark is its opening quote; the text starts one column later. Lint
        // places names from here too, so both errors and findings point at the name itself.
        var start = location
        if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted, let mark = location {
            start = SourceLocation(line: mark.line, column: mark.column + 1)
        }
        do {
            let parsed = try Condition.parse(text)
            let expression = groups.isEmpty ? parsed : try parsed.expandingGroups(groups, routes: routes)
            return GraphCondition(expression, text: text, location: start)
        } catch {
            let place = start.map { $0.offset(by: error.location) }
            throw self.error("condition '\(text)' does not parse: \(error.message)", error.remedy, at: place)
        }
    }
}
