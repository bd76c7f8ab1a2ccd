import NavigationCore

/// Marks the style of a ``Transition`` at the type level, so `Push`, `Sheet`, `Cover` and
/// `Replace` read as their own declarations.
public protocol TransitionStyleMarker: Sendable {
    static var style: TransitionStyle { get }
}

public enum PushStyle: TransitionStyleMarker { public static var style: TransitionStyle { .push } }
public enum SheetStyle: TransitionStyleMarker { public static var style: TransitionStyle { .sheet } }
public enum CoverStyle: TransitionStyleMarker { public static var style: TransitionStyle { .cover } }
public enum ReplaceStyle: TransitionStyleMarker { public static var style: TransitionStyle { .replace } }

/// An allowed move between two routes, offered only while `when` holds:
/// `Push(.catalog, .product(id: 1))`, `Sheet(.catalog, .signIn, when: "not signedIn")`.
/// A route with a payload is named by any of its values; the move pushes its first sample.
public struct Transition<R: GraphRoute, Style: TransitionStyleMarker>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ from: R, _ to: R, when condition: GraphConditionSource<R>? = nil, fileID: String = #fileID, line: Int = #line) {
        components = [GraphComponent(kind: .transition(from: from, to: to, style: Style.style, condition: condition), file: fileID, line: line)]
    }
}

public typealias Push<R: GraphRoute> = Transition<R, PushStyle>
public typealias Sheet<R: GraphRoute> = Transition<R, SheetStyle>
public typealias Cover<R: GraphRoute> = Transition<R, CoverStyle>
public typealias Replace<R: GraphRoute> = Transition<R, ReplaceStyle>
