/// What a kind of property is called and how it is explained, apart from how it is judged:
/// the one place its id, its name and its texts are written.
///
/// Every verdict carries its kind (``PropertyVerdict/kind``); reports print the ``id``, SARIF
/// makes a rule of it from ``rule`` and ``severity``, lint reserves ``reservedName`` for it,
/// and `navgraph trace --property` finds a verdict by either. The kinds the checker judges are
/// listed, in report order, by ``PropertyRegistry/kinds``.
///
/// ```swift
/// let kind = PropertyKind.guardBypass
/// print(kind.id, kind.name)        // guard-bypass guard bypass
/// ```
///
/// Two kinds are equal when their ids are: the id is what reports and SARIF logs store, so it
/// must never change once released.
public struct PropertyKind: Hashable, Sendable, CustomStringConvertible {
    /// How a finding of this kind weighs, and the default level of its SARIF rule.
    public enum Severity: String, Hashable, Sendable {
        /// A violation fails the run.
        case error
        /// A finding that may be meant; it never fails a run.
        case warning
    }

    /// Which SARIF runs list the kind's rule.
    public enum RuleListing: Hashable, Sendable {
        /// Every run lists it, so the rule indexes of these kinds never move.
        case everyRun
        /// Only the runs whose report has a verdict of this kind, after the ``everyRun`` rules
        /// (kinds judged only for some graphs, such as those with requests).
        case whenJudged
    }

    /// The stable id: the SARIF rule id and what reports print in brackets (`guard-bypass`).
    public let id: String
    /// The kind's name for people (`guard bypass`).
    public let name: String
    /// The name every verdict of this kind carries, which therefore no invariant may take;
    /// `nil` when each verdict is named after its declaration (invariants).
    public let reservedName: String?
    /// One sentence on what a violation is: the SARIF rule's short description.
    public let rule: String
    /// Markdown for a person who met a violation: what it means and how to fix it.
    public let help: String
    public let severity: Severity
    public let ruleListing: RuleListing

    /// A kind whose verdicts carry `name` (which lint then reserves), unless
    /// `namedByDeclaration`.
    package init(id: String, name: String, namedByDeclaration: Bool = false, rule: String, help: String,
                severity: Severity = .error, ruleListing: RuleListing = .everyRun) {
        self.id = id
        self.name = name
        self.reservedName = namedByDeclaration ? nil : name
        self.rule = rule
        self.help = help
        self.severity = severity
        self.ruleListing = ruleListing
    }

    public var description: String { id }

    public static func == (lhs: PropertyKind, rhs: PropertyKind) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
