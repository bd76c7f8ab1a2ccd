import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// A social app's screens for Swift graphs whose links push under the modals and set flags.
private enum LinkOptionsRoute: GraphRoute {
    case timeline, profile, settings, account(user: String)

    var graphName: String {
        switch self {
        case .timeline: "timeline"
        case .profile: "profile"
        case .settings: "settings"
        case .account: "account"
        }
    }

    var graphArguments: [DynamicRoute.Argument] {
        if case .account(let user) = self { return [.init(name: "user", value: user)] }
        return []
    }

    static let graphSamples: [LinkOptionsRoute] = [.timeline, .profile, .settings, .account(user: "alice")]
}

@Suite("Links under modals and links that set flags, in graphs")
struct LinkOptionsGraphTests {
    static func document(_ links: String, settings: String = "") -> String {
        """
        navgraph: 1
        name: Links
        tabs:
          - { name: home, root: timeline }
          - { name: me, root: profile }
        routes:
          timeline: {}
          profile: {}
          settings: {}
          account: { params: { user: [alice] } }
        flags:
          signedIn: false
        deepLinks:
          schemes: [social]
        \(settings)
          links:
        \(links)
        """
    }

    static let links = """
            - { pattern: "/@:user", route: account, stack: [account], mode: push, underModals: keep, samples: [{ url: "social://@alice", expect: plan }] }
            - { pattern: /callback, route: settings, tab: me, stack: [profile, settings], set: { signedIn: true }, samples: [{ url: "social://callback", expect: plan }] }
            - { pattern: /p, route: profile, stack: [profile], mode: push, samples: [{ url: "social://p", expect: plan }] }
        """

    @Test("'underModals:' and 'set:' reach the plan; the default under 'deepLinks:' applies to push links that do not say")
    func loads() throws {
        let graph = try GraphDocument.load(Self.document(Self.links), origin: "links.yaml")
        let links = try #require(graph.deepLinks?.links)
        #expect(links.map(\.plan.underModals) == [.keep, .dismiss, .dismiss])
        #expect(links[1].plan.flags == ["signedIn": true])
        let pipeline = try #require(graph.makeDeepLinkPipeline())
        guard case .matched(_, let plan, nil, _) = pipeline.resolve("social://callback") else {
            Issue.record("social://callback did not match")
            return
        }
        #expect(plan.flags == ["signedIn": true])
        #expect(plan.commands(in: try graph.initialState()).first == .setFlag("signedIn", true))
        #expect(GraphLinter.lint(graph).filter { $0.severity == .error } == [])

        let keeping = try GraphDocument.load(Self.document(Self.links, settings: "  underModals: keep"), origin: "links.yaml")
        // The push link that does not say keeps; the replace link is not a push.
        #expect(keeping.deepLinks?.links.map(\.plan.underModals) == [.keep, .dismiss, .keep])
    }

    @Test("export writes 'underModals: keep' and 'set:' back; the exported document loads to the same pipeline and passes the schema")
    func exportRoundTrip() throws {
        let graph = try GraphDocument.load(Self.document(Self.links), origin: "links.yaml")
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("      mode: push\n      underModals: keep\n"))
        #expect(exported.contains("      set: { signedIn: true }\n"))
        #expect(try GraphDocument.export(try GraphDocument.load(exported, origin: "again.yaml")) == exported)
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: exported)) == [])
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: Self.document(Self.links, settings: "  underModals: keep"))) == [])
        #expect(try !checker.violations(of: try JSONSchemaChecker.load(yaml: Self.document(Self.links, settings: "  underModals: hide"))).isEmpty)
    }

    @Test("options written wrongly are refused where they are written", arguments: [
        ("    - { pattern: /p, route: profile, stack: [profile], underModals: keep }", "17:69", "'underModals' is for links with 'mode: push'"),
        ("    - { pattern: /p, route: profile, stack: [profile], mode: push, underModals: hide }", "17:81", "unknown value 'hide' for 'underModals'"),
        ("    - { pattern: /p, route: profile, stack: [profile], set: { signedIn: yes please } }", "17:73", "true or false"),
        ("    - { pattern: /p, request: profile, underModals: keep }", "17:53", "a deep link that requests its route has no 'underModals'"),
    ])
    func refused(link: String, place: String, message: String) {
        #expect {
            try GraphDocument.load(Self.document(link), origin: "bad.yaml")
        } throws: { error in
            let text = "\(error)"
            return text.contains("bad.yaml:\(place):") && text.contains(message)
        }
    }

    static func strict(_ match: String) -> String {
        """
        navgraph: 1
        name: Strict
        root: home
        routes:
          home: {}
          item: { params: { id: [a1, b2] } }
        deepLinks:
          schemes: [jellyfin, https]
          hosts: [media.example]
          match: \(match)
          links:
            - pattern: /items/:id([A-Za-z0-9-]+)
              route: item
              stack: [home, item]
              samples: [{ url: "jellyfin://items/a1", expect: plan }, { url: "Jellyfin://items/a1", expect: rejected }]
        """
    }

    @Test("'match:' reaches the pipeline, strict or part by part, and export writes it back", arguments: [
        ("strict", DeepLinkMatching.strict, "strict"),
        ("{ caseSensitive: [host], unknownQuery: reject }", DeepLinkMatching(caseSensitive: [.host], unknownQuery: .reject),
         "{ caseSensitive: [host], unknownQuery: reject }"),
        ("{ trailingSlash: reject, caseSensitive: [host, scheme] }", DeepLinkMatching(caseSensitive: [.scheme, .host], trailingSlash: .reject),
         "{ caseSensitive: [scheme, host], trailingSlash: reject }"),
        ("lenient", DeepLinkMatching.lenient, nil),
    ] as [(String, DeepLinkMatching, String?)])
    func matching(written: String, matching: DeepLinkMatching, exported: String?) throws {
        let graph = try GraphDocument.load(Self.strict(written), origin: "strict.yaml")
        #expect(graph.deepLinks?.configuration.matching == matching)
        let text = try GraphDocument.export(graph)
        #expect(text.contains("  match: ") == (exported != nil))
        if let exported { #expect(text.contains("  match: \(exported)\n")) }
        #expect(text.contains("pattern: \"/items/:id([A-Za-z0-9-]+)\""))
        #expect(try GraphDocument.load(text, origin: "again.yaml").deepLinks?.configuration.matching == matching)
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: Self.strict(written))) == [])
    }

    @Test("matching written wrongly is refused where it is written; a parameter pattern outside the subset is a lint error", arguments: [
        ("strictest", "unknown matching 'strictest'"), ("{ caseSensitive: [path] }", "unknown part 'path'"),
        ("{ unknownQuery: drop }", "unknown value 'drop' for 'unknownQuery'"), ("{ trailing: reject }", "trailing"),
    ])
    func matchingRefused(written: String, message: String) throws {
        #expect {
            try GraphDocument.load(Self.strict(written), origin: "bad.yaml")
        } throws: { error in
            "\(error)".contains("bad.yaml:10:") && "\(error)".contains(message)
        }
        let bad = try GraphDocument.load(Self.strict("strict").replacingOccurrences(of: "([A-Za-z0-9-]+)", with: "(\\d+)"), origin: "bad.yaml")
        #expect(GraphLinter.lint(bad).contains { $0.rule == "deep-link-pattern" && $0.message.contains("parameter pattern") })
    }

    @Test("a Swift graph's matching is the document's")
    func swiftMatching() throws {
        let swift = try NavigationGraph<LinkOptionsRoute>("Links") {
            Root(.timeline)
            DeepLinkSchemes(["social"], matching: DeepLinkMatching(unknownQuery: .reject))
            DeepLink("/p", to: .profile, stack: [.profile])
        }
        #expect(swift.deepLinks?.configuration.matching == DeepLinkMatching(unknownQuery: .reject))
        #expect(try GraphDocument.export(swift).contains("  match: { unknownQuery: reject }\n"))
    }

    @Test("lint names a flag a link sets that is not declared")
    func unknownFlag() throws {
        let graph = try GraphDocument.load(Self.document("    - { pattern: /p, route: profile, stack: [profile], set: { signedin: true } }"),
                                           origin: "links.yaml")
        let findings = GraphLinter.lint(graph).filter { $0.rule == "unknown-flag" }
        #expect(findings.map(\.message) == ["deep link '/p' names flag 'signedin', which is not declared"])
    }

    @Test("diff names a link that starts keeping the modals or setting a flag")
    func diff() throws {
        let before = try GraphDocument.load(Self.document("    - { pattern: /p, route: profile, stack: [profile], mode: push }"))
        let after = try GraphDocument.load(Self.document("    - { pattern: /p, route: profile, stack: [profile], mode: push, underModals: keep, set: { signedIn: false } }"))
        let change = try #require(GraphDiff(base: before, head: after).changes(of: .deepLink).first)
        #expect(change.after == "to profile; pushes profile; under the modals; set signedIn: false")
    }

    @Test("a Swift graph's options are the document's; keeping the modals without pushing is refused")
    func swiftGraph() throws {
        let swift = try NavigationGraph<LinkOptionsRoute>("Links") {
            Tab("home", root: .timeline)
            Tab("me", root: .profile)
            Flag(.signedIn)
            DeepLinkSchemes(["social"])
            DeepLink("/@:user", route: { parameters throws(DeepLinkRejection) in .account(user: try parameters.string("user")) },
                     parameters: { if case .account(let user) = $0 { DeepLinkParameters(["user": user]) } else { nil } },
                     stack: [.account(user: "alice")], mode: .push, underModals: .keep)
            DeepLink("/callback", to: .settings, tab: "me", stack: [.profile, .settings], set: [.signedIn: true])
        }
        let links = try #require(swift.deepLinks?.links)
        #expect(links.map(\.plan.underModals) == [.keep, .dismiss])
        #expect(links[1].plan.flags == ["signedIn": true])
        #expect(throws: GraphBuildError.self) {
            try NavigationGraph<LinkOptionsRoute>("Links") {
                Root(.timeline)
                DeepLinkSchemes(["social"])
                DeepLink("/p", to: .profile, stack: [.profile], underModals: .keep)
            }
        }
    }

    @Test("'DeepLinkSchemes(underModals:)' is the default of the push links that do not say, as 'underModals:' under 'deepLinks:' is")
    func swiftSectionDefault() throws {
        let swift = try NavigationGraph<LinkOptionsRoute>("Links") {
            Tab("home", root: .timeline)
            Tab("me", root: .profile)
            Flag(.signedIn)
            DeepLinkSchemes(["social"], underModals: .keep)
            DeepLink("/@:user", route: { parameters throws(DeepLinkRejection) in .account(user: try parameters.string("user")) },
                     parameters: { if case .account(let user) = $0 { DeepLinkParameters(["user": user]) } else { nil } },
                     stack: [.account(user: "alice")], mode: .push, underModals: .dismiss)
            DeepLink("/callback", to: .settings, tab: "me", stack: [.profile, .settings], set: [.signedIn: true])
            DeepLink("/p", to: .profile, stack: [.profile], mode: .push)
        }
        let document = try GraphDocument.load(Self.document(Self.links.replacingOccurrences(of: "underModals: keep", with: "underModals: dismiss"),
                                                            settings: "  underModals: keep"), origin: "links.yaml")
        let links = try #require(swift.deepLinks?.links)
        #expect(links.map(\.plan.underModals) == [.dismiss, .dismiss, .keep])
        #expect(links.map(\.plan.underModals) == document.deepLinks?.links.map(\.plan.underModals))
    }
}
