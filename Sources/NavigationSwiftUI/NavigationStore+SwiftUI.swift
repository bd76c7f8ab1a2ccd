// SwiftUI bindings over NavigationStore.reconcile(_:).
//
// Linux has no SwiftUI, so Linux CI compiles this file to nothing: it is kept to thin wrappers
// whose every decision is made by NavigationCore's UIChange and UIReconciliation, which are
// tested on Linux. Build it on an Apple platform before changing it.
#if canImport(SwiftUI)
import NavigationCore
import SwiftUI

extension NavigationStore {
    /// A binding for `NavigationStack(path:)` over the stack at `location`.
    ///
    /// A swipe back or a tap on a `NavigationLink(value:)` sets the path; the store turns that
    /// into the command it amounts to and runs it through the middleware
    /// (`NavigationStore.reconcile(_:)`). When middleware cancels or redirects it, the binding
    /// reads the state again, so the stack shows what the state holds.
    ///
    /// ```swift
    /// NavigationStack(path: store.pathBinding(at: .tab("home"))) {
    ///     HomeView().navigationDestination(for: AppRoute.self) { RouteView(route: $0) }
    /// }
    /// ```
    ///
    /// Not compiled on Linux (no SwiftUI there): the logic it calls is tested on Linux.
    public func pathBinding(at location: StackLocation) -> Binding<[R]> {
        Binding(
            get: { MainActor.assumeIsolated { _ = self.uiCorrections; return self.state.path(at: location) ?? [] } },
            set: { path in MainActor.assumeIsolated { _ = self.reconcile(.path(path, at: location)) } })
    }

    /// A binding for `.sheet(isPresented:)` or `.fullScreenCover(isPresented:)` of the modal
    /// layer at `level`: `true` while a layer of `style` is presented there. Setting it to
    /// `false` (the user pulled the sheet down) reports the dismissal through
    /// `NavigationStore.reconcile(_:)`; setting it to `true` does nothing, since only the store
    /// presents.
    ///
    /// ```swift
    /// .sheet(isPresented: store.isPresentedBinding(level: 0, style: .sheet)) { ModalView(level: 0) }
    /// ```
    ///
    /// Not compiled on Linux (no SwiftUI there): the logic it calls is tested on Linux.
    public func isPresentedBinding(level: Int, style: ModalStyle) -> Binding<Bool> {
        Binding(
            get: {
                MainActor.assumeIsolated {
                    _ = self.uiCorrections
                    return self.state.modals.indices.contains(level) && self.state.modals[level].style == style
                }
            },
            set: { presented in
                MainActor.assumeIsolated {
                    guard !presented, self.state.modals.indices.contains(level) else { return }
                    _ = self.reconcile(.modalDismissed(level: level))
                }
            })
    }

    /// A binding for `TabView(selection:)`: a tab the user taps is reported through
    /// `NavigationStore.reconcile(_:)` and may be refused by middleware, or by the tab bar's
    /// rules (a hidden tab, a tab bar covered by a modal). List `store.shownTabs`, so a tab
    /// shown only under a condition appears and disappears with it.
    ///
    /// ```swift
    /// TabView(selection: store.tabSelection) {
    ///     ForEach(store.shownTabs, id: \.self) { tab in TabRoot(tab).tag(tab) }
    /// }
    /// ```
    ///
    /// Not compiled on Linux (no SwiftUI there): the logic it calls is tested on Linux.
    public var tabSelection: Binding<TabID> {
        Binding(
            get: { MainActor.assumeIsolated { _ = self.uiCorrections; return self.state.selectedTab } },
            set: { tab in MainActor.assumeIsolated { _ = self.reconcile(.tabSelected(tab)) } })
    }
}
#endif
