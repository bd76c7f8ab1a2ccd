import NavGraphTestSupport
import Testing
import NavigationCore

/// A deliberately naive second implementation of the navigation semantics, written from the
/// documentation rather than from the engine: plain arrays, string-keyed outcomes. Random
/// command scripts run through both, and every state and every result must agree.
///
/// The configuration it mirrors: two tabs, `a` (root 1, must stay rooted at 1) and `b` (root 2);
/// every stack non-empty and at most 5 deep; at most 2 modal layers; and three middleware:
/// a lock that cancels `push(7)` unless the flag `unlocked` is set, a rewrite of `push(6)` into
/// `push(5)`, a redirect of `push(8)` into presenting 8 as a sheet, and a self-redirect of
/// `push(4)` that must be reported as a loop. A command a middleware changed is reported as
/// redirected, naming the command asked, the one that ran and the middleware. Tab `b` is shown
/// only while the flag `bShown` is set: selecting it otherwise fails, and when it stops being
/// shown while selected, the selection moves to `a` (the first tab shown) after the step.
struct ReferenceModel: Equatable {
    struct Modal: Equatable {
        var style: String
        var navigable: Bool
        var routes: [Int]
    }

    var tabs: [[Int]] = [[1], [2]]
    var tabNames = ["a", "b"]
    var selected = 0
    var modals: [Modal] = []
    var flags: Set<String> = []

    // MARK: The engine, re-stated

    private var active: [Int] {
        get { modals.last?.routes ?? tabs[selected] }
        set {
            if modals.isEmpty { tabs[selected] = newValue } else { modals[modals.count - 1].routes = newValue }
        }
    }

    private var location: String {
        modals.isEmpty ? "tab \(tabNames[selected])" : "modal \(modals.count - 1)"
    }

    private func violation(_ routes: [Int], at location: String) -> String? {
        if routes.isEmpty { return "rejected(empty @ \(location))" }
        if routes.count > 5 { return "rejected(tooDeep \(routes.count)/5 @ \(location))" }
        if location == "tab a", routes.first != 1 { return "rejected(wrongRoot 1 got \(routes.first.map(String.init) ?? "nil") @ \(location))" }
        return nil
    }

    /// Applies one engine step; returns the failure key, or nil for success. No change on failure.
    mutating func engineStep(_ command: NavigationCommand<Screen>) -> String? {
        func edit(_ change: ([Int]) -> Result<[Int], Failure>) -> String? {
            if let top = modals.last, !top.navigable { return "modalNotNavigable" }
            switch change(active) {
            case .failure(let failure): return failure.key
            case .success(let routes):
                if let problem = violation(routes, at: location) { return problem }
                active = routes
                return nil
            }
        }
        func popping(_ count: Int) -> ([Int]) -> Result<[Int], Failure> {
            { routes in
                if routes.isEmpty { return .failure(Failure(key: "emptyStack")) }
                if count > routes.count - 1 { return .failure(Failure(key: "insufficientDepth(\(count), \(routes.count - 1))")) }
                return .success(Array(routes.dropLast(count)))
            }
        }
        switch command {
        case .push(let screen): return edit { .success($0 + [screen.id]) }
        case .pushAll(let screens): return edit { .success($0 + screens.map(\.id)) }
        case .pushUnderModals(let screens):
            // Onto the selected tab's stack, the modals left up; with none, a pushAll.
            if modals.isEmpty { return edit { .success($0 + screens.map(\.id)) } }
            let routes = tabs[selected] + screens.map(\.id)
            if let problem = violation(routes, at: "tab \(tabNames[selected])") { return problem }
            tabs[selected] = routes
            return nil
        case .pop: return edit(popping(1))
        case .popCount(let count):
            if count < 1 { return "invalidPopCount(\(count))" }
            return edit(popping(count))
        case .popTo(let screen):
            return edit { routes in
                guard let index = routes.lastIndex(of: screen.id) else { return .failure(Failure(key: "routeNotFound(\(screen.id))")) }
                return .success(Array(routes[...index]))
            }
        case .popToRoot:
            return edit { $0.isEmpty ? .failure(Failure(key: "emptyStack")) : .success([$0[0]]) }
        case .replace(let screens): return edit { _ in .success(screens.map(\.id)) }
        case .present(let screen, let style, let navigable):
            if modals.count >= 2 { return "modalDepthExceeded(2)" }
            modals.append(Modal(style: style.rawValue, navigable: navigable, routes: [screen.id]))
            return nil
        case .dismiss:
            if modals.isEmpty { return "noModalPresented" }
            modals.removeLast()
            return nil
        case .dismissAll:
            if modals.isEmpty { return "noModalPresented" }
            modals = []
            return nil
        case .selectTab(let tab):
            guard let index = tabNames.firstIndex(of: tab.name) else { return "unknownTab(\(tab.name))" }
            if index == 1 && !flags.contains("bShown") { return "tabHidden(b)" }
            let saved = self
            modals = []
            if index != selected {
                selected = index
                return nil
            }
            let rooted = Array(tabs[index].prefix(1))
            if let problem = violation(rooted, at: "tab \(tabNames[index])") {
                self = saved
                return problem
            }
            tabs[index] = rooted
            return nil
        case .setFlag(let flag, let value):
            if value { flags.insert(flag.name) } else { flags.remove(flag.name) }
            return nil
        case .setPendingDeepLink, .sequence, .whenCancelled, .request, .resetTabs:
            return "unsupported by the reference"
        }
    }

    struct Failure: Error { let key: String }

    // MARK: The middleware, re-stated

    /// Runs a command through the three middleware and the engine; returns a result key.
    mutating func execute(_ command: NavigationCommand<Screen>) -> String {
        switch command {
        case .sequence(let commands):
            return "seq[" + commands.map { execute($0) }.joined(separator: "; ") + "]"
        case .whenCancelled(let primary, let fallback):
            let result = execute(primary)
            return result.hasPrefix("cancelled") ? "fellBack(\(result), \(execute(fallback)))" : result
        default:
            var current = command
            var chain = [command]
            // The last middleware that changed the command: the result then names the change.
            var changedBy: String?
            while true {
                if current == .push(7) && !flags.contains("unlocked") { return "cancelled(lock: locked)" }
                if current == .push(6) {
                    current = .push(5)
                    changedBy = "rewrite"
                }
                let target: NavigationCommand<Screen>? = switch current {
                case .push(8): .present(8, style: .sheet)
                case .push(4): .push(4)
                default: nil
                }
                guard let target else { break }
                if chain.contains(target) { return "failure(redirectLoop \(chain.count + 1))" }
                chain.append(target)
                current = target
                changedBy = "redirect"
            }
            let failure = engineStep(current)
            // After every step that ran, a hidden selected tab gives way to the first one shown.
            if failure == nil, selected == 1, !flags.contains("bShown") { selected = 0 }
            let result = failure.map { "failure(\($0))" } ?? "ok"
            guard let changedBy, current != command else { return result }
            return "redirected(\(command) → \(current) by \(changedBy), \(result))"
        }
    }
}

@Suite("Engine and middleware agree with a reference model")
struct ReferenceModelPropertyTests {
    static func executor() -> NavigationExecutor<Screen> {
        let rules = NavigationRules<Screen>(
            stackValidator: .combined(.nonEmpty, .maxDepth(5)),
            tabValidators: ["a": .rooted(at: 1)],
            maxModalDepth: 2,
            tabBar: TabBarRules(conditions: ["b": .init("bShown") { $0.isSet("bShown") }]))
        var executor = NavigationExecutor(engine: NavigationEngine(rules: rules))
        executor.middleware.add(AnyMiddleware(willExecute: { command, context in
            command == .push(7) && !context.state.isSet("unlocked") ? .cancel(reason: "locked") : .proceed
        }), name: "lock")
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .push(6) ? .rewrite(.push(5)) : .proceed
        }), name: "rewrite")
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            switch command {
            case .push(8): .redirect(.present(8, style: .sheet))
            case .push(4): .redirect(.push(4))
            default: .proceed
            }
        }), name: "redirect")
        return executor
    }

    /// Whether a reference result key means success: `ok`, or a redirect whose new command ran.
    static func succeeded(_ key: String) -> Bool {
        key == "ok" || (key.hasPrefix("redirected(") && key.hasSuffix(", ok)"))
    }

    static func key(_ result: NavigationResult<Screen>) -> String {
        switch result {
        case .success: "ok"
        case .failure(let failure): "failure(\(key(failure)))"
        case .cancelled(let cancellation): "cancelled(\(cancellation.middleware): \(cancellation.reason))"
        case .sequence(let results): "seq[" + results.map(key).joined(separator: "; ") + "]"
        case .fellBack(let cancellation, let fallback):
            "fellBack(\(key(.cancelled(cancellation))), \(key(fallback)))"
        case .redirected(let redirect, let result):
            "redirected(\(redirect.requested) → \(redirect.executed) by \(redirect.middleware), \(key(result)))"
        case .requested(let resolution): "requested(\(resolution))"
        }
    }

    static func key(_ failure: NavigationFailure<Screen>) -> String {
        func place(_ location: StackLocation) -> String {
            switch location {
            case .tab(let id): "tab \(id.name)"
            case .modal(let level): "modal \(level)"
            }
        }
        switch failure {
        case .emptyStack: return "emptyStack"
        case .invalidPopCount(let count): return "invalidPopCount(\(count))"
        case .insufficientDepth(let requested, let available): return "insufficientDepth(\(requested), \(available))"
        case .routeNotFound(let screen): return "routeNotFound(\(screen.id))"
        case .validatorRejected(let violation, let location):
            switch violation {
            case .empty: return "rejected(empty @ \(place(location)))"
            case .tooDeep(let depth, let limit): return "rejected(tooDeep \(depth)/\(limit) @ \(place(location)))"
            case .wrongRoot(let expected, let actual):
                return "rejected(wrongRoot \(expected.id) got \(actual.map { String($0.id) } ?? "nil") @ \(place(location)))"
            case .duplicateRoute, .custom: return "rejected(\(violation))"
            }
        case .noModalPresented: return "noModalPresented"
        case .modalNotNavigable: return "modalNotNavigable"
        case .modalDepthExceeded(let limit): return "modalDepthExceeded(\(limit))"
        case .unknownTab(let tab, _): return "unknownTab(\(tab.name))"
        case .tabHidden(let tab, _): return "tabHidden(\(tab.name))"
        case .tabBarCovered(let style): return "tabBarCovered(\(style.rawValue))"
        case .redirectLoop(let chain): return "redirectLoop \(chain.count)"
        case .redirectLimitExceeded(let chain): return "redirectLimit \(chain.count)"
        }
    }

    static func mirror(_ state: NavigationState<Screen>) -> ReferenceModel {
        var model = ReferenceModel()
        model.tabs = state.tabs.map { $0.stack.routes.map(\.id) }
        model.selected = state.selectedTabIndex
        model.modals = state.modals.map { .init(style: $0.style.rawValue, navigable: $0.providesNavigation, routes: $0.stack.routes.map(\.id)) }
        model.flags = Set(state.flags.map(\.name))
        return model
    }

    static func randomCommand(_ random: inout SeededGenerator, nesting: Int = 0) -> NavigationCommand<Screen> {
        func screen() -> Screen { Screen(Int.random(in: 1...8, using: &random)) }
        func screens() -> [Screen] { (0..<Int.random(in: 0...3, using: &random)).map { _ in screen() } }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22: return .push(screen())
        case 22..<25: return .pushAll(screens())
        case 25..<27: return .pushUnderModals(screens())
        case 27..<40: return .pop
        case 40..<45: return .popCount(Int.random(in: -1...4, using: &random))
        case 45..<51: return .popTo(screen())
        case 51..<55: return .popToRoot
        case 55..<59: return .replace(screens())
        case 59..<67: return .present(screen(), style: Bool.random(using: &random) ? .sheet : .cover, providesNavigation: Int.random(in: 0..<4, using: &random) > 0)
        case 67..<74: return .dismiss
        case 74..<76: return .dismissAll
        case 76..<84: return .selectTab(["a", "b", "z"].randomElement(using: &random).map { TabID($0) } ?? "a")
        case 84..<87: return .setFlag("unlocked", Bool.random(using: &random))
        case 87..<90: return .setFlag("bShown", Int.random(in: 0..<3, using: &random) > 0)
        case 90..<95 where nesting == 0:
            return .sequence((0..<Int.random(in: 1...3, using: &random)).map { _ in randomCommand(&random, nesting: 1) })
        case 95..<100 where nesting == 0:
            return .whenCancelled(randomCommand(&random, nesting: 1), fallback: randomCommand(&random, nesting: 1))
        default: return .push(screen())
        }
    }

    @Test("3,000 seeded random scripts: identical states and results, command by command")
    func commandByCommand() throws {
        let executor = Self.executor()
        for seed in 0..<3_000 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            var state = try NavigationState<Screen>(tabs: [NavigationTab(id: "a", root: 1), NavigationTab(id: "b", root: 2)], selected: "a")
            var model = ReferenceModel()
            for stepIndex in 0..<30 {
                let command = Self.randomCommand(&random)
                let actual = Self.key(executor.execute(command, on: &state))
                let expected = model.execute(command)
                guard actual == expected, Self.mirror(state) == model else {
                    Issue.record("seed \(seed), step \(stepIndex), \(command): engine \(actual) vs reference \(expected); states \(Self.mirror(state)) vs \(model)")
                    return
                }
            }
        }
    }

    @Test("1,000 seeded random transactions and batches: all-or-nothing versus step-by-step")
    func transactionsAndBatches() throws {
        let executor = Self.executor()
        var committed = 0
        var rolledBack = 0
        for seed in 10_000..<11_000 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            var state = try NavigationState<Screen>(tabs: [NavigationTab(id: "a", root: 1), NavigationTab(id: "b", root: 2)], selected: "a")
            var model = ReferenceModel()
            for round in 0..<8 {
                let commands = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomCommand(&random, nesting: 1) }
                if Bool.random(using: &random) {
                    let result = executor.executeTransaction(commands, on: &state)
                    var shadow = model
                    let keys = commands.map { shadow.execute($0) }
                    let failedStep = keys.firstIndex { !Self.succeeded($0) }
                    switch (result, failedStep) {
                    case (.committed, nil):
                        model = shadow
                        committed += 1
                    case (.rolledBack(let step, _, _), let expectedStep?) where step == expectedStep:
                        rolledBack += 1
                    default:
                        Issue.record("seed \(seed), round \(round), transaction \(commands): engine \(result) vs reference \(keys)")
                        return
                    }
                } else {
                    let batch = executor.executeBatch(commands, on: &state, stopOnFailure: true)
                    var keys: [String] = []
                    for command in commands {
                        keys.append(model.execute(command))
                        if let last = keys.last, !Self.succeeded(last) { break }
                    }
                    guard batch.results.map(Self.key) == keys else {
                        Issue.record("seed \(seed), round \(round), batch \(commands): engine \(batch.results.map(Self.key)) vs reference \(keys)")
                        return
                    }
                }
                guard Self.mirror(state) == model else {
                    Issue.record("seed \(seed), round \(round): states \(Self.mirror(state)) vs \(model)")
                    return
                }
            }
        }
        #expect(committed > 100 && rolledBack > 100, "the generator must exercise both outcomes (committed \(committed), rolled back \(rolledBack))")
    }
}
