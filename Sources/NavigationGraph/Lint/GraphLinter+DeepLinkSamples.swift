import NavigationCore

extension GraphLinter {
    /// How to give `link` samples, with a URL it stands for when reverse routing can make one
    /// from its route's first sample (`shop://products/1`), so the fix can be pasted.
    static func sampleRemedy<R: Route>(for link: DeepLinkDeclaration<R>, in graph: NavigationGraph<R>) -> String {
        let advice = "add 'samples:' to the link: URLs it should handle, each with what it should do"
        guard let configuration = graph.deepLinks?.configuration,
              // Reverse routing falls back to the first scheme, so there must be one.
              link.mapping.preferredScheme != nil || !configuration.schemes.isEmpty,
              let route = graph.route(named: link.routeName)?.samples.first,
              let url = try? DeepLinkPipeline(configuration: configuration, matcher: DeepLinkMatcher([link.mapping])).url(for: route)
        else { return advice }
        return "\(advice), e.g. '- { url: \"\(url)\", expect: plan }'"
    }
}
