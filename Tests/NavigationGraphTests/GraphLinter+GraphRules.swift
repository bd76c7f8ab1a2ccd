import NavigationCore
import NavigationGraph

extension GraphLinter {
    /// The graph's own rules, with no property name reserved: the names are the checker's, and
    /// these tests do not link it (NavigationCheckerTests holds lint to the registry's names).
    static func lint<R: Route>(_ graph: NavigationGraph<R>) -> [LintFinding] {
        lint(graph, reservedPropertyNames: [])
    }
}
