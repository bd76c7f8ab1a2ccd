import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

@Suite("Graph diff")
struct GraphDiffTests {
    static let base = """
        navgraph: 1
        name: Shop
        tabs: [{ name: browse, root: home }, { name: me, root: account }]
        routes:
          home: {}
          product: { params: { id: [1, 2] } }
          cart: {}
          account: {}
          orders: { requires: signedIn, otherwise: cancel }
          legacy: {}
        flags: { signedIn: false, promo: true }
        events:
          signIn: { when: not signedIn, set: { signedIn: true } }
          signOut: { when: signedIn, set: { signedIn: false } }
        transitions:
          - { from: home, to: product }
          - { from: product, to: cart, style: sheet }
          - { from: account, to: orders }
          - { from: home, to: legacy }
        deepLinks:
          schemes: [shop]
          links:
            - { pattern: /product/:id, route: product, tab: browse, stack: [home, product] }
        invariants:
          cart needs a product: top == cart implies stack contains product
        """

    static func load(_ text: String, origin: String = "test") throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(text, origin: origin)
    }

    @Test("the same graph, and the same graph with its declarations in another order, have no changes")
    func sameGraph() throws {
        let graph = try Self.load(Self.base)
        #expect(GraphDiff(base: graph, head: graph).isEmpty)
        let reordered = Self.base
            .replacingOccurrences(of: "  - { from: home, to: product }\n", with: "")
            .replacingOccurrences(of: "  - { from: home, to: legacy }", with: "  - { from: home, to: legacy }\n  - { from: home, to: product }")
            .replacingOccurrences(of: "flags: { signedIn: false, promo: true }", with: "flags: { promo: true, signedIn: false }")
        #expect(reordered != Self.base)
        let diff = GraphDiff(base: graph, head: try Self.load(reordered))
        #expect(diff.isEmpty, "\(diff.changes)")
    }

    @Test("every kind of declaration added, removed and changed, sorted by kind, then name")
    func everyKind() throws {
        let head = Self.base
            .replacingOccurrences(of: "  legacy: {}\n", with: "  checkout: { requires: signedIn, otherwise: { redirect: account, style: sheet } }\n")
            .replacingOccurrences(of: "product: { params: { id: [1, 2] } }", with: "product: { params: { id: [1, 2, 3] } }")
            .replacingOccurrences(of: "orders: { requires: signedIn, otherwise: cancel }", with: "orders: {}")
            .replacingOccurrences(of: "flags: { signedIn: false, promo: true }", with: "flags: { signedIn: false, guest: true }")
            .replacingOccurrences(of: "signOut: { when: signedIn, set: { signedIn: false } }", with: "signOut: { when: signedIn, set: { signedIn: false }, then: popToRoot }")
            .replacingOccurrences(of: "  - { from: home, to: legacy }", with: "  - { from: cart, to: checkout, when: signedIn }")
            .replacingOccurrences(of: "style: sheet }\n  - { from: account", with: "style: cover }\n  - { from: account")
            .replacingOccurrences(of: "{ name: me, root: account }", with: "{ name: me, root: account }, { name: bag, root: cart }")
            .replacingOccurrences(of: "stack: [home, product] }", with: "stack: [home, product] }\n    - { pattern: /cart, route: cart, tab: bag, stack: [cart] }")
            .replacingOccurrences(of: "stack contains product", with: "stack contains product\n  one cart: count(cart) <= 1")
        let diff = GraphDiff(base: try Self.load(Self.base), head: try Self.load(head))
        let summary = diff.changes.map { "\($0.change.rawValue) \($0.kind.rawValue) \($0.key)" }
        #expect(summary == [
            "added route checkout",
            "removed route legacy",
            "changed route product",
            "added guard checkout",
            "removed guard orders",
            "added transition cart → checkout",
            "removed transition home → legacy",
            "changed transition product → cart",
            "changed event signOut",
            "added flag guest",
            "removed flag promo",
            "added tab bag",
            "added invariant one cart",
            "added deepLink /cart",
        ])
        let product = try #require(diff.changes.first { $0.kind == .route && $0.key == "product" })
        #expect(product.before == "samples product(id: 1), product(id: 2)")
        #expect(product.after == "samples product(id: 1), product(id: 2), product(id: 3)")
        let sheet = try #require(diff.changes.first { $0.kind == .transition && $0.change == .changed })
        #expect(sheet.before == "sheet" && sheet.after == "cover")
        #expect(sheet.edge == GraphDiff.Edge(from: "product", to: "cart", style: .cover))
        #expect(diff.changes(of: .guard).first?.after == "requires signedIn, otherwise redirect to account as sheet")
        #expect(diff.changes(of: .event).first?.after == "when signedIn; set signedIn: false; then popToRoot")
        #expect(diff.changes(of: .transition).first?.after == "push when signedIn")
        // Bounds and the deep-link settings did not change, so they are not listed.
        #expect(diff.changes(of: .bounds).isEmpty && diff.changes(of: .deepLinkSettings).isEmpty)
    }

    @Test("a graph on one side only: everything it declares is added, or removed")
    func oneSide() throws {
        let graph = try Self.load(Self.base)
        let added = GraphDiff(base: Optional<NavigationGraph<DynamicRoute>>.none, head: graph)
        #expect(added.baseName == nil && added.headName == "Shop")
        #expect(!added.changes.isEmpty && added.changes.allSatisfy { $0.change == .added && $0.before == nil })
        #expect(added.changes(of: .route).map(\.key) == ["account", "cart", "home", "legacy", "orders", "product"])
        let removed = GraphDiff(base: graph, head: Optional<NavigationGraph<DynamicRoute>>.none)
        #expect(removed.changes.count == added.changes.count && removed.changes.allSatisfy { $0.change == .removed && $0.after == nil })
    }

    @Test("two transitions between the same routes pair up by what they declare, not by document order")
    func repeatedTransition() throws {
        let twice = Self.base.replacingOccurrences(of: "  - { from: home, to: legacy }",
                                                   with: "  - { from: home, to: legacy, when: promo }\n  - { from: home, to: legacy, style: sheet, when: not promo }")
        let swapped = Self.base.replacingOccurrences(of: "  - { from: home, to: legacy }",
                                                     with: "  - { from: home, to: legacy, style: sheet, when: not promo }\n  - { from: home, to: legacy, when: promo }")
        #expect(GraphDiff(base: try Self.load(twice), head: try Self.load(swapped)).isEmpty)
        let diff = GraphDiff(base: try Self.load(Self.base), head: try Self.load(twice))
        #expect(diff.changes.map { "\($0.change.rawValue) \($0.key)" } == ["changed home → legacy", "added home → legacy (2)"])
    }

    @Test("the same diff, byte for byte, however often it is made")
    func deterministic() throws {
        let old = try Self.load(Self.base)
        let new = try Self.load(Self.base.replacingOccurrences(of: "promo: true", with: "promo: false"))
        let first = GraphDiff(base: old, head: new)
        for _ in 0..<20 { #expect(GraphDiff(base: old, head: new) == first) }
        #expect(first.changes == [GraphDiff.Change(kind: .flag, change: .changed, key: "promo", before: "initially true", after: "initially false")])
    }

    static let values = """
        navgraph: 1
        name: Values
        root: home
        routes:
          home: {}
          status: {}
          account: { params: { handle: [me, alice] } }
          login: { params: { reason: [browse, compose] } }
          compose: { requires: signedIn, otherwise: { redirect: login, with: { reason: compose }, style: sheet } }
        flags: { signedIn: false }
        events:
          showAlice: { then: [{ push: account, with: { handle: alice } }] }
        transitions:
          - { from: home, to: account, with: { handle: alice } }
          - { from: home, to: compose }
        deepLinks:
          schemes: [app]
          links:
            - { pattern: /status, route: status, stack: [home, { route: account, with: { handle: alice } }, status] }
        """

    @Test("a written value (with:) that changes on a transition, an event step, a redirect or a plan entry is a changed declaration showing both values")
    func writtenValues() throws {
        let base = try Self.load(Self.values)
        let head = try Self.load(Self.values.replacingOccurrences(of: "handle: alice", with: "handle: me")
            .replacingOccurrences(of: "reason: compose", with: "reason: browse"))
        let changes = GraphDiff(base: base, head: head).changes
        #expect(changes.allSatisfy { $0.change == .changed }, "\(changes)")
        func change(_ kind: GraphDiff.Kind) -> (before: String?, after: String?)? {
            changes.first { $0.kind == kind }.map { ($0.before, $0.after) }
        }
        #expect(change(.transition)?.before == "push with account(handle: alice)")
        #expect(change(.transition)?.after == "push with account(handle: me)")
        #expect(change(.event)?.before == "then push account with account(handle: alice)")
        #expect(change(.event)?.after == "then push account with account(handle: me)")
        #expect(change(.guard)?.before == "requires signedIn, otherwise redirect to login as sheet with login(reason: compose)")
        #expect(change(.guard)?.after == "requires signedIn, otherwise redirect to login as sheet with login(reason: browse)")
        #expect(change(.deepLink)?.before == "to status; stack home › account(handle: alice) › status")
        #expect(change(.deepLink)?.after == "to status; stack home › account(handle: me) › status")
        #expect(changes.count == 4, "\(changes)")
        // A declaration that writes no value reads as before.
        #expect(GraphDiff(base: base, head: head).changes.contains { $0.key == "home → compose" } == false)
    }
}
