import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// Route values in conditions: `top == account(id: me)` names one sample where
/// `top == account` names every one.
@Suite("Route values in conditions")
struct RouteValueConditionTests {
    static let document = """
        navgraph: 1
        name: Accounts
        root: home
        routes:
          home: {}
          account: { params: { id: [me, alice] } }
          thread: { params: { id: [1, 2], author: [me, alice] } }
        transitions:
          - { from: home, to: account }
          - { from: account, to: thread }
        invariants:
          own account: "top == account(id: me) implies below == home"
        """

    private static func state(_ routes: [DynamicRoute]) throws -> NavigationState<DynamicRoute> {
        var state = NavigationState(root: DynamicRoute("home"))
        for route in routes { #expect(NavigationEngine().apply(.push(route), to: &state) == .success) }
        return state
    }

    private static func holds(_ text: String, in state: NavigationState<DynamicRoute>) throws -> Bool {
        try Condition.parse(text).compile(routeName: { (route: DynamicRoute) in route.name })(state)
    }

    private static let me = DynamicRoute("account", arguments: [.init(name: "id", value: "me")])
    private static let alice = DynamicRoute("account", arguments: [.init(name: "id", value: "alice")])
    private static let thread = DynamicRoute("thread", arguments: [.init(name: "id", value: "2"), .init(name: "author", value: "alice smith")])

    @Test("a route value holds for that sample only, in every atom that names a route", arguments: [
        ("top == account(id: alice)", true), ("top == account(id: me)", false), ("top == account", true),
        ("top != account(id: me)", true), ("stack contains account(id: me)", true), ("stack contains account(id: bob)", false),
        ("count(account(id: me)) == 1", true), ("count(account(id: alice)) >= 1", true), ("count(account) == 2", true),
        ("below == account(id: me)", true), ("below != account(id: me)", false),
        ("modals contains account(id: me)", false), ("modal == account(id: me)", false),
    ])
    func evaluation(text: String, expected: Bool) throws {
        #expect(try Self.holds(text, in: try Self.state([Self.me, Self.alice])) == expected)
    }

    @Test("values are matched by parameter name in any order, quoted when they are not one word")
    func severalParameters() throws {
        let state = try Self.state([Self.thread])
        #expect(try Self.holds(#"top == thread(id: 2, author: "alice smith")"#, in: state))
        #expect(try Self.holds(#"top == thread(author: "alice smith", id: 2)"#, in: state))
        #expect(try !Self.holds(#"top == thread(id: 1, author: "alice smith")"#, in: state))
    }

    @Test("a condition with route values prints as text that parses back to it", arguments: [
        "top == account(id: me)", "stack contains thread(id: 2, author: alice)", "count(account(id: me)) <= 1",
        #"modals contains thread(id: 1, author: "alice smith")"#, #"top != thread(id: 1, author: "a \"quoted\" \\ name")"#,
        "stack(home) contains account(id: me) and top == account", "below == account(id: \"007\")",
    ])
    func printing(text: String) throws {
        let parsed = try Condition.parse(text)
        #expect(try Condition.parse(parsed.description) == parsed)
    }

    @Test("malformed route values are placed at the offending character", arguments: [
        ("top == account(id me)", 19, "expected ':' after parameter 'id'"),
        ("top == account()", 16, "expected a parameter name"),
        ("top == account(id: me", 22, "expected ',' or ')'"),
        ("top == account(id: me, id: alice)", 24, "parameter 'id' of 'account' is given twice"),
        ("top == account(id: \"me)", 20, "the quoted value opened at 1:20 is not closed"),
    ])
    func malformed(text: String, column: Int, message: String) {
        #expect {
            _ = try Condition.parse(text)
        } throws: { error in
            guard let error = error as? ConditionError else { return false }
            return error.location.column == column && error.message.hasPrefix(message)
        }
    }

    @Test("the document's invariant reads one value, and both samples are explored")
    func documentInvariant() throws {
        let graph = try GraphDocument.load(Self.document)
        let invariant = try #require(graph.invariants.first)
        let holds = invariant.condition.compile(routeName: graph.routeName)
        #expect(holds(try Self.state([Self.me])))
        #expect(!holds(try Self.state([Self.alice, Self.me])))
        #expect(holds(try Self.state([Self.me, Self.alice])))
    }

    @Test("a value not among the route's samples is a load error at the value, with the closest sample", arguments: [
        ("top == account(id: mee)", 20, "'mee' is not a sample value of parameter 'id' of route 'account'", "did you mean 'me'?"),
        ("top == account(ids: me)", 16, "route 'account' has no parameter 'ids'", "did you mean 'id'?"),
        ("stack contains thread(id: 1)", 16, "'thread(id: 1)' gives no value for parameter 'author'", "add 'author: <value>'"),
        ("top == home(id: 1)", 8, "route 'home' has no parameters to give values for", "write 'home' without"),
    ])
    func valueOutsideSamples(condition: String, column: Int, message: String, remedy: String) {
        let text = Self.document.replacingOccurrences(of: "top == account(id: me) implies below == home", with: condition)
        #expect {
            _ = try GraphDocument.load(text, origin: "Accounts.yaml")
        } throws: { error in
            guard let error = error as? GraphDocumentError else { return false }
            // The invariant's text starts after its opening quote: line 12, column 17.
            return error.location == SourceLocation(line: 12, column: 17 + column - 1) && error.message.contains(message)
                && error.remedy.contains(remedy) && error.file == "Accounts.yaml"
        }
    }

    @Test("a group cannot take values")
    func groupWithValues() {
        let text = Self.document.replacingOccurrences(of: "transitions:", with: "groups:\n  people: [account]\ntransitions:")
            .replacingOccurrences(of: "top == account(id: me)", with: "top == people(id: me)")
        #expect(throws: GraphDocumentError.self) { _ = try GraphDocument.load(text) }
    }

    @Test("export writes route values back, and the document loads to the same conditions")
    func exportRoundTrip() throws {
        let graph = try GraphDocument.load(Self.document)
        let text = try GraphDocument.export(graph)
        #expect(text.contains("top == account(id: me) implies below == home"))
        let again = try GraphDocument.load(text)
        #expect(again.invariants.map(\.condition.expression) == graph.invariants.map(\.condition.expression))
    }

    @Test("a feature's route values are qualified with its routes")
    func featureRenaming() throws {
        let condition = try Condition.parse("top == account(id: me)")
        guard case .isNamed(.top, let name, true) = condition else {
            Issue.record("unexpected parse \(condition)")
            return
        }
        #expect(name.renamed("people.account").written == "people.account(id: me)")
    }
}

/// The typed forms of route values in a Swift graph.
@Suite("Typed route values in conditions")
struct TypedRouteValueTests {
    @Test("each typed form builds the condition its text parses to", arguments: [
        (GraphConditionSource<ValueRoute>.top(isExactly: .account(handle: "alice")), "top == account(handle: alice)"),
        (.top(isNotExactly: .account(handle: "me")), "top != account(handle: me)"),
        (.modal(isExactly: .login(reason: "compose")), "modal == login(reason: compose)"),
        (.modal(isNotExactly: .login(reason: "compose")), "modal != login(reason: compose)"),
        (.below(isExactly: .account(handle: "me")), "below == account(handle: me)"),
        (.below(isNotExactly: .account(handle: "me")), "below != account(handle: me)"),
        (.stackContains(exactly: .status(id: 1)), "stack contains status(id: 1)"),
        (.stackContains(exactly: .status(id: 1), inTab: "home"), "stack(home) contains status(id: 1)"),
        (.modalsContain(exactly: .login(reason: "browse")), "modals contains login(reason: browse)"),
        (.count(exactly: .account(handle: "me")) <= 1, "count(account(handle: me)) <= 1"),
        (.top(isExactly: .timeline), "top == timeline"),
    ])
    func typedForms(source: GraphConditionSource<ValueRoute>, text: String) throws {
        let graph = try NavigationGraph<ValueRoute>("Typed") {
            Tab("home", root: .timeline)
            Push(.timeline, eachSampleOf: .account(handle: "me"))
            Invariant("typed", source)
        }
        let condition = try #require(graph.invariants.first?.condition)
        #expect(condition.text == text)
        #expect(condition.expression == (try Condition.parse(text)))
    }

    @Test("a typed route value outside graphSamples is a build error at the declaration")
    func outsideSamples() {
        let line = #line + 4
        do {
            _ = try NavigationGraph<ValueRoute>("Bad") {
                Tab("home", root: .timeline)
                Invariant("bob", .top(isExactly: .account(handle: "bob")))
            }
            Issue.record("a route value outside graphSamples was accepted")
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains("'bob' is not a sample value of parameter 'handle' of route 'account'"), "\(error)")
        }
    }

    @Test("the store's guard and the engines read the value: only alice's account is guarded")
    @MainActor
    func guardOnAValue() throws {
        let graph = try NavigationGraph<ValueRoute>("Guarded") {
            Tab("home", root: .timeline)
            Flag("signedIn")
            Push(.timeline, eachSampleOf: .account(handle: "me"))
            Invariant("alice needs sign-in", .top(isExactly: .account(handle: "alice")).implies("signedIn"))
        }
        let store = try NavigationStore(graph: graph)
        #expect(store.send(.go(.account(handle: "alice"))).succeeded)
        let invariant = try #require(graph.invariants.first).condition.compile(routeName: graph.routeName)
        #expect(!invariant(store.state))
        _ = store.send(.back)
        #expect(store.send(.go(.account(handle: "me"))).succeeded)
        #expect(invariant(store.state))
    }
}
