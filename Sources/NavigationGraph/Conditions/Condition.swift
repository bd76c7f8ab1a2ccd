import NavigationCore

/// A condition over the navigation state, written in NavGraph's small condition language.
///
/// The same language serves guards, invariants, event preconditions and deep-link
/// requirements:
///
/// ```text
/// top == checkout implies signedIn
/// depth <= 6
/// stack contains login
/// modal == paywall
/// tab == profile and not signedIn
/// count(product) <= 2
/// stack(home) contains thread
/// modals contains composer
/// below == timeline
/// tab hidden
/// ```
///
/// Parse text with ``Condition/parse(_:)``; evaluate a ``CompiledCondition`` made by
/// ``compile(routeName:)``, which resolves everything once so evaluation never re-parses.
///
/// Wherever a route is expected, a route value may be written instead of a name:
/// `top == accountDetail(id: me)` holds only for that sample, `top == accountDetail` for any.
public indirect enum Condition: Hashable, Sendable {
    /// `true` or `false`.
    case constant(Bool)
    /// An app flag: true when it is set.
    case flag(Name)
    /// `not c`.
    case not(Condition)
    /// `a and b`.
    case and(Condition, Condition)
    /// `a or b`.
    case or(Condition, Condition)
    /// `a implies b`: false only when `a` holds and `b` does not.
    case implies(Condition, Condition)
    /// `top == r`, `modal == r`, `tab == t`, `below == r` (or `!=`).
    case isNamed(Subject, Name, equal: Bool)
    /// `modal == none` (or `!=`): whether any modal is presented.
    case noModal(equal: Bool)
    /// `stack contains r`: `r` is on the active stack.
    case stackContains(Name)
    /// `stack(t) contains r`: `r` is on tab `t`'s stack, whether or not `t` is selected (and
    /// whatever modals cover it).
    case tabStackContains(tab: Name, route: Name)
    /// `modals contains r`: `r` is on the stack of some open modal layer, at any level (where
    /// `modal == r` reads only the topmost layer's presented route).
    case modalsContain(Name)
    /// `depth <= 6`, `modalDepth == 0`, `count(product) <= 2`.
    case compare(Quantity, Comparison, Int)
    /// `tab hidden`: the selected tab is one the tab bar does not show, which only a tab bar
    /// with `hiddenSelection: stay` leaves. It reads the tabs' `when:` conditions, so a graph's
    /// front doors (the document reader, the Swift DSL) replace it by them
    /// (``expandingSelectedTabHidden(_:)``) and no engine sees it; compiled alone, with no tab
    /// bar known, every tab is shown and it is false.
    case selectedTabHidden

    /// A name written in a condition, with where it was written (for lint and errors).
    ///
    /// Where a route is expected, the name may carry a route value: `accountDetail(id: me)`
    /// names that one sample of `accountDetail` (``arguments``), where `accountDetail` alone
    /// stands for each of its samples.
    public struct Name: Hashable, Sendable, CustomStringConvertible {
        public let text: String
        public let location: SourceLocation
        /// The parameter values written after a route's name (`(id: me)`), in the order
        /// written; empty when none were written (the name then stands for every sample).
        public let arguments: [Argument]

        /// A name as written.
        ///
        /// - Parameters:
        ///   - text: The name.
        ///   - location: Where it was written.
        ///   - arguments: The parameter values written after a route's name; empty for none.
        public init(text: String, location: SourceLocation, arguments: [Argument] = []) {
            self.text = text
            self.location = location
            self.arguments = arguments
        }

        public var description: String { text }

        /// The name as written back in the language: `accountDetail(id: me)`, or the bare name.
        /// A value that would not read back as one word or number is quoted (`"alice smith"`).
        public var written: String {
            arguments.isEmpty ? text
                : "\(text)(\(arguments.map { "\($0.name.text): \(Condition.writtenValue($0.value.text))" }.joined(separator: ", ")))"
        }

        /// The same name and values under another route name (a feature's routes are qualified).
        ///
        /// - Parameter newText: The route's new name, e.g. `people.account`.
        public func renamed(_ newText: String) -> Name {
            Name(text: newText, location: location, arguments: arguments)
        }

        /// Whether `route` is what this name stands for: a route called ``text`` and, when
        /// values were written, one whose parameters have exactly those values. Every front
        /// door matches route values with this one test: the runtime's compiled conditions, the
        /// explicit engine and the symbolic engine's encoding.
        ///
        /// - Parameters:
        ///   - route: A route of the graph.
        ///   - routeName: The graph's name for a route.
        ///   - routeArguments: The route's parameter values.
        public func matches<R>(_ route: R, routeName: (R) -> String, routeArguments: (R) -> [DynamicRoute.Argument]) -> Bool {
            guard routeName(route) == text else { return false }
            guard !arguments.isEmpty else { return true }
            let values = routeArguments(route)
            return arguments.allSatisfy { written in values.contains { $0.name == written.name.text && $0.value == written.value.text } }
        }
    }

    /// One parameter value written after a route's name: `id: me` in `accountDetail(id: me)`.
    public struct Argument: Hashable, Sendable {
        /// The parameter's name, where it was written.
        public let name: Name
        /// The value, where it was written (its ``Name/text`` is the value without quotes).
        public let value: Name

        /// A parameter value as written.
        ///
        /// - Parameters:
        ///   - name: The parameter's name, where it was written.
        ///   - value: The value, where it was written.
        public init(name: Name, value: Name) {
            self.name = name
            self.value = value
        }
    }

    /// What `==` compares a name against.
    public enum Subject: String, Hashable, Sendable {
        /// The visible route.
        case top
        /// The route presented by the topmost modal.
        case modal
        /// The selected tab.
        case tab
        /// The route just below the visible one on the active stack (none at depth 1, so
        /// `below == r` is false there and `below != r` true).
        case below
    }

    /// A number taken from the state.
    public enum Quantity: Hashable, Sendable {
        /// The depth of the active stack.
        case depth
        /// How many modal layers are presented.
        case modalDepth
        /// How many times a route is on the active stack.
        case count(Name)
    }

    /// A comparison of numbers.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

        func holds(_ lhs: Int, _ rhs: Int) -> Bool {
            switch self {
            case .equal: lhs == rhs
            case .notEqual: lhs != rhs
            case .less: lhs < rhs
            case .lessOrEqual: lhs <= rhs
            case .greater: lhs > rhs
            case .greaterOrEqual: lhs >= rhs
            }
        }
    }
}

extension Condition {
    /// Every route name the condition mentions, in the order written.
    public var routeNames: [Name] {
        switch self {
        case .constant, .flag, .noModal, .compare(.depth, _, _), .compare(.modalDepth, _, _), .selectedTabHidden: []
        case .not(let inner): inner.routeNames
        case .and(let a, let b), .or(let a, let b), .implies(let a, let b): a.routeNames + b.routeNames
        case .isNamed(.tab, _, _): []
        case .isNamed(_, let name, _), .stackContains(let name), .compare(.count(let name), _, _), .modalsContain(let name),
             .tabStackContains(_, let name): [name]
        }
    }

    /// Every flag name the condition mentions, in the order written.
    public var flagNames: [Name] {
        switch self {
        case .flag(let name): [name]
        case .not(let inner): inner.flagNames
        case .and(let a, let b), .or(let a, let b), .implies(let a, let b): a.flagNames + b.flagNames
        default: []
        }
    }

    /// Every tab name the condition mentions, in the order written.
    public var tabNames: [Name] {
        switch self {
        case .isNamed(.tab, let name, _), .tabStackContains(let name, _): [name]
        case .not(let inner): inner.tabNames
        case .and(let a, let b), .or(let a, let b), .implies(let a, let b): a.tabNames + b.tabNames
        default: []
        }
    }
}

extension Condition: CustomStringConvertible {
    /// The condition written back in the language, with parentheses only where the grammar
    /// needs them to keep the same tree: `and` binds tighter than `or`, which binds tighter than
    /// `implies`; `and` and `or` group to the left, `implies` to the right. So the text parses
    /// back to an equal condition, and nests no deeper than the text it was parsed from (a fully
    /// parenthesised form of a long `a and b and c …` went past ``maxNesting``).
    public var description: String {
        switch self {
        case .constant(let value): "\(value)"
        case .flag(let name): name.text
        case .not(let inner): "not \(inner.operand(above: 2, sameLevelAllowed: false))"
        case .and(let a, let b): "\(a.operand(above: 2, sameLevelAllowed: true)) and \(b.operand(above: 2, sameLevelAllowed: false))"
        case .or(let a, let b): "\(a.operand(above: 1, sameLevelAllowed: true)) or \(b.operand(above: 1, sameLevelAllowed: false))"
        case .implies(let a, let b): "\(a.operand(above: 0, sameLevelAllowed: false)) implies \(b.operand(above: 0, sameLevelAllowed: true))"
        case .isNamed(let subject, let name, let equal): "\(subject.rawValue) \(equal ? "==" : "!=") \(name.written)"
        case .noModal(let equal): "modal \(equal ? "==" : "!=") none"
        case .selectedTabHidden: "tab hidden"
        case .stackContains(let name): "stack contains \(name.written)"
        case .tabStackContains(let tab, let route): "stack(\(tab.text)) contains \(route.written)"
        case .modalsContain(let name): "modals contains \(name.written)"
        case .compare(let quantity, let comparison, let value):
            switch quantity {
            case .depth: "depth \(comparison.rawValue) \(value)"
            case .modalDepth: "modalDepth \(comparison.rawValue) \(value)"
            case .count(let name): "count(\(name.written)) \(comparison.rawValue) \(value)"
            }
        }
    }

    /// How tightly the condition's top operator binds: implies 0, or 1, and 2, the rest 3.
    private var precedence: Int {
        switch self {
        case .implies: 0
        case .or: 1
        case .and: 2
        default: 3
        }
    }

    /// The condition as an operand of an operator of precedence `level`: in parentheses when
    /// it binds more loosely, or as loosely where grouping would otherwise change (`a and (b and
    /// c)`, `(a implies b) implies c`).
    private func operand(above level: Int, sameLevelAllowed: Bool) -> String {
        precedence > level || (precedence == level && sameLevelAllowed) ? description : "(\(description))"
    }
}
