extension Condition {
    /// The longest condition accepted, in characters.
    public static let maxLength = 4_096
    /// The deepest nesting of parentheses and `not` accepted.
    public static let maxNesting = 64

    /// Parses a condition.
    ///
    /// Grammar, loosest binding first (`implies` is right-associative):
    ///
    /// ```text
    /// condition   := disjunction [ "implies" condition ]
    /// disjunction := conjunction { "or" conjunction }
    /// conjunction := negation { "and" negation }
    /// negation    := "not" negation | primary
    /// primary     := "(" condition ")" | "true" | "false"
    ///              | ("top" | "modal") ("==" | "!=") route             — modal may be compared with none
    ///              | "tab" ("==" | "!=") name
    ///              | "tab" "hidden"                                    — the selected tab is not shown
    ///              | "below" ("==" | "!=") route                       — the route under the visible one
    ///              | "stack" [ "(" tab ")" ] "contains" route           — the active stack, or the tab's
    ///              | "modals" "contains" route                         — on any open modal's stack
    ///              | ("depth" | "modalDepth") compare number
    ///              | "count" "(" route ")" compare number
    ///              | name                                              — a flag
    /// route       := name [ "(" value-of { "," value-of } ")" ]         — a route, or one value of it
    /// value-of    := name ":" (word | number | quoted)                 — quoted: "…" with \" and \\
    /// compare     := "==" | "!=" | "<" | "<=" | ">" | ">="
    /// ```
    ///
    /// - Throws: ``ConditionError`` with the line and column of the first problem.
    public static func parse(_ text: String) throws(ConditionError) -> Condition {
        guard text.count <= maxLength else {
            throw ConditionError(message: "the condition is \(text.count) characters long, over the limit of \(maxLength)",
                                 location: SourceLocation(line: 1, column: 1), remedy: "split it into several invariants or guards")
        }
        var parser = try ConditionParser(tokens: ConditionLexer.tokens(of: text))
        let condition = try parser.condition()
        try parser.expectEnd()
        return condition
    }
}

struct ConditionToken: Hashable {
    enum Kind: Hashable {
        case word(String)
        case number(Int)
        /// A quoted value, `"alice smith"`, without its quotes and escapes.
        case quoted(String)
        case symbol(String)
        case end
    }
    let kind: Kind
    let location: SourceLocation

    var display: String {
        switch kind {
        case .word(let word): "'\(word)'"
        case .number(let number): "'\(number)'"
        case .quoted(let text): "'\"\(text)\"'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "end of condition"
        }
    }
}

enum ConditionLexer {
    static func tokens(of text: String) throws(ConditionError) -> [ConditionToken] {
        var tokens: [ConditionToken] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var column = 1
        func advance(_ count: Int = 1) {
            for _ in 0..<count {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        func isWordStart(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isAlphabetic }
        func isWord(_ scalar: Unicode.Scalar) -> Bool { isWordStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-" }

        // A route value's quoted value: `"…"`, where `\"` is a quote and `\\` a backslash.
        func quoted() throws(ConditionError) -> String {
            let opening = SourceLocation(line: line, column: column)
            advance()
            var text = ""
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\"" {
                    advance()
                    return text
                }
                if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" {
                    text.unicodeScalars.append(scalars[index + 1])
                    advance(2)
                    continue
                }
                text.unicodeScalars.append(scalar)
                advance()
            }
            throw ConditionError(message: "the quoted value opened at \(opening) is not closed", location: opening,
                                 remedy: "end it with '\"' (write a quote inside as '\\\"')")
        }

        while index < scalars.count {
            let scalar = scalars[index]
            let here = SourceLocation(line: line, column: column)
            if scalar.properties.isWhitespace {
                advance()
            } else if isWordStart(scalar) {
                var word = ""
                // A '.' between words belongs to the name: a feature's routes are `people.detail`.
                while index < scalars.count,
                      isWord(scalars[index]) || (scalars[index] == "." && index + 1 < scalars.count && isWordStart(scalars[index + 1])) {
                    word.unicodeScalars.append(scalars[index])
                    advance()
                }
                tokens.append(ConditionToken(kind: .word(word), location: here))
            } else if ("0"..."9").contains(scalar) {
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    digits.unicodeScalars.append(scalars[index])
                    advance()
                }
                guard let number = Int(digits), number <= 1_000_000 else {
                    throw ConditionError(message: "number \(digits) is too large", location: here, remedy: "use a number up to 1000000")
                }
                tokens.append(ConditionToken(kind: .number(number), location: here))
            } else if scalar == "\"" {
                tokens.append(ConditionToken(kind: .quoted(try quoted()), location: here))
            } else if "(),:".unicodeScalars.contains(scalar) {
                tokens.append(ConditionToken(kind: .symbol(String(scalar)), location: here))
                advance()
            } else if "=!<>".unicodeScalars.contains(scalar) {
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if next == "=" {
                    tokens.append(ConditionToken(kind: .symbol(String(scalar) + "="), location: here))
                    advance(2)
                } else if scalar == "<" || scalar == ">" {
                    tokens.append(ConditionToken(kind: .symbol(String(scalar)), location: here))
                    advance()
                } else {
                    let remedy = scalar == "=" ? "compare with '=='" : "negate with 'not', or compare with '!='"
                    throw ConditionError(message: "unexpected '\(scalar)'", location: here, remedy: remedy)
                }
            } else {
                let remedy = "&|".unicodeScalars.contains(scalar) ? "write 'and' / 'or' instead of symbols" : "names use letters, digits, '_', '-' and '.' between words"
                throw ConditionError(message: "unexpected character '\(scalar)'", location: here, remedy: remedy)
            }
        }
        tokens.append(ConditionToken(kind: .end, location: SourceLocation(line: line, column: column)))
        return tokens
    }
}

struct ConditionParser {
    static let reserved: Set<String> = ["and", "or", "not", "implies", "true", "false", "top", "modal", "tab",
                                        "stack", "contains", "depth", "modalDepth", "count", "none"]
    private let tokens: [ConditionToken]
    private var position = 0
    private var nesting = 0

    init(tokens: [ConditionToken]) { self.tokens = tokens }

    private var current: ConditionToken { tokens[position] }
    private mutating func take() -> ConditionToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }
    private func isWord(_ word: String) -> Bool { current.kind == .word(word) }

    mutating func condition() throws(ConditionError) -> Condition {
        try descend()
        defer { nesting -= 1 }
        let left = try disjunction()
        guard isWord("implies") else { return left }
        _ = take()
        return .implies(left, try condition())
    }

    private mutating func disjunction() throws(ConditionError) -> Condition {
        var result = try conjunction()
        while isWord("or") {
            _ = take()
            result = .or(result, try conjunction())
        }
        return result
    }

    private mutating func conjunction() throws(ConditionError) -> Condition {
        var result = try negation()
        while isWord("and") {
            _ = take()
            result = .and(result, try negation())
        }
        return result
    }

    private mutating func negation() throws(ConditionError) -> Condition {
        guard isWord("not") else { return try primary() }
        _ = take()
        try descend()
        defer { nesting -= 1 }
        return .not(try negation())
    }

    private mutating func descend() throws(ConditionError) {
        nesting += 1
        guard nesting <= Condition.maxNesting else {
            throw ConditionError(message: "the condition nests deeper than \(Condition.maxNesting) levels", location: current.location,
                                 remedy: "simplify it")
        }
    }

    private mutating func primary() throws(ConditionError) -> Condition {
        let token = take()
        switch token.kind {
        case .symbol("("):
            let inner = try condition()
            guard current.kind == .symbol(")") else {
                throw ConditionError(message: "expected ')' to close the '(' at \(token.location), found \(current.display)",
                                     location: current.location, remedy: "add the missing ')'")
            }
            _ = take()
            return inner
        case .word("true"): return .constant(true)
        case .word("false"): return .constant(false)
        // `hidden` is a keyword only after `tab`, where a comparison would otherwise stand, so a
        // flag or route called `hidden` still parses.
        case .word("tab") where isWord("hidden"):
            _ = take()
            return .selectedTabHidden
        case .word("top"), .word("tab"), .word("modal"):
            guard case .word(let word) = token.kind, let subject = Condition.Subject(rawValue: word) else { return .constant(false) }
            let equal = try equality(after: word)
            if subject == .modal, isWord("none") {
                _ = take()
                return .noModal(equal: equal)
            }
            let context = "\(word) \(equal ? "==" : "!=")"
            return .isNamed(subject, subject == .tab ? try name(after: context) : try route(after: context), equal: equal)
        case .word("stack"):
            let tab = current.kind == .symbol("(") ? try nameInParentheses(after: "stack", example: "stack(<tab>) contains <route>") : nil
            let written = tab.map { "stack(\($0.text))" } ?? "stack"
            guard isWord("contains") else {
                throw ConditionError(message: "expected 'contains' after '\(written)', found \(current.display)", location: current.location,
                                     remedy: "write '\(written) contains <route>'")
            }
            _ = take()
            let route = try route(after: "\(written) contains")
            return tab.map { .tabStackContains(tab: $0, route: route) } ?? .stackContains(route)
        // `below` and `modals` are read as these forms only where a flag could not stand (before
        // '==' or 'contains'), so flags and routes of those names written before still parse.
        case .word("below") where current.kind == .symbol("==") || current.kind == .symbol("!="):
            let equal = try equality(after: "below")
            return .isNamed(.below, try route(after: "below \(equal ? "==" : "!=")"), equal: equal)
        case .word("modals") where isWord("contains"):
            _ = take()
            return .modalsContain(try route(after: "modals contains"))
        case .word("depth"):
            return .compare(.depth, try comparison(after: "depth"), try number(after: "depth"))
        case .word("modalDepth"):
            return .compare(.modalDepth, try comparison(after: "modalDepth"), try number(after: "modalDepth"))
        case .word("count"):
            guard current.kind == .symbol("(") else {
                throw ConditionError(message: "expected '(' after 'count', found \(current.display)", location: current.location,
                                     remedy: "write 'count(<route>) <= 2'")
            }
            let route = try nameInParentheses(after: "count", example: "count(<route>) <= 2", isRoute: true)
            return .compare(.count(route), try comparison(after: "count(\(route.written))"), try number(after: "count(\(route.written))"))
        case .word(let word) where !ConditionParser.reserved.contains(word):
            return .flag(Condition.Name(text: word, location: token.location))
        default:
            throw ConditionError(message: "expected a condition, found \(token.display)", location: token.location,
                                 remedy: "start with a flag, 'not', '(', 'top ==', 'modal ==', 'tab ==', 'below ==', 'stack contains', "
                                 + "'stack(<tab>) contains', 'modals contains', 'tab hidden', 'depth', 'modalDepth' or 'count('")
        }
    }

    /// `(name)` after `keyword`, the current token being the `(`; a route (which may be a
    /// route value) when `isRoute`.
    private mutating func nameInParentheses(after keyword: String, example: String, isRoute: Bool = false) throws(ConditionError) -> Condition.Name {
        _ = take()
        let name = isRoute ? try route(after: "\(keyword)(") : try name(after: "\(keyword)(")
        guard current.kind == .symbol(")") else {
            throw ConditionError(message: "expected ')' after '\(keyword)(\(name.written)', found \(current.display)", location: current.location,
                                 remedy: "write '\(example)'")
        }
        _ = take()
        return name
    }

    private mutating func equality(after subject: String) throws(ConditionError) -> Bool {
        switch current.kind {
        case .symbol("=="):
            _ = take()
            return true
        case .symbol("!="):
            _ = take()
            return false
        default:
            throw ConditionError(message: "expected '==' or '!=' after '\(subject)', found \(current.display)", location: current.location,
                                 remedy: "write '\(subject) == <name>'")
        }
    }

    private mutating func comparison(after subject: String) throws(ConditionError) -> Condition.Comparison {
        if case .symbol(let symbol) = current.kind, let comparison = Condition.Comparison(rawValue: symbol) {
            _ = take()
            return comparison
        }
        throw ConditionError(message: "expected a comparison after '\(subject)', found \(current.display)", location: current.location,
                             remedy: "use one of ==, !=, <, <=, >, >=")
    }

    private mutating func number(after subject: String) throws(ConditionError) -> Int {
        if case .number(let value) = current.kind {
            _ = take()
            return value
        }
        throw ConditionError(message: "expected a number after '\(subject) …', found \(current.display)", location: current.location,
                             remedy: "compare with a whole number, e.g. '\(subject) <= 6'")
    }

    private mutating func name(after context: String) throws(ConditionError) -> Condition.Name {
        if case .word(let word) = current.kind, !ConditionParser.reserved.contains(word) {
            let token = take()
            return Condition.Name(text: word, location: token.location)
        }
        throw ConditionError(message: "expected a name after '\(context)', found \(current.display)", location: current.location,
                             remedy: "name a declared route or tab (reserved words such as 'top' cannot be names)")
    }

    /// A route where one is expected: its name, and the values of one of its samples when
    /// `(parameter: value, …)` follows (`accountDetail(id: me)`).
    private mutating func route(after context: String) throws(ConditionError) -> Condition.Name {
        let route = try name(after: context)
        guard current.kind == .symbol("(") else { return route }
        let opening = take()
        var arguments: [Condition.Argument] = []
        repeat {
            if !arguments.isEmpty { _ = take() }
            guard case .word(let parameter) = current.kind else {
                throw ConditionError(message: "expected a parameter name in '\(route.text)(…', found \(current.display)", location: current.location,
                                     remedy: "write a route value as '\(route.text)(<parameter>: <value>)'")
            }
            let parameterToken = take()
            let parameterName = Condition.Name(text: parameter, location: parameterToken.location)
            guard !arguments.contains(where: { $0.name.text == parameter }) else {
                throw ConditionError(message: "parameter '\(parameter)' of '\(route.text)' is given twice", location: parameterToken.location,
                                     remedy: "give each parameter one value")
            }
            guard current.kind == .symbol(":") else {
                throw ConditionError(message: "expected ':' after parameter '\(parameter)', found \(current.display)", location: current.location,
                                     remedy: "write '\(parameter): <value>'")
            }
            _ = take()
            let valueToken = take()
            let value: String
            switch valueToken.kind {
            case .word(let word): value = word
            case .number(let number): value = String(number)
            case .quoted(let text): value = text
            default:
                throw ConditionError(message: "expected a value for parameter '\(parameter)', found \(valueToken.display)", location: valueToken.location,
                                     remedy: "write one of the route's sample values, quoted (\"…\") when it is not one word or number")
            }
            arguments.append(Condition.Argument(name: parameterName, value: Condition.Name(text: value, location: valueToken.location)))
        } while current.kind == .symbol(",")
        guard current.kind == .symbol(")") else {
            throw ConditionError(message: "expected ',' or ')' to close the '(' at \(opening.location), found \(current.display)", location: current.location,
                                 remedy: "write '\(route.text)(<parameter>: <value>, …)'")
        }
        _ = take()
        return Condition.Name(text: route.text, location: route.location, arguments: arguments)
    }

    mutating func expectEnd() throws(ConditionError) {
        guard current.kind == .end else {
            throw ConditionError(message: "unexpected \(current.display) after a complete condition", location: current.location,
                                 remedy: "join conditions with 'and', 'or' or 'implies'")
        }
    }
}

extension Condition {
    /// `value` as a route value's value is written in a condition: bare when it reads back as
    /// that one word or number, otherwise quoted with `\"` and `\\` escaped.
    static func writtenValue(_ value: String) -> String {
        if let tokens = try? ConditionLexer.tokens(of: value), tokens.count == 2 {
            switch tokens[0].kind {
            case .word(let word) where word == value: return value
            case .number(let number) where String(number) == value: return value
            default: break
            }
        }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
