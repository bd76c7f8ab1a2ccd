import NavigationCore

extension GraphDocument {
    /// Writes a Swift graph as a graph document (YAML) that ``GraphDocument/load(_:origin:features:)`` reads back into
    /// an equal model.
    ///
    /// The text is deterministic: sections in a fixed order, declarations in the graph's order.
    ///
    /// - Throws: ``GraphExportError`` naming the declaration that holds something only Swift can
    ///   express: a condition written as a closure; route samples that are not every combination
    ///   of their parameter values (a document lists values per parameter); a deep link whose
    ///   pattern captures parameters under other names than the route's, or whose `route:` or
    ///   `parameters:` closure does something else than a document's link (build the route from
    ///   the parameters of the same names) on a sample route or a sample URL; a graph that
    ///   includes features (``Feature``), whose documents are files of their own. A route value
    ///   an event step, a guard redirect or a deep-link plan entry writes is exported as
    ///   `with: { … }` when it is not its route's first sample.
    public static func export<R: GraphRoute>(_ graph: NavigationGraph<R>) throws(GraphExportError) -> String {
        try ExportCheck.refuseWhatDocumentsCannotSay(graph)
        let text = try DocumentWriter(graph: graph, arguments: \.graphArguments).write()
        try ExportCheck.compareDeepLinks(of: graph, with: text)
        return text
    }

    /// Writes a loaded graph back as a document, in the canonical layout.
    public static func export(_ graph: NavigationGraph<DynamicRoute>) throws(GraphExportError) -> String {
        try DocumentWriter(graph: graph, arguments: \.arguments).write()
    }
}

/// Writes the model as YAML, one section at a time, mirroring ``DocumentReader``.
struct DocumentWriter<R: Route> {
    let graph: NavigationGraph<R>
    let arguments: (R) -> [DynamicRoute.Argument]
    private var lines: [String] = []

    init(graph: NavigationGraph<R>, arguments: @escaping (R) -> [DynamicRoute.Argument]) {
        self.graph = graph
        self.arguments = arguments
    }

    func write() throws(GraphExportError) -> String {
        // App middleware is Swift code the checker runs; a document that silently lost it would
        // verify a different app.
        guard graph.middleware.isEmpty else {
            throw GraphExportError(
                message: "graph '\(graph.name)' has app middleware written in Swift (\(graph.middleware.names.map { "'\($0)'" }.joined(separator: ", "))), which a document cannot say",
                remedy: "export the graph before adding its middleware (addingMiddleware), or keep this graph in Swift")
        }
        // A composed graph's feature routes (people.detail) come from documents of their own;
        // one document cannot declare them, since its own route names cannot contain '.'.
        if let route = graph.routes.first(where: { FeatureNames.feature(of: $0.name) != nil }), let feature = FeatureNames.feature(of: route.name) {
            throw GraphExportError(
                message: "graph '\(graph.name)' includes feature '\(feature)' (route '\(route.name)'), and a document includes a feature from a file of its own, which export does not write",
                remedy: "export the feature's graph and the app's without it separately, and include the feature under 'features:' by hand")
        }
        var writer = self
        try writer.writeAll()
        return writer.lines.joined(separator: "\n") + "\n"
    }

    private mutating func writeAll() throws(GraphExportError) {
        lines.append("navgraph: \(GraphDocument.version)")
        lines.append("name: \(Self.scalar(graph.name))")
        if !graph.summary.isEmpty { lines.append("summary: \(Self.scalar(graph.summary))") }
        if let root = graph.root { lines.append("root: \(Self.scalar(root))") }
        if !graph.tabs.isEmpty {
            lines.append("tabs:")
            for tab in graph.tabs {
                var fields = ["name: \(Self.scalar(tab.id.name))", "root: \(Self.scalar(tab.root))"]
                if let condition = tab.condition { fields.append("when: \(try Self.condition(condition, "tab '\(tab.id.name)'"))") }
                if let reselect = tab.reselect { fields.append("reselect: \(reselect.rawValue)") }
                lines.append("  - { \(fields.joined(separator: ", ")) }")
            }
        }
        if !graph.tabBar.isDefault {
            var fields: [String] = []
            if !graph.tabBar.declaresDefaultTappableUnder { fields.append("tappableUnder: [\(graph.tabBar.tappableUnder.map(\.rawValue).joined(separator: ", "))]") }
            if let fallback = graph.tabBar.fallback { fields.append("fallback: \(Self.scalar(fallback.name))") }
            if graph.tabBar.reselect != .popToRoot { fields.append("reselect: \(graph.tabBar.reselect.rawValue)") }
            if graph.tabBar.hiddenSelection != .fallback { fields.append("hiddenSelection: \(graph.tabBar.hiddenSelection.rawValue)") }
            lines.append("tabBar: { \(fields.joined(separator: ", ")) }")
        }
        if graph.modalScope != .window { lines.append("modalScope: \(graph.modalScope.rawValue)") }
        try writeRoutes()
        if !graph.groups.isEmpty {
            lines.append("groups:")
            for group in graph.groups { lines.append("  \(Self.scalar(group.name)): [\(group.members.map(Self.scalar).joined(separator: ", "))]") }
        }
        if !graph.flags.isEmpty {
            lines.append("flags:")
            for flag in graph.flags { lines.append("  \(Self.scalar(flag.name.name)): \(flag.initial)") }
        }
        try writeEvents()
        if !graph.transitions.isEmpty {
            lines.append("transitions:")
            var index = 0
            while index < graph.transitions.count {
                let transition = graph.transitions[index]
                let grouped = groupedRun(at: index)
                let target = grouped?.to ?? Self.scalar(transition.to)
                var fields = ["from: \(grouped?.from ?? Self.scalar(transition.from))", transition.style == .request ? "request: \(target)" : "to: \(target)"]
                if transition.style != .push && transition.style != .request { fields.append("style: \(transition.style.rawValue)") }
                if let value = transition.value.map(arguments), !value.isEmpty, grouped?.to == nil || grouped?.to == Self.scalar(transition.to) {
                    fields.append("with: { \(value.map { "\(Self.scalar($0.name)): \(Self.scalar($0.value))" }.joined(separator: ", ")) }")
                }
                if let condition = transition.condition {
                    fields.append("when: \(try Self.condition(condition, "the transition \(transition.label)"))")
                }
                if let reroute = transition.reroute {
                    fields.append("reroute: { to: \(Self.scalar(reroute.route)), when: \(try Self.condition(reroute.condition, "the reroute of \(transition.label)")) }")
                }
                lines.append("  - { \(fields.joined(separator: ", ")) }")
                index += grouped?.count ?? 1
            }
        }
        try writeDeepLinks()
        if !graph.invariants.isEmpty {
            lines.append("invariants:")
            for invariant in graph.invariants {
                lines.append("  \(Self.scalar(invariant.name)): \(try Self.condition(invariant.condition, "invariant '\(invariant.name)'"))")
            }
        }
        if !graph.properties.isEmpty {
            lines.append("properties:")
            for property in graph.properties {
                var fields: [String] = []
                for (key, condition) in property.conditions {
                    fields.append("\(key): \(try Self.condition(condition, "property '\(property.name)'"))")
                }
                lines.append("  \(Self.scalar(property.name)): { \(fields.joined(separator: ", ")) }")
            }
        }
        if !graph.tapLimits.isEmpty {
            lines.append("within:")
            for limit in graph.tapLimits { lines.append("  \(Self.scalar(limit.target)): \(limit.limit)") }
        }
        let bounds = graph.bounds
        lines.append("bounds:")
        lines.append("  maxStackDepth: \(bounds.maxStackDepth)")
        lines.append("  maxModalDepth: \(bounds.maxModalDepth)")
        lines.append("  maxStates: \(bounds.maxStates)")
        if let memory = bounds.maxMemoryBytes { lines.append("  maxMemory: \(memory)") }
    }

    /// The transitions from `start` on that one line over a group (or `*`, or an inline list)
    /// wrote, when they are exactly that line's expansion: sources outer, targets inner, one
    /// style, condition and value. A target group or list is written back only when each
    /// member's value is what naming the member means (its only sample), since a document's
    /// group or list target brings in every sample.
    private func groupedRun(at start: Int) -> (from: String, to: String, count: Int)? {
        let first = graph.transitions[start]
        guard first.sourceGroup != nil || first.targetGroup != nil || first.sourceList != nil || first.targetList != nil else { return nil }
        func members(_ group: String?, _ list: [String]?, _ own: String) -> [String]? {
            if let list { return list }
            guard let group else { return [own] }
            if group == NavigationGraph<R>.Group.everyRoute { return graph.routes.map(\.name) }
            return graph.groups.first { $0.name == group }?.members
        }
        guard let sources = members(first.sourceGroup, first.sourceList, first.from), let targets = members(first.targetGroup, first.targetList, first.to),
              start + sources.count * targets.count <= graph.transitions.count else { return nil }
        let targetIsMany = first.targetGroup != nil || first.targetList != nil
        var position = start
        for source in sources {
            for target in targets {
                let transition = graph.transitions[position]
                guard transition.from == source, transition.to == target, transition.style == first.style,
                      transition.sourceGroup == first.sourceGroup, transition.targetGroup == first.targetGroup,
                      transition.sourceList == first.sourceList, transition.targetList == first.targetList,
                      transition.location == first.location, transition.condition?.text == first.condition?.text,
                      transition.condition?.expression == first.condition?.expression else { return nil }
                if !targetIsMany {
                    guard transition.value.map(arguments) == first.value.map(arguments) else { return nil }
                } else if let value = transition.value {
                    guard graph.route(named: target)?.samples.map(arguments) == [arguments(value)] else { return nil }
                }
                position += 1
            }
        }
        func written(_ group: String?, _ list: [String]?, _ own: String) -> String {
            if let list { return "[\(list.map(Self.scalar).joined(separator: ", "))]" }
            return Self.scalar(group ?? own)
        }
        return (written(first.sourceGroup, first.sourceList, first.from), written(first.targetGroup, first.targetList, first.to), position - start)
    }

    private mutating func writeRoutes() throws(GraphExportError) {
        lines.append("routes:")
        for route in graph.routes {
            var body: [String] = []
            let parameters = try Self.parameters(of: route.samples.map(arguments), routeName: route.name)
            if !parameters.isEmpty {
                body.append("    params:")
                for (name, values) in parameters { body.append("      \(Self.scalar(name)): [\(values.map(Self.scalar).joined(separator: ", "))]") }
            }
            if let entryGuard = route.entryGuard {
                body.append("    requires: \(try Self.condition(entryGuard.condition, "the guard of route '\(route.name)'"))")
                if case .redirect(let target, let style) = entryGuard.otherwise {
                    let with = written(entryGuard.redirectValue, of: target).map { ", \($0)" } ?? ""
                    body.append("    otherwise: { redirect: \(Self.scalar(target))\(with), style: \(style.rawValue) }")
                }
            }
            if let ownership = route.ownership {
                let owners = ownership.owners.map { Self.scalar($0.description) }
                body.append("    owner: \(owners.count == 1 ? owners[0] : "[\(owners.joined(separator: ", "))]")")
                if ownership.style != .push { body.append("    style: \(ownership.style.rawValue)") }
                if ownership.priority != .normal { body.append("    priority: \(ownership.priority.rawValue)") }
            }
            if let scope = route.modalScope { body.append("    modalScope: \(scope.rawValue)") }
            if body.isEmpty {
                lines.append("  \(Self.scalar(route.name)): {}")
            } else {
                lines.append("  \(Self.scalar(route.name)):")
                lines.append(contentsOf: body)
            }
        }
    }

    private mutating func writeEvents() throws(GraphExportError) {
        guard !graph.events.isEmpty else { return }
        lines.append("events:")
        for event in graph.events {
            var body: [String] = []
            if let precondition = event.precondition {
                body.append("    when: \(try Self.condition(precondition, "the precondition of event '\(event.name)'"))")
            }
            if !event.flagChanges.isEmpty {
                body.append("    set: { \(event.flagChanges.map { "\(Self.scalar($0.flag.name)): \($0.value)" }.joined(separator: ", ")) }")
            }
            if !event.navigation.isEmpty {
                let steps = event.navigation.enumerated().map { index, step -> String in
                    guard case .go(let name, _) = step else { return Self.step(step, with: nil) }
                    return Self.step(step, with: written(graph.destination(ofStep: index, in: event), of: name))
                }
                body.append("    then: [\(steps.joined(separator: ", "))]")
            }
            lines.append(body.isEmpty ? "  \(Self.scalar(event.name)): {}" : "  \(Self.scalar(event.name)):")
            lines.append(contentsOf: body)
        }
    }

    private mutating func writeDeepLinks() throws(GraphExportError) {
        guard let deepLinks = graph.deepLinks else { return }
        lines.append("deepLinks:")
        lines.append("  schemes: [\(deepLinks.configuration.schemes.map(Self.scalar).joined(separator: ", "))]")
        if !deepLinks.configuration.hosts.isEmpty {
            lines.append("  hosts: [\(deepLinks.configuration.hosts.map(Self.scalar).joined(separator: ", "))]")
        }
        if deepLinks.configuration.matching != .lenient {
            lines.append("  match: \(GraphDocument.matchingText(deepLinks.configuration.matching))")
        }
        lines.append("  links:")
        for link in deepLinks.links {
            lines.append("    - pattern: \(Self.quoted(link.mapping.patternText))")
            // A request plan is the link's route requested from its owner: `request:` in place of `route:`.
            lines.append("      \(link.plan.mode == .request ? "request" : "route"): \(Self.scalar(link.routeName))")
            if let tab = link.plan.tab { lines.append("      tab: \(Self.scalar(tab.name))") }
            // An entry with a written value is `{ route: account, with: { user: me } }`.
            func entries(_ names: [String], from start: Int) -> String {
                names.enumerated().map { offset, name in
                    let value = start + offset < link.planValues.count ? link.planValues[start + offset] : nil
                    return written(value, of: name).map { "{ route: \(Self.scalar(name)), \($0) }" } ?? Self.scalar(name)
                }.joined(separator: ", ")
            }
            if !link.plan.stack.isEmpty { lines.append("      stack: [\(entries(link.plan.stack, from: 0))]") }
            if let modal = link.plan.modal {
                lines.append("      modal: { style: \(modal.style.rawValue), routes: [\(entries(modal.routes, from: link.plan.stack.count))] }")
            }
            if link.plan.mode == .push { lines.append("      mode: \(link.plan.mode.rawValue)") }
            if link.plan.underModals == .keep { lines.append("      underModals: \(link.plan.underModals.rawValue)") }
            if !link.plan.flags.isEmpty {
                lines.append("      set: { \(link.plan.flagChanges.map { "\(Self.scalar($0.flag.name)): \($0.value)" }.joined(separator: ", ")) }")
            }
            if let requirement = link.requirement {
                lines.append("      requires: \(try Self.condition(requirement, "the requirement of deep link '\(link.mapping.patternText)'"))")
            }
            if link.mapping.whenUnmet == .reject { lines.append("      whenUnmet: reject") }
            if let scheme = link.mapping.preferredScheme { lines.append("      scheme: \(Self.scalar(scheme))") }
            if let host = link.mapping.preferredHost { lines.append("      host: \(Self.scalar(host))") }
            if !link.samples.isEmpty {
                lines.append("      samples:")
                for sample in link.samples {
                    guard !sample.conditional.isEmpty else {
                        lines.append("        - { url: \(Self.quoted(sample.url)), expect: \(sample.expect.rawValue) }")
                        continue
                    }
                    lines.append("        - url: \(Self.quoted(sample.url))")
                    lines.append("          expect:")
                    for entry in sample.conditional {
                        let context = "the expectation of sample \(sample.url) of deep link '\(link.mapping.patternText)'"
                        lines.append("            - { when: \(try Self.condition(entry.condition, context)), outcome: \(entry.outcome.rawValue) }")
                    }
                    lines.append("            - { outcome: \(sample.expect.rawValue) }")
                }
            }
        }
    }

    // MARK: Pieces

    /// Per-parameter sample values, checked to be exactly the samples' combinations, since that
    /// is all a document can say.
    private static func parameters(of samples: [[DynamicRoute.Argument]], routeName: String) throws(GraphExportError) -> [(String, [String])] {
        guard let first = samples.first, !first.isEmpty else { return [] }
        let names = first.map(\.name)
        let values: [(String, [String])] = names.enumerated().map { index, name in
            var seen: [String] = []
            for sample in samples where index < sample.count && !seen.contains(sample[index].value) { seen.append(sample[index].value) }
            return (name, seen)
        }
        var combinations: [[DynamicRoute.Argument]] = [[]]
        for (name, options) in values {
            combinations = combinations.flatMap { prefix in options.map { prefix + [DynamicRoute.Argument(name: name, value: $0)] } }
        }
        guard combinations == samples else {
            throw GraphExportError(
                message: "the samples of route '\(routeName)' are not every combination of their parameter values",
                remedy: "list samples as the full product of per-parameter values (first parameter outermost), as a document's 'params:' means")
        }
        return values
    }

    private static func condition(_ condition: GraphCondition<R>, _ what: String) throws(GraphExportError) -> String {
        guard condition.expression != nil else {
            throw GraphExportError(message: "\(what) is a Swift closure ('\(condition.text)')",
                                   remedy: "write it in the condition language to export the graph")
        }
        return quoted(condition.text)
    }

    /// `with: { id: 2 }` for a route value an event step, a guard redirect or a plan entry
    /// writes, when it is not what naming the route brings in (its first sample); else `nil`,
    /// so a document that never wrote a value exports as it was.
    private func written(_ value: R?, of routeName: String) -> String? {
        guard let value, let first = graph.representative(of: routeName) else { return nil }
        let values = arguments(value)
        guard !values.isEmpty, values != arguments(first) else { return nil }
        return "with: { \(values.map { "\(Self.scalar($0.name)): \(Self.scalar($0.value))" }.joined(separator: ", ")) }"
    }

    private static func step(_ step: EventDeclaration<R>.Navigation, with: String?) -> String {
        switch step {
        case .back: "back"
        case .dismiss: "dismiss"
        case .dismissAll: "dismissAll"
        case .popToRoot: "popToRoot"
        case .go(let route, let style): "{ \(style.rawValue): \(scalar(route))\(with.map { ", \($0)" } ?? "") }"
        case .selectTab(let tab): "{ tab: \(scalar(tab.name)) }"
        case .resetTabs(nil): "resetTabs"
        case .resetTabs(let tabs?): "{ resetTabs: [\(tabs.map { scalar($0.name) }.joined(separator: ", "))] }"
        }
    }

    /// A name or value written plainly when YAML reads it back as the same string, else quoted.
    static func scalar(_ text: String) -> String {
        let plain = text.first.map { $0.isASCII && ($0.isLetter || $0 == "_" || $0.isNumber) } ?? false
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") }
            && !yamlWords.contains(text.lowercased())
            && (Int(text) != nil || Double(text) == nil)
        return plain ? text : quoted(text)
    }

    /// A YAML double-quoted scalar.
    ///
    /// Escaped: control characters (C0, DEL and C1), the characters YAML reads as line breaks
    /// inside a scalar and folds away (NEL, LINE and PARAGRAPH SEPARATOR), the byte-order mark,
    /// and the noncharacters U+FFFE and U+FFFF that YAML does not allow in a document.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) {
                    result += "\\x" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
                } else if value == 0x2028 || value == 0x2029 || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF {
                    result += "\\u" + String(value, radix: 16, uppercase: true)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Words YAML 1.1 readers take for booleans or null, so a name spelled so must be quoted.
private let yamlWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]

extension String {
    /// The text with zeros in front up to `width` characters (hexadecimal codes in messages and escapes).
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension GraphDocument {
    /// How a document writes `matching`: `strict`, or the mapping of what differs from lenient
    /// (`{ caseSensitive: [scheme], unknownQuery: reject }`).
    static func matchingText(_ matching: DeepLinkMatching) -> String {
        if matching == .strict { return "strict" }
        var parts: [String] = []
        let sensitive = DeepLinkMatching.Part.allCases.filter(matching.caseSensitive.contains)
        if !sensitive.isEmpty { parts.append("caseSensitive: [\(sensitive.map(\.rawValue).joined(separator: ", "))]") }
        if matching.unknownQuery != .ignore { parts.append("unknownQuery: \(matching.unknownQuery.rawValue)") }
        if matching.trailingSlash != .ignore { parts.append("trailingSlash: \(matching.trailingSlash.rawValue)") }
        return "{ \(parts.joined(separator: ", ")) }"
    }
}
