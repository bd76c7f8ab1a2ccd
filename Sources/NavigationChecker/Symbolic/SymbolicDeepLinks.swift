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
/// Samples that match a mapping (plan or park, and a requirement that rejects when unmet) are
/// not modelled yet: ``SymbolicEngine/unsupported(_:)`` names them, and the graph runs on the
/// explicit engine.
struct SymbolicDeepLinks<R: Route> {
    /// One declared sample URL and what the pipeline makes of it in every state.
    struct Sample {
        /// The sample's position among the explorer's `openLink` actions.
        let index: Int
        let url: String
        let expect: DeepLinkDeclaration<R>.Expectation
        /// `.rejected` or `.unhandled`; `nil` for a sample that matches a mapping.
        let outcome: DeepLinkDeclaration<R>.Expectation?
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
        samples = GraphModel<R>.linkSamples(of: graph).enumerated().map { index, sample in
            let outcome: DeepLinkDeclaration<R>.Expectation? = switch pipeline.resolve(sample.url) {
            case .rejected: .rejected
            case .unhandled: .unhandled
            case .matched: nil
            }
            return Sample(index: index, url: sample.url, expect: sample.expect, outcome: outcome, location: sample.location)
        }
    }

    /// Why the engine cannot model these links, or `nil` when it can.
    var unsupportedReason: String? {
        let matched = samples.filter { $0.outcome == nil }.map(\.url)
        guard !matched.isEmpty else { return nil }
        return "deep-link samples that match a mapping (\(matched.joined(separator: ", "))): plans and pending links are not modelled yet"
    }

    /// Actions the explicit engine applies to `states` states for the links: every sample,
    /// from every state (no link ever parks, so resuming is never enabled).
    func actionsApplied(states: Double) -> Double {
        Double(samples.count) * states
    }

    /// The deep-link verdict, with the explicit engine's message: the first sample whose
    /// outcome differs from its declaration, found at launch. The explicit engine notes the
    /// same difference again from every state it explores (keeping at most 64 notes), and
    /// says how many it noted.
    func verdict(states: Int, trace: ([ExplorerAction]) throws(SymbolicError) -> CheckTrace<R>) throws(SymbolicError) -> PropertyVerdict<R>? {
        guard declared else { return nil }
        let wrong = samples.filter { $0.outcome != $0.expect }
        guard let first = wrong.first, let outcome = first.outcome else {
            return .init(kind: .deepLinks, name: "deep links", status: .passed,
                         message: "all \(samples.count) sample URLs do what they declare; resumed links land where planned",
                         trace: nil, location: nil)
        }
        let (perState, overflow) = wrong.count.multipliedReportingOverflow(by: states + 1)
        let noted = overflow ? 64 : min(64, perState)
        let more = noted > 1 ? " (\(noted) problems in all)" : ""
        return .init(kind: .deepLinks, name: "deep links", status: .failed,
                     message: "\(first.url) is declared \(first.expect.rawValue) but opening it at launch gives \(outcome.rawValue)" + more,
                     trace: try trace([.openLink(first.index)]), location: first.location)
    }
}
