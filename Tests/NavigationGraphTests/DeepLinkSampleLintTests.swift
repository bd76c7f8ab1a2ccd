import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

@Suite("Lint: deep links without samples")
struct DeepLinkSampleLintTests {
    /// The findings of rule `deep-link-without-samples` in a small graph with `links`.
    func findings(_ links: String, configuration: String = "  schemes: [shop]\n") throws -> [LintFinding] {
        let text = """
            navgraph: 1
            name: T
            root: home
            routes:
              home: {}
              product: { params: { id: [1, 2] } }
            transitions:
              - { from: home, to: product }
            deepLinks:

            """ + configuration + "  links:\n" + links
        return GraphLinter.lint(try GraphDocument.load(text, origin: "T.navgraph.yaml")).filter { $0.rule == "deep-link-without-samples" }
    }

    @Test("a deep link without samples is a warning at the link, with a sample URL to paste")
    func withoutSamples() throws {
        let found = try findings("    - { pattern: /products/:id, route: product, stack: [home, product] }\n")
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.location == SourceLocation(line: 12, column: 7))
        #expect(finding.message == "deep link '/products/:id' has no samples, so the deep links property never opens it and passes without testing it")
        #expect(finding.remedy == "add 'samples:' to the link: URLs it should handle, each with what it should do, e.g. '- { url: \"shop://products/1\", expect: plan }'")
        #expect(finding.formatted(file: "T.navgraph.yaml").hasPrefix("T.navgraph.yaml:12:7: warning: deep link '/products/:id' has no samples"))
    }

    @Test("the sample URL takes the link's web scheme and host")
    func webScheme() throws {
        let found = try findings("    - { pattern: /products/:id, route: product, stack: [home, product], scheme: https }\n",
                                 configuration: "  schemes: [shop, https]\n  hosts: [shop.example]\n")
        #expect(found.first?.remedy.hasSuffix("e.g. '- { url: \"https://shop.example/products/1\", expect: plan }'") == true, "\(found)")
    }

    @Test("a link whose URL reverse routing cannot make still gets the advice, without an example")
    func noExample() throws {
        // Two parameters in one segment: a pattern error, and no URL to make.
        let found = try findings("    - { pattern: \"/:x:y\", route: product, stack: [home, product] }\n")
        #expect(found.first?.remedy == "add 'samples:' to the link: URLs it should handle, each with what it should do", "\(found)")
    }

    @Test("a link with samples, and a graph without deep links, get no such warning")
    func withSamples() throws {
        #expect(try findings("    - { pattern: /products/:id, route: product, stack: [home, product], samples: [{ url: \"shop://products/1\", expect: plan }] }\n").isEmpty)
        let plain = try GraphDocument.load("navgraph: 1\nname: T\nroot: home\nroutes: { home: {} }\n")
        #expect(!GraphLinter.lint(plain).contains { $0.rule == "deep-link-without-samples" })
    }

    @Test("only the links without samples are reported, each at its own line")
    func someLinks() throws {
        let found = try findings("""
                - { pattern: /products/:id, route: product, stack: [home, product], samples: [{ url: "shop://products/1", expect: plan }] }
                - { pattern: /home, route: home, stack: [home] }
                - { pattern: /start, route: home, stack: [home] }

            """)
        #expect(found.map(\.location?.line) == [13, 14])
        #expect(found.map(\.remedy.isEmpty) == [false, false])
    }

    @Test("no sample graph has a deep link without samples", arguments: SampleGraphs.names)
    func sampleGraphs(file: String) throws {
        let graph = try SampleGraphs.load(file)
        #expect(!GraphLinter.lint(graph).contains { $0.rule == "deep-link-without-samples" })
        for link in graph.deepLinks?.links ?? [] { #expect(!link.samples.isEmpty, "\(file): \(link.mapping.patternText)") }
    }

}
