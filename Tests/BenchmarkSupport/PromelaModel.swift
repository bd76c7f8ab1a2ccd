import NavigationCore
import NavigationGraph

/// Why a graph cannot be written as Promela.
public struct PromelaExportError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { "cannot translate to Promela: \(message)" }
}

/// Translates a graph of the subset SPIN comparisons use into Promela, with the explorer's
/// semantics: one stack of route ids, push transitions guarded by conditions over flags, the
/// top and the depth; system Back; events that change flags.
///
/// Each action is one `d_step`, so SPIN stores exactly the states the explorer stores (stack
/// slots above the depth are kept zero so equal states have equal vectors). Compile the output
/// with `spin -a`, then `cc -O2 -DSAFETY -o pan pan.c` and run `./pan -m<depth>`.
public enum PromelaModel {
    /// The Promela text of `graph`.
    ///
    /// - Throws: ``PromelaExportError`` for anything outside the subset: tabs, modals (sheet,
    ///   cover), replace, guards on routes, deep links, event navigation, conditions over
    ///   modals, tabs or counts, parameterised routes, more than 250 routes.
    public static func translate(_ graph: NavigationGraph<DynamicRoute>) throws(PromelaExportError) -> String {
        guard graph.tabs.isEmpty, let root = graph.root else { throw PromelaExportError(message: "only graphs with one stack (a root, no tabs)") }
        guard graph.deepLinks == nil else { throw PromelaExportError(message: "deep links are not translated") }
        guard graph.routes.count <= 250 else { throw PromelaExportError(message: "more than 250 routes") }
        var ids: [String: Int] = [root: 0]
        for route in graph.routes where ids[route.name] == nil { ids[route.name] = ids.count }
        for route in graph.routes {
            guard route.entryGuard == nil else { throw PromelaExportError(message: "route '\(route.name)' has a guard") }
            guard route.samples.count == 1, route.samples[0].arguments.isEmpty else {
                throw PromelaExportError(message: "route '\(route.name)' has parameters")
            }
        }
        let depth = graph.bounds.maxStackDepth
        var lines = [
            "/* \(IdiomaticPromelaModel.comment(graph.name)), translated by NavGraph for SPIN (the flat encoding). Route ids: "
                + graph.routes.map { "\(IdiomaticPromelaModel.comment($0.name))=\(ids[$0.name] ?? 0)" }.joined(separator: " ") + " */",
            "#define DEPTH \(depth)",
            "byte stack[DEPTH];",
            "byte depth = 1;",
        ]
        let flagNames = graph.flags.map(\.name.name)
        for flag in graph.flags { lines.append("bool \(identifier(flag.name.name)) = \(flag.initial ? 1 : 0);") }
        lines.append("")
        lines.append("active proctype navigation() {")
        lines.append("  do")
        for transition in graph.transitions {
            guard transition.style == .push else { throw PromelaExportError(message: "only push transitions (\(transition.from) → \(transition.to) is \(transition.style.rawValue))") }
            guard let from = ids[transition.from], let to = ids[transition.to] else { throw PromelaExportError(message: "unknown route in \(transition.from) → \(transition.to)") }
            var guardText = "stack[depth - 1] == \(from) && depth < DEPTH"
            if let condition = transition.condition {
                guard let expression = condition.expression else { throw PromelaExportError(message: "a closure condition") }
                guardText += " && " + (try translate(expression, ids: ids, flags: flagNames))
            }
            lines.append("  :: d_step { \(guardText) -> stack[depth] = \(to); depth++ }  /* \(IdiomaticPromelaModel.comment(transition.from)) to \(IdiomaticPromelaModel.comment(transition.to)) */")
        }
        lines.append("  :: d_step { depth > 1 -> depth--; stack[depth] = 0 }  /* Back */")
        for event in graph.events {
            guard event.navigation.isEmpty else { throw PromelaExportError(message: "event '\(event.name)' navigates") }
            var guardText = "true"
            if let precondition = event.precondition {
                guard let expression = precondition.expression else { throw PromelaExportError(message: "a closure condition") }
                guardText = try translate(expression, ids: ids, flags: flagNames)
            }
            let changes = event.flagChanges.map { "\(identifier($0.flag.name)) = \($0.value ? 1 : 0)" }
            lines.append("  :: d_step { \(guardText) -> \(changes.isEmpty ? "skip" : changes.joined(separator: "; ")) }  /* event \(IdiomaticPromelaModel.comment(event.name)) */")
        }
        lines.append("  od")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func identifier(_ flag: String) -> String {
        "flag_" + String(flag.unicodeScalars.map { scalar in
            (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(Character(scalar)) ? Character(scalar) : "_"
        })
    }

    private static func translate(_ condition: Condition, ids: [String: Int], flags: [String]) throws(PromelaExportError) -> String {
        switch condition {
        case .constant(let value): return value ? "true" : "false"
        case .flag(let name):
            guard flags.contains(name.text) else { throw PromelaExportError(message: "undeclared flag '\(name.text)'") }
            return identifier(name.text)
        case .not(let inner): return "!(\(try translate(inner, ids: ids, flags: flags)))"
        case .and(let left, let right): return "(\(try translate(left, ids: ids, flags: flags)) && \(try translate(right, ids: ids, flags: flags)))"
        case .or(let left, let right): return "(\(try translate(left, ids: ids, flags: flags)) || \(try translate(right, ids: ids, flags: flags)))"
        case .implies(let left, let right): return "(!(\(try translate(left, ids: ids, flags: flags))) || \(try translate(right, ids: ids, flags: flags)))"
        case .isNamed(.top, let name, let equal):
            guard let id = ids[name.text] else { throw PromelaExportError(message: "unknown route '\(name.text)'") }
            return "(stack[depth - 1] \(equal ? "==" : "!=") \(id))"
        case .compare(.depth, let comparison, let value): return "(depth \(comparison.rawValue) \(value))"
        default: throw PromelaExportError(message: "condition '\(condition)' is outside the translated subset")
        }
    }
}
