import NavigationChecker
import NavigationCore
import NavigationGraph

/// The deep links the symbolic engine models, with the runtime's meaning
/// (``DeepLinkPipeline``): what each declared sample does in every state, and which links
/// can wait in the pending slot.
///
/// The runtime resolves a URL without looking at the state (``DeepLinkPipeline/resolve(_:)``:
/// form, scheme, host, match, plan). A sample it rejects or leaves unhandled does the same from
/// every state: opening it is a self-loop on every state (counted as an applied action, as the
/// explicit engine counts it).
///
/// A matched sample reads the state only through its requirement, a condition of the
/// condition language. Where the requirement holds (or there is none), the plan runs as one
/// transaction: select the plan's tab (or re-select the current one: every modal dismissed,
/// the tab popped to its root), replace its stack, present the modal and push its routes, each
/// command through the guards, and nothing changes unless all succeed. A `mode: push` plan
/// selects its tab only when it names another one (keeping that tab's stack), else dismisses
/// the modals, and pushes its stack onto the tab's. What a sample is expected to do can depend
/// on the state (``Sample/conditional``): it is judged where each expectation applies. Where it does not hold,
/// the link is parked in the pending slot, replacing whatever link waited there (or, for a
/// mapping that says `whenUnmet: reject`, nothing changes). Resuming is enabled while a link
/// is parked: where its requirement holds now, the slot is cleared and the plan runs in the
/// same transaction (a transaction that rolls back leaves the link parked); elsewhere nothing
/// changes.
///
/// The pending slot is part of the state: one number, 0 for no link or the index + 1 of a
/// distinct URL among the samples that can park (``pendingLinks``).
///
/// A plan may bring in a route value that is none of its route's samples: the URL's own value
/// (`social://@bob` where `account`'s samples are `alice` and `me`). Such a value is an atom of
/// its own (``extraRoutes``): the encoding gives it a route id after the declared samples, so
/// it sits in a slot like any route; a condition, a transition's source or a guard names it by
/// its route's name, as the runtime's guard middleware and the explicit engine do. Only link
/// plans bring such values in, so the rest of the graph is unchanged.
///
/// A plan that sets flags (`set:`) sets them first in its transaction. Pushing under the open
/// modals (`underModals: keep`) writes the selected tab's slots with the layers left as they
/// are; a guard that redirects the pushed route runs its redirect on the topmost layer shown,
/// from the state the link was opened in, as the runtime's guard middleware does.
///
/// With tab-scoped modals (`modalScope: tab`) the plan's commands act on what is shown, as in
/// the runtime: selecting another tab dismisses the window's layers and shows that tab's own
/// again (a `replace` plan then replaces the stack of its topmost own layer, the active stack),
/// re-selecting dismisses the tab's own layers too, and a `mode: push` plan's `dismissAll` and
/// `pushUnderModals` read the selected tab's own layers and the window's.
struct SymbolicDeepLinks<R: Route> {
    /// What a matched sample does.
    struct Plan {
        let plan: NavigationPlan<R>
        /// Where it plans (`nil`: everywhere); elsewhere it parks or is rejected.
        let requirement: GraphCondition<R>?
        /// Its number in the pending slot when an unmet requirement parks it; `nil` when an
        /// unmet requirement rejects it.
        let pendingNumber: Int?
    }

    /// One declared sample URL and what the pipeline makes of it.
    struct Sample {
        /// The sample's position among the explorer's `openLink` actions.
        let index: Int
        let url: String
        let expect: DeepLinkDeclaration<R>.Expectation
        /// The outcomes expected by state, in order: the first whose condition holds in the
        /// state the sample is opened from is expected there, ``expect`` where none holds.
        let conditional: [(condition: GraphCondition<R>, outcome: DeepLinkDeclaration<R>.Expectation)]
        /// `.rejected` or `.unhandled` from every state, or `.plan` for a matched sample (see
        /// ``plan``); `nil` for a sample the engine does not model.
        let resolution: DeepLinkDeclaration<R>.Expectation?
        let plan: Plan?
        /// Why the engine does not model the sample, when ``resolution`` is `nil`.
        let refusal: String?
        let location: SourceLocation?
    }

    /// Every sample, in the explorer's order; empty when the graph declares no deep links.
    let samples: [Sample]
    /// Whether the graph declares deep links (then the deep-link property is judged).
    let declared: Bool
    /// The links that can wait in the pending slot, in sample order (number = index + 1),
    /// with the plan a resumed link runs.
    let pendingLinks: [(link: PendingDeepLink, plan: Plan)]
    /// The route values the plans bring in that are none of their routes' samples, in sample
    /// order: each gets a route id of its own after the declared samples.
    let extraRoutes: [R]

    init(_ graph: NavigationGraph<R>) {
        guard let pipeline = graph.makeDeepLinkPipeline() else {
            samples = []
            declared = false
            pendingLinks = []
            extraRoutes = []
            return
        }
        declared = true
        let declaredRoutes = Set(graph.routes.flatMap(\.samples))
        let tabs = Set(graph.tabs.map(\.id))
        // A requirement reaches the pipeline as a closure named by its condition's text; the
        // declared condition with that text is the one the engine compiles.
        var requirements: [String: GraphCondition<R>] = [:]
        var closures: Set<String> = []
        for link in graph.deepLinks?.links ?? [] {
            guard let requirement = link.requirement else { continue }
            if requirement.expression == nil { closures.insert(requirement.text) } else { requirements[requirement.text] = requirement }
        }
        var pending: [(link: PendingDeepLink, plan: Plan)] = []
        var samples: [Sample] = []
        var extras: [R] = []
        var extraSet: Set<R> = []
        // In the explorer's order, as `linkSamples` flattens them.
        let declarations = (graph.deepLinks?.links ?? []).flatMap(\.samples)
        for (index, sample) in GraphModel<R>.linkSamples(of: graph).enumerated() {
            var resolution: DeepLinkDeclaration<R>.Expectation?
            var modelled: Plan?
            var refusal: String?
            let conditional = declarations.indices.contains(index) ? declarations[index].conditional.map { ($0.condition, $0.outcome) } : []
            if conditional.contains(where: { $0.0.expression == nil }) {
                samples.append(Sample(index: index, url: sample.url, expect: sample.expect, conditional: conditional, resolution: nil, plan: nil,
                                      refusal: "has an expected outcome under a condition written as a Swift closure", location: sample.location))
                continue
            }
            switch pipeline.resolve(sample.url) {
            case .rejected: resolution = .rejected
            case .unhandled: resolution = .unhandled
            case .matched(let url, let plan, let requirement, let whenUnmet):
                let modalRoutes = plan.modal?.routes ?? []
                let condition = requirement.flatMap { closures.contains($0.name) ? nil : requirements[$0.name] }
                if plan.mode == .request {
                    refusal = "requests \(graph.routeName(plan.destination)) by ownership"
                } else if requirement != nil && condition == nil {
                    refusal = "has a requirement written as a Swift closure"
                } else if let modal = plan.modal, !modal.providesNavigation, modalRoutes.count > 0 {
                    refusal = "presents a modal without navigation"
                } else if let tab = plan.tab, !tabs.contains(tab) {
                    refusal = "selects a tab the graph does not declare"
                } else {
                    resolution = .plan
                    for route in plan.stack + modalRoutes + [plan.destination] where !declaredRoutes.contains(route) && extraSet.insert(route).inserted {
                        extras.append(route)
                    }
                    var number: Int?
                    if let requirement, whenUnmet == .pend {
                        let link = PendingDeepLink(url: url, requirement: requirement.name)
                        if let known = pending.firstIndex(where: { $0.link == link }) {
                            number = known + 1
                        } else {
                            number = pending.count + 1
                            pending.append((link, Plan(plan: plan, requirement: condition, pendingNumber: number)))
                        }
                    }
                    modelled = Plan(plan: plan, requirement: condition, pendingNumber: number)
                }
            }
            samples.append(Sample(index: index, url: sample.url, expect: sample.expect, conditional: conditional, resolution: resolution, plan: modelled,
                                  refusal: refusal, location: sample.location))
        }
        self.samples = samples
        pendingLinks = pending
        extraRoutes = extras
    }

    /// Why the engine cannot model these links, or `nil` when it can.
    var unsupportedReason: String? {
        let refused = samples.compactMap { sample in sample.refusal.map { "\(sample.url) \($0)" } }
        guard !refused.isEmpty else { return nil }
        return "deep-link samples (\(refused.joined(separator: "; ")))"
    }

    /// Whether `plan` always commits in one write to a state within the bounds: one that
    /// replaces the tab's stack (a pushed stack's depth depends on the state) with a stack within
    /// `maxStackDepth` ending on an unguarded route, and no modal. Selecting the tab dismisses
    /// every modal and the guards judge only the stack's last route, so the transaction commits
    /// from every state and lands on that route. (A deeper stack commits too, to a successor
    /// the depth bound cuts: a transaction, whose successors are cut and counted.)
    static func isDirect(_ plan: NavigationPlan<R>, guarded: Set<R>, maxStackDepth: Int) -> Bool {
        plan.mode == .replace && (plan.modal?.routes ?? []).isEmpty && !plan.stack.isEmpty && plan.stack.count <= maxStackDepth
            && !(plan.stack.last.map(guarded.contains) ?? false)
    }

    /// The most by which a plan can take a stack or the modal layers past their bounds within
    /// its transaction (an upper bound): a stack deeper than `maxStackDepth` (for `mode: push`,
    /// every route pushed, onto a stack that may be full), a command redirected to a push or
    /// a presentation, the modal's presentation, and its routes pushed after it (past the
    /// bound too, for a modal deeper than it).
    func growth(guarded: Set<R>, maxStackDepth: Int) -> Int {
        samples.compactMap(\.plan).map { modelled in
            let plan = modelled.plan
            let modal = plan.modal?.routes ?? []
            let redirected = plan.stack.last.map(guarded.contains) ?? false ? 1 : 0
            let stack = plan.mode == .push ? plan.stack.count : max(0, plan.stack.count - maxStackDepth)
            return stack + redirected + modal.count + max(0, modal.count - maxStackDepth)
        }.reduce(0, max)
    }

    /// Actions the explicit engine applies to the reachable states for the links: every sample
    /// from every state, and resuming from every state with a parked link.
    func actionsApplied(states: Double, parked: Double) -> Double {
        Double(samples.count) * states + parked
    }
}
