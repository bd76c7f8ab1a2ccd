import NavigationCore
import NavigationGraph

extension GraphLinter {
    /// Every finding, sorted by location, then rule, with the names of the checker's
    /// properties (``PropertyRegistry/reservedNames``) reserved: an invariant called
    /// `guard bypass` is an error.
    ///
    /// ```swift
    /// let errors = GraphLinter.lint(graph).filter { $0.severity == .error }
    /// ```
    public static func lint<R: Route>(_ graph: NavigationGraph<R>) -> [LintFinding] {
        lint(graph, reservedPropertyNames: PropertyRegistry.reservedNames)
    }
}
