// Drives the generated navigators through a purchase and checks where the app ends up.
import Foundation
import ShopApp

@MainActor
func purchase() throws -> Bool {
    let flow = try ShopFlow()
    flow.catalogTapped(product: 2)
    flow.productAddedToCart()
    let checkedOutSignedOut = flow.cartCheckedOut()   // the guard presents sign-in instead
    let signedIn = flow.signedIn()                     // the graph's event, fired through the store
    print("the graph's signIn event fired: \(signedIn)")
    flow.cartCheckedOut()
    flow.orderPlaced()
    print("after the purchase: \(flow.visibleStack.joined(separator: " › "))")
    let back = flow.back()                             // the app's middleware closes the cart
    print("Back on the confirmation: \(back ?? "not redirected")")
    flow.open("example://products/1")
    print("after example://products/1: \(flow.visibleStack.joined(separator: " › "))")
    return !checkedOutSignedOut && signedIn && back != nil && flow.visibleStack == ["catalog", "product(id: 1)"]
}

/// The explorer checks the graph with the app's middleware: what it verifies is what the app runs.
func verify() throws -> Bool {
    let result = try ShopVerification.run()
    print("explored with the app's middleware: \(result.passed ? "passed" : "failed") in \(result.states) states")
    return result.passed
}

/// The generated route enum is public (`.navgraph.yml`: `generate: { access: public }`), so this
/// module uses it and its deep links directly.
func publicRoutes() -> Bool {
    let route = ShopRoute(deepLink: "example://products/1")
    print("ShopRoute from another module: \(route.map { "\($0)" } ?? "no route")")
    return route != nil
}

exit(try purchase() && verify() && publicRoutes() ? 0 : 1)
