import NavigationCore
import NavigationGraph

/// Writes a one-stack graph as a SPIN user would write it by hand: the successors of a route
/// are read from tables indexed by the route, and the model has one statement per out-edge
/// slot (not one per transition, as ``PromelaModel`` writes), so `pan` tests about k + 1 + events
/// guards in a state where the flat encoding tests every transition's.
///
/// The tables are kept out of the state vector, either as `hidden` arrays filled by a C function
/// that `pan` calls before the search (`-DC_INIT=fill_tables()`, which ``SpinRun`` passes; a
/// Promela statement filling them would add a state) or, for breadth-first search, which `pan`
/// refuses on models with hidden variables, as constant C arrays (``Tables``). Either way the
/// initial state is the graph's and `pan` stores exactly the explorer's states.
/// The state vector holds what NavGraph's state holds: the stack (one byte a route, the root in
/// slot 0), its depth and the flags, the last two as bit-fields. Each statement is a `d_step`.
///
/// ```swift
/// let promela = try IdiomaticPromelaModel.translate(graph)
/// let run = try SpinRun.run(promela, options: .init(search: .depthFirst))
/// ```
public enum IdiomaticPromelaModel {
    /// The C function that fills hidden tables; `pan` calls it before the search when compiled
    /// with `-DC_INIT=fill_tables()`.
    public static let tableInitializer = "fill_tables"

    /// Where the tables live.
    public enum Tables: String, Sendable, CaseIterable {
        /// Promela arrays declared `hidden`, filled by `fill_tables()` before the search
        /// (`-DC_INIT=fill_tables()`). `pan` refuses breadth-first search (`-DBFS`) on any model
        /// with hidden variables, so these are for depth-first search.
        case hidden
        /// Constant C arrays (`c_decl`), read by `c_expr` guards and a `c_code` push: never in
        /// the state vector, and accepted by both searches.
        case embeddedC = "embedded C"
    }

    /// The Promela text of `graph`.
    ///
    /// - Throws: ``PromelaExportError`` for graphs outside ``SuccessorTable``'s subset, or with
    ///   more than 8 flags (the masks are bytes).
    public static func translate(_ graph: NavigationGraph<DynamicRoute>, tables: Tables = .hidden) throws(PromelaExportError) -> String {
        let table = try SuccessorTable(graph)
        guard table.flagCount <= 8 else { throw PromelaExportError(message: "more than 8 flags (the idiomatic encoding keeps flag masks in bytes)") }
        return translate(table, tables: tables)
    }

    /// The Promela text of `table`, which must have at most 8 flags.
    public static func translate(_ table: SuccessorTable, tables: Tables = .hidden) -> String {
        let routes = table.routeNames.count
        let slots = max(table.maxOutDegree, 1)
        let flags = table.flagCount
        precondition(flags <= 8, "the idiomatic encoding keeps flag masks in bytes: at most 8 flags")
        func cell(_ route: Int, _ slot: Int) -> SuccessorTable.Slot? {
            slot < table.successors[route].count ? table.successors[route][slot] : nil
        }
        // Only what varies gets a table: a slot no route guards needs no mask, and when every
        // route has the same number of successors no slot needs a bound.
        let guardedSlots = (0..<slots).map { slot in (0..<routes).contains { (cell($0, slot)?.requiredFlags ?? 0) != 0 } }
        let forbiddingSlots = (0..<slots).map { slot in (0..<routes).contains { (cell($0, slot)?.forbiddenFlags ?? 0) != 0 } }
        let uniformDegree = Set(table.successors.map(\.count)).count == 1
        let cells = (0..<routes).flatMap { route in (0..<slots).map { cell(route, $0) } }
        var arrays: [(name: String, values: [UInt64], comment: String)] = [("succ", cells.map { UInt64($0?.target ?? 0) }, "the pushed route")]
        if guardedSlots.contains(true) { arrays.append(("need", cells.map { $0?.requiredFlags ?? 0 }, "flags the guard requires")) }
        if forbiddingSlots.contains(true) { arrays.append(("forbid", cells.map { $0?.forbiddenFlags ?? 0 }, "flags the guard forbids")) }
        if !uniformDegree { arrays.append(("degree", table.successors.map { UInt64($0.count) }, "successors of each route")) }
        var lines = [
            "/* \(comment(table.name)): the idiomatic encoding (tables: \(tables.rawValue)), written by NavGraph for SPIN. Route ids: "
                + table.routeNames.enumerated().map { "\(comment($0.element))=\($0.offset)" }.joined(separator: " ") + " */",
            "#define DEPTH \(table.maxStackDepth)",
            "#define K \(slots)",
            "",
        ]
        switch tables {
        case .hidden:
            lines.append("/* Tables by route * K + slot, outside the state vector; filled before the search (C_INIT). */")
            lines.append("#define SLOT(s) (routes[depth - 1] * K + (s))")
            for array in arrays { lines.append("hidden byte \(array.name)[\(array.values.count)];  /* \(array.comment) */") }
            lines += ["c_code {", "void \(tableInitializer)(void) {"]
            for array in arrays {
                lines.append("  static const unsigned char \(array.name)_values[\(array.values.count)] = { \(array.values.map(String.init).joined(separator: ", ")) };")
                lines.append("  for (int i = 0; i < \(array.values.count); i++) \(array.name)[i] = \(array.name)_values[i];")
            }
            lines += ["}", "}"]
        case .embeddedC:
            lines.append("/* Tables by route * K + slot, constant C arrays outside the state vector. */")
            lines.append("#define SLOT(s) (now.routes[now.depth - 1] * K + (s))")
            lines.append("c_decl {")
            for array in arrays {
                lines.append("static const unsigned char \(array.name)[\(array.values.count)] = { \(array.values.map(String.init).joined(separator: ", ")) };  /* \(array.comment) */")
            }
            lines.append("}")
        }
        lines += [
            "",
            "/* The state vector: the stack of route ids (routes, slot 0 holds the root), its depth, the flags. */",
            "byte routes[DEPTH];",
            "unsigned depth : \(bits(for: table.maxStackDepth)) = 1;",
        ]
        if flags > 0 { lines.append("unsigned flags : \(flags) = \(table.initialFlags);") }
        lines += ["", "active proctype navigation() {", "  do"]
        for slot in 0..<slots {
            var tests: [String] = []
            if !uniformDegree { tests.append("\(slot) < degree[\(tables == .hidden ? "routes[depth - 1]" : "now.routes[now.depth - 1]")]") }
            let flagsName = tables == .hidden ? "flags" : "now.flags"
            if guardedSlots[slot] { tests.append("(\(flagsName) & need[SLOT(\(slot))]) == need[SLOT(\(slot))]") }
            if forbiddingSlots[slot] { tests.append("(\(flagsName) & forbid[SLOT(\(slot))]) == 0") }
            let push: String
            var condition = "depth < DEPTH"
            switch tables {
            case .hidden:
                condition += tests.map { " && " + $0 }.joined()
                push = "routes[depth] = succ[SLOT(\(slot))]"
            case .embeddedC:
                if !tests.isEmpty { condition += " && c_expr { " + tests.joined(separator: " && ") + " }" }
                push = "c_code { now.routes[now.depth] = succ[SLOT(\(slot))]; }"
            }
            lines.append("  :: d_step { \(condition) -> \(push); depth++ }  /* push successor \(slot) */")
        }
        lines.append("  :: d_step { depth > 1 -> depth--; routes[depth] = 0 }  /* Back */")
        for event in table.events {
            var conditions: [String] = []
            if event.requiredFlags != 0 { conditions.append("(flags & \(event.requiredFlags)) == \(event.requiredFlags)") }
            if event.forbiddenFlags != 0 { conditions.append("(flags & \(event.forbiddenFlags)) == 0") }
            let all = (UInt64(1) << UInt64(flags)) - 1
            let change = "flags = (flags & \(all & ~event.clearedFlags)) | \(event.setFlags)"
            lines.append("  :: d_step { \(conditions.isEmpty ? "true" : conditions.joined(separator: " && ")) -> \(change) }  /* event \(comment(event.name)) */")
        }
        lines += ["  od", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Bits that hold the numbers 0...value.
    static func bits(for value: Int) -> Int {
        var bits = 1
        while (1 << bits) <= value { bits += 1 }
        return bits
    }

    /// A name made safe inside a C comment: letters, digits and `_-.` kept, the rest `_`.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.prefix(80).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) || "_-.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
    }
}
