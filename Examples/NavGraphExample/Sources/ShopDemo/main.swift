// Drives the generated navigators through a purchase and checks where the app ends up.
import Foundation
import ShopApp

@MainActor
func purchase() throws -> Bool {
    let flow = try ShopFlow()
    flow.catalogTapped(product: 2)
    flow.productAddedToCart()
    let checkedOutSignedOut = flow.cartCheckedOut()   // the guard presents sign-in instead
    flow.signedIn()
    flow.cartCheckedOut()
    flow.orderPlaced()
    print("after the purchase: \(flow.visibleStack.joined(separator: " › "))")
    flow.open("example://products/1")
    print("after example://products/1: \(flow.visibleStack.joined(separator: " › "))")
    return !checkedOutSignedOut && flow.visibleStack == ["catalog", "product(id: 1)"]
}

exit(try purchase() ? 0 : 1)
