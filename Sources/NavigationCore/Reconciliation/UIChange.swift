/// A change the user made in the UI itself, outside the store: a swipe back, a sheet pulled
/// down, a tab tapped.
///
/// SwiftUI changes a `NavigationStack(path:)`, a sheet's binding or a `TabView` selection on its
/// own; the store learns of it as a `UIChange`, turns it into the command it amounts to
/// (``command(in:)``) and runs that through the middleware like any other
/// (``NavigationStore/reconcile(_:)``), so a guard can refuse a swipe just as it refuses a tap.
public enum UIChange<R: Route>: Hashable, Sendable {
    /// The stack at `location` now shows `path` above its root, as `NavigationStack(path:)`
    /// holds it (the root is the stack's root view, not part of the path).
    case path([R], at: StackLocation)
    /// The modal layer at `level` (0 is the lowest presented) was dismissed by the user, and
    /// with it every layer above it.
    case modalDismissed(level: Int)
    /// The user selected `tab`.
    case tabSelected(TabID)

    /// The command this change amounts to in `state`, or `nil` when there is nothing to do:
    /// the state already shows it, or it names a stack, layer or tab the UI cannot change
    /// (a stack that is not the active one, a layer that is not presented).
    ///
    /// - A shorter path is a pop: `pop`, `popCount(n)`, or `popToRoot` when the path is empty.
    /// - A longer path that keeps the current one is a push: `push`, or `pushAll` for several.
    /// - Any other path replaces the stack: `replace` with the root and the new path.
    /// - A dismissed layer is `dismiss` when it is the top one, `dismissAll` when it is the
    ///   lowest, otherwise a `sequence` of one `dismiss` per layer from the top down.
    /// - Selecting a tab other than the selected one is `selectTab`.
    public func command(in state: NavigationState<R>) -> NavigationCommand<R>? {
        switch self {
        case .path(let path, let location):
            guard location == state.activeLocation else { return nil }
            let routes = state.activeStack.routes
            guard let root = routes.first else { return .replace(path) }
            let current = routes.dropFirst()
            if path.elementsEqual(current) { return nil }
            if path.count < current.count, current.starts(with: path) {
                if path.isEmpty { return .popToRoot }
                let count = current.count - path.count
                return count == 1 ? .pop : .popCount(count)
            }
            if path.count > current.count, path.starts(with: current) {
                let added = Array(path.dropFirst(current.count))
                return added.count == 1 ? .push(added[0]) : .pushAll(added)
            }
            return .replace([root] + path)
        case .modalDismissed(let level):
            guard state.modals.indices.contains(level) else { return nil }
            let count = state.modals.count - level
            if count == 1 { return .dismiss }
            if level == 0 { return .dismissAll }
            return .sequence(Array(repeating: .dismiss, count: count))
        case .tabSelected(let tab):
            return tab == state.selectedTab ? nil : .selectTab(tab)
        }
    }

    /// Whether `state` shows what the UI reported, so the UI needs no correction.
    public func isShown(in state: NavigationState<R>) -> Bool {
        switch self {
        case .path(let path, let location):
            return state.path(at: location).map { $0.elementsEqual(path) } ?? false
        case .modalDismissed(let level):
            return state.modals.count <= level
        case .tabSelected(let tab):
            return state.selectedTab == tab
        }
    }
}

extension UIChange: CustomStringConvertible {
    public var description: String {
        switch self {
        case .path(let path, let location): "the UI set the path of \(location) to [\(path.map { "\($0)" }.joined(separator: ", "))]"
        case .modalDismissed(let level): "the UI dismissed modal layer \(level)"
        case .tabSelected(let tab): "the UI selected tab \(tab)"
        }
    }
}

extension NavigationState {
    /// The stack at `location`, or `nil` when the state has no such tab or modal layer.
    public func stack(at location: StackLocation) -> RouteStack<R>? {
        switch location {
        case .tab(let tab): stack(of: tab)
        case .modal(let level): modals.indices.contains(level) ? modals[level].stack : nil
        }
    }

    /// The routes above the root of the stack at `location`, as `NavigationStack(path:)` holds
    /// them, or `nil` when the state has no such stack.
    public func path(at location: StackLocation) -> [R]? {
        stack(at: location).map { Array($0.routes.dropFirst()) }
    }
}
