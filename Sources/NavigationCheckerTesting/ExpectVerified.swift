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

/// Checks `graph` with the explicit engine (`Checker`) and records an issue
/// per failed property (see ``expectVerified(_:sourceLocation:)``). A graph that cannot be
/// checked (lint errors, no initial state) is an issue too.
///
/// This library links no C library, so an app's test bundle (an iOS one included) can use it.
/// For the symbolic engine, which reaches deeper stacks, depend on NavigationCheckerSymbolic
/// and pass its result: `expectVerified(try GraphCheck.run(graph).result)`.
///
/// ```swift
/// @Test func navigationIsSound() {
///     expectVerified(AppGraph.make())
///     expectVerified(AppGraph.make(), options: .init(checkTraps: false))
/// }
/// ```
@discardableResult
public func expectVerified<R: Route>(
    _ graph: NavigationGraph<R>, options: Checker<R>.Options = .init(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> CheckResult<R>? {
    do {
        let result = try Checker(graph, options: options).run()
        expectVerified(result, sourceLocation: sourceLocation)
        return result
    } catch {
        Issue.record(Comment(rawValue: "\(graph.name) was not checked: \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}
