import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// Where the search is against its budgets: at most every 50 milliseconds (at every call
    /// when progress is asked for at every check) reads whether it was cancelled, the time and
    /// the resident memory, and reports progress when it is due. Returns the budget that ran out.
    mutating func checkpoint(waiting: Int) -> SearchCutoff.Budget? {
        let now = ContinuousClock.now
        guard now >= nextCheck else { return nil }
        nextCheck = now + (progressInterval == .zero ? .zero : .milliseconds(50))
        if cancellation?.isCancelled == true { return .interrupted }
        if let deadline, now >= deadline { return .timeout }
        let resident = max(ProcessMemory.residentBytes(), countedBytes)
        if resident + verdictBytes >= memoryBudget { return .maxMemory }
        if let progress, now >= nextProgress {
            nextProgress = now + progressInterval
            let elapsed = Self.seconds(now - started)
            var uses = [CheckProgress.BudgetUse(budget: .maxStates, used: Double(table.count) / Double(max(1, bounds.maxStates)),
                                                limit: CheckProgress.grouped(bounds.maxStates) + " states"),
                        CheckProgress.BudgetUse(budget: .maxMemory, used: Double(resident) / Double(max(1, memoryBudget)),
                                                limit: MemorySize.text(memoryBudget))]
            if let limit = checker.options.budget.timeLimit {
                uses.append(CheckProgress.BudgetUse(budget: .timeout, used: elapsed / max(Self.seconds(limit), 1e-9), limit: Self.secondsText(limit)))
            }
            let closest = uses.max { $0.used < $1.used } ?? uses[0]
            progress(CheckProgress(states: table.count, transitions: transitionsApplied, level: max(0, levels - 1), waiting: waiting,
                                   elapsedSeconds: elapsed, residentBytes: resident, closestBudget: closest))
        }
        return nil
    }

    /// Whether storing `states` more states could grow the table (see
    /// `StateTable.growthBytes(adding:)`) past the memory budget. Reads the resident memory only
    /// when a growth is that near, and once per number of states stored.
    mutating func growthPassesBudget(adding states: Int) -> Bool {
        guard table.count != growthCheckedAt else { return false }
        let growth = table.growthBytes(adding: states)
        guard growth > 0 else { return false }
        growthCheckedAt = table.count
        return max(ProcessMemory.residentBytes(), countedBytes) + growth + verdictBytes > memoryBudget
    }

    /// The bytes judging the stored graph takes after the search, kept free during it so the
    /// verdict fits in the budget too: the no-trap check reverses the edges (a source per
    /// edge, two offsets per state) and walks them backwards (a mark, a queue entry and a goal
    /// per state). Without it, a run stopped at its 64 MB budget peaked at 71 MB.
    var verdictBytes: Int {
        checker.options.checkTraps || judgesDeclaredProperties ? edges.count * 4 + table.count * 21 : 0
    }

    /// The bytes the table, parent links and the no-trap check's edges take, counted from
    /// their sizes. What is kept only for a state diagram (at most its limit's states' edges and
    /// their actions) is left out, so the figure is the search's whether or not one was drawn.
    var countedBytes: Int {
        table.memoryBytes + parents.memoryBytes + homes.count
            + (checker.options.checkTraps || judgesDeclaredProperties ? edges.count * MemoryLayout<NoTrapSearch.Edge>.stride : 0)
            + propertyEdgeActions.count * MemoryLayout<UInt32>.stride
    }

    /// Records that `budget` stopped the search with `unexpanded` states never expanded.
    mutating func stop(by budget: SearchCutoff.Budget, unexpanded: Int) {
        complete = false
        let options = checker.options
        let limit = switch budget {
        case .maxStates: CheckProgress.grouped(stateLimit) + " states"
        case .maxMemory: MemorySize.text(memoryBudget)
        case .timeout: options.budget.timeLimit.map { Self.secondsText($0) } ?? "?"
        case .interrupted: "cancelled"
        }
        let figures = SearchCutoff.Figures(
            states: table.count, completeLevelSizes: completeLevelSizes,
            bytesPerState: table.count == 0 ? 0 : Double(countedBytes) / Double(table.count),
            memoryBudget: memoryBudget, seconds: Self.seconds(ContinuousClock.now - started), bounds: bounds,
            depthBoundsCut: cutStack > 0 || cutModal > 0)
        cutoff = SearchCutoff(budget: budget, limit: limit, unexpanded: unexpanded, successorsNotStored: cutStates,
                              level: max(0, levels - 1), figures: figures)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `90 s`, `1.5 s`: a time budget for people.
    static func secondsText(_ duration: Duration) -> String {
        let value = seconds(duration)
        return value == value.rounded() ? "\(Int(value)) s" : "\((value * 1000).rounded() / 1000) s"
    }
}
