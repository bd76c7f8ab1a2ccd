import NavigationCore
import NavigationGraph

extension RouteFileWriter {
    /// One method of a screen's navigator: the transitions from the screen to one route in one
    /// style (a transition declared twice, under two conditions, is one method).
    struct NavigatorMethod {
        let style: TransitionStyle
        let destination: GeneratedNames.Route
        var transitions: [TransitionDeclaration<DynamicRoute>]

        /// `pushProduct`, `presentCart`, `coverLogin`, `replaceWithReceipt`.
        var name: String { Self.prefix(style) + destination.stem }

        /// A transition of the method that declares a reroute: then the method performs, through
        /// the store, the action of the declaration the graph offers in the store's state (the
        /// first whose condition holds; the plain move when that one declares no reroute) and
        /// returns its `ReroutableActionResult`.
        var rerouting: TransitionDeclaration<DynamicRoute>? { transitions.first { $0.reroute != nil } }

        /// The method's result type: `NavigationResult`, or `ReroutableActionResult` when it may reroute.
        func resultType(_ type: String) -> String {
            rerouting == nil ? "NavigationResult<\(type)>" : "ReroutableActionResult<\(type)>"
        }

        /// The one value every transition of the method writes (`with: { id: me }`), which the
        /// method then brings in without taking parameters; `nil` when a transition names the
        /// route alone or two write different values, and the caller gives the value.
        var writtenValue: DynamicRoute? {
            guard let first = transitions.first?.value, transitions.allSatisfy({ $0.value == first }) else { return nil }
            return first
        }

        static func prefix(_ style: TransitionStyle) -> String {
            switch style {
            case .presentation(.push): "push"
            case .presentation(.modal(let modal)): modal.traits.verb
            case .presentation(.replace): "replaceWith"
            case .request: "request"
            }
        }
    }

    /// The methods of `route`'s navigator, in the order the document first declares them.
    func methods(from route: GeneratedNames.Route) -> [NavigatorMethod] {
        var methods: [NavigatorMethod] = []
        for transition in graph.transitions where transition.from == route.name {
            guard let destination = names.route(named: transition.to) else { continue }
            if let index = methods.firstIndex(where: { $0.style == transition.style && $0.destination.name == destination.name }) {
                methods[index].transitions.append(transition)
            } else {
                methods.append(NavigatorMethod(style: transition.style, destination: destination, transitions: [transition]))
            }
        }
        return methods
    }

    mutating func writeNavigators() {
        add("// MARK: - Navigators")
        add()
        add("extension \(type) {")
        for route in names.routes {
            add("    /// What the `\(SwiftSource.comment(route.name))` screen may do: the transitions `\(source)` allows from it, and no other.")
            add("    @MainActor")
            let routeMethods = methods(from: route)
            guard !routeMethods.isEmpty else {
                add("    \(modifier)protocol \(route.stem)Navigator {}")
                add()
                continue
            }
            add("    \(modifier)protocol \(route.stem)Navigator {")
            for method in routeMethods {
                for line in documentation(of: method) { add("        /// " + line) }
                add("        @discardableResult func \(signature(of: method)) -> \(method.resultType(type))")
            }
            add("    }")
            add()
        }
        add("    /// Each screen's navigator over one store: `navigators.\(names.routes.first.map { SwiftSource.reference($0.identifier) } ?? "screen")` is typed as that screen's")
        add("    /// protocol alone, so it offers exactly the transitions the graph allows from the screen. The")
        add("    /// methods run their command through `NavigationStore.execute(_:)`: middleware and guards apply.")
        add("    @MainActor")
        add("    \(modifier)struct Navigators {")
        add("        /// The store every navigator sends its commands to.")
        add("        \(modifier)let navigationStore: NavigationStore<\(type)>")
        add()
        add("        \(modifier)init(store: NavigationStore<\(type)>) {")
        add("            navigationStore = store")
        add("        }")
        for route in names.routes {
            add()
            add("        /// The `\(SwiftSource.comment(route.name))` screen's navigator.")
            add("        \(modifier)var \(SwiftSource.reference(route.identifier)): some \(route.stem)Navigator { \(route.stem)Screen(navigationStore: navigationStore) }")
        }
        for route in names.routes {
            add()
            add("        @MainActor")
            add("        private struct \(route.stem)Screen: \(route.stem)Navigator {")
            add("            let navigationStore: NavigationStore<\(type)>")
            for method in methods(from: route) {
                add()
                add("            @discardableResult func \(signature(of: method)) -> \(method.resultType(type)) {")
                add("                \(body(of: method))")
                add("            }")
            }
            add("        }")
        }
        add("    }")
        add("}")
        add()
        add("extension NavigationStore where R == \(type) {")
        add("    /// Each screen's navigator over this store.")
        add("    \(modifier)var navigators: \(type).Navigators { \(type).Navigators(store: self) }")
        add("}")
        if graph.transitions.contains(where: { $0.reroute != nil }) { writeReroutableActions() }
    }

    /// The lookup rerouting navigator methods use: the graph's own
    /// `reroutableAction(from:to:style:in:)`, the declaration the explorer takes in that state,
    /// so the app performs what the explorer performed.
    private mutating func writeReroutableActions() {
        add()
        add("extension \(type) {")
        add("    /// The action of the move `from` → `destination` in `style` as the graph offers it in `state`")
        add("    /// (the first declaration whose condition holds), when that one reroutes; nil otherwise.")
        add("    private static func navgraphReroutableAction(")
        add("        from: Swift.String, style: TransitionStyle, bringing destination: \(type), in state: NavigationState<\(type)>")
        add("    ) -> ReroutableAction<\(type)>? {")
        // The app's own route type (`extend`) has no `navigationGraph()` of this file's: the embedded one.
        add("        guard let graph = try? \(extendsExistingType ? "navgraphGraph.get()" : "navigationGraph()") else { return nil }")
        add("        return graph.reroutableAction(from: from, to: destination, style: style, in: state)")
        add("    }")
        add("}")
    }

    private func signature(of method: NavigatorMethod) -> String {
        guard method.writtenValue == nil else { return "\(method.name)()" }
        let parameters = method.destination.parameters.map { "\(SwiftSource.reference($0.identifier)): \($0.type.swiftName)" }
        return "\(method.name)(\(parameters.joined(separator: ", ")))"
    }

    /// `style` as generated Swift writes it: the case of ``ModalStyle`` (`.sheet`).
    static func swiftExpression(_ style: ModalStyle) -> String { ".\(style)" }

    /// `style` as generated Swift writes a ``TransitionStyle``: `.push`, `.replace`, `.request`,
    /// or `.modal(.sheet)`, which every modal style has (only some have a shorthand).
    static func swiftExpression(_ style: TransitionStyle) -> String {
        switch style {
        case .presentation(.push): ".push"
        case .presentation(.replace): ".replace"
        case .presentation(.modal(let modal)): ".modal(\(swiftExpression(modal)))"
        case .request: ".request"
        }
    }

    private func body(of method: NavigatorMethod) -> String {
        let arguments: [String] = if let written = method.writtenValue {
            method.destination.parameters.map { parameter in
                parameter.type.literal(written.arguments.first { $0.name == parameter.name }?.value ?? "")
            }
        } else {
            method.destination.parameters.map { SwiftSource.reference($0.identifier) }
        }
        let destination = value(method.destination, arguments)
        let command: String
        switch method.style {
        case .presentation(.push): command = ".push(\(destination))"
        case .presentation(.modal(let modal)): command = ".present(\(destination), style: \(Self.swiftExpression(modal)))"
        case .presentation(.replace):
            command = "NavigationGraph<\(type)>.command(to: \(destination), style: .replace, in: self.navigationStore.state)"
        case .request: command = ".request(\(destination))"
        }
        guard let rerouting = method.rerouting else { return "self.navigationStore.execute(\(command))" }
        // Without a rerouting declaration offered in the state (or without the graph, which always
        // loads: it is the document this file embeds), the move runs its command as a plain action.
        let fallback = "ReroutableAction(name: \(SwiftSource.stringLiteral(rerouting.label))) { state in "
            + ".run(NavigationGraph<\(type)>.command(to: \(destination), style: \(Self.swiftExpression(method.style)), in: state)) }"
        let lookup = "\(type).navgraphReroutableAction(from: \(SwiftSource.stringLiteral(rerouting.from)), "
            + "style: \(Self.swiftExpression(method.style)), bringing: \(destination), in: self.navigationStore.state)"
        return "self.navigationStore.perform(\(lookup)\n                    ?? \(fallback))"
    }

    private func documentation(of method: NavigatorMethod) -> [String] {
        let destination = "`\(SwiftSource.comment(method.destination.name))`"
        var summary: String
        switch method.style {
        case .presentation(.push): summary = "Pushes \(destination) onto the active stack"
        case .presentation(.modal(let modal)): summary = "Presents \(destination) as \(modal.traits.phrase)"
        case .presentation(.replace): summary = "Replaces the active stack's top with \(destination)"
        case .request: summary = "Requests \(destination) from its nearest visible owner"
        }
        summary += " (" + method.transitions.map { at($0.location) }.joined(separator: ", ") + ")."
        var lines = [summary]
        if let written = method.writtenValue {
            lines.append("It brings in `\(SwiftSource.comment(written.description))`, the one value the graph writes.")
        }
        if let reroute = method.rerouting?.reroute {
            lines.append("While `\(SwiftSource.comment(reroute.condition.text))` holds it reroutes: `\(SwiftSource.comment(reroute.route))` is requested from its owner and the move tried once more.")
        }
        let conditions = method.transitions.map { $0.condition.map { "`\(SwiftSource.comment($0.text))`" } }
        if !conditions.contains(where: { $0 == nil }) {
            lines.append("The graph offers it only while \(conditions.compactMap { $0 }.joined(separator: ", or while ")).")
        }
        return lines
    }
}
