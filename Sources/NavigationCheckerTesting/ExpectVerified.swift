import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Records a Swift Testing issue for every failed property of `result`, with its shortest
/// counterexample printed step by step, and one for a search that was cut short (a budget ran
/// out): its undecided properties are not verified.
///
/// ```swift
/// @Test func navigationIsSound() throws {
///     expectVerified(try Checker(AppGraph.make()).run())
/// }
/// ```
public func expectVerified<R: Route>(_ result: CheckResult<R>, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for failure in result.failures {
        var text = "\(result.graphName): \(failure.name) failed: \(failure.message)"
        if let trace = failure.trace { text += "\nshortest counterexample:\n" + trace.formatted }
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }
    if let cutoff = result.cutoff, !result.undecided.isEmpty {
        let names = result.undecided.map(\.name).joined(separator: ", ")
        Issue.record(Comment(rawValue: "\(result.graphName): not verified: the search was \(cutoff.summary), so \(names) could not be decided; \(cutoff.advice)"),
                     sourceLocation: sourceLocation)
    }
}

/// Checks `graph` with the engine `engine` asks for (by default the symbolic engine when it
/// models the graph, else the explicit one; see ``NavigationChecker/GraphCheck``) and records an
/// issue per failed property (see ``expectVerified(_:sourceLocation:)``). A graph that cannot be
/// checked (lint errors, no initial state, the symbolic engine asked for on a graph it does not
/// model) is an issue too.
///
/// ```swift
/// @Test func navigationIsSound() {
///     expectVerified(AppGraph.make())                          // automatic
///     expectVerified(AppGraph.make(), engine: .explicit)       // one engine by name
/// }
/// ```
@discardableResult
public func expectVerified<R: Route>(
    _ graph: NavigationGraph<R>, options: Checker<R>.Options = .init(), engine: EngineRequest = .automatic,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> CheckResult<R>? {
    do {
        let result = try GraphCheck.run(graph, engine: engine, options: options).result
        expectVerified(result, sourceLocation: sourceLocation)
        return result
    } catch {
        Issue.record(Comment(rawValue: "\(graph.name) was not checked: \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}
