import NavigationCore

/// An app flag's name, declared once as a static constant so a typo is a compile error:
///
/// ```swift
/// extension FlagKey {
///     static let signedIn = FlagKey("signedIn")
/// }
///
/// Flag(.signedIn)
/// Sheet(.cart, .checkout, when: .flag(.signedIn))
/// Event("signIn", when: .top(is: .signIn), set: [.signedIn: true], then: [.dismiss])
/// ```
public struct FlagKey: Hashable, Sendable, CustomStringConvertible {
    /// The flag's name, as documents and the condition language write it.
    public let name: String

    /// A flag called `name`.
    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// A condition written with Swift values instead of text: routes as the app's enum cases,
/// flags as ``FlagKey`` constants, combined with `&&`, `||`, `!` and ``GraphConditionSource/implies(_:)``.
///
/// You do not make one directly: write the static members of ``GraphConditionSource`` where
/// a Swift graph takes a condition, e.g. `when: .top(is: .cart) && .flag(.signedIn)`. The
/// graph turns it into the same ``Condition`` its text (`top == cart and signedIn`) parses to,
/// so lint, export, diagrams and both engines treat the two forms alike.
public struct TypedCondition: Hashable, Sendable {
    enum Form: Hashable, Sendable {
        /// Built from typed parts only: the expression itself.
        case expression(Condition)
        /// A typed part combined with text: the combined text, parsed when the graph is built.
        case text(String)
        /// A closure combined with something: refused when the graph is built.
        case closure(name: String)
    }

    let form: Form

    /// The condition written in the condition language, as exports and diagrams show it.
    var text: String? {
        switch form {
        case .expression(let condition): condition.description
        case .text(let text): text
        case .closure: nil
        }
    }
}

/// A quantity a typed condition compares with a number: `.depth <= 6`, `.count(.product) <= 2`.
public struct ConditionQuantity<R: GraphRoute>: Sendable {
    let quantity: Condition.Quantity

    /// The depth of the active stack.
    public static var depth: Self { Self(quantity: .depth) }
    /// How many modal layers are presented.
    public static var modalDepth: Self { Self(quantity: .modalDepth) }
    /// How many times `route`'s name is on the active stack.
    public static func count(_ route: R) -> Self { Self(quantity: .count(typedName(route.graphName))) }
    /// How many times `route` itself, with its associated values, is on the active stack
    /// (`count(accountDetail(id: me))`).
    public static func count(exactly route: R) -> Self { Self(quantity: .count(typedValue(route))) }

    private func compared(_ comparison: Condition.Comparison, _ value: Int) -> GraphConditionSource<R> {
        .typed(TypedCondition(form: .expression(.compare(quantity, comparison, value))))
    }

    public static func == (lhs: Self, rhs: Int) -> GraphConditionSource<R> { lhs.compared(.equal, rhs) }
    public static func != (lhs: Self, rhs: Int) -> GraphConditionSource<R> { lhs.compared(.notEqual, rhs) }
    public static func < (lhs: Self, rhs: Int) -> GraphConditionSource<R> { lhs.compared(.less, rhs) }
    public static func <= (lhs: Self, rhs: Int) -> GraphConditionSource<R> { lhs.compared(.lessOrEqual, rhs) }
    public static func > (lhs: Self, rhs: Int) -> GraphConditionSource<R> { lhs.compared(.greater, rhs) }
    public static func >= (lhs: Self, rhs: Int) -> GraphConditionSource<R> { lhs.compared(.greaterOrEqual, rhs) }
}

/// A name a typed condition writes. Its location is a placeholder: the graph re-reads the
/// condition's text when it is built, which gives every name its place in that text.
private func typedName(_ text: String) -> Condition.Name {
    Condition.Name(text: text, location: SourceLocation(line: 1, column: 1))
}

/// A route value a typed condition writes: the route's name with its associated values
/// (`accountDetail(id: me)`), or its bare name when it has none. The values must be among
/// `graphSamples` (the graph refuses others when it is built).
private func typedValue<R: GraphRoute>(_ route: R) -> Condition.Name {
    let anywhere = SourceLocation(line: 1, column: 1)
    return Condition.Name(text: route.graphName, location: anywhere,
                          arguments: route.graphArguments.map { Condition.Argument(name: typedName($0.name), value: typedName($0.value)) })
}

extension GraphConditionSource where R: GraphRoute {
    private static func typedExpression(_ condition: Condition) -> Self { .typed(TypedCondition(form: .expression(condition))) }

    /// `true` or `false`.
    public static func always(_ value: Bool) -> Self { typedExpression(.constant(value)) }
    /// The flag `key` is set.
    public static func flag(_ key: FlagKey) -> Self { typedExpression(.flag(typedName(key.name))) }
    /// `route`'s name is the visible route (`top == route`); its associated values do not matter.
    public static func top(is route: R) -> Self { typedExpression(.isNamed(.top, typedName(route.graphName), equal: true)) }
    /// `route`'s name is not the visible route (`top != route`).
    public static func top(isNot route: R) -> Self { typedExpression(.isNamed(.top, typedName(route.graphName), equal: false)) }
    /// A member of `group` is the visible route (`top == group`).
    public static func top(isIn group: RouteGroup<R>) -> Self { typedExpression(.isNamed(.top, typedName(group.name), equal: true)) }
    /// The topmost modal presents `route` (`modal == route`).
    public static func modal(is route: R) -> Self { typedExpression(.isNamed(.modal, typedName(route.graphName), equal: true)) }
    /// The topmost modal does not present `route` (`modal != route`).
    public static func modal(isNot route: R) -> Self { typedExpression(.isNamed(.modal, typedName(route.graphName), equal: false)) }
    /// No modal is presented (`modal == none`).
    public static var noModal: Self { typedExpression(.noModal(equal: true)) }
    /// Some modal is presented (`modal != none`).
    public static var anyModal: Self { typedExpression(.noModal(equal: false)) }
    /// The tab called `name` is selected (`tab == name`).
    public static func tab(is name: String) -> Self { typedExpression(.isNamed(.tab, typedName(name), equal: true)) }
    /// The tab called `name` is not selected (`tab != name`).
    public static func tab(isNot name: String) -> Self { typedExpression(.isNamed(.tab, typedName(name), equal: false)) }
    /// `tab hidden`: the selected tab is one the tab bar does not show (only under
    /// `TabBar(hiddenSelection: .stay)`).
    public static var tabHidden: Self { typedExpression(.selectedTabHidden) }
    /// `route`'s name is on the active stack (`stack contains route`).
    public static func stackContains(_ route: R) -> Self { typedExpression(.stackContains(typedName(route.graphName))) }
    /// A member of `group` is on the active stack (`stack contains group`).
    public static func stackContains(_ group: RouteGroup<R>) -> Self { typedExpression(.stackContains(typedName(group.name))) }

    /// `route`'s name is just below the visible route on the active stack (`below == route`).
    public static func below(is route: R) -> Self { typedExpression(.isNamed(.below, typedName(route.graphName), equal: true)) }
    /// `route`'s name is not just below the visible route (`below != route`; true at depth 1).
    public static func below(isNot route: R) -> Self { typedExpression(.isNamed(.below, typedName(route.graphName), equal: false)) }
    /// A member of `group` is just below the visible route (`below == group`).
    public static func below(isIn group: RouteGroup<R>) -> Self { typedExpression(.isNamed(.below, typedName(group.name), equal: true)) }
    /// `route`'s name is on the stack of the tab called `tab`, selected or not
    /// (`stack(tab) contains route`).
    public static func stackContains(_ route: R, inTab tab: String) -> Self {
        typedExpression(.tabStackContains(tab: typedName(tab), route: typedName(route.graphName)))
    }
    /// A member of `group` is on the stack of the tab called `tab` (`stack(tab) contains group`).
    public static func stackContains(_ group: RouteGroup<R>, inTab tab: String) -> Self {
        typedExpression(.tabStackContains(tab: typedName(tab), route: typedName(group.name)))
    }
    /// `route`'s name is on the stack of some open modal layer, at any level (`modals contains route`).
    public static func modalsContain(_ route: R) -> Self { typedExpression(.modalsContain(typedName(route.graphName))) }
    /// A member of `group` is on the stack of some open modal layer (`modals contains group`).
    public static func modalsContain(_ group: RouteGroup<R>) -> Self { typedExpression(.modalsContain(typedName(group.name))) }

    /// `route` itself, with its associated values, is the visible route
    /// (`top == accountDetail(id: me)`): one sample, where ``top(is:)`` matches every value.
    public static func top(isExactly route: R) -> Self { typedExpression(.isNamed(.top, typedValue(route), equal: true)) }
    /// `route` itself is not the visible route (`top != accountDetail(id: me)`).
    public static func top(isNotExactly route: R) -> Self { typedExpression(.isNamed(.top, typedValue(route), equal: false)) }
    /// The topmost modal presents `route` itself (`modal == accountDetail(id: me)`).
    public static func modal(isExactly route: R) -> Self { typedExpression(.isNamed(.modal, typedValue(route), equal: true)) }
    /// The topmost modal does not present `route` itself (`modal != accountDetail(id: me)`).
    public static func modal(isNotExactly route: R) -> Self { typedExpression(.isNamed(.modal, typedValue(route), equal: false)) }
    /// `route` itself is just below the visible route (`below == accountDetail(id: me)`).
    public static func below(isExactly route: R) -> Self { typedExpression(.isNamed(.below, typedValue(route), equal: true)) }
    /// `route` itself is not just below the visible route (`below != accountDetail(id: me)`).
    public static func below(isNotExactly route: R) -> Self { typedExpression(.isNamed(.below, typedValue(route), equal: false)) }
    /// `route` itself is on the active stack (`stack contains accountDetail(id: me)`).
    public static func stackContains(exactly route: R) -> Self { typedExpression(.stackContains(typedValue(route))) }
    /// `route` itself is on the stack of the tab called `tab` (`stack(tab) contains accountDetail(id: me)`).
    public static func stackContains(exactly route: R, inTab tab: String) -> Self {
        typedExpression(.tabStackContains(tab: typedName(tab), route: typedValue(route)))
    }
    /// `route` itself is on the stack of some open modal layer (`modals contains accountDetail(id: me)`).
    public static func modalsContain(exactly route: R) -> Self { typedExpression(.modalsContain(typedValue(route))) }

    /// `self implies other`: false only when `self` holds and `other` does not.
    public func implies(_ other: Self) -> Self {
        Self.combine(self, other, text: { "(\($0)) implies (\($1))" }, expression: Condition.implies)
    }

    /// Both hold (`a and b`).
    public static func && (lhs: Self, rhs: Self) -> Self {
        combine(lhs, rhs, text: { "(\($0)) and (\($1))" }, expression: Condition.and)
    }

    /// Either holds (`a or b`).
    public static func || (lhs: Self, rhs: Self) -> Self {
        combine(lhs, rhs, text: { "(\($0)) or (\($1))" }, expression: Condition.or)
    }

    /// It does not hold (`not a`).
    public static prefix func ! (operand: Self) -> Self {
        switch operand {
        case .typed(let typedCondition):
            switch typedCondition.form {
            case .expression(let condition): return typedExpression(.not(condition))
            case .text(let text): return .typed(TypedCondition(form: .text("not (\(text))")))
            case .closure(let name): return .typed(TypedCondition(form: .closure(name: name)))
            }
        case .text(let text): return .typed(TypedCondition(form: .text("not (\(text))")))
        case .closure(let name, _): return .typed(TypedCondition(form: .closure(name: name)))
        }
    }

    /// Two conditions joined: one expression when both are typed, text when either is text
    /// (parsed when the graph is built), refused later when either is a closure.
    private static func combine(_ lhs: Self, _ rhs: Self, text: (String, String) -> String,
                                expression: (Condition, Condition) -> Condition) -> Self {
        if case .typed(let a) = lhs, case .expression(let left) = a.form, case .typed(let b) = rhs, case .expression(let right) = b.form {
            return typedExpression(expression(left, right))
        }
        switch (lhs.combinedText, rhs.combinedText) {
        case (.success(let left), .success(let right)): return .typed(TypedCondition(form: .text(text(left, right))))
        case (.failure(let closure), _), (_, .failure(let closure)): return .typed(TypedCondition(form: .closure(name: closure.name)))
        }
    }

    /// The condition as text, or the name of the closure that has none.
    private var combinedText: Result<String, ClosureInCombination> {
        switch self {
        case .text(let text): .success(text)
        case .closure(let name, _): .failure(ClosureInCombination(name: name))
        case .typed(let typed):
            switch typed.form {
            case .expression(let condition): .success(condition.description)
            case .text(let text): .success(text)
            case .closure(let name): .failure(ClosureInCombination(name: name))
            }
        }
    }
}

/// A closure found where conditions are combined.
private struct ClosureInCombination: Error {
    let name: String
}

extension Condition {
    /// The condition with every name's location set to `location`: two conditions are the
    /// same expression when these are equal, wherever their names were written.
    func relocated(to location: SourceLocation) -> Condition {
        func name(_ name: Name) -> Name {
            Name(text: name.text, location: location,
                 arguments: name.arguments.map { Argument(name: Name(text: $0.name.text, location: location), value: Name(text: $0.value.text, location: location)) })
        }
        return switch self {
        case .constant, .noModal, .compare(.depth, _, _), .compare(.modalDepth, _, _), .selectedTabHidden: self
        case .flag(let flag): .flag(name(flag))
        case .not(let inner): .not(inner.relocated(to: location))
        case .and(let a, let b): .and(a.relocated(to: location), b.relocated(to: location))
        case .or(let a, let b): .or(a.relocated(to: location), b.relocated(to: location))
        case .implies(let a, let b): .implies(a.relocated(to: location), b.relocated(to: location))
        case .isNamed(let subject, let route, let equal): .isNamed(subject, name(route), equal: equal)
        case .stackContains(let route): .stackContains(name(route))
        case .tabStackContains(let tab, let route): .tabStackContains(tab: name(tab), route: name(route))
        case .modalsContain(let route): .modalsContain(name(route))
        case .compare(.count(let route), let comparison, let value): .compare(.count(name(route)), comparison, value)
        }
    }
}

extension Flag {
    /// An app flag named by a ``FlagKey`` constant: `Flag(.signedIn)`.
    public init(_ key: FlagKey, initial: Bool = false, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(key.name, initial: initial, fileID: fileID, line: line, column: column)
    }
}

extension Event {
    /// An event whose flag changes name ``FlagKey`` constants:
    /// `Event("signIn", when: .top(is: .signIn), set: [.signedIn: true], then: [.dismiss])`.
    public init(_ name: String, when precondition: GraphConditionSource<R>? = nil, set changes: KeyValuePairs<FlagKey, Bool>,
                then steps: [GraphEventStep<R>] = [], fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .event(name: name, precondition: precondition, changes: changes.map { ($0.key.name, $0.value) }, steps: steps),
                                     file: fileID, line: line, column: column)]
    }
}

extension NavigationState {
    /// Whether the flag `key` names is set, for app code such as middleware:
    /// `context.state.isSet(.signedIn)`.
    public func isSet(_ key: FlagKey) -> Bool {
        isSet(FlagName(key.name))
    }
}
