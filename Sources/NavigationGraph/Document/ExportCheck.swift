import NavigationCore

/// What export checks so that a Swift graph is written as a document only when the document
/// loads to the same model: deep links are where Swift says more than a document can, since a
/// document's link builds its route from the captured parameters of the same names and nothing
/// else, while a Swift link runs its own `route:` and `parameters:` closures.
enum ExportCheck {
    /// Refuses, before writing, a deep link whose pattern does not capture every parameter of
    /// its route under the route's own parameter name.
    static func refuseWhatDocumentsCannotSay<R: GraphRoute>(_ graph: NavigationGraph<R>) throws(GraphExportError) {
        for link in graph.deepLinks?.links ?? [] {
            let pattern = link.mapping.patternText
            let captured = DeepLinkPattern.parse(pattern).pattern?.parameterNames ?? []
            let parameters = graph.route(named: link.routeName)?.samples.first?.graphArguments.map(\.name) ?? []
            let missing = parameters.filter { !captured.contains($0) }
            guard missing.isEmpty else {
                let capturedText = captured.isEmpty ? "no parameter" : captured.map { "'\($0)'" }.joined(separator: ", ")
                throw GraphExportError(
                    message: "deep link '\(pattern)'\(place(link.location)) captures \(capturedText), but route '\(link.routeName)' has parameter\(missing.count == 1 ? "" : "s") \(missing.map { "'\($0)'" }.joined(separator: ", ")); a document builds the route from the captured parameters of the same names, so its 'route:' closure cannot be exported",
                    remedy: "name the pattern's parameters after the route's (\(missing.map { "':\($0)'" }.joined(separator: ", "))), or keep this graph in Swift")
            }
        }
    }

    /// Loads `text` and compares its deep links with the Swift graph's on every sample URL and
    /// on every route sample (its URL, and that URL opened again), refusing at the first
    /// difference: that is a `route:` or `parameters:` closure doing what a document cannot say.
    static func compareDeepLinks<R: GraphRoute>(of graph: NavigationGraph<R>, with text: String) throws(GraphExportError) {
        guard let links = graph.deepLinks?.links, let swiftPipeline = graph.makeDeepLinkPipeline() else { return }
        let document: NavigationGraph<DynamicRoute>
        do {
            document = try GraphDocument.load(text, origin: "<export of \(graph.name)>")
        } catch {
            throw GraphExportError(message: "the document written for graph '\(graph.name)' does not load: \(error)",
                                   remedy: "this is a NavGraph bug (export should refuse what a document cannot say); please report it with the graph")
        }
        guard let documentPipeline = document.makeDeepLinkPipeline() else { return }
        let dynamic: (R) -> DynamicRoute = { DynamicRoute($0.graphName, arguments: $0.graphArguments) }

        for link in links {
            for sample in link.samples {
                let swift = summary(swiftPipeline.resolve(sample.url), dynamic)
                let written = summary(documentPipeline.resolve(sample.url), { $0 })
                guard swift == written else {
                    throw GraphExportError(
                        message: "deep link '\(link.mapping.patternText)'\(place(link.location)): sample URL '\(sample.url)' \(swift) in Swift, but the exported document's link \(written); its 'route:' closure does something a document cannot say",
                        remedy: "make the closures build the route from the parameters of the route's names and nothing else, or keep this graph in Swift")
                }
            }
        }
        for route in graph.routes {
            for sample in route.samples {
                let swiftURL = reverse(swiftPipeline, sample)
                let writtenURL = reverse(documentPipeline, dynamic(sample))
                guard swiftURL == writtenURL else {
                    throw GraphExportError(
                        message: "reverse routing of \(dynamic(sample)) gives \(swiftURL) in Swift, but \(writtenURL) from the exported document; a deep link's 'parameters:' closure does something a document cannot say",
                        remedy: "make 'parameters:' return the route's own parameter values under their names, or keep this graph in Swift")
                }
                guard case .url(let url) = swiftURL else { continue }
                let swift = summary(swiftPipeline.resolve(url), dynamic)
                let written = summary(documentPipeline.resolve(url), { $0 })
                guard swift == written else {
                    throw GraphExportError(
                        message: "the URL of \(dynamic(sample)), '\(url)', \(swift) in Swift, but the exported document \(written); a deep link's 'route:' closure does something a document cannot say",
                        remedy: "make 'route:' build the route from the parameters of the route's names, or keep this graph in Swift")
                }
            }
        }
    }

    private static func place(_ location: SourceLocation?) -> String {
        location.map { " (line \($0.line))" } ?? ""
    }

    /// The URL reverse routing writes for `route`, or why it writes none (without the route's
    /// description, which differs between route types).
    private static func reverse<X: Route>(_ pipeline: DeepLinkPipeline<X>, _ route: X) -> ReverseOutcome {
        do { return .url(try pipeline.url(for: route)) } catch {
            switch error {
            case .noMapping: return .noURL
            case .missingParameter(let name, let pattern): return .missing(name, pattern: pattern)
            case .valueOutsidePattern(let name, _, let pattern): return .missing(name, pattern: pattern)
            }
        }
    }

    private enum ReverseOutcome: Equatable, CustomStringConvertible {
        case url(String)
        case noURL
        case missing(String, pattern: String)

        var description: String {
            switch self {
            case .url(let url): "'\(url)'"
            case .noURL: "no URL"
            case .missing(let name, let pattern): "no URL (pattern '\(pattern)' misses parameter '\(name)')"
            }
        }
    }

    /// What a resolution does, with routes by name and arguments, comparable across route types.
    private static func summary<X: Route>(_ resolution: DeepLinkResolution<X>, _ dynamic: (X) -> DynamicRoute) -> String {
        switch resolution {
        case .unhandled: return "is unhandled"
        case .rejected: return "is rejected"
        case .matched(_, let plan, let requirement, let whenUnmet):
            var text = (plan.mode == .request ? "requests " : "plans ") + "\(dynamic(plan.destination))" + (plan.mode == .push ? " pushing" : "")
            if let tab = plan.tab { text += " in tab \(tab.name)" }
            if !plan.stack.isEmpty { text += " on stack [\(plan.stack.map { "\(dynamic($0))" }.joined(separator: ", "))]" }
            if let modal = plan.modal { text += " under a \(modal.style) of [\(modal.routes.map { "\(dynamic($0))" }.joined(separator: ", "))]" }
            if plan.underModals == .keep { text += " keeping the modals" }
            if !plan.flags.isEmpty { text += " setting " + plan.flags.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") }
            if let requirement { text += " requiring \(requirement.name) (\(whenUnmet == .pend ? "pend" : "reject"))" }
            return text
        }
    }
}
