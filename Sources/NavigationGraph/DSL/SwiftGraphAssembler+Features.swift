import NavigationCore

/// The boundaries of the ``Feature``s in a Swift graph, checked as a document's are: the app's
/// own declarations enter a feature only at one of its entries (transitions, the root, tab
/// roots) and never start a transition at a feature's route, since a feature is left only
/// through its exits. Each problem is a ``GraphBuildError`` at the app declaration's line.
extension SwiftGraphAssembler {
    static func checkFeatureBoundaries(_ components: [GraphComponent<R>]) throws(GraphBuildError) {
        var entries: [String: [String]] = [:]
        for component in components {
            if case .featureBoundary(let name, let featureEntries) = component.kind { entries[name] = featureEntries }
        }
        guard !entries.isEmpty else { return }
        /// The feature `route` belongs to, when it is one the graph includes.
        func feature(of route: R) -> String? {
            FeatureNames.feature(of: route.graphName).flatMap { entries[$0] == nil ? nil : $0 }
        }
        for component in components where component.feature == nil {
            func fail(_ message: String, _ remedy: String) -> GraphBuildError {
                GraphBuildError(message: message, remedy: remedy, file: component.file, line: component.line)
            }
            func checkEntered(_ route: R, _ what: String) throws(GraphBuildError) {
                guard let name = feature(of: route), let allowed = entries[name], !allowed.contains(route.graphName) else { return }
                throw fail("\(what) enters feature '\(name)' at '\(route.graphName)', which is not one of its entries (\(allowed.joined(separator: ", ")))",
                           "enter at an entry, or add the route to the Feature's entries:")
            }
            switch component.kind {
            case .transition(let from, let to, _, _, _, _):
                if let name = feature(of: from) {
                    throw fail("the transition from '\(from.graphName)' to '\(to.graphName)' leaves feature '\(name)' other than through one of its exits",
                               "lead to an exit route inside the feature's graph and map it under the Feature's exits:")
                }
                try checkEntered(to, "the transition from '\(from.graphName)'")
            case .root(let route):
                try checkEntered(route, "the root")
            case .tab(let tab, let route, _, _):
                try checkEntered(route, "tab '\(tab)'")
            default:
                continue
            }
        }
    }
}
