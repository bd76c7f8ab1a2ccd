import NavigationCore
import NavigationGraph

/// How many user actions each route is from launch: the fewest taps (a declared transition,
/// system Back, swiping a sheet away, selecting a tab) to a state where the route is shown.
///
/// A route is *shown* where route coverage counts it: on top of the visible stack or of the
/// topmost modal (`NavigationState.top`). Events and deep links are not the user's taps: a
/// distance in ``Entry/taps`` takes user actions only, from the initial state with its flags as
/// declared; ``Entry/withEvents`` counts every action the checker explores (events and deep
/// links included), so a route that only an event or a link shows has no `taps` but a
/// `withEvents`. ``Entry/fromTabRoots`` starts from each tab's root instead: the state one tap
/// on the tab leads to from launch.
///
/// ```swift
/// let result = try Checker(graph).run()
/// for entry in result.tapDistances?.sortedByTaps ?? [] {
///     print(entry.route, entry.taps.map(String.init) ?? "–", entry.path.joined(separator: " → "))
/// }
/// ```
///
/// Both engines compute it (breadth-first over the user actions' part of the state graph) and
/// the differential tests hold them to the same numbers.
public struct TapDistances: Hashable, Sendable, Codable {
    /// One route's distances.
    public struct Entry: Hashable, Sendable, Codable {
        /// The route's name.
        public let route: String
        /// The fewest user actions from launch to a state showing the route; `nil` when user
        /// actions alone never show it (within the depth bounds).
        public let taps: Int?
        /// A shortest such path, each step as the checker labels its action
        /// (`push home → cart`); empty for a route shown at launch or never reached by taps.
        public let path: [String]
        /// The fewest actions of any kind, events and deep links included; `nil` when the route
        /// is never shown.
        public let withEvents: Int?
        /// Per tab, in ``TapDistances/tabs`` order, the fewest user actions from the tab's root;
        /// `nil` where none leads there (or the tab cannot be selected at launch).
        public let fromTabRoots: [Int?]
        /// Per flag combination, in ``TapDistances/flagCombinations`` order, the fewest user
        /// actions from where the combination first holds; `nil` where none leads there.
        public let fromFlagCombinations: [Int?]

        package init(route: String, taps: Int?, path: [String], withEvents: Int?, fromTabRoots: [Int?], fromFlagCombinations: [Int?] = []) {
            self.route = route
            self.taps = taps
            self.path = path
            self.withEvents = withEvents
            self.fromTabRoots = fromTabRoots
            self.fromFlagCombinations = fromFlagCombinations
        }
    }

    /// The most flags a graph may declare for distances per flag combination (16 combinations).
    public static let maxFlagsForCombinations = 4

    /// The tabs ``Entry/fromTabRoots`` is counted from, in the graph's order.
    public let tabs: [String]
    /// The flag combinations other than launch's that some reachable state has, each as the
    /// flags that differ from launch (`signedIn`, `not onboarded and premium`), in the order
    /// they are first reached (then by the flags' values); ``Entry/fromFlagCombinations``
    /// counts from the states, nearest launch, where each first holds. Empty for a graph with
    /// more than ``maxFlagsForCombinations`` flags.
    public let flagCombinations: [String]
    /// Every declared route, in declaration order.
    public let routes: [Entry]

    package init(tabs: [String], flagCombinations: [String] = [], routes: [Entry]) {
        self.tabs = tabs
        self.flagCombinations = flagCombinations
        self.routes = routes
    }

    /// A combination of the graph's flags (bit n: flag n is set), named by the flags that
    /// differ from `launch`: `signedIn`, `not onboarded and premium`.
    package static func combinationName(_ mask: Int, launch: Int, flags: [String]) -> String {
        flags.indices.filter { (mask ^ launch) & (1 << $0) != 0 }
            .map { mask & (1 << $0) != 0 ? flags[$0] : "not \(flags[$0])" }
            .joined(separator: " and ")
    }

    /// The entries by distance: by taps, those without taps after them by their distance with
    /// events, then those never shown; ties by declaration order.
    public var sortedByTaps: [Entry] {
        routes.enumerated().sorted { lhs, rhs in
            let left = Self.sortKey(lhs.element), right = Self.sortKey(rhs.element)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The entry of the route called `route`, if declared.
    public func entry(for route: String) -> Entry? { routes.first { $0.route == route } }

    /// Taps first, then the distance with events, then never shown: one integer that orders them.
    private static func sortKey(_ entry: Entry) -> Int {
        if let taps = entry.taps { return taps }
        if let withEvents = entry.withEvents { return (1 << 40) + withEvents }
        return 1 << 41
    }
}

extension ExplorerAction {
    /// Whether the user does it: a declared transition (a tap), system Back, swiping a sheet
    /// away or selecting a tab. Events, deep links and resuming a pending link are not the
    /// user's taps, so tap distances do not count them.
    public var isUserAction: Bool {
        switch self {
        case .transition, .back, .dismissSheet, .selectTab: true
        case .event, .openLink, .resumePending: false
        }
    }
}
