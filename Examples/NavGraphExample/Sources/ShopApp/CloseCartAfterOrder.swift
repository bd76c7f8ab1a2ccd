import NavigationCore

/// The app's own middleware, written in Swift: Back on the order confirmation closes the cart
/// instead of returning into a finished checkout. It is registered on the graph
/// (``ShopFlow/graph()``), so the store runs it and the explorer explores it.
struct CloseCartAfterOrder: NavigationMiddleware {
    func willExecute(_ command: NavigationCommand<ShopRoute>, context: MiddlewareContext<ShopRoute>) -> MiddlewareDecision<ShopRoute> {
        command == .pop && context.state.top == .confirmation ? .redirect(.dismissAll) : .proceed
    }
}
