import NavigationChecker

/// The explorer run on the graph the app runs, the app's own middleware included.
///
/// In an app this belongs in the test target (`expectVerified(try ShopFlow.graph())`); this
/// example has none, so `ShopDemo` calls it.
public enum ShopVerification {
    /// Whether every property holds with the app's middleware, and in how many states.
    public static func run() throws -> (passed: Bool, states: Int) {
        let result = try Checker(try ShopFlow.graph()).run()
        return (result.passed, result.statistics.states)
    }
}
