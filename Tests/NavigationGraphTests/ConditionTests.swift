import NavGraphTestSupport
import Testing
import NavigationCore
import NavigationGraph

@Suite("The condition language")
struct ConditionTests {
    func state(_ routes: [String], modal: String? = nil, flags: FlagSet = [], tab: TabID = "home") throws -> NavigationState<DynamicRoute> {
        var state = try NavigationState<DynamicRoute>(
            tabs: [NavigationTab(id: "home", stack: RouteStack(routes.map { DynamicRoute($0) })), NavigationTab(id: "profile", root: DynamicRoute("me"))],
            selected: tab, flags: flags)
        if let modal {
            NavigationEngine<DynamicRoute>().apply(.present(DynamicRoute(modal), style: .sheet), to: &state)
        }
        return state
    }

    func holds(_ text: String, _ state: NavigationState<DynamicRoute>) throws -> Bool {
        try Condition.parse(text).compile(routeName: { (route: DynamicRoute) in route.name })(state)
    }

    @Test("the README's examples parse and evaluate as stated")
    func examples() throws {
        let checkoutSignedOut = try state(["catalog", "checkout"])
        #expect(try !holds("top == checkout implies signedIn", checkoutSignedOut))
        #expect(try holds("top == checkout implies signedIn", try state(["catalog", "checkout"], flags: ["signedIn"])))
        #expect(try holds("top == checkout implies signedIn", try state(["catalog"])))
        #expect(try holds("depth <= 6", checkoutSignedOut))
        #expect(try !holds("depth <= 1", checkoutSignedOut))
        #expect(try holds("stack contains catalog", checkoutSignedOut))
        #expect(try !holds("stack contains login", checkoutSignedOut))
        #expect(try holds("modal == paywall", try state(["home"], modal: "paywall")))
        #expect(try holds("modal == none", checkoutSignedOut))
        #expect(try holds("modal != none", try state(["home"], modal: "paywall")))
        #expect(try holds("tab == profile and not signedIn", try state(["home"], tab: "profile")))
        #expect(try holds("count(product) <= 2", try state(["catalog", "product", "product"])))
        #expect(try !holds("count(product) <= 2", try state(["catalog", "product", "product", "product"])))
        #expect(try holds("modalDepth == 1", try state(["home"], modal: "paywall")))
    }

    /// The tree of a condition, every operator's operands in parentheses (unlike `description`,
    /// which writes only the parentheses the grammar needs).
    func grouped(_ condition: Condition) -> String {
        switch condition {
        case .not(let inner): "not (\(grouped(inner)))"
        case .and(let a, let b): "(\(grouped(a))) and (\(grouped(b)))"
        case .or(let a, let b): "(\(grouped(a))) or (\(grouped(b)))"
        case .implies(let a, let b): "(\(grouped(a))) implies (\(grouped(b)))"
        default: condition.description
        }
    }

    @Test("precedence: not binds tightest, then and, or, and implies (right-associative) loosest")
    func precedence() throws {
        #expect(grouped(try Condition.parse("a or b and c")) == "(a) or ((b) and (c))")
        #expect(grouped(try Condition.parse("not a and b")) == "(not (a)) and (b)")
        #expect(grouped(try Condition.parse("a implies b implies c")) == "(a) implies ((b) implies (c))")
        #expect(grouped(try Condition.parse("a and b and c")) == "((a) and (b)) and (c)")
        #expect(grouped(try Condition.parse("(a or b) and c")) == "((a) or (b)) and (c)")
        let empty = try state(["x"])
        #expect(try holds("true or false and false", empty))
        #expect(try !holds("(true or false) and false", empty))
        #expect(try holds("false implies false implies false", empty))
    }

    @Test("parse errors carry line:column and a remedy", arguments: [
        ("top = checkout", 1, 5, "unexpected '='"),
        ("signedIn &&", 1, 10, "unexpected character '&'"),
        ("top ==", 1, 7, "expected a name after 'top ==', found end of condition"),
        ("depth <= six", 1, 10, "expected a number after 'depth …'"),
        ("(a or b", 1, 8, "expected ')' to close the '(' at 1:1"),
        ("a b", 1, 3, "unexpected 'b' after a complete condition"),
        ("stack has x", 1, 7, "expected 'contains' after 'stack'"),
        ("count product", 1, 7, "expected '(' after 'count'"),
        ("a and\n  top == ", 2, 10, "expected a name after 'top =='"),
        ("top == top", 1, 8, "expected a name"),
        ("depth ~ 3", 1, 7, "unexpected character '~'"),
        ("", 1, 1, "expected a condition, found end of condition"),
    ])
    func errors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try Condition.parse(text)
            Issue.record("'\(text)' should not parse")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column), "\(text): \(error)")
            #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
            #expect(!error.remedy.isEmpty)
        }
    }

    @Test("hostile conditions are refused, not recursed into")
    func limits() {
        #expect(throws: ConditionError.self) { try Condition.parse(String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)) }
        #expect(throws: ConditionError.self) { try Condition.parse(String(repeating: "not ", count: 500) + "a") }
        #expect(throws: ConditionError.self) { try Condition.parse("depth < 99999999999999999999") }
    }

    @Test("names are collected with their locations, for lint")
    func names() throws {
        let condition = try Condition.parse("top == checkout implies signedIn and tab == shop and count(cart) < 2")
        #expect(condition.routeNames.map(\.text) == ["checkout", "cart"])
        #expect(condition.flagNames.map(\.text) == ["signedIn"])
        #expect(condition.flagNames.first?.location == SourceLocation(line: 1, column: 25))
        #expect(condition.tabNames.map(\.text) == ["shop"])
    }

    @Test("printing a condition and parsing it back gives the same condition, over 2,000 random trees")
    func printParseRoundTrip() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let condition = randomCondition(&random, depth: 0)
            let reparsed = try Condition.parse(condition.description)
            #expect(grouped(reparsed) == grouped(condition), "\(condition)")
        }
    }

    @Test("printing writes only the parentheses the grammar needs", arguments: [
        ("a or b and c", "a or b and c"), ("(a or b) and c", "(a or b) and c"), ("a and (b and c)", "a and (b and c)"),
        ("((a and b) and c) and d", "a and b and c and d"), ("a implies (b implies c)", "a implies b implies c"),
        ("(a implies b) implies c", "(a implies b) implies c"), ("not (a and b) or not not c", "not (a and b) or not not c"),
        ("(((a)))", "a"), ("top==x or(depth<=2)", "top == x or depth <= 2"),
    ])
    func minimalParentheses(text: String, printed: String) throws {
        #expect(try Condition.parse(text).description == printed)
    }

    @Test("a chain of 200 conditions prints as text that parses back (the grouped form nested past the limit)")
    func longChainsPrintFlat() throws {
        let text = (0..<200).map { "f\($0)" }.joined(separator: " and ")
        let condition = try Condition.parse(text)
        #expect(condition.description == text)
        #expect(grouped(try Condition.parse(condition.description)) == grouped(condition))
    }

    func randomCondition(_ random: inout SeededGenerator, depth: Int) -> Condition {
        func name() -> Condition.Name { Condition.Name(text: ["a", "b", "checkout", "x_1"].randomElement(using: &random) ?? "a", location: SourceLocation(line: 1, column: 1)) }
        let leaf = depth > 3 || Int.random(in: 0..<3, using: &random) == 0
        if leaf {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: return .flag(name())
            case 1: return .isNamed([.top, .modal, .tab, .below].randomElement(using: &random) ?? .top, name(), equal: Bool.random(using: &random))
            case 7: return .tabStackContains(tab: name(), route: name())
            case 8: return .modalsContain(name())
            case 2: return .stackContains(name())
            case 3: return .compare(.count(name()), Condition.Comparison.allCases.randomElement(using: &random) ?? .equal, Int.random(in: 0...9, using: &random))
            case 4: return .compare(.depth, .lessOrEqual, Int.random(in: 0...9, using: &random))
            case 5: return .noModal(equal: Bool.random(using: &random))
            default: return .constant(Bool.random(using: &random))
            }
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .not(randomCondition(&random, depth: depth + 1))
        case 1: return .and(randomCondition(&random, depth: depth + 1), randomCondition(&random, depth: depth + 1))
        case 2: return .or(randomCondition(&random, depth: depth + 1), randomCondition(&random, depth: depth + 1))
        default: return .implies(randomCondition(&random, depth: depth + 1), randomCondition(&random, depth: depth + 1))
        }
    }
}
