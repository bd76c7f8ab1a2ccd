import NavigationCore
import NavigationGraph

/// The deep links the symbolic engine models, and the deep-link property judged on them.
///
/// The runtime resolves a URL without looking at the state (``DeepLinkPipeline/resolve(_:)``:
/// form, scheme, host, match, plan); only a matched link's requirement and its plan's
/// application read the state. A sample the pipeline rejects or leaves unhandled therefore
/// does the same from every state: it changes nothing and parks nothing, so opening it is a
/// self-loop on every state (counted as an applied action, as the explicit engine counts it),
/// and the expectation declared for it holds everywhere or fails already at launch.
///
/// A sample that matches a mapping with no requirement plans from every state. Its plan is
/// modelled when it names a stack (within `maxStackDepth`, of declared route samples, not
/// ending on a guarded route) and no modal: then the transaction always commits (selecting
/// the tab dismisses every modal, and the guards only judge the stack's last route) and
/// lands on the stack's last route, one part of the relation per selected tab. Other samples
/// (a requirement, so a pending link; a modal; an empty stack, whose landing depends on the
/// state) are not modelled yet: ``SymbolicEngine/unsupported(_:)`` names them, and the graph
/// runs on the explicit engine.
struct SymbolicDeepLinks<R: Route> {
    /// One declared sample URL and what the pipeline makes of it in every state.
    struct Sample {
        /// The sample's position among the explorer's `openLink` actions.
        let index: Int
        let url: String
        let expect: DeepLinkDeclaration<R>.Expectation
        /// `.rejected`, `.unhandled` or (for a plan the engine models) `.plan`; `nil` for a
        /// sample the engine does not model.
        let outcome: DeepLinkDeclaration<R>.Expectation?
        /// The plan it runs from every state, when ``outcome`` is `.plan`.
        let plan: NavigationPlan<R>?
        /// Why the engine does not model the sample, when ``outcome`` is `nil`.
        let refusal: String?
        let location: SourceLocation?
    }

    /// Every sample, in the explorer's order; empty when the graph declares no deep links.
    let samples: [Sample]
    /// Whether the graph declares deep links (then the deep-link property is judged).
    let declared: Bool

    init(_ graph: NavigationGraph<R>) {
        guard let pipeline = graph.makeDeepLinkPipeline() else {
            samples = []
            declared = false
            return
        }
        declared = true
        let declaredRoutes = Set(graph.routes.flatMap(\.samples))
        let guarded = Set(graph.routes.filter { $0.entryGuard != nil }.flatMap(\.samples))
        let tabs = Set(graph.tabs.map(\.id))
        samples = GraphModel<R>.linkSamples(of: graph).enumerated().map { index, sample in
            var outcome: DeepLinkDeclaration<R>.Expectation?
            var modelled: NavigationPlan<R>?
            var refusal: String?
            switch pipeline.resolve(sample.url) {
            case .rejected: outcome = .rejected
            case .unhandled: outcome = .unhandled
            case .matched(_, let plan, let requirement, _):
                if requirement != nil {
                    refusal = "has a requirement (it parks or is rejected by the state)"
                } else if plan.modal != nil {
                    refusal = "presents a modal"
                } else if plan.stack.isEmpty {
                    refusal = "keeps the tab's stack (where it lands depends on the state)"
                } else if plan.stack.count > graph.bounds.maxStackDepth {
                    refusal = "plans a stack deeper than maxStackDepth"
                } else if !plan.stack.allSatisfy(declaredRoutes.contains) {
                    refusal = "plans a route value that is not one of its route's samples"
                } else if plan.stack.last.map(guarded.contains) ?? false {
                    refusal = "ends its stack on a guarded route"
                } else if let tab = plan.tab, !tabs.contains(tab) {
                    refusal = "selects a tab the graph does not declare"
                } else {
                    outcome = .plan
                    modelled = plan
                }
            }
            return Sample(index: index, url: sample.url, expect: sample.expect, outcome: outcome, plan: modelled,
                          refusal: refusal, location: sample.location)
        }
    }

    /// Why the engine cannot model these links, or `nil` when it can.
    var unsupportedReason: String? {
        let refused = samples.compactMap { sample in sample.refusal.map { "\(sample.url) \($0)" } }
        guard !refused.isEmpty else { return nil }
        return "deep-link samples beyond plain plans (\(refused.joined(separator: "; ")))"
    }

    /// Opening each modelled plan, as parts of the relation: from the states where tab `c` is
    /// selected, the plan's tab (`c` when it names none) is selected, every modal dismissed
    /// and the tab's stack replaced by the plan's.
    func pieces(in encoding: SymbolicEncoding<R>) -> [SymbolicPiece] {
        let layout = encoding.layout
        let modals = (0..<layout.layerCount).flatMap { layout.layerVariables($0) }.map { (variable: $0, value: false) }
        var pieces: [SymbolicPiece] = []
        for sample in samples {
            guard let plan = sample.plan else { continue }
            let ids = plan.stack.compactMap { encoding.routeIDs[$0] }
            guard ids.count == plan.stack.count else { continue }
            for current in 0..<layout.tabCount {
                let target = plan.tab.flatMap { encoding.tabIDs.firstIndex(of: $0) } ?? current
                var written = modals
                if target != current { written += encoding.assignment(layout.selected, target) }
                for (slot, bits) in layout.tabSlots[target].enumerated() {
                    written += slot < ids.count ? encoding.assignment(bits, ids[slot]) : bits.map { ($0, false) }
                }
                pieces.append(SymbolicPiece(domain: encoding.selected(current), effect: SymbolicEffect(written)))
            }
        }
        return pieces
    }

    /// Actions the explicit engine applies to `states` states for the links: every sample,
    /// from every state (no link ever parks, so resuming is never enabled).
    func actionsApplied(states: Double) -> Double {
        Double(samples.count) * states
    }

    /// The deep-link verdict, with the explicit engine's message: the first sample whose
    /// outcome differs from its declaration, found at launch. The explicit engine notes a
    /// difference again from every state it explores, except a plan declared pending (a step
    /// that navigates only contradicts `rejected` and `unhandled`; a modelled plan always
    /// lands where planned), keeping at most 64 notes, and says how many it noted.
    func verdict(states: Int, trace: ([ExplorerAction]) throws(SymbolicError) -> CheckTrace<R>) throws(SymbolicError) -> PropertyVerdict<R>? {
        guard declared else { return nil }
        let wrong = samples.filter { $0.outcome != $0.expect }
        guard let first = wrong.first, let outcome = first.outcome else {
            return .init(kind: .deepLinks, name: "deep links", status: .passed,
                         message: "all \(samples.count) sample URLs do what they declare; resumed links land where planned",
                         trace: nil, location: nil)
        }
        let everyState = wrong.filter { $0.outcome != .plan || $0.expect != .pending }.count
        let (perState, overflow) = everyState.multipliedReportingOverflow(by: states)
        let noted = overflow ? 64 : min(64, wrong.count + perState)
        let more = noted > 1 ? " (\(noted) problems in all)" : ""
        return .init(kind: .deepLinks, name: "deep links", status: .failed,
                     message: "\(first.url) is declared \(first.expect.rawValue) but opening it at launch gives \(outcome.rawValue)" + more,
                     trace: try trace([.openLink(first.index)]), location: first.location)
    }
}
