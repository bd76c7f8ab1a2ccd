import NavigationCore
import NavigationGraph

/// A one-stack graph as tables: each route's push successors in declaration order with their
/// guards as flag masks, and each event's precondition and flag changes as masks.
///
/// The idiomatic Promela writer (``IdiomaticPromelaModel``) and the C floor
/// (``FloorSearch``) both read a graph through this one translation, so the models they write
/// cannot disagree about what the graph means. Route ids are the order of `graph.routes` with
/// the root moved to id 0; flag bits are the order of `graph.flags`.
///
/// ```swift
/// let table = try SuccessorTable(SyntheticGraph.make(routes: 20, outDegree: 3, flags: 2, depth: 12))
/// table.successors[0].count  // 3
/// ```
public struct SuccessorTable: Hashable, Sendable {
    /// One push transition out of a route.
    public struct Slot: Hashable, Sendable {
        /// The pushed route's id.
        public let target: Int
        /// Flags that must be set for the guard to hold (bits by flag index).
        public let requiredFlags: UInt64
        /// Flags that must be clear for the guard to hold.
        public let forbiddenFlags: UInt64
    }

    /// An event that only changes flags.
    public struct Event: Hashable, Sendable {
        /// The event's name, as the document spells it (escape it wherever it is written).
        public let name: String
        /// Flags the precondition requires set, and requires clear.
        public let requiredFlags: UInt64
        public let forbiddenFlags: UInt64
        /// Flags the event sets, and flags it clears.
        public let setFlags: UInt64
        public let clearedFlags: UInt64
    }

    /// The graph's name.
    public let name: String
    /// Route names by id (the root is id 0).
    public let routeNames: [String]
    /// The push transitions out of each route, by route id, in the order the graph declares them.
    public let successors: [[Slot]]
    /// The events, in the order the graph declares them.
    public let events: [Event]
    /// The number of flags (bit i is the graph's flag i).
    public let flagCount: Int
    /// The flags set in the initial state.
    public let initialFlags: UInt64
    /// The stack bound: a push is enabled while the stack holds fewer routes.
    public let maxStackDepth: Int

    /// The most push transitions out of any route.
    public var maxOutDegree: Int { successors.map(\.count).max() ?? 0 }

    /// Translates `graph`.
    ///
    /// - Throws: ``PromelaExportError`` for anything outside the subset: tabs, modals, deep links,
    ///   guards on routes, parameterised routes, transitions other than push, events that
    ///   navigate, conditions other than a conjunction of flags and negated flags, more than 250
    ///   routes or 64 flags.
    public init(_ graph: NavigationGraph<DynamicRoute>) throws(PromelaExportError) {
        guard graph.tabs.isEmpty, let root = graph.root else { throw PromelaExportError(message: "only graphs with one stack (a root, no tabs)") }
        guard graph.deepLinks == nil else { throw PromelaExportError(message: "deep links are not translated") }
        guard graph.routes.count <= 250 else { throw PromelaExportError(message: "more than 250 routes") }
        guard graph.flags.count <= 64 else { throw PromelaExportError(message: "more than 64 flags") }
        var ids: [String: Int] = [root: 0]
        var names = [root]
        for route in graph.routes where ids[route.name] == nil {
            ids[route.name] = names.count
            names.append(route.name)
        }
        for route in graph.routes {
            guard route.entryGuard == nil else { throw PromelaExportError(message: "route '\(route.name)' has a guard") }
            guard route.samples.count == 1, route.samples[0].arguments.isEmpty else {
                throw PromelaExportError(message: "route '\(route.name)' has parameters")
            }
        }
        var bits: [String: UInt64] = [:]
        for (index, flag) in graph.flags.enumerated() { bits[flag.name.name] = 1 << UInt64(index) }
        var successors = Array(repeating: [Slot](), count: names.count)
        for transition in graph.transitions {
            guard transition.style == .push else {
                throw PromelaExportError(message: "only push transitions (\(transition.from) → \(transition.to) is \(transition.style.rawValue))")
            }
            guard let from = ids[transition.from], let to = ids[transition.to] else {
                throw PromelaExportError(message: "unknown route in \(transition.from) → \(transition.to)")
            }
            let masks = try Self.masks(transition.condition.map { condition throws(PromelaExportError) in
                guard let expression = condition.expression else { throw PromelaExportError(message: "a closure condition") }
                return expression
            }, bits: bits)
            successors[from].append(Slot(target: to, requiredFlags: masks.required, forbiddenFlags: masks.forbidden))
        }
        var events: [Event] = []
        for event in graph.events {
            guard event.navigation.isEmpty else { throw PromelaExportError(message: "event '\(event.name)' navigates") }
            let masks = try Self.masks(event.precondition.map { condition throws(PromelaExportError) in
                guard let expression = condition.expression else { throw PromelaExportError(message: "a closure condition") }
                return expression
            }, bits: bits)
            var set: UInt64 = 0, cleared: UInt64 = 0
            for change in event.flagChanges {
                guard let bit = bits[change.flag.name] else { throw PromelaExportError(message: "undeclared flag '\(change.flag.name)'") }
                if change.value { set |= bit; cleared &= ~bit } else { cleared |= bit; set &= ~bit }
            }
            events.append(Event(name: event.name, requiredFlags: masks.required, forbiddenFlags: masks.forbidden, setFlags: set, clearedFlags: cleared))
        }
        name = graph.name
        routeNames = names
        self.successors = successors
        self.events = events
        flagCount = graph.flags.count
        initialFlags = graph.flags.enumerated().reduce(0) { $0 | ($1.element.initial ? 1 << UInt64($1.offset) : 0) }
        maxStackDepth = graph.bounds.maxStackDepth
    }

    /// A condition as the flags it requires set and clear; only conjunctions of flag literals.
    private static func masks(_ condition: Condition?, bits: [String: UInt64]) throws(PromelaExportError) -> (required: UInt64, forbidden: UInt64) {
        guard let condition else { return (0, 0) }
        switch condition {
        case .constant(true): return (0, 0)
        case .flag(let name):
            guard let bit = bits[name.text] else { throw PromelaExportError(message: "undeclared flag '\(name.text)'") }
            return (bit, 0)
        case .not(.flag(let name)):
            guard let bit = bits[name.text] else { throw PromelaExportError(message: "undeclared flag '\(name.text)'") }
            return (0, bit)
        case .and(let left, let right):
            let a = try masks(left, bits: bits), b = try masks(right, bits: bits)
            return (a.required | b.required, a.forbidden | b.forbidden)
        default:
            throw PromelaExportError(message: "condition '\(condition)' is not a conjunction of flags (the idiomatic encodings read guards as flag masks)")
        }
    }
}
