import NavigationCore
import NavigationGraph
import Testing

extension FlagKey {
    static let signedIn = FlagKey("signedIn")
    static let premium = FlagKey("premium")
}

@Suite("Typed conditions")
struct TypedConditionTests {
    private static let editors = RouteGroup<TypedRoute>("editors", [.compose, .checkout])

    /// Every typed form next to the text it must equal, written as the language prints it.
    private static let pairs: [(GraphConditionSource<TypedRoute>, String)] = [
        (.always(true), "true"),
        (.flag(.signedIn), "signedIn"),
        (!.flag(.signedIn), "not signedIn"),
        (.top(is: .cart), "top == cart"),
        (.top(isNot: .product(id: 2)), "top != product"),
        (.top(isIn: editors), "top == editors"),
        (.modal(is: .signIn), "modal == signIn"),
        (.modal(isNot: .signIn), "modal != signIn"),
        (.noModal, "modal == none"),
        (.anyModal, "modal != none"),
        (.tab(is: "shop"), "tab == shop"),
        (.tab(isNot: "shop"), "tab != shop"),
        (.stackContains(.checkout), "stack contains checkout"),
        (.stackContains(editors), "stack contains editors"),
        (.stackContains(.cart, inTab: "shop"), "stack(shop) contains cart"),
        (.stackContains(editors, inTab: "shop"), "stack(shop) contains editors"),
        (.modalsContain(.signIn), "modals contains signIn"),
        (.modalsContain(editors), "modals contains editors"),
        (.below(is: .cart), "below == cart"),
        (.below(isNot: .product(id: 1)), "below != product"),
        (.below(isIn: editors), "below == editors"),
        (.depth <= 6, "depth <= 6"),
        (.depth < 6, "depth < 6"),
        (.modalDepth == 0, "modalDepth == 0"),
        (.modalDepth != 1, "modalDepth != 1"),
        (.count(.product(id: 1)) > 1, "count(product) > 1"),
        (.count(.product(id: 1)) >= 2, "count(product) >= 2"),
        (.flag(.signedIn) && .top(is: .cart), "signedIn and top == cart"),
        (.flag(.signedIn) || .flag(.premium) && .top(is: .cart), "signedIn or premium and top == cart"),
        ((.flag(.signedIn) || .flag(.premium)) && .top(is: .cart), "(signedIn or premium) and top == cart"),
        (.flag(.signedIn) && .flag(.premium) && .depth <= 3, "signedIn and premium and depth <= 3"),
        (.flag(.signedIn) && (.flag(.premium) && .depth <= 3), "signedIn and (premium and depth <= 3)"),
        (!(.flag(.signedIn) && .stackContains(.cart)), "not (signedIn and stack contains cart)"),
        (.top(is: .checkout).implies(.flag(.signedIn)), "top == checkout implies signedIn"),
        (.top(is: .checkout).implies(.flag(.signedIn).implies(.flag(.premium))), "top == checkout implies signedIn implies premium"),
        (.top(is: .checkout).implies(.flag(.signedIn)).implies(.flag(.premium)), "(top == checkout implies signedIn) implies premium"),
    ]

    /// A graph whose only invariant is `condition`, so its parsed expression can be compared.
    private func invariant(_ condition: GraphConditionSource<TypedRoute>) throws -> GraphCondition<TypedRoute> {
        let graph = try NavigationGraph<TypedRoute>("Typed") {
            Self.editors
            Root(.home)
            Flag(.signedIn)
            Flag(.premium)
            Invariant("under test", condition)
        }
        return try #require(graph.invariants.first?.condition)
    }

    @Test("every typed form is the same expression and text as its string form")
    func typedEqualsParsedText() throws {
        for (typed, text) in Self.pairs {
            let fromTyped = try invariant(typed)
            let fromText = try invariant(.text(text))
            #expect(fromTyped.expression == fromText.expression, "\(text)")
            #expect(fromTyped.text == text, "\(text)")
            let parsed = try Condition.parse(text).expandingGroups(["editors": ["compose", "checkout"]],
                                                                   routes: ["home", "cart", "product", "checkout", "signIn", "compose"])
            #expect(fromTyped.expression == parsed, "\(text)")
        }
    }

    @Test("a typed part combined with text means what the text written around it means")
    func typedWithText() throws {
        let mixed = try invariant(.flag(.signedIn) && "depth <= 2 or premium")
        let written = try invariant("signedIn and (depth <= 2 or premium)")
        #expect(mixed.expression?.description == written.expression?.description)
        #expect(mixed.expression?.description == "signedIn and (depth <= 2 or premium)")
        let negated = try invariant(!"signedIn")
        #expect(negated.expression?.description == "not signedIn")
    }

    @Test("typed conditions are accepted in transitions, guards, events, invariants and deep links, and export as the string graph does")
    func typedEverywhere() throws {
        let typed = try NavigationGraph<TypedRoute>("Shop") {
            Root(.home)
            Flag(.signedIn)
            Self.editors
            Push(.home, .product(id: 1))
            Push(.home, .cart, when: .depth <= 2)
            Sheet(.cart, .checkout, when: .flag(.signedIn) && .top(is: .cart))
            Sheet(.cart, .signIn, when: !.flag(.signedIn))
            Push(Self.editors, .home, when: .noModal || .modal(is: .compose))
            Sheet(.home, .compose)
            Guard(.checkout, .flag(.signedIn), otherwise: .redirect(.signIn, style: .sheet))
            Event("signIn", when: .top(is: .signIn), set: [.signedIn: true], then: [.dismiss])
            Event("signOut", when: .flag(.signedIn), set: [.signedIn: false], then: [.popToRoot])
            Invariant("checkout needs sign-in", .top(is: .checkout).implies(.flag(.signedIn)))
            Invariant("one product", .count(.product(id: 1)) <= 1)
            DeepLinkSchemes(["shop"])
            DeepLink("/cart", to: .cart, stack: [.home, .cart], requires: .flag(.signedIn) && !.stackContains(.checkout))
        }
        let text = try NavigationGraph<TypedRoute>("Shop") {
            Root(.home)
            Flag("signedIn")
            Self.editors
            Push(.home, .product(id: 1))
            Push(.home, .cart, when: "depth <= 2")
            Sheet(.cart, .checkout, when: "signedIn and top == cart")
            Sheet(.cart, .signIn, when: "not signedIn")
            Push(Self.editors, .home, when: "modal == none or modal == compose")
            Sheet(.home, .compose)
            Guard(.checkout, "signedIn", otherwise: .redirect(.signIn, style: .sheet))
            Event("signIn", when: "top == signIn", set: ["signedIn": true], then: [.dismiss])
            Event("signOut", when: "signedIn", set: ["signedIn": false], then: [.popToRoot])
            Invariant("checkout needs sign-in", "top == checkout implies signedIn")
            Invariant("one product", "count(product) <= 1")
            DeepLinkSchemes(["shop"])
            DeepLink("/cart", to: .cart, stack: [.home, .cart], requires: "signedIn and not stack contains checkout")
        }
        // Its one deep link declares no samples: the warning is placed at the Swift line.
        #expect(GraphLinter.lint(typed).map(\.rule) == ["deep-link-without-samples"], "\(GraphLinter.lint(typed))")
        #expect(GraphLinter.lint(typed).first?.location != nil)
        #expect(try GraphDocument.export(typed) == GraphDocument.export(text))
        #expect(typed.transitions.map { $0.condition?.expression } == text.transitions.map { $0.condition?.expression })
        #expect(typed.routes.map { $0.entryGuard?.condition.expression } == text.routes.map { $0.entryGuard?.condition.expression })
        #expect(typed.events.map { $0.precondition?.expression } == text.events.map { $0.precondition?.expression })
        #expect(typed.events.map { $0.flagChanges.map { "\($0.flag)=\($0.value)" } } == text.events.map { $0.flagChanges.map { "\($0.flag)=\($0.value)" } })
        #expect(typed.invariants.map { $0.condition.expression } == text.invariants.map { $0.condition.expression })
        #expect(typed.deepLinks?.links.map { $0.requirement?.expression } == text.deepLinks?.links.map { $0.requirement?.expression })
    }

    @Test("a closure combined with '&&' is a build error at its Swift line that says to write one closure")
    func closureInCombination() {
        let line = #line + 3
        do {
            _ = try NavigationGraph<TypedRoute>("Mixed") {
                Invariant("mixed", .flag(.signedIn) && .closure(name: "custom") { _ in true })
            }
            Issue.record("a closure combined with a typed condition was accepted")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains("'custom'"))
            #expect(error.remedy.contains("one closure"))
        }
    }

    @Test("a route whose name is a keyword of the condition language cannot be used in a typed condition")
    func keywordRouteName() {
        let line = #line + 4
        do {
            _ = try NavigationGraph<KeywordRoute>("Keyword") {
                Root(.home)
                Invariant("keyword", .stackContains(.stack))
            }
            Issue.record("a typed condition that reads differently as text was accepted")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains("stack contains stack"))
            #expect(error.remedy.contains("rename it"))
        }
    }
}

enum TypedRoute: GraphRoute {
    case home, cart, product(id: Int), checkout, signIn, compose

    var graphName: String {
        switch self {
        case .home: "home"
        case .cart: "cart"
        case .product: "product"
        case .checkout: "checkout"
        case .signIn: "signIn"
        case .compose: "compose"
        }
    }

    var graphArguments: [DynamicRoute.Argument] {
        if case .product(let id) = self { [.init(name: "id", value: String(id))] } else { [] }
    }

    static let graphSamples: [TypedRoute] = [.home, .cart, .product(id: 1), .product(id: 2), .checkout, .signIn, .compose]
}

enum KeywordRoute: GraphRoute, CaseIterable {
    case home, stack

    var graphName: String {
        switch self {
        case .home: "home"
        case .stack: "stack"
        }
    }
}
