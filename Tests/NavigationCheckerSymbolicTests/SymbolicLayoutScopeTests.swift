import NavigationCore
import Testing
@testable import NavigationCheckerSymbolic

/// The symbolic layout with and without tab-scoped modals: a graph whose modals are the
/// window's keeps exactly its variables; each tab's own layers sit right after its stack.
@Suite("Symbolic layout of tab-scoped modals")
struct SymbolicLayoutScopeTests {
    @Test("window scope keeps the variables it had; tab scope adds one block of layers per tab, after the tab's stack")
    func variableCounts() {
        // The app-shaped benchmark's shape: 5 tabs, 43 routes, depth 8, 2 modal layers, 3 flags.
        let window = SymbolicLayout(tabs: 5, maxStackDepth: 8, maxModalDepth: 2, routes: 43, flags: 3)
        let tab = SymbolicLayout(tabs: 5, maxStackDepth: 8, maxModalDepth: 2, routes: 43, flags: 3, scopesModalsToTabs: true)
        let layerVariables = ModalStyle.codeBitWidth + window.slotCount * window.routeBits
        // Before modal scopes: the selection, the flags, the window's layers, the tabs' stacks.
        #expect(window.current.count == window.selected.count + 3 + window.layerCount * layerVariables + 5 * window.slotCount * window.routeBits)
        #expect(window.tabLayerSlots.isEmpty && window.locations.count == 5 + window.layerCount)
        #expect(tab.current.count == window.current.count + 5 * window.layerCount * layerVariables)
        for index in 0..<5 {
            let stackEnd = tab.tabSlots[index].flatMap { $0 }.max() ?? 0
            let own = tab.tabLayerStyle[index].flatMap { $0 } + tab.tabLayerSlots[index].flatMap { $0.flatMap { $0 } }
            #expect(own.min() == stackEnd + 2, "tab \(index)'s own layers follow its stack")
        }
        print("symbolic variables (current-state, ×2 with next): window \(window.current.count), tab-scoped \(tab.current.count)")
    }
}
