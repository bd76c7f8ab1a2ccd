import NavigationCore

/// The deep-link options of issue 30, drawn into the links `RandomGraphs.deepLinks(…)` wrote.
extension RandomGraphs {

    /// `lines` with link options drawn in: now and then a link that pushes keeps the open modals
    /// (`underModals: keep`, on the link or as the default under `deepLinks:`), a link sets a flag
    /// (`set: { f0: true }`), strict matching (`match:`) with samples it refuses, and a link to a
    /// route with parameters (its id now and then with a pattern, `:id([0-9]+)`) whose sample URLs
    /// carry a value outside the route's samples (`app://r3/9` where the samples are 1 and 2); a link
    /// that keeps the modals may push a route whose guard redirects (the redirect runs on the
    /// topmost layer). Lines without a `deepLinks:` section come back as they are.
    public static func linkOptions(_ lines: [String], flags: [String], using generator: inout SeededGenerator) -> [String] {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        guard let section = lines.firstIndex(of: "deepLinks:") else { return lines }
        var lines = lines
        let keepsByDefault = chance(20)
        if keepsByDefault { lines.insert("  underModals: keep", at: section + 1) }
        for index in lines.indices where lines[index].hasPrefix("    - { pattern:") {
            var extra = ""
            if lines[index].contains("mode: push") && !keepsByDefault && chance(50) {
                extra += ", underModals: keep"
            }
            if !flags.isEmpty && chance(30) { extra += ", set: { \(pick(flags)): \(chance(50)) }" }
            guard !extra.isEmpty, let samples = lines[index].range(of: ", samples:") else { continue }
            lines[index].insert(contentsOf: extra, at: samples.lowerBound)
        }
        // Strict matching now and then, with samples it refuses: a scheme with case, an unknown
        // query item, a trailing slash (their outcome is drawn too: declared as it behaves or not).
        if chance(25) {
            lines.insert("  match: \(pick(["strict", "{ caseSensitive: [scheme] }", "{ unknownQuery: reject }", "{ trailingSlash: reject }", "lenient"]))",
                         at: section + 1)
            for index in lines.indices where lines[index].hasPrefix("    - { pattern: /r") {
                guard let samples = lines[index].range(of: "samples: ["),
                      let route = lines[index].dropFirst("    - { pattern: /".count).split(separator: ",").first, chance(50) else { continue }
                let url = pick(["App://\(route)", "app://\(route)?x=1", "app://\(route)/", "https://APP.example/\(route)"])
                lines[index].insert(contentsOf: "{ url: \"\(url)\", expect: \(pick(["plan", "rejected", "unhandled", "pending"])) }, ", at: samples.upperBound)
            }
        }
        // A link to a route with parameters, its samples' values in and outside the route's samples.
        let withParameters = lines.compactMap { line -> String? in
            guard line.hasPrefix("  r"), line.contains("params: { id: [1, 2] }"), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line.dropFirst(2)[..<colon])
        }
        if let last = lines.lastIndex(where: { $0.hasPrefix("    - { pattern:") }), !withParameters.isEmpty, chance(50) {
            let route = pick(withParameters)
            var plan = "stack: [\(route)]"
            // Pushed (kept under the modals now and then).
            if chance(50) {
                plan += ", mode: push" + (chance(50) ? ", underModals: keep" : "")
            }
            // What the id accepts, now and then: a value outside it fits no pattern (unhandled).
            let accepted = pick(["", "", "[0-9]+", "[1-3]{1}", "[0-9]{2,}"])
            let pattern = DeepLinkParameterPattern.parse(Substring(accepted))
            let samples = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                let value = pick([1, 3, 9, 12])
                let fits = pattern.map { $0.accepts("\(value)") } ?? true
                return "{ url: \"app://\(route)/\(value)\", expect: \(fits ? "plan" : "unhandled") }"
            }
            lines.insert("    - { pattern: \"/\(route)/:id\(accepted.isEmpty ? "" : "(\(accepted))")\", route: \(route), \(plan), samples: [\(samples.joined(separator: ", "))] }", at: last + 1)
        }
        return lines
    }
}
