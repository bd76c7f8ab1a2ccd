import NavigationCore
import NavigationGraph

/// A kind of property as a value the checker evaluates, apart from the model it is checked on
/// (as in stateright): what it is called (``kind``) and how its verdicts are formed from what a
/// search observed (``verdicts(_:trace:)``).
///
/// A new kind is one file declaring its ``PropertyKind`` and a type conforming to this
/// protocol, and one line in ``PropertyRegistry/builtIn``; the report rows, the SARIF rule,
/// lint's reserved names and `navgraph trace --property` follow from the registry.
///
/// What the engines observe for the built-in kinds is in ``PropertyObservations`` (the
/// explicit engine fills it state by state and step by step, the symbolic engine from its
/// fixpoints), so that both engines' findings are judged by the same code here.
protocol Property: SendableMetatype {
    /// What the kind is called and how it is explained.
    static var kind: PropertyKind { get }

    /// The kind's verdicts for one search, in report order: none when it does not apply to the
    /// graph (no deep links, no requests), one for most kinds, one per declaration for
    /// invariants.
    ///
    /// - Parameters:
    ///   - judging: what the search observed and how it ended.
    ///   - trace: the replayed trace to a violation, told the property's name for its errors.
    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>]

    /// What the kind watches of a search on `graph` for itself (see ``PropertyObserver``), or
    /// `nil` when it judges from ``PropertyObservations`` alone: every built-in kind.
    static func observer<R: Route>(for graph: NavigationGraph<R>) -> (any PropertyObserver<R>)?
}

/// How a ``Property`` asks the engine for the replayed trace to a violation, naming the
/// property (an invariant by its own name) for the engine's errors.
typealias Tracer<R: Route, Failure: Error> = (Violation, _ property: String) throws(Failure) -> CheckTrace<R>?

extension Property {
    static func observer<R: Route>(for graph: NavigationGraph<R>) -> (any PropertyObserver<R>)? { nil }

    /// The one verdict of a kind that holds: named after the kind, located nowhere.
    static func passed<R: Route>(_ message: String) -> [PropertyVerdict<R>] {
        [PropertyVerdict(kind: kind, name: kind.name, status: .passed, message: message, trace: nil, location: nil)]
    }

    /// The one verdict of a kind that found something (`status` failed, inconclusive or a
    /// warning), named after the kind.
    static func found<R: Route>(_ status: PropertyVerdict<R>.Status, _ message: String, trace: CheckTrace<R>?,
                                at location: SourceLocation? = nil) -> [PropertyVerdict<R>] {
        [PropertyVerdict(kind: kind, name: kind.name, status: status, message: message, trace: trace, location: location)]
    }
}
