/// The navigation trace format: one JSON object per line, each a step an app recorded — what
/// the user or the system did, and what was visible afterwards — which `navgraph conform`
/// replays through a graph.
///
/// A file holds one or more traces. A trace starts with a launch line; each following line is
/// one step:
///
/// ```json
/// {"do":"launch","version":1,"trace":"session-1","state":{"stack":["catalog"],"flags":{"signedIn":false}}}
/// {"do":"push","route":{"name":"product","with":{"id":"2"}},"state":{"stack":["catalog",{"name":"product","with":{"id":"2"}}]}}
/// {"do":"present","route":"cart","style":"sheet","state":{"modals":[{"style":"sheet","stack":["cart"]}]}}
/// {"do":"dismiss"}
/// ```
///
/// Every field of `state` is optional: what an app does not know it leaves out, and it is not
/// compared. `Schemas/navgraph-trace-1.schema.json` is the JSON Schema (``jsonSchema``).
public enum NavigationTrace {
    /// The format's version, written in every launch line (`"version": 1`).
    public static let version = 1

    /// A route as a trace names it: its declared name and its parameter values.
    ///
    /// Written as the bare name when it has no values (`"catalog"`), else as an object
    /// (`{"name": "product", "with": {"id": "2"}}`).
    public struct Route: Hashable, Sendable {
        /// The route's declared name.
        public var name: String
        /// Each parameter's value by the parameter's name.
        public var values: [String: String]

        /// A route called `name` with parameter `values`.
        ///
        /// - Parameters:
        ///   - name: The route's declared name.
        ///   - values: Each parameter's value by name.
        public init(_ name: String, values: [String: String] = [:]) {
            self.name = name
            self.values = values
        }

        /// `product(id: 2)`, values sorted by parameter name.
        public var text: String {
            values.isEmpty ? name : "\(name)(\(values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")))"
        }
    }

    /// A modal layer as a trace records it: its style and the routes on its stack.
    public struct Modal: Hashable, Sendable {
        /// The modal style's document name (`sheet`, `cover`).
        public var style: String
        /// The layer's stack, root first.
        public var stack: [Route]

        /// A layer of `style` showing `stack`.
        ///
        /// - Parameters:
        ///   - style: The style's document name.
        ///   - stack: The routes, root first.
        public init(style: String, stack: [Route]) {
            self.style = style
            self.stack = stack
        }
    }

    /// What was visible after a step. Each field is optional: `nil` means the app did not
    /// record it, and it is not compared.
    public struct State: Hashable, Sendable {
        /// The selected tab's name.
        public var tab: String?
        /// The selected tab's stack, root first (modals apart).
        public var stack: [Route]?
        /// The stacks of the tabs named, root first; tabs not named are not compared.
        public var stacks: [String: [Route]]?
        /// The visible modal layers, bottom first; `[]` records that none is shown.
        public var modals: [Modal]?
        /// The flags named, with their values; flags not named are not compared.
        public var flags: [String: Bool]?

        /// A state with the fields given; the others are not recorded.
        ///
        /// - Parameters:
        ///   - tab: The selected tab.
        ///   - stack: The selected tab's stack.
        ///   - stacks: Stacks by tab.
        ///   - modals: The visible modal layers.
        ///   - flags: Flag values by name.
        public init(tab: String? = nil, stack: [Route]? = nil, stacks: [String: [Route]]? = nil, modals: [Modal]? = nil, flags: [String: Bool]? = nil) {
            self.tab = tab
            self.stack = stack
            self.stacks = stacks
            self.modals = modals
            self.flags = flags
        }

        /// Whether nothing is recorded.
        public var isEmpty: Bool { tab == nil && stack == nil && stacks == nil && modals == nil && flags == nil }
    }

    /// What a step did.
    public enum Action: Hashable, Sendable {
        /// A screen pushed onto the visible stack (`"do": "push"`).
        case push(Route)
        /// A screen presented modally, in the style named when known (`"do": "present"`).
        case present(Route, style: String?)
        /// The visible stack's top replaced (`"do": "replace"`).
        case replace(Route)
        /// A route requested from its owner (`"do": "request"`).
        case request(Route)
        /// System Back: the visible stack popped (`"do": "back"`).
        case back
        /// The topmost sheet swiped or closed away (`"do": "dismiss"`).
        case dismiss
        /// A tab tapped (`"do": "selectTab"`).
        case selectTab(String)
        /// A declared event fired (`"do": "event"`).
        case event(String)
        /// A deep link opened (`"do": "open"`).
        case open(String)
        /// The pending deep link resumed (`"do": "resume"`).
        case resume
        /// Several actions the app ran as one step, in order (`"do": "batch"`, `"steps": [...]`):
        /// a `NavigationStore` batch or transaction, which publishes one state for all of them.
        /// Replayed as one step: each action in turn, the state compared after the last.
        case batch([Action])
        /// Any other command the app ran, described (`"do": "command"`): no graph has a user
        /// action for it, so replaying it diverges.
        case command(String)

        /// The word after `"do"`.
        public var keyword: String {
            switch self {
            case .push: "push"
            case .present: "present"
            case .replace: "replace"
            case .request: "request"
            case .back: "back"
            case .dismiss: "dismiss"
            case .selectTab: "selectTab"
            case .event: "event"
            case .open: "open"
            case .resume: "resume"
            case .batch: "batch"
            case .command: "command"
            }
        }

        /// A short label: `push product(id: 2)`, `present cart (sheet)`, `Back`, `event signIn`.
        public var text: String {
            switch self {
            case .push(let route): "push \(route.text)"
            case .present(let route, let style): "present \(route.text)\(style.map { " (\($0))" } ?? "")"
            case .replace(let route): "replace with \(route.text)"
            case .request(let route): "request \(route.text)"
            case .back: "Back"
            case .dismiss: "dismiss"
            case .selectTab(let tab): "select tab \(tab)"
            case .event(let name): "event \(name)"
            case .open(let url): "open \(url)"
            case .resume: "resume the pending link"
            case .batch(let actions): "batch: " + actions.map(\.text).joined(separator: "; ")
            case .command(let text): "command \(text)"
            }
        }
    }

    /// One line of a trace file.
    public enum Line: Hashable, Sendable {
        /// Starts a trace (`"do": "launch"`): its id when given, and the state at launch when recorded.
        case launch(trace: String?, state: State?)
        /// One step and the state after it, when recorded.
        case step(Action, state: State?)
    }
}
