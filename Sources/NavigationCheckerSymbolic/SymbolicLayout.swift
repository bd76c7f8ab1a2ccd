import NavigationChecker
import NavigationCore

/// Where each part of a navigation state lives among the decision diagrams' boolean variables.
///
/// A state is: the selected tab, the flags, the modal layers (each a style and a stack) and
/// every tab's stack. A stack is a row of slots, root first, one slot per depth level
/// 1…maxStackDepth and one or more past it (the *overflow* slots, see below); a slot holds a route id in
/// ``routeBits`` bits, 0 for empty. A stack's depth is its number of non-empty slots, which are
/// always a prefix. A modal layer is present when its first slot is not empty; its style bits
/// hold its style's ``ModalStyle/code`` (0 for an absent layer), as many bits as the codes of
/// every style need (``ModalStyle/codeBitWidth``). There are maxModalDepth + overflow layers.
///
/// The overflow slots of each stack and the overflow layers are empty in every stored state:
/// they hold a successor one step past a depth bound, so that a guard can judge the state a
/// command would produce there (the runtime judges it before the checker cuts it) and a
/// redirect from there can still land within the bounds. There is one of each, or as many as
/// the steps by which an event can grow a stack or the layers: the runtime runs an event's
/// commands one after another and the checker cuts only the state it ends in. A successor that
/// keeps something in an overflow slot or layer is cut, as `Checker` cuts it.
///
/// With tab-scoped modals (`ModalScope.tab`, ``scopesModalsToTabs``), each tab also has modal
/// layers of its own (``tabLayerStyle``, ``tabLayerSlots``: as many as the window's), kept in
/// place whether the tab is selected or not: what is shown is the selected tab's layers, then
/// the window's above them. Selecting a tab then writes the selection (and clears the window's
/// layers) and copies nothing; a copy between blocks far apart in the order would cost a
/// diagram exponential in the bits copied.
///
/// Variable order, from the top of the diagrams: the selected tab's bits, the flags, the
/// pending deep link's number (when a link can park), modal
/// layer 0 (style bits, then its slots root first), layer 1, …, then tab 0's slots root first
/// (and, with tab-scoped modals, tab 0's own layers right after them, each as a window layer
/// is laid out), tab 1's, …; a slot's bits most significant first. A graph whose modals are the
/// window's has exactly the variables it had before modal scopes existed. Every variable's next-state copy comes right
/// after it (current = 2n, next = 2n + 1). Each stack's slots are adjacent because a step
/// reads and writes one stack at its top, and the stacks of different tabs are independent:
/// kept apart, the set of reachable states is close to a product of per-tab sets, which a
/// diagram holds in the sum of their sizes rather than the product. The selected tab and the
/// flags come first because nearly every step reads them; the pending link next to the flags,
/// because a link's requirement (a condition, mostly on flags) decides whether it parks.
struct SymbolicLayout: Sendable {
    /// A stack: a tab's, or a modal layer's.
    enum Location: Hashable, Sendable {
        case tab(Int)
        /// A window-level modal layer.
        case layer(Int)
        /// A tab's own modal layer (tab, layer), with tab-scoped modals only.
        case tabLayer(Int, Int)
    }

    let tabCount: Int
    /// maxStackDepth + the overflow slots (one, or as many as an event grows a stack).
    let slotCount: Int
    /// maxModalDepth + the overflow layers.
    let layerCount: Int
    /// maxStackDepth and maxModalDepth: slots and layers past these are overflow.
    let stackBound: Int
    let modalBound: Int
    let routeBits: Int
    let flagCount: Int
    /// The deep links that can be parked: the pending slot holds one of them (1…) or none (0).
    let pendingCount: Int

    /// Current-state variables (BuDDy numbers, even) of each part.
    let selected: [Int]
    let flags: [Int]
    /// The pending link's number, most significant bit first; empty when no link can park.
    let pending: [Int]
    /// `layerStyle[layer]`: the layer's style code, most significant bit first.
    let layerStyle: [[Int]]
    /// `layerSlots[layer][slot]` and `tabSlots[tab][slot]`: a slot's bits, most significant
    /// first (slot 0 is depth 1).
    let layerSlots: [[[Int]]]
    let tabSlots: [[[Int]]]
    /// Whether tabs have modal layers of their own (`ModalScope.tab`).
    let scopesModalsToTabs: Bool
    /// `tabLayerStyle[tab][layer]` and `tabLayerSlots[tab][layer][slot]`: each tab's own layers,
    /// laid out as the window's; empty without tab-scoped modals.
    let tabLayerStyle: [[[Int]]]
    let tabLayerSlots: [[[[Int]]]]
    /// Every current-state variable, in order.
    let current: [Int]

    /// Variables BuDDy needs: twice the current ones.
    var variableCount: Int { current.count * 2 }

    /// `overflow` slots past maxStackDepth on each stack and layers past maxModalDepth: one for
    /// a single command, as many as the steps by which an event can grow a stack or the layers.
    /// `pendingLinks` is the number of distinct URLs a link can park.
    init(tabs: Int, maxStackDepth: Int, maxModalDepth: Int, routes: Int, flags: Int, pendingLinks: Int = 0, overflow: Int = 1,
         scopesModalsToTabs: Bool = false) {
        precondition(overflow >= 1, "a layout needs at least one overflow slot")
        tabCount = max(1, tabs)
        slotCount = maxStackDepth + overflow
        layerCount = maxModalDepth + overflow
        stackBound = maxStackDepth
        modalBound = maxModalDepth
        routeBits = Self.bits(for: routes + 1)
        flagCount = flags
        pendingCount = pendingLinks
        var next = 0
        func take(_ count: Int) -> [Int] {
            defer { next += count }
            return (next..<(next + count)).map { $0 * 2 }
        }
        selected = take(Self.bits(for: tabCount))
        self.flags = take(flags)
        pending = pendingLinks > 0 ? take(Self.bits(for: pendingLinks + 1)) : []
        var styles: [[Int]] = []
        var layers: [[[Int]]] = []
        for _ in 0..<layerCount {
            styles.append(take(ModalStyle.codeBitWidth))
            var slots: [[Int]] = []
            for _ in 0..<slotCount { slots.append(take(routeBits)) }
            layers.append(slots)
        }
        layerStyle = styles
        layerSlots = layers
        let width = routeBits
        let slots = slotCount
        self.scopesModalsToTabs = scopesModalsToTabs
        var tabSlots: [[[Int]]] = []
        var tabLayerStyle: [[[Int]]] = []
        var tabLayerSlots: [[[[Int]]]] = []
        for _ in 0..<tabCount {
            tabSlots.append((0..<slots).map { _ in take(width) })
            guard scopesModalsToTabs else { continue }
            var styles: [[Int]] = []
            var layers: [[[Int]]] = []
            for _ in 0..<layerCount {
                styles.append(take(ModalStyle.codeBitWidth))
                layers.append((0..<slots).map { _ in take(width) })
            }
            tabLayerStyle.append(styles)
            tabLayerSlots.append(layers)
        }
        self.tabSlots = tabSlots
        self.tabLayerStyle = tabLayerStyle
        self.tabLayerSlots = tabLayerSlots
        current = (0..<next).map { $0 * 2 }
    }

    /// Bits to tell `values` values apart (at least 1).
    static func bits(for values: Int) -> Int {
        var bits = 1
        while (1 << bits) < values { bits += 1 }
        return bits
    }

    /// Every stack: the tabs', then the window's layers', then (with tab-scoped modals) each
    /// tab's own layers.
    var locations: [Location] {
        let own = scopesModalsToTabs ? (0..<tabCount).flatMap { tab in (0..<layerCount).map { Location.tabLayer(tab, $0) } } : []
        return (0..<tabCount).map(Location.tab) + (0..<layerCount).map(Location.layer) + own
    }

    /// The bits of `slot` (0-based: depth − 1) of the stack at `location`.
    func slot(_ location: Location, _ slot: Int) -> [Int] {
        switch location {
        case .tab(let tab): tabSlots[tab][slot]
        case .layer(let layer): layerSlots[layer][slot]
        case .tabLayer(let tab, let layer): tabLayerSlots[tab][layer][slot]
        }
    }

    /// The style bits of the modal layer at `location` (a window's or a tab's own layer).
    func style(_ location: Location) -> [Int] {
        switch location {
        case .tab: []
        case .layer(let layer): layerStyle[layer]
        case .tabLayer(let tab, let layer): tabLayerStyle[tab][layer]
        }
    }

    /// Every variable of modal layer `layer`: its style and its slots.
    func layerVariables(_ layer: Int) -> [Int] {
        layerStyle[layer] + layerSlots[layer].flatMap { $0 }
    }

    /// Every variable of the layer at `location` (a window's or a tab's own).
    func variables(ofLayer location: Location) -> [Int] {
        style(location) + (0..<slotCount).flatMap { slot(location, $0) }
    }

    /// Every variable of tab `tab`'s own layers; none without tab-scoped modals.
    func ownLayerVariables(ofTab tab: Int) -> [Int] {
        scopesModalsToTabs ? (0..<layerCount).flatMap { variables(ofLayer: .tabLayer(tab, $0)) } : []
    }

    /// The window's modal layers below the stack at `location` when it is the active one: none
    /// for a tab or a tab's own layer, `layer + 1` for a window layer (its own included).
    func layersPresent(whenActive location: Location) -> Int {
        switch location {
        case .tab, .tabLayer: 0
        case .layer(let layer): layer + 1
        }
    }
}
