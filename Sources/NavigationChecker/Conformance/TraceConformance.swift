import NavigationCore
import NavigationGraph

/// Replays recorded navigation traces (`NavigationTrace`) through a graph's runtime — the
/// model the checker explores (``GraphModel``), so the app's recorded steps and the checker's
/// are judged by one meaning — and reports, for each trace, the first step the graph does not
/// allow or whose recorded state differs from the graph's, plus the graph's transition
/// coverage by every trace.
///
/// ```swift
/// var conformance = try TraceConformance(graph: graph)
/// let reader = try TraceFileReader(path: "session.jsonl")
/// while let line = try reader.nextLine() {
///     if let step = try TraceLineDecoder.decode(line.bytes, line: line.number) { conformance.read(step, at: line.number) }
/// }
/// let report = conformance.report()
/// ```
///
/// Memory is bounded whatever the traces' length: a trace keeps its current state and its last
/// ``context`` steps (shown with a divergence), and the coverage is one counter per transition.
public struct TraceConformance: Sendable {
    /// A step as a divergence report shows it.
    public struct Step: Hashable, Sendable, Codable {
        /// The trace file's line.
        public let line: Int
        /// The action, e.g. `push product(id: 2)`.
        public let action: String
    }

    /// Why a step diverges.
    public enum DivergenceKind: String, Hashable, Sendable, Codable {
        /// The graph has no such step from the state the trace reached.
        case notAllowed
        /// The graph allows the step, but the state it leads to differs from the recorded one.
        case stateDiffers
        /// The step names a route, tab, event, parameter or flag the graph does not declare.
        case unknownName
    }

    /// The first step of a trace that the graph does not agree with.
    public struct Divergence: Hashable, Sendable, Codable {
        /// The trace file's line of the step.
        public let line: Int
        /// The step's number in its trace (1 for the first step after the launch line; 0 for
        /// the launch line itself).
        public let step: Int
        /// The step's action.
        public let action: String
        /// Whether the step is not allowed, leads elsewhere, or names something undeclared.
        public let kind: DivergenceKind
        /// What the graph says, e.g. `the graph declares no transition catalog → receipt`.
        public let message: String
        /// Each recorded field that differs from the graph's state, e.g.
        /// `stack: recorded [catalog, product(id: 2)], the graph has [catalog]`.
        public let differences: [String]
        /// The steps before it, oldest first (the last ``TraceConformance/context`` at most).
        public let stepsBefore: [Step]
        /// How many earlier steps are not in ``stepsBefore``.
        public let earlierSteps: Int
    }

    /// One trace's outcome.
    public struct TraceOutcome: Hashable, Sendable, Codable {
        /// The trace's id (the launch line's `trace`), or `line N` for its first line.
        public let id: String
        /// The line it starts at.
        public let line: Int
        /// The steps replayed, up to and including a divergence.
        public let steps: Int
        /// The first step the graph does not agree with, or `nil` when it conforms.
        public let divergence: Divergence?
    }

    /// How often the traces took one declared transition.
    public struct TransitionUse: Hashable, Sendable, Codable {
        /// Its index in the graph's transitions.
        public let index: Int
        /// `push catalog → product`.
        public let label: String
        /// Where it is declared (`line:column`), when known.
        public let location: String?
        /// How many steps took it.
        public let count: Int
    }

    /// What the traces showed.
    public struct Report: Hashable, Sendable, Codable {
        /// The graph's name.
        public let graph: String
        /// Every trace read, in file order.
        public let traces: [TraceOutcome]
        /// Every declared transition with how often the traces took it, in declaration order.
        public let transitions: [TransitionUse]
        /// The steps replayed across every trace.
        public let steps: Int

        /// Whether every trace conforms.
        public var conforms: Bool { traces.allSatisfy { $0.divergence == nil } }
        /// The transitions taken at least once.
        public var covered: Int { transitions.filter { $0.count > 0 }.count }
        /// The share of transitions taken, 0 to 100 (100 for a graph without transitions).
        public var coveragePercent: Double { transitions.isEmpty ? 100 : Double(covered) * 100 / Double(transitions.count) }
        /// The transitions no trace took.
        public var untaken: [TransitionUse] { transitions.filter { $0.count == 0 } }
    }

    /// How many steps before a divergence it shows.
    public let context: Int
    let model: GraphModel<DynamicRoute>
    private let initial: NavigationState<DynamicRoute>
    let transitionConditions: [(@Sendable (NavigationState<DynamicRoute>) -> Bool)?]
    let eventConditions: [(@Sendable (NavigationState<DynamicRoute>) -> Bool)?]
    /// Each route's parameter names, in declaration order.
    let parameters: [String: [String]]
    /// The transitions out of each route, by the route's name, in declaration order.
    let outgoing: [String: [Int]]
    private var uses: [Int]
    private var outcomes: [TraceOutcome] = []
    private var totalSteps = 0
    private var current: Current?

    /// The trace being read.
    private struct Current: Sendable {
        let id: String
        let line: Int
        var state: NavigationState<DynamicRoute>
        var steps = 0
        var recent: [Step] = []
        var recentStart = 0
        var divergence: Divergence?

        /// The last steps, oldest first, from the ring.
        var stepsBefore: [Step] { Array(recent[recentStart...] + recent[..<recentStart]) }
    }

    /// A replay of traces through `graph`.
    ///
    /// - Parameters:
    ///   - graph: The graph, as a document loads it.
    ///   - context: How many steps before a divergence its report shows.
    /// - Throws: `GraphRuntimeError` when the graph has no initial state.
    public init(graph: NavigationGraph<DynamicRoute>, context: Int = 20) throws(GraphRuntimeError) {
        self.context = max(0, context)
        model = GraphModel(graph: graph)
        initial = try graph.initialState()
        transitionConditions = graph.transitions.map { $0.condition?.compile(routeName: graph.routeName) }
        eventConditions = graph.events.map { $0.precondition?.compile(routeName: graph.routeName) }
        parameters = Dictionary(graph.routes.map { ($0.name, $0.samples.first?.arguments.map(\.name) ?? []) }, uniquingKeysWith: { first, _ in first })
        uses = Array(repeating: 0, count: graph.transitions.count)
        outgoing = Dictionary(grouping: graph.transitions.indices, by: { graph.transitions[$0].from })
    }

    /// Replays `line`, line `number` of the file: a launch line ends the trace before it and
    /// starts a new one; a step before any launch line starts a trace at the graph's launch.
    ///
    /// - Parameters:
    ///   - line: The decoded line.
    ///   - number: Its line number in the file.
    public mutating func read(_ line: NavigationTrace.Line, at number: Int) {
        switch line {
        case .launch(let trace, let state):
            finishTrace()
            current = Current(id: trace ?? "line \(number)", line: number, state: initial)
            if let state { compare(state, at: number, step: 0, action: "launch") }
        case .step(let action, let state):
            if current == nil { current = Current(id: "line \(number)", line: number, state: initial) }
            guard var trace = current, trace.divergence == nil else { return }
            trace.steps += 1
            totalSteps += 1
            current = trace
            switch replay(action, from: trace.state) {
            case .success(let next):
                for transition in next.transitions { uses[transition] += 1 }
                current?.state = next.state
                if let state { compare(state, at: number, step: trace.steps, action: action.text) }
            case .failure(let refusal):
                diverge(Divergence(line: number, step: trace.steps, action: action.text, kind: refusal.kind, message: refusal.message, differences: [],
                                   stepsBefore: trace.stepsBefore, earlierSteps: trace.steps - 1 - trace.recent.count))
            }
            remember(Step(line: number, action: action.text))
        }
    }

    /// The outcome of every trace read, and the coverage.
    public func report() -> Report {
        var copy = self
        copy.finishTrace()
        let graph = model.graph
        let transitions = graph.transitions.indices.map { index in
            let transition = graph.transitions[index]
            return TransitionUse(index: index, label: "\(transition.style.rawValue) \(transition.from) → \(transition.value.map { "\($0)" } ?? transition.to)",
                                 location: transition.location.map { "\($0.line):\($0.column)" }, count: copy.uses[index])
        }
        return Report(graph: graph.name, traces: copy.outcomes, transitions: transitions, steps: copy.totalSteps)
    }

    private mutating func finishTrace() {
        guard let trace = current else { return }
        outcomes.append(TraceOutcome(id: trace.id, line: trace.line, steps: trace.steps, divergence: trace.divergence))
        current = nil
    }

    private mutating func remember(_ step: Step) {
        guard context > 0, current != nil else { return }
        if current?.recent.count ?? 0 < context {
            current?.recent.append(step)
        } else if let start = current?.recentStart {
            current?.recent[start] = step
            current?.recentStart = (start + 1) % context
        }
    }

    private mutating func diverge(_ divergence: Divergence) {
        current?.divergence = divergence
    }

    // MARK: Comparing states

    private mutating func compare(_ recorded: NavigationTrace.State, at line: Int, step: Int, action: String) {
        guard let trace = current else { return }
        let state = trace.state
        var differences: [String] = []
        var unknown: [String] = []
        let graph = model.graph
        func text(_ routes: [DynamicRoute]) -> String { "[" + routes.map(Self.text).joined(separator: ", ") + "]" }
        func text(_ routes: [NavigationTrace.Route]) -> String { "[" + routes.map(\.text).joined(separator: ", ") + "]" }
        func same(_ recorded: [NavigationTrace.Route], _ actual: [DynamicRoute]) -> Bool { recorded.map(\.text) == actual.map(Self.text) }
        let tabNames = state.tabs.map(\.id.name)
        if let tab = recorded.tab, tab != state.selectedTab.name {
            if tabNames.contains(tab) {
                differences.append("selected tab: recorded \(tab), the graph has \(state.selectedTab.name)")
            } else {
                unknown.append("the graph has no tab '\(tab)'; \(NameSuggestion.hint(for: tab, in: tabNames, kind: "tabs"))")
            }
        }
        let selected = state.stack(of: state.selectedTab)?.routes ?? []
        if let stack = recorded.stack, !same(stack, selected) {
            differences.append("stack: recorded \(text(stack)), the graph has \(text(selected))")
        }
        for (tab, stack) in (recorded.stacks ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let actual = state.stack(of: TabID(tab)) else {
                unknown.append("the graph has no tab '\(tab)'; \(NameSuggestion.hint(for: tab, in: tabNames, kind: "tabs"))")
                continue
            }
            if !same(stack, actual.routes) { differences.append("stack of tab \(tab): recorded \(text(stack)), the graph has \(text(actual.routes))") }
        }
        if let modals = recorded.modals {
            let recordedText = modals.map { "\($0.style) \(text($0.stack))" }
            let actualText = state.modals.map { "\($0.style.documentName) \(text($0.stack.routes))" }
            if recordedText != actualText {
                differences.append("modals: recorded \(recordedText.isEmpty ? "none" : recordedText.joined(separator: ", ")), the graph has \(actualText.isEmpty ? "none" : actualText.joined(separator: ", "))")
            }
        }
        let flagNames = graph.flags.map(\.name.name)
        for (flag, value) in (recorded.flags ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard flagNames.contains(flag) else {
                unknown.append("the graph has no flag '\(flag)'; \(NameSuggestion.hint(for: flag, in: flagNames, kind: "flags"))")
                continue
            }
            let actual = state.isSet(FlagName(flag))
            if actual != value { differences.append("flag \(flag): recorded \(value), the graph has \(actual)") }
        }
        guard !(differences.isEmpty && unknown.isEmpty) else { return }
        let message = unknown.first ?? "the state after this step differs from the graph's: \(differences.joined(separator: "; "))"
        diverge(Divergence(line: line, step: step, action: action, kind: unknown.isEmpty ? .stateDiffers : .unknownName, message: message,
                           differences: differences, stepsBefore: trace.stepsBefore, earlierSteps: max(0, step - 1 - trace.recent.count)))
    }

    /// `product(id: 2)`, as `NavigationTrace/Route/text` writes a recorded route.
    static func text(_ route: DynamicRoute) -> String {
        NavigationTrace.Route(route.name, values: Dictionary(route.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })).text
    }
}
