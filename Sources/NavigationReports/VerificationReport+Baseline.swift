import NavigationChecker

/// Where a finding stands against a baseline (`verify --baseline`), as SARIF's `baselineState`
/// says it: `new` fails as before, `unchanged` is accepted and no longer fails the run.
public enum BaselineState: String, Codable, Hashable, Sendable {
    /// Not in the baseline: it fails (or warns) as it would without one.
    case new
    /// In the baseline: reported as accepted, it no longer fails the run.
    case unchanged
}

extension VerificationReport.Property {
    /// The SARIF rule id: `<kind>/<name>` for a property named by its declaration (an
    /// invariant, `invariant/<name>`; a declared property, `can-reach/<name>` or
    /// `never/<name>`: one rule each, so code scanning tells them apart), else the kind's id
    /// (`guard-bypass`).
    public var ruleId: String {
        isNamedByDeclaration ? "\(kind)/\(name)" : kind
    }

    /// Whether the property's kind names each verdict after its declaration (see
    /// `PropertyKind.reservedName`): invariants and declared properties.
    var isNamedByDeclaration: Bool {
        PropertyRegistry.kind(id: kind).map { $0.reservedName == nil } ?? false
    }

    /// A fingerprint of what failed: the graph, the rule, the property's name and its message,
    /// never a line number, so a finding keeps it when the document's lines move. 16 hex digits.
    public func fingerprint(graph: String) -> String {
        Fingerprint.of([graph, ruleId, name, message])
    }

    /// Whether a baseline accepts it (``BaselineState/unchanged``).
    public var isAccepted: Bool { baselineState == .unchanged }
}

extension VerificationReport.Finding {
    /// The SARIF rule id: `lint/<rule>`.
    public var ruleId: String { "lint/\(rule)" }

    /// A fingerprint of the finding: the graph, the rule and the message (no line number).
    public func fingerprint(graph: String) -> String {
        Fingerprint.of([graph, ruleId, message])
    }

    /// Whether a baseline accepts it (``BaselineState/unchanged``).
    public var isAccepted: Bool { baselineState == .unchanged }
}

extension VerificationReport {
    /// The report with `baseline` applied: each failed property, property with a warning and
    /// lint warning is marked `unchanged` (accepted) when the baseline lists it for this graph,
    /// else `new`; accepted failures no longer fail the run (the status is then decided by the
    /// others), and the baseline's entries for this graph that nothing matches are
    /// ``baselineFixed``. A graph not explored (lint errors) is returned as it is. `nil`
    /// returns the report unchanged.
    public func applying(_ baseline: Baseline?) -> VerificationReport {
        guard let baseline, notExplored == nil else { return self }
        let entries = baseline.entries(for: graph)
        var unmatched = Set(entries)
        func state(rule: String, fingerprint: String) -> BaselineState {
            guard let entry = entries.first(where: { $0.rule == rule && $0.fingerprint == fingerprint }) else { return .new }
            unmatched.remove(entry)
            return .unchanged
        }
        var judged = self
        judged.properties = properties.map { property in
            guard property.status == .failed || property.status == .warning else { return property }
            var property = property
            property.baselineState = state(rule: property.ruleId, fingerprint: property.fingerprint(graph: graph))
            return property
        }
        judged.lint = lint.map { finding in
            guard finding.severity != "error" else { return finding }
            var finding = finding
            finding.baselineState = state(rule: finding.ruleId, fingerprint: finding.fingerprint(graph: graph))
            return finding
        }
        judged.baselineFixed = unmatched.sorted()
        if status == .failed && judged.failures.isEmpty {
            judged.status = judged.undecided.isEmpty ? .passed : .inconclusive
            judged.passed = judged.status == .passed
        }
        return judged
    }

    /// The failed properties and properties with a warning that the baseline accepts.
    public var accepted: [Property] { properties.filter(\.isAccepted) }

    /// The lint findings no baseline accepts.
    public var lintNotAccepted: [Finding] { lint.filter { !$0.isAccepted } }
}

/// FNV-1a (64 bits) over the parts, each followed by a zero byte: a stable, dependency-free
/// fingerprint, the same on every machine and run.
enum Fingerprint {
    static func of(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
