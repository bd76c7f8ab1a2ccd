import NavigationChecker
import NavigationCore
import NavigationGraph

/// Tabs shown only under a condition (`TabBarRules`): the engine refuses selecting a hidden
/// tab, and after every command that succeeds it moves the selection off a tab that stopped
/// being shown, to the fallback when that is shown, else to the first tab shown
/// (``TabBarRules/settleSelection(_:)``).
///
/// The move is folded into each piece of the relation rather than applied as a step of its
/// own: a piece writes constants, so the conditions after it are the conditions restricted to
/// those constants, functions of the state before it. A piece where the selection may move
/// splits into the piece itself (where it stays) and one piece per tab it moves to, which also
/// writes the selected tab's bits. The relation stays partitioned by what it writes, an image
/// stays one relational product per part, and a step with its correction is one action, as in
/// the runtime, so traces need nothing more to replay.
///
/// A state the runtime reaches is settled (its selected tab is shown, or no tab is) unless a
/// condition reads the selected tab (`tab != home`: settling can hide the tab it selects), so
/// a piece that changes no variable a condition reads, and no selection, needs no move there:
/// only the pieces that do are split (with conditions on flags: the events that set them).
/// Where a condition reads the selected tab, every piece is settled. A command that fails runs
/// no settling (the state is as it was), and neither does a plan step that runs no command.
/// Under `hiddenSelection: stay` nothing is settled: the selection stays on a hidden tab, as
/// the runtime's engine leaves it (`TabBarRules.settlesAfterSteps`).
extension SymbolicModel {
    /// Where the tab bar shows tab `tab` (everywhere, for a tab without a condition).
    func shown(_ tab: Int) -> Diagram {
        tabShown.indices.contains(tab) ? tabShown[tab] : encoding.diagrams.true
    }

    /// `piece` followed by the engine's settling of the selection: the piece where the
    /// selection stays, and one piece per tab it moves to.
    func settled(_ piece: SymbolicPiece) -> [SymbolicPiece] {
        guard settlesSelection, !tabShown.isEmpty, !piece.domain.isFalse else { return [piece] }
        // Conditions on flags (the common case): a piece that writes no flag and no selection
        // is known to move nothing without a diagram operation.
        if let read = tabConditionVariables, !tabConditionsReadSelection, !piece.effect.changed.contains(where: read.contains) {
            return [piece]
        }
        let layout = encoding.layout
        let diagrams = encoding.diagrams
        let written = diagrams.cube(piece.effect.values)
        let shownAfter = tabShown.map { $0.restricted(to: written) }
        let values = Dictionary(piece.effect.values.map { ($0.variable, $0.value) }, uniquingKeysWith: { _, last in last })
        // The tab a piece selects, when it writes the selection.
        var selectedAfter: Int?
        if layout.selected.allSatisfy({ values[$0] != nil }) {
            selectedAfter = layout.selected.reduce(0) { $0 << 1 | ((values[$1] ?? false) ? 1 : 0) }
        }
        if selectedAfter == nil && shownAfter == tabShown && !tabConditionsReadSelection { return [piece] }
        var hidden = diagrams.false
        var anyShown = diagrams.false
        for tab in 0..<layout.tabCount {
            let selected = selectedAfter.map { $0 == tab ? diagrams.true : diagrams.false } ?? encoding.selected(tab)
            hidden = hidden || (selected && !shownAfter[tab])
            anyShown = anyShown || shownAfter[tab]
        }
        var moving = piece.domain && hidden && anyShown
        guard !moving.isFalse else { return [piece] }
        var pieces = [SymbolicPiece(domain: piece.domain.without(moving), effect: piece.effect)]
        // The fallback when it is shown, else the first tab shown.
        let order = (fallbackTab.map { [$0] } ?? []) + Array(0..<layout.tabCount)
        for tab in order where !moving.isFalse {
            let target = moving && shownAfter[tab]
            moving = moving.without(shownAfter[tab])
            guard !target.isFalse else { continue }
            pieces.append(SymbolicPiece(domain: target, effect: piece.effect.overriding(encoding.assignment(layout.selected, tab))))
        }
        return pieces
    }

    /// The flag changes of `event` from the states of `domain`: one write, or, with tabs shown
    /// under a condition, one command per change as the runtime runs them, each settled (a
    /// change can hide the selected tab, and a later one show it again: the selection has moved).
    func flagPieces(_ event: EventDeclaration<R>, where domain: Diagram) -> [SymbolicPiece] {
        guard !tabShown.isEmpty else { return [SymbolicPiece(domain: domain, effect: flagEffect(event))] }
        var pieces = [SymbolicPiece(domain: domain, effect: SymbolicEffect([]))]
        for change in event.flagChanges {
            guard let index = encoding.flagNames.firstIndex(of: change.flag) else { continue }
            let write = [(variable: encoding.layout.flags[index], value: change.value)]
            pieces = pieces.flatMap { settled(SymbolicPiece(domain: $0.domain, effect: $0.effect.overriding(write))) }
        }
        return pieces
    }
}

extension SymbolicEffect {
    /// This effect with `values` written over it (a later write of a variable wins); the
    /// result lies past the same bound, and changes the state wherever it applies.
    func overriding(_ values: [(variable: Int, value: Bool)]) -> SymbolicEffect {
        var merged = Dictionary(self.values.map { ($0.variable, $0.value) }, uniquingKeysWith: { _, last in last })
        for (variable, value) in values { merged[variable] = value }
        return SymbolicEffect(merged.map { ($0.key, $0.value) }, cut: cut)
    }
}

extension Condition {
    /// Whether the condition reads the selected tab.
    var readsSelectedTab: Bool {
        switch self {
        case .isNamed(.tab, _, _): true
        case .not(let inner): inner.readsSelectedTab
        case .and(let a, let b), .or(let a, let b), .implies(let a, let b): a.readsSelectedTab || b.readsSelectedTab
        case .constant, .flag, .isNamed, .noModal, .stackContains, .tabStackContains, .modalsContain, .compare: false
        // Refused in a tab's condition by both front doors; it reads the selection if anywhere.
        case .selectedTabHidden: true
        }
    }

    /// Whether the condition reads the stacks or the modal layers (anything but flags, the
    /// selected tab and constants): then a command that brings a route on top can move the
    /// selection, and the guard that judges it would see another route on top.
    var readsNavigation: Bool {
        switch self {
        case .constant, .flag, .isNamed(.tab, _, _): false
        case .not(let inner): inner.readsNavigation
        case .and(let a, let b), .or(let a, let b), .implies(let a, let b): a.readsNavigation || b.readsNavigation
        case .isNamed, .noModal, .stackContains, .tabStackContains, .modalsContain, .compare, .selectedTabHidden: true
        }
    }
}
