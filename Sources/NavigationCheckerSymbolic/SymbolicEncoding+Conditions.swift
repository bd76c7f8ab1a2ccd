import NavigationChecker
import NavigationCore
import NavigationGraph

/// The condition language compiled to decision diagrams over the current-state variables, with
/// the meaning `CompiledCondition` gives it: `top`, `below`, `depth`, `stack contains` and
/// `count` read the active stack; `modal` names the topmost layer's root route; `modals
/// contains` reads every slot of every layer shown (the window's, and the selected tab's own
/// with tab-scoped modals); `stack(t) contains` reads tab `t`'s slots; `tab` the selected tab.
extension SymbolicEncoding {
    /// The states where `condition` holds (`nil`: always).
    func compile(_ condition: GraphCondition<R>?) -> Diagram {
        guard let condition else { return diagrams.true }
        // A closure is refused before the search starts (see SymbolicEngine.unsupported).
        guard let expression = condition.expression else { return diagrams.false }
        return compile(expression)
    }

    func compile(_ condition: Condition) -> Diagram {
        switch condition {
        case .constant(let value): return value ? diagrams.true : diagrams.false
        case .flag(let name):
            guard let index = flagNames.firstIndex(of: FlagName(name.text)) else { return diagrams.false }
            return flag(index)
        case .not(let inner): return !compile(inner)
        case .and(let a, let b): return compile(a) && compile(b)
        case .or(let a, let b): return compile(a) || compile(b)
        case .implies(let a, let b): return !compile(a) || compile(b)
        case .isNamed(.top, let name, let equal):
            let holds = top(in: sampleIDs(name))
            return equal ? holds : !holds
        case .isNamed(.modal, let name, let equal):
            let ids = sampleIDs(name)
            var holds = diagrams.false
            for entry in shownLayers { holds = holds || (isActive(entry.location) && slot(entry.location, 0, in: ids)) }
            return equal ? holds : !holds
        case .isNamed(.tab, let name, let equal):
            let holds = tabIDs.firstIndex { $0.name == name.text }.map { selected($0) } ?? diagrams.false
            return equal ? holds : !holds
        case .isNamed(.below, let name, let equal):
            let ids = sampleIDs(name)
            let holds = activeStack { location in
                stride(from: 2, through: self.layout.slotCount, by: 1).reduce(self.diagrams.false) {
                    $0 || (self.depth(location, is: $1) && self.slot(location, $1 - 2, in: ids))
                }
            }
            return equal ? holds : !holds
        case .noModal(let equal):
            let none = layout.scopesModalsToTabs ? layerCount(is: 0) : !layerPresent(0)
            return equal ? none : !none
        case .selectedTabHidden:
            // The graph's front doors replace it by the tabs' conditions, as `CompiledCondition`
            // assumes: alone it is false there too.
            return diagrams.false
        case .tabStackContains(let tab, let route):
            // A graph without tabs has one stack, which no tab name selects (lint refuses the name).
            guard let index = tabIDs.firstIndex(where: { $0.name == tab.text }) else { return diagrams.false }
            let ids = sampleIDs(route)
            return (0..<layout.slotCount).reduce(diagrams.false) { $0 || slot(.tab(index), $1, in: ids) }
        case .modalsContain(let name):
            // Every layer, overflow ones included: a guard judges a successor one step past the
            // bound as the runtime does, and there the runtime sees that layer too.
            let ids = sampleIDs(name)
            var holds = diagrams.false
            for entry in shownLayers {
                let anywhere = (0..<layout.slotCount).reduce(diagrams.false) { $0 || self.slot(entry.location, $1, in: ids) }
                holds = holds || ((entry.selected.map { selected($0) } ?? diagrams.true) && anywhere)
            }
            return holds
        case .stackContains(let name):
            let ids = sampleIDs(name)
            return activeStack { location in
                (0..<self.layout.slotCount).reduce(self.diagrams.false) { $0 || self.slot(location, $1, in: ids) }
            }
        case .compare(.depth, let comparison, let value):
            return activeStack { location in
                (1...self.layout.slotCount).filter { comparison.holdsFor($0, value) }
                    .reduce(self.diagrams.false) { $0 || self.depth(location, is: $1) }
            }
        case .compare(.modalDepth, let comparison, let value):
            return (0...layout.layerCount).filter { comparison.holdsFor($0, value) }.reduce(diagrams.false) { $0 || layerCount(is: $1) }
        case .compare(.count(let name), let comparison, let value):
            let ids = sampleIDs(name)
            return activeStack { location in
                // exactly[j]: j of the slots seen so far hold the route.
                var exactly = [self.diagrams.true]
                for slot in 0..<self.layout.slotCount {
                    let holds = self.slot(location, slot, in: ids)
                    var next: [Diagram] = []
                    for count in 0...exactly.count {
                        let stays = count < exactly.count ? exactly[count].without(holds) : self.diagrams.false
                        let grows = count > 0 ? exactly[count - 1] && holds : self.diagrams.false
                        next.append(stays || grows)
                    }
                    exactly = next
                }
                return exactly.indices.filter { comparison.holdsFor($0, value) }.reduce(self.diagrams.false) { $0 || exactly[$1] }
            }
        }
    }

    /// The ids of the sample routes `name` stands for: every sample of the route it names,
    /// or only those with the values it writes (`accountDetail(id: me)`), matched by the same
    /// test the runtime's compiled conditions use.
    private func sampleIDs(_ name: Condition.Name) -> [Int] {
        let all = idsByName[name.text] ?? []
        guard !name.arguments.isEmpty else { return all }
        return all.filter { name.matches(routes[$0 - 1], routeName: routeName, routeArguments: Condition.routeArguments) }
    }

    /// The visible route is one of `ids`.
    func top(in ids: [Int]) -> Diagram {
        activeStack { location in
            (1...self.layout.slotCount).reduce(self.diagrams.false) { $0 || (self.depth(location, is: $1) && self.slot(location, $1 - 1, in: ids)) }
        }
    }

    /// `body(location)` for the active stack, whichever it is.
    private func activeStack(_ body: (SymbolicLayout.Location) -> Diagram) -> Diagram {
        layout.locations.reduce(diagrams.false) { $0 || (isActive($1) && body($1)) }
    }
}

extension Condition.Comparison {
    /// Whether `lhs` compares to `rhs` this way.
    func holdsFor(_ lhs: Int, _ rhs: Int) -> Bool {
        switch self {
        case .equal: lhs == rhs
        case .notEqual: lhs != rhs
        case .less: lhs < rhs
        case .lessOrEqual: lhs <= rhs
        case .greater: lhs > rhs
        case .greaterOrEqual: lhs >= rhs
        }
    }
}
