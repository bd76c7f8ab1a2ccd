import Foundation
import NavigationChecker

/// A self-contained HTML page for one graph: the route graph as inline SVG, the verdicts, and
/// a step-through of each counterexample over its own diagram. No scripts or styles are
/// loaded from anywhere; it works opened from disk. Every route name and message is escaped,
/// so a route called `<script>` is text, never code.
public enum HTMLPage {
    /// Every route of the graph for the page's route list and route panel: a link to its focus
    /// diagram where one was drawn, and the properties that mention it.
    ///
    /// ```swift
    /// let index = HTMLPage.RouteIndex(routes: graph.routes.map(\.name), focusFiles: ["status": "focus-3.svg"],
    ///                                 mentions: RouteMentions(report: report, graph: graph))
    /// ```
    public struct RouteIndex: Sendable {
        /// The route names, in declaration order.
        public var routes: [String]
        /// The focus diagram's file name (beside report.html) by route name, where one was drawn.
        public var focusFiles: [String: String]
        /// The properties that mention each route.
        public var mentions: RouteMentions
        /// A sentence on focus diagrams not drawn, if some were left out.
        public var note: String?

        /// An index of `routes`.
        ///
        /// - Parameters:
        ///   - routes: The route names, in declaration order.
        ///   - focusFiles: The focus diagram's file name by route name, where one was drawn.
        ///   - mentions: The properties that mention each route.
        ///   - note: A sentence on focus diagrams not drawn, if some were left out.
        public init(routes: [String], focusFiles: [String: String] = [:], mentions: RouteMentions, note: String? = nil) {
            self.routes = routes
            self.focusFiles = focusFiles
            self.mentions = mentions
            self.note = note
        }
    }

    /// The page of `report`.
    ///
    /// - Parameters:
    ///   - report: The graph's verification report.
    ///   - graphSVG: The route graph as SVG (from Graphviz), or `nil` to show the DOT text.
    ///   - graphDOT: The route graph as DOT, shown when there is no SVG.
    ///   - traceSVGs: The counterexample diagrams by property name.
    ///   - stateSVG: The state graph as SVG, for small models.
    ///   - diagramNotes: Sentences on diagrams not drawn and how to draw them.
    ///   - storyboardSVGs: The counterexamples as storyboards (see ``Storyboard``) by property name.
    ///   - routeIndex: Every route with its focus diagram and the properties that mention it:
    ///     listed under the route graph, and shown beside it when a route is clicked; `nil` for
    ///     neither.
    public static func render(_ report: VerificationReport, graphSVG: String?, graphDOT: String, traceSVGs: [String: String], stateSVG: String? = nil,
                              diagramNotes: [String] = [], storyboardSVGs: [String: String] = [:], routeIndex: RouteIndex? = nil) -> String {
        var body: [String] = []
        // The status in a word beside the emoji, which shows as a box where no emoji font is installed.
        body.append("<h1>\(report.mark) <span class=\"status \(report.status.rawValue)\">\(report.statusWord)</span> \(ReportText.xml(report.graph))</h1>")
        if !report.summary.isEmpty { body.append("<p>\(ReportText.xml(report.summary))</p>") }
        body.append("<p>\(report.statistics.statesText) states, \(report.statistics.transitionsText) transitions explored, \(ReportText.xml(report.depthText))\(report.statistics.complete ? "" : " (incomplete)").</p>")
        if let engine = report.engine { body.append("<p class=\"engine\">Checked by the \(ReportText.xml(engine.summary)).</p>") }
        for note in report.verifiedAlone ?? [] { body.append("<p class=\"engine\">Feature \(ReportText.xml(note)).</p>") }
        if let cutoff = report.cutoff {
            body.append("<p class=\"inconclusive\"><strong>Not verified to the end</strong>: the search was \(ReportText.xml(cutoff.summary)). Next: \(ReportText.xml(cutoff.advice)).</p>")
        }
        // A feature column and the lint findings only where there are some, so other pages stay as they were.
        let byFeature = !report.features.isEmpty
        body.append("<table><thead><tr><th>property</th><th>status</th>\(byFeature ? "<th>feature</th>" : "")<th>detail</th></tr></thead><tbody>")
        for property in report.properties {
            let feature = byFeature ? "<td>\(ReportText.xml(property.feature ?? ""))</td>" : ""
            body.append("<tr class=\"\(property.status.rawValue)\"><td>\(ReportText.xml(property.name))</td><td>\(property.status.rawValue)</td>\(feature)<td>\(ReportText.xml(property.message))</td></tr>")
        }
        body.append("</tbody></table>")
        if !report.lint.isEmpty {
            body.append("<h2>Lint</h2><ul class=\"lint\">")
            for finding in report.lint {
                let place = finding.location.map { at in " at \(ReportText.xml(at.path(source: report.source) ?? "")):\(at.line):\(at.column)" } ?? ""
                let feature = finding.feature.map { " (feature \(ReportText.xml($0)))" } ?? ""
                body.append("<li><code>\(ReportText.xml(finding.rule))</code> \(ReportText.xml(finding.severity))\(place)\(feature): \(ReportText.xml(finding.message)); \(ReportText.xml(finding.remedy))</li>")
            }
            body.append("</ul>")
        }
        let tracedFailures = report.failures.filter { $0.trace != nil }
        if !tracedFailures.isEmpty {
            body.append("<p class=\"jump\">Counterexamples: " + tracedFailures.enumerated().map { index, property in
                "<a href=\"#trace-\(index)\">\(ReportText.xml(property.name))</a>"
            }.joined(separator: ", ") + "</p>")
        }
        body.append("<h2>Route graph</h2>")
        for note in diagramNotes { body.append("<p class=\"note\">⚠️ \(ReportText.xml(note))</p>") }
        if graphSVG != nil || routeIndex != nil {
            body.append("<p><label>Find a route: <input type=\"search\" id=\"route-search\" autocomplete=\"off\" placeholder=\"route name\"></label> <span id=\"route-found\"></span></p>")
        }
        if routeIndex != nil { body.append("<div id=\"route-panel\" hidden></div>") }
        // Without a drawing, the route list below is the map; its DOT text would be a wall of text.
        body.append(graphSVG.map { inlineSVG($0, kind: "overview") } ?? (routeIndex == nil ? "<pre>\(ReportText.xml(graphDOT))</pre>" : ""))
        if let routeIndex { body += routeList(routeIndex, open: graphSVG == nil) }
        // After the map: on a real app the table has a row per route, which kept the map (the
        // page's picture) out of the first screens.
        body += report.tapsHTML
        if let stateSVG {
            body.append("<h2>State graph</h2>")
            body.append(inlineSVG(stateSVG))
        }
        /// A trace's section: its title, the message, its diagram if drawn, and the step-through.
        func traceSection(_ number: Int, _ title: String, _ property: VerificationReport.Property, _ trace: [VerificationReport.TraceStep], svg: String?) {
            body.append("<section class=\"trace\" id=\"trace-\(number)\"><h2>\(title)</h2>")
            body.append("<p>\(property.feature.map { "Feature \(ReportText.xml($0)): " } ?? "")\(ReportText.xml(property.message))</p>")
            if let storyboard = storyboardSVGs[property.name] { body.append(inlineSVG(storyboard, kind: "storyboard")) }
            body.append("<div class=\"controls\"><button type=\"button\" data-move=\"-1\">◀ previous</button> <span class=\"position\"></span> <button type=\"button\" data-move=\"1\">next ▶</button></div>")
            body.append("<ol start=\"0\">")
            for step in trace {
                body.append("<li><strong>\(ReportText.xml(step.action))</strong>: \(ReportText.xml(step.change))<div class=\"state\">\(ReportText.xml(step.state))</div></li>")
            }
            body.append("</ol>")
            if let svg { body.append(inlineSVG(svg)) }
            body.append("</section>")
        }
        var sections = 0
        for property in report.failures {
            guard let trace = property.trace else { continue }
            traceSection(sections, "Counterexample: \(ReportText.xml(property.name))", property, trace, svg: traceSVGs[property.name])
            sections += 1
        }
        // A warning's paths step through as a counterexample does: the other path, then this one.
        for property in report.warnings {
            guard let trace = property.trace else { continue }
            if let other = property.otherTrace {
                traceSection(sections, "Warning: \(ReportText.xml(property.name)), one path", property, other, svg: nil)
                sections += 1
            }
            traceSection(sections, "Warning: \(ReportText.xml(property.name))\(property.otherTrace == nil ? "" : ", this path")", property, trace, svg: nil)
            sections += 1
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <title>\(report.statusWord) \(ReportText.xml(report.graph)) — NavGraph report</title>
        <style>
        body { font: 15px/1.45 -apple-system, Helvetica, Arial, sans-serif; margin: 1em auto; max-width: 1600px; padding: 0 1em; color: #222; }
        h1 .status { font-size: 70%; padding: .1em .4em; border-radius: .3em; color: #fff; background: #1a7f37; }
        h1 .status.failed { background: #c00000; } h1 .status.inconclusive, h1 .status.warning { background: #9a6700; }
        .diagram.overview { max-height: none; } .diagram.overview svg, .diagram.storyboard svg { max-width: 100%; height: auto; }
        .diagram.storyboard { max-height: none; border: none; } .storyboard g.frame { transition: opacity .2s; }
        g.node.found polygon, g.node.found path { stroke: #e36209; stroke-width: 4; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .3em .6em; text-align: left; vertical-align: top; }
        tr.failed td { background: #fde8e8; } tr.inconclusive td, p.inconclusive { background: #fff6dd; }\(report.warnings.isEmpty ? "" : "\ntr.warning td { background: #fff6dd; }")
        .diagram { overflow: auto; max-height: 85vh; border: 1px solid #eee; } .diagram svg { display: block; }
        .trace li { opacity: .45; } .trace li.current { opacity: 1; background: #fff3c4; }
        .state { color: #555; font-size: 90%; }\(routeIndex == nil ? "" : "\n" + routeStyle)
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        <script>
        for (const section of document.querySelectorAll('.trace')) {
          const steps = section.querySelectorAll('li');
          const label = section.querySelector('.position');
          let current = steps.length - 1;
          const edges = section.querySelectorAll('g.navgraph_step');
          const number = (edge) => Number([...edge.classList].find((name) => /^step_[0-9]+$/.test(name)).slice(5));
          const frames = section.querySelectorAll('g.frame');
          const show = () => {
            steps.forEach((step, index) => step.classList.toggle('current', index <= current));
            edges.forEach((edge) => { edge.style.opacity = number(edge) <= current ? '1' : '0.1'; });
            frames.forEach((frame) => { frame.style.opacity = number(frame) <= current ? '1' : '0.25'; });
            label.textContent = 'step ' + current + ' of ' + (steps.length - 1);
          };
          const move = (by) => { current = Math.max(0, Math.min(steps.length - 1, current + by)); show(); };
          for (const button of section.querySelectorAll('button')) {
            button.addEventListener('click', () => move(Number(button.dataset.move)));
          }
          section.move = move;
          show();
        }
        // Arrow keys step through the counterexample nearest the top of the window.
        document.addEventListener('keydown', (event) => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' || event.target instanceof HTMLInputElement) return;
          const sections = [...document.querySelectorAll('.trace')];
          const near = sections.find((section) => section.getBoundingClientRect().bottom > 0);
          if (near && near.move) { near.move(event.key === 'ArrowRight' ? 1 : -1); event.preventDefault(); }
        });
        const search = document.getElementById('route-search');
        const entries = [...document.querySelectorAll('#route-list li')];
        if (search) {
          const nodes = [...document.querySelectorAll('.diagram.overview g.node')];
          const found = document.getElementById('route-found');
          search.addEventListener('input', () => {
            const query = search.value.trim().toLowerCase();
            const matches = nodes.filter((node) => {
              const title = node.querySelector('title');
              const hit = query !== '' && title !== null && title.textContent.toLowerCase().includes(query);
              node.classList.toggle('found', hit);
              return hit;
            });
            // The route list filters too; without a drawing it is the map, so it opens.
            const listed = entries.filter((entry) => {
              const hit = query === '' || entry.dataset.route.toLowerCase().includes(query);
              entry.hidden = !hit;
              return hit;
            });
            if (nodes.length === 0 && entries.length > 0 && query !== '') document.getElementById('route-list').open = true;
            found.textContent = query === '' ? '' : (nodes.length > 0 ? matches.length : listed.length) + ' found';
            if (matches.length > 0) matches[0].scrollIntoView({ block: 'center', inline: 'center' });
          });
        }
        // A route's entry of the route list (its focus diagram, the properties that mention it),
        // shown above the overview while the route is focused.
        const panel = document.getElementById('route-panel');
        const showRoute = (route) => {
          if (panel === null) return;
          const entry = entries.find((item) => item.dataset.route === route);
          const list = document.createElement('ul');
          list.className = 'routes';
          if (entry !== undefined) { const copy = entry.cloneNode(true); copy.hidden = false; list.appendChild(copy); }
          panel.replaceChildren(list);
          panel.hidden = entry === undefined;
        };
        // Click a route (or hub) in the overview to focus on it: what leads to it and where it
        // leads stay, the rest fades; click it again, or the background, to see everything.
        const overview = document.querySelector('.diagram.overview svg');
        if (overview) {
          const name = (element) => { const title = element.querySelector('title'); return title === null ? '' : title.textContent; };
          const nodes = [...overview.querySelectorAll('g.node')];
          const edges = [...overview.querySelectorAll('g.edge')];
          let focused = null;
          const focus = (target) => {
            focused = target === focused ? null : target;
            const near = new Set(focused === null ? [] : [focused]);
            for (const edge of edges) {
              const [from, to] = name(edge).split('->');
              const touches = focused !== null && (from === focused || to === focused);
              if (touches) { near.add(from); near.add(to); }
              edge.style.opacity = focused === null || touches ? '1' : '0.12';
            }
            for (const node of nodes) node.style.opacity = focused === null || near.has(name(node)) ? '1' : '0.2';
            document.getElementById('route-found').textContent = focused === null ? '' : 'focused on ' + focused + ': ' + (near.size - 1) + ' neighbours (click again to see all)';
            showRoute(focused);
          };
          overview.addEventListener('click', (event) => {
            const node = event.target.closest('g.node');
            focus(node === null ? focused : name(node));
          });
        }
        </script>
        </body>
        </html>

        """
    }

    /// The route list under the route graph: each route with a link to its focus diagram, if
    /// one was drawn, and the properties that mention it (their status as a class, for colour).
    private static func routeList(_ index: RouteIndex, open: Bool) -> [String] {
        let what = index.focusFiles.isEmpty ? "and the properties that mention each" : "their focus diagrams and the properties that mention each"
        var lines = ["<details id=\"route-list\"\(open ? " open" : "")><summary>Routes (\(index.routes.count)), \(what)</summary>"]
        if let note = index.note { lines.append("<p class=\"note\">\(ReportText.xml(note))</p>") }
        lines.append("<ul class=\"routes\">")
        for route in index.routes {
            var parts = ["<strong>\(ReportText.xml(route))</strong>"]
            if let file = index.focusFiles[route] { parts.append("<a href=\"\(ReportText.xml(file))\">focus diagram</a>") }
            let mentions = index.mentions[route]
            parts.append(mentions.isEmpty
                ? "<span class=\"none\">no property mentions it</span>"
                : "properties: " + mentions.map { mention in
                    "<span class=\"\(mention.status.rawValue)\">\(ReportText.xml(mention.property))</span> (\(ReportText.xml(mention.how.joined(separator: ", "))))"
                }.joined(separator: ", "))
            lines.append("<li data-route=\"\(ReportText.xml(route))\">" + parts.joined(separator: " — ") + "</li>")
        }
        lines.append("</ul></details>")
        return lines
    }

    /// The route list's and the route panel's styles.
    private static let routeStyle = """
        #route-panel { border-left: 4px solid #e36209; background: #fff8ef; padding: .2em .8em; margin: .5em 0; }
        ul.routes { padding-left: 1.2em; } #route-panel ul.routes { list-style: none; padding: 0; margin: .3em 0; }
        ul.routes span.failed { color: #c00000; font-weight: bold; } ul.routes span.inconclusive, ul.routes span.warning { color: #9a6700; }
        ul.routes span.none { color: #777; }
        """

    /// Graphviz's SVG without its XML declaration and doctype, to sit inside HTML at its own
    /// size in a box that scrolls (a large state graph squeezed to the page's width is unreadable).
    private static func inlineSVG(_ svg: String, kind: String? = nil) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return "<div class=\"diagram\(kind.map { " \($0)" } ?? "")\">" + String(svg[start.lowerBound...]).trimmingCharacters(in: .newlines) + "</div>"
    }
}
