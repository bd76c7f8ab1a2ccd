// libFuzzer entry point: arbitrary bytes, read as a URL, go through the deep-link pipeline and,
// when it plans, through the executor. Built by `make fuzz` together with NavigationCore's sources
// (one module, so no import). A crash, a hang, a sanitizer report or a broken invariant below
// (a failed `check`) is a finding.

enum FuzzRoute: Route {
    case home, item(Int), page(String), help(String), secret
}

let fuzzMappings: [DeepLinkMapping<FuzzRoute>] = [
    DeepLinkMapping("/", route: .home, plan: { NavigationPlan(destination: $0, stack: [.home]) }),
    DeepLinkMapping(
        "/items/:id?ref=:ref",
        route: { parameters throws(DeepLinkRejection) in .item(try parameters.int("id")) },
        parameters: { if case .item(let id) = $0 { DeepLinkParameters(["id": String(id)]) } else { nil } },
        plan: { NavigationPlan(destination: $0, stack: [.home, $0]) }),
    DeepLinkMapping(
        "/pages/:slug",
        route: { parameters throws(DeepLinkRejection) in .page(try parameters.string("slug")) },
        parameters: { if case .page(let slug) = $0 { DeepLinkParameters(["slug": slug]) } else { nil } },
        plan: { NavigationPlan(destination: $0, tab: "main", stack: [.home], modal: .init(style: .sheet, routes: [$0])) }),
    DeepLinkMapping(
        "/help/*",
        route: { parameters throws(DeepLinkRejection) in .help(parameters["*"] ?? "") },
        parameters: { if case .help(let path) = $0 { DeepLinkParameters(["*": path]) } else { nil } },
        plan: { NavigationPlan(destination: $0, stack: [.home, $0]) }),
    DeepLinkMapping("/secret", route: .secret, plan: { NavigationPlan(destination: $0, stack: [.home, $0]) }, requirement: .flag("signedIn")),
]

let fuzzLimits = DeepLinkLimits()
let fuzzPipeline = DeepLinkPipeline(
    configuration: DeepLinkConfiguration(schemes: ["app", "https"], hosts: ["example.com"], limits: fuzzLimits),
    matcher: DeepLinkMatcher(fuzzMappings))
let fuzzExecutor = NavigationExecutor<FuzzRoute>(engine: NavigationEngine(rules: NavigationRules(stackValidator: .combined(.nonEmpty, .maxDepth(4)))))

/// Stops the run with a message: libFuzzer records the input that got here as a crash.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    precondition(condition, "invariant broken: \(message())")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var state = NavigationState<FuzzRoute>(root: .home)
    switch fuzzPipeline.decide(text, in: state) {
    case .plan(let plan):
        check(text.utf8.count <= fuzzLimits.maxLength, "a URL over the length limit planned")
        let outcome = fuzzPipeline.open(text, on: &state, using: fuzzExecutor)
        if case .navigated(_, .committed) = outcome {
            check(state.top == plan.modal?.routes.last ?? plan.stack.last, "a committed plan did not land on its destination")
        }
        // Whatever a URL planned, reverse routing must spell a URL that plans the same route.
        if let url = try? fuzzPipeline.url(for: plan.destination), case .plan(let again) = fuzzPipeline.decide(url, in: state) {
            check(again.destination == plan.destination, "reverse routing did not round-trip \(plan.destination)")
        }
    case .pending(let link):
        check(link.url == text, "a pending link changed its URL")
        _ = fuzzPipeline.open(text, on: &state, using: fuzzExecutor)
        check(state.pendingDeepLink == link, "a pending link was not parked")
    case .rejected, .unhandled:
        break
    }
    return 0
}
