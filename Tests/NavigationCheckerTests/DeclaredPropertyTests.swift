import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Declared properties (`properties:`): can-reach and never-until, read from a document and
/// from the Swift DSL, linted, exported, and judged by the explicit engine with shortest traces.
@Suite("Declared can-reach and never-until properties")
struct DeclaredPropertyTests {
    static func load(_ body: String) throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("navgraph: 1\nname: Small\n" + body, origin: "Small.yaml")
    }

    static func verdict(_ result: CheckResult<DynamicRoute>, _ name: String) -> PropertyVerdict<DynamicRoute>? {
        result.verdicts.first { $0.name == name }
    }

    @Test("a can-reach property fails at the nearest state it cannot get out of, with the shortest trace")
    func canReachFails() throws {
        let graph = try Self.load("""
            root: a
            routes: { a: {}, b: {}, c: {}, d: {} }
            transitions: [{ from: a, to: b }, { from: b, to: c }, { from: c, to: d, style: cover }, { from: a, to: d, style: cover }]
            properties:
              back home: { from: "modal == d", canReach: "top == a and modalDepth == 0" }
              home from b: { from: "top == b", canReach: "top == a" }
            """)
        let result = try Checker(graph).run()
        let stuck = try #require(Self.verdict(result, "back home"))
        #expect(stuck.kind == .canReach)
        #expect(stuck.status == .failed)
        // The cover over a is one action away; the one over c three.
        #expect(stuck.trace?.actions.count == 1)
        #expect(stuck.message == "'modal == d' holds here, and no state where 'top == a and modalDepth == 0' holds can be reached from here")
        #expect(stuck.location?.line == 7)
        #expect(Self.verdict(result, "home from b")?.status == .passed)
    }

    @Test("a never-until property fails on the shortest path through its monitor, and holds once released")
    func neverUntil() throws {
        // Signing out arms it; reaching `secret` before signing in again violates it. The
        // nearest `secret` state is nearer without signing out first, so the trace is the
        // monitor's, not the shortest way to `secret`.
        let body = """
            root: home
            routes: { home: {}, secret: {}, out: {} }
            flags: { signedIn: true }
            events:
              signOut: { when: signedIn, set: { signedIn: false } }
              signIn: { when: not signedIn and top == home, set: { signedIn: true } }
            transitions: [{ from: home, to: secret }, { from: home, to: out }, { from: out, to: secret }]
            bounds: { maxStackDepth: 3 }
            properties:
              no secret after sign-out: { after: "not signedIn", never: "top == secret", until: signedIn }
              no secret ever after out: { after: "top == out", never: "top == secret" }
              released by home: { after: "top == out", never: "top == secret", until: "top == home" }
            """
        let result = try Checker(Self.load(body)).run()
        let signOut = try #require(Self.verdict(result, "no secret after sign-out"))
        #expect(signOut.kind == .never)
        #expect(signOut.status == .failed)
        #expect(signOut.trace?.actions.count == 2)  // signOut, push secret
        #expect(signOut.message == "'top == secret' holds here, after 'not signedIn' held and before 'signedIn' did")
        #expect(Self.verdict(result, "no secret ever after out")?.trace?.actions.count == 2)  // push out, push secret
        // Back to home releases it, and out → secret is the only way on from out.
        let released = try #require(Self.verdict(result, "released by home"))
        #expect(released.status == .failed)
        #expect(released.trace?.actions.count == 2)
    }

    @Test("a never-until property that holds says so")
    func neverHolds() throws {
        let result = try Checker(Self.load("""
            root: home
            routes: { home: {}, secret: {} }
            flags: { signedIn: false }
            events: { signIn: { when: not signedIn, set: { signedIn: true } } }
            transitions: [{ from: home, to: secret, when: signedIn }]
            properties:
              secret needs sign-in: { after: "not signedIn", never: "top == secret", until: signedIn }
            """)).run()
        let verdict = try #require(Self.verdict(result, "secret needs sign-in"))
        #expect(verdict.status == .passed)
        #expect(verdict.message == "no state where 'top == secret' holds is reached after 'not signedIn' before 'signedIn'")
    }

    @Test("lint refuses a property named like an invariant, a built-in property or another property, and undeclared names in its conditions")
    func lint() throws {
        let graph = try Self.load("""
            root: a
            routes: { a: {} }
            invariants: { same: "top == a" }
            properties:
              same: { from: "top == a", canReach: "top == nowhere" }
              guard bypass: { after: "top == a", never: "missing" }
            """)
        let findings = GraphLinter.lint(graph)
        #expect(findings.filter { $0.rule == "property-name" }.map(\.message).sorted()
                == ["property 'guard bypass' has the name of a built-in property", "property 'same' has the name of an invariant"])
        let unknownRoute = try #require(findings.first { $0.rule == "unknown-route" })
        #expect(unknownRoute.message.contains("'canReach' of property 'same'"))
        #expect(unknownRoute.location?.line == 7)
        #expect(findings.contains { $0.rule == "unknown-flag" && $0.message.contains("'never' of property 'guard bypass'") })
    }

    @Test("a document refuses a property that mixes the two forms or misses a key, at its line")
    func documentErrors() throws {
        for (body, words) in [
            ("{ from: \"top == a\" }", "needs both 'from' and 'canReach'"),
            ("{ from: \"top == a\", canReach: \"top == a\", never: \"top == a\" }", "mixes 'from'/'canReach' with 'after'/'never'/'until'"),
            ("{ after: \"top == a\" }", "says neither"),
            ("{ from: \"top ==\", canReach: \"top == a\" }", "does not parse"),
        ] {
            do {
                _ = try Self.load("root: a\nroutes: { a: {} }\nproperties:\n  p: \(body)\n")
                Issue.record("loaded \(body)")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
                #expect("\(error)".contains("Small.yaml:6:"), "\(error)")
            }
        }
    }

    @Test("the Swift DSL declares both forms with typed conditions, and export reads back the same properties and verdicts")
    func dslAndExport() throws {
        let graph = try NavigationGraph<SwiftShopRoute>("Shop") {
            Root(.catalog)
            Flag("signedIn", initial: false)
            Event("signIn", when: .top(is: .signIn), set: ["signedIn": true], then: [.dismiss])
            Event("signOut", when: "signedIn and modal == none", set: ["signedIn": false], then: [.popToRoot])
            Push(.catalog, .product(id: 1))
            Sheet(.catalog, .cart)
            Push(.cart, .checkout)
            Sheet(.catalog, .signIn, when: "not signedIn")
            Property("cart returns to the catalog", from: .modalsContain(.cart), canReach: .top(is: .catalog) && ConditionQuantity<SwiftShopRoute>.modalDepth == 0)
            Property("no checkout signed out", after: !.flag(FlagKey("signedIn")), never: .top(is: .checkout), until: .flag(FlagKey("signedIn")))
            Bounds(maxStackDepth: 3, maxModalDepth: 1)
        }
        #expect(graph.properties.map(\.name) == ["cart returns to the catalog", "no checkout signed out"])
        #expect(graph.properties.first?.location?.line != nil)
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("properties:\n  \"cart returns to the catalog\": { from: \"modals contains cart\", canReach: \"top == catalog and modalDepth == 0\" }"))
        let again = try GraphDocument.load(exported, origin: "exported.yaml")
        #expect(try GraphDocument.export(again) == exported)
        let typed = try Checker(graph).run().verdicts.filter { $0.kind == .canReach || $0.kind == .never }
        let read = try Checker(again).run().verdicts.filter { $0.kind == .canReach || $0.kind == .never }
        #expect(typed.map(\.name) == read.map(\.name))
        #expect(typed.map(\.status) == read.map(\.status))
        #expect(typed.map { $0.trace?.actions.count } == read.map { $0.trace?.actions.count })
        // Signed out, checkout is reached through the cart before signing in.
        #expect(typed.map(\.status) == [.passed, .failed])
    }

    @Test("a graph diff lists a declared property added, changed or removed")
    func diff() throws {
        let base = try Self.load("root: a\nroutes: { a: {} }\nproperties:\n  p: { from: \"top == a\", canReach: \"depth == 1\" }\n  q: { after: \"top == a\", never: \"depth == 2\" }\n")
        let head = try Self.load("root: a\nroutes: { a: {} }\nproperties:\n  p: { from: \"top == a\", canReach: \"depth <= 2\" }\n  r: { after: \"top == a\", never: \"depth == 3\", until: \"depth == 1\" }\n")
        let changes = GraphDiff(base: base, head: head).changes(of: .property)
        #expect(changes.map { "\($0.change) \($0.key)" } == ["changed p", "removed q", "added r"])
        #expect(changes.first?.after == "from top == a, canReach depth <= 2")
    }

    @Test("each declared property is its own SARIF rule, named like an invariant's")
    func registry() {
        #expect(PropertyRegistry.kind(id: "can-reach") == .canReach)
        #expect(PropertyRegistry.kind(id: "never") == .never)
        #expect(PropertyKind.canReach.reservedName == nil && PropertyKind.never.reservedName == nil)
    }
}
