import NavigationChecker
import NavigationCore
import NavigationGraph

extension FeatureLookup {
    /// The feature a verdict is about, as every report and the command line name it: the
    /// feature whose document declares the verdict's declaration (none for the graph's own
    /// document, whatever the declaration is called); for a verdict without a location, the
    /// feature its name's prefix names; else the feature of the route on top where its
    /// counterexample ends. `nil` for the app's own and in graphs without features.
    ///
    /// ```swift
    /// let features = FeatureLookup(graph)
    /// for verdict in result.failures { print(verdict.name, features.feature(of: verdict, in: graph) ?? "app") }
    /// ```
    public func feature<R: Route>(of verdict: PropertyVerdict<R>, in graph: NavigationGraph<R>) -> String? {
        if let declared = feature(of: verdict.name, declaredAt: verdict.location) { return declared }
        return verdict.trace?.steps.last?.state.top.map(graph.routeName).flatMap(feature(of:))
    }
}
