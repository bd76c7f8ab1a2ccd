// A walk through a small shop app, driven through NavigationStore the way SwiftUI views would
// drive it. Run with `make demo`.
import NavigationCore

enum Shop: Route, Codable, CustomStringConvertible {
    case catalog, product(id: Int), cart, checkout, signIn, receipt

    var description: String {
        switch self {
        case .catalog: "catalog"
        case .product(let id): "product(\(id))"
        case .cart: "cart"
        case .checkout: "checkout"
        case .signIn: "signIn"
        case .receipt: "receipt"
        }
    }
}

/// Checkout needs a signed-in user: otherwise present sign-in as a sheet instead.
struct SignInGuard: NavigationMiddleware {
    func willExecute(_ command: NavigationCommand<Shop>, context: MiddlewareContext<Shop>) -> MiddlewareDecision<Shop> {
        guard !context.state.isSet("signedIn"),
              context.outcome(of: command)?.top == .checkout
        else { return .proceed }
        return .redirect(.present(.signIn, style: .sheet))
    }
}

let deepLinks = DeepLinkPipeline<Shop>(
    configuration: DeepLinkConfiguration(schemes: ["shop", "https"], hosts: ["shop.example"]),
    matcher: DeepLinkMatcher([
        DeepLinkMapping(
            "/products/:id",
            route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
            parameters: { if case .product(let id) = $0 { DeepLinkParameters(["id": String(id)]) } else { nil } },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) }),
        DeepLinkMapping(
            "/checkout", route: .checkout,
            plan: { NavigationPlan(destination: $0, stack: [.catalog], modal: .init(style: .sheet, routes: [.cart, $0])) },
            requirement: .flag("signedIn")),
    ]))

func show(_ state: NavigationState<Shop>) -> String {
    var text = "\(state.stack(of: .main) ?? RouteStack([]))"
    for modal in state.modals { text += " + \(modal.style.rawValue) \(modal.stack)" }
    if !state.flags.isEmpty { text += "  flags: \(state.flags.sorted().map(\.name).joined(separator: ","))" }
    return text
}

@MainActor
func runDemo() {
    let rules = NavigationRules<Shop>(stackValidator: .combined(.nonEmpty, .maxDepth(5)), tabValidators: [.main: .rooted(at: .catalog)])
    let store = NavigationStore(initial: NavigationState<Shop>(root: .catalog), engine: NavigationEngine(rules: rules), deepLinks: deepLinks)
    store.addMiddleware(SignInGuard(), name: "sign-in guard")

    func step(_ title: String, _ action: () -> String) {
        let outcome = action()
        let label = "• \(title)"
        print(label + String(repeating: " ", count: max(1, 44 - label.count)) + "→ \(outcome)")
        print("    state: \(show(store.state))")
    }

    print("NavGraph store demo: a shop with a sign-in guard on checkout\n")
    step("go to product 7") { "\(store.send(.go(.product(id: 7))))" }
    step("open the cart as a sheet") { "\(store.execute(.present(.cart, style: .sheet)))" }
    step("go to checkout, signed out (redirected)") { "\(store.send(.go(.checkout)))" }
    step("sign in, then dismiss sign-in") {
        "\(store.executeBatch([.setFlag("signedIn", true), .dismiss]))"
    }
    step("go to checkout (signed in)") { "\(store.send(.go(.checkout)))" }
    step("back from checkout") { "\(store.send(.back))" }
    step("transaction: dismiss twice, push receipt") {
        "\(store.executeTransaction([.dismiss, .dismiss, .push(.receipt)]))"
    }
    step("transaction: dismiss once, push receipt") {
        "\(store.executeTransaction([.dismiss, .push(.receipt)]))"
    }
    step("push past maxDepth(5)") {
        "\(store.execute(.pushAll([.product(id: 1), .product(id: 2), .product(id: 3), .product(id: 4)])))"
    }
    step("back to root") { "\(store.send(.backToRoot))" }
    step("popCount(0)") { "\(store.execute(.popCount(0)))" }

    let looping = store.addMiddleware(
        AnyMiddleware(willExecute: { command, _ in
            switch command {
            case .push(.cart): .redirect(.push(.receipt))
            case .push(.receipt): .redirect(.push(.cart))
            default: .proceed
            }
        }),
        name: "buggy ping-pong redirect")
    step("push cart with a ping-pong middleware") { "\(store.send(.go(.cart)))" }
    store.removeMiddleware(looping)

    print("\nDeep links")
    step("sign out") { "\(store.execute(.setFlag("signedIn", false)))" }
    step("open shop://checkout (needs sign-in)") { "\(store.open("shop://checkout"))" }
    step("open https://shop.example/products/12") { "\(store.open("https://shop.example/products/12"))" }
    step("sign in: the pending link resumes") { "\(store.execute(.setFlag("signedIn", true)))" }
    step("open shop://../etc/passwd") { "\(store.open("shop://../etc/passwd"))" }
    if let url = try? deepLinks.url(for: .product(id: 42)) { print("\nreverse routing: product(42) → \(url)") }
    print("middleware chain now: \(store.middlewareNames)")
}

runDemo()
