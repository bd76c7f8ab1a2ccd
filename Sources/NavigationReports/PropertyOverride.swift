/// What a project's configuration makes of a property for a graph (`.navgraph.yml`'s
/// `properties:`): leave it out of the reports, or let its failure warn instead of fail.
public enum PropertyOverride: String, CaseIterable, Codable, Hashable, Sendable {
    /// Not reported: the graph is not judged by it.
    case off
    /// A failure is reported as a warning: it does not fail the run unless `--strict`.
    case warning
}

extension VerificationReport {
    /// The report with `overrides` applied, each keyed by a property's name or its kind's id
    /// (`no-trap`, `invariant`; an invariant's own name wins over its kind's id): `off` ones
    /// left out, `warning` ones that failed turned into warnings; the status follows. A graph
    /// not explored is returned as it is.
    public func overriding(_ overrides: [String: PropertyOverride]) -> VerificationReport {
        guard !overrides.isEmpty, notExplored == nil else { return self }
        var judged = self
        judged.properties = properties.compactMap { property in
            switch overrides[property.name] ?? overrides[property.kind] {
            case .off?: return nil
            case .warning? where property.status == .failed:
                var warned = Property(kind: property.kind, name: property.name, status: .warning,
                                      message: "\(property.message) (a warning by the project's configuration)",
                                      location: property.location, trace: property.trace, feature: property.feature, otherTrace: property.otherTrace)
                warned.baselineState = property.baselineState
                return warned
            default: return property
            }
        }
        if status != .passed {
            judged.status = !judged.failures.isEmpty ? .failed : !judged.undecided.isEmpty ? .inconclusive : .passed
            judged.passed = judged.status == .passed
        }
        return judged
    }
}
