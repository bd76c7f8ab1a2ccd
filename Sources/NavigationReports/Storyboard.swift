import NavigationCore
import NavigationGraph
import NavigationChecker

/// A counterexample as a storyboard: each step a frame of the screen a person sees (the tab bar
/// with the selected tab, the visible stack as breadcrumbs, the modal layers as stacked cards,
/// the flags that changed), each frame headed by what the person did, in words
/// (``TraceNarration``). Drawn as SVG without Graphviz: frames in rows of ``columns``, every
/// text on a line of its own, cut to the frame's width, so no two texts overlap.
///
/// ```swift
/// let svg = Storyboard(graph, trace: failure.trace).svg()
/// ```
public struct Storyboard<R: Route> {
    /// One frame: what the person did, and what they then saw.
    public struct Frame: Hashable, Sendable {
        /// The step's number, 0 for the initial state.
        public let step: Int
        /// What the person did, in words.
        public let action: String
        /// The tabs the tab bar shows, in order, and which is selected (empty without tabs).
        public let tabs: [String]
        public let selectedTab: String?
        /// The visible tab's stack (or the root stack), bottom first.
        public let breadcrumbs: [String]
        /// The modal layers, bottom first: each its style and its stack.
        public let modals: [(style: String, routes: [String])]
        /// The flags that changed at this step: `+name` set, `-name` cleared.
        public let flagChanges: [String]
        /// A pending deep link, if any.
        public let pending: String?

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.step == rhs.step && lhs.action == rhs.action && lhs.tabs == rhs.tabs && lhs.selectedTab == rhs.selectedTab
                && lhs.breadcrumbs == rhs.breadcrumbs && lhs.modals.map(\.style) == rhs.modals.map(\.style)
                && lhs.modals.map(\.routes) == rhs.modals.map(\.routes) && lhs.flagChanges == rhs.flagChanges && lhs.pending == rhs.pending
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(step)
            hasher.combine(action)
            hasher.combine(breadcrumbs)
        }
    }

    let graph: NavigationGraph<R>
    let trace: CheckTrace<R>

    /// Frames per row: four frames fit a 1,400-pixel-wide window.
    public static var columns: Int { 4 }

    /// The storyboard of `trace` through `graph`.
    ///
    /// - Parameters:
    ///   - graph: The graph the trace was found in.
    ///   - trace: The counterexample.
    public init(_ graph: NavigationGraph<R>, trace: CheckTrace<R>) {
        self.graph = graph
        self.trace = trace
    }

    /// The frames, one per step.
    ///
    /// - Complexity: O(steps × (tabs + stack depth + modal layers + flags)).
    public func frames() -> [Frame] {
        let narration = TraceNarration(graph)
        let rules = graph.makeTabBarRules()
        var previous: NavigationState<R>?
        return trace.steps.enumerated().map { index, step in
            defer { previous = step.state }
            let state = step.state
            let shown = graph.tabs.isEmpty ? [] : rules.shownTabs(in: state).map(\.name)
            var changes: [String] = []
            if let previous {
                changes += state.flags.subtracting(previous.flags).map { "+\($0.name)" }.sorted()
                changes += previous.flags.subtracting(state.flags).map { "-\($0.name)" }.sorted()
            } else {
                changes += state.flags.map { "+\($0.name)" }.sorted()
            }
            let visible = state.tabs.indices.contains(state.selectedTabIndex) ? state.tabs[state.selectedTabIndex].stack.routes : []
            return Frame(step: index, action: narration.action(step, after: previous), tabs: shown,
                         selectedTab: graph.tabs.isEmpty ? nil : state.selectedTab.name,
                         breadcrumbs: visible.map { "\($0)" },
                         modals: state.modals.map { (style: $0.style.rawValue, routes: $0.stack.routes.map { "\($0)" }) },
                         flagChanges: changes, pending: state.pendingDeepLink.map { "\($0.url)" })
        }
    }

    // Geometry, in pixels: every line of text gets `line` of height, and is cut to `characters`.
    private static var frameWidth: Int { 320 }
    private static var gap: Int { 24 }
    private static var lineHeight: Int { 16 }
    private static var characters: Int { 42 }

    /// The storyboard as a standalone SVG document. Every name is escaped; a frame's texts sit
    /// on lines of their own, each cut (with `…`) to the frame's width.
    public func svg() -> String {
        let laidOut = frames().map { items(of: $0) }
        let rowHeights = stride(from: 0, to: laidOut.count, by: Self.columns).map { start in
            laidOut[start..<min(start + Self.columns, laidOut.count)].map { height(of: $0) }.max() ?? 0
        }
        let width = Self.columns * (Self.frameWidth + Self.gap) + Self.gap
        let totalHeight = rowHeights.reduce(Self.gap) { $0 + $1 + Self.gap }
        var out = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"storyboard\" width=\"\(width)\" height=\"\(totalHeight)\" viewBox=\"0 0 \(width) \(totalHeight)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">",
        ]
        var top = Self.gap
        for (row, rowHeight) in rowHeights.enumerated() {
            for column in 0..<Self.columns {
                let index = row * Self.columns + column
                guard index < laidOut.count else { break }
                let x = Self.gap + column * (Self.frameWidth + Self.gap)
                let last = index == laidOut.count - 1
                out.append("<g class=\"frame step_\(index)\" id=\"frame-\(index)\">")
                out.append("<rect x=\"\(x)\" y=\"\(top)\" width=\"\(Self.frameWidth)\" height=\"\(rowHeight)\" rx=\"8\" fill=\"#ffffff\" stroke=\"\(last ? "#c00000" : "#999999")\" stroke-width=\"\(last ? 2 : 1)\"/>")
                var y = top
                for item in laidOut[index] {
                    switch item {
                    case .text(let text, let indent, let style):
                        y += Self.lineHeight
                        out.append("<text x=\"\(x + 10 + indent)\" y=\"\(y - 4)\"\(style.attributes)>\(ReportText.xml(text))</text>")
                    case .tabBar(let tabs, let selected):
                        y += Self.lineHeight + 4
                        let cell = tabs.isEmpty ? 0 : (Self.frameWidth - 20) / tabs.count
                        for (position, tab) in tabs.enumerated() {
                            let left = x + 10 + position * cell
                            let isSelected = tab == selected
                            out.append("<rect x=\"\(left)\" y=\"\(y - Self.lineHeight)\" width=\"\(cell - 2)\" height=\"\(Self.lineHeight + 2)\" rx=\"3\" fill=\"\(isSelected ? "#2f6f9f" : "#eeeeee")\"/>")
                            let fits = max(1, (cell - 6) / 6)
                            out.append("<text x=\"\(left + 3)\" y=\"\(y - 3)\" font-size=\"10\" fill=\"\(isSelected ? "#ffffff" : "#333333")\">\(ReportText.xml(Self.cut(tab, to: fits)))</text>")
                        }
                        y += 4
                    case .card(let depth):
                        // A modal layer: a card offset by its depth, behind the texts that follow it.
                        out.append("<rect x=\"\(x + 6 + depth * 6)\" y=\"\(y + 3)\" width=\"\(Self.frameWidth - 12 - depth * 6)\" height=\"\(Self.lineHeight * 2 + 2)\" rx=\"5\" fill=\"#f3eefa\" stroke=\"#8a4fa8\"/>")
                    }
                }
                out.append("</g>")
                if column < Self.columns - 1, index + 1 < laidOut.count {
                    let arrowY = top + 14
                    out.append("<path d=\"M\(x + Self.frameWidth + 4),\(arrowY) h\(Self.gap - 10) l-4,-4 m4,4 l-4,4\" stroke=\"#666666\" fill=\"none\"/>")
                }
            }
            top += rowHeight + Self.gap
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private enum TextStyle {
        case heading, plain, crumb, added, removed, modal, note
        var attributes: String {
            switch self {
            case .heading: " font-weight=\"bold\""
            case .plain: ""
            case .crumb: " fill=\"#222222\""
            case .added: " fill=\"#1a7f37\""
            case .removed: " fill=\"#c00000\""
            case .modal: " fill=\"#5a2d73\""
            case .note: " fill=\"#666666\" font-style=\"italic\""
            }
        }
    }

    private enum Item {
        case text(String, indent: Int, style: TextStyle)
        case tabBar([String], selected: String?)
        case card(depth: Int)
    }

    /// A frame's items, top to bottom.
    private func items(of frame: Frame) -> [Item] {
        var items: [Item] = []
        for (number, part) in Self.wrap("\(frame.step). \(frame.action)", width: Self.characters - 2).prefix(3).enumerated() {
            items.append(.text(part, indent: number == 0 ? 0 : 12, style: .heading))
        }
        if !frame.tabs.isEmpty { items.append(.tabBar(frame.tabs, selected: frame.selectedTab)) }
        let crumbs = frame.breadcrumbs.isEmpty ? ["(empty stack)"] : frame.breadcrumbs
        for part in Self.wrap(crumbs.joined(separator: " › "), width: Self.characters).prefix(3) { items.append(.text(part, indent: 0, style: .crumb)) }
        for (depth, modal) in frame.modals.enumerated() {
            items.append(.card(depth: depth))
            items.append(.text("\(modal.style) \(depth + 1)", indent: 4 + depth * 6, style: .modal))
            items.append(.text(Self.cut(modal.routes.joined(separator: " › "), to: Self.characters - 2 - depth), indent: 4 + depth * 6, style: .modal))
        }
        if !frame.flagChanges.isEmpty {
            for part in Self.wrap(frame.flagChanges.joined(separator: " "), width: Self.characters).prefix(2) {
                items.append(.text(part, indent: 0, style: frame.flagChanges.first?.hasPrefix("-") == true ? .removed : .added))
            }
        }
        if let pending = frame.pending { items.append(.text(Self.cut("pending \(pending)", to: Self.characters), indent: 0, style: .note)) }
        return items
    }

    private func height(of items: [Item]) -> Int {
        items.reduce(10) { total, item in
            switch item {
            case .text: total + Self.lineHeight
            case .tabBar: total + Self.lineHeight + 8
            case .card: total
            }
        }
    }

    /// `text` cut to `count` characters, ending in `…` when cut.
    static func cut(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(max(0, count - 1))) + "…"
    }

    /// `text` in lines of at most `width` characters, broken at spaces where it can be; the
    /// last line kept is cut with `…` when there is more.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while word.count > width {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
