import Testing
import NavigationCore

@Suite("RouteStackValidator")
struct RouteStackValidatorTests {
    @Test("each built-in validator accepts good stacks and names what is wrong with bad ones")
    func builtIns() {
        #expect(RouteStackValidator<Screen>.nonEmpty.violation(in: []) == .empty)
        #expect(RouteStackValidator<Screen>.nonEmpty.violation(in: [1]) == nil)
        #expect(RouteStackValidator<Screen>.rooted(at: 1).violation(in: [2, 1]) == .wrongRoot(expected: 1, actual: 2))
        #expect(RouteStackValidator<Screen>.rooted(at: 1).violation(in: []) == .wrongRoot(expected: 1, actual: nil))
        #expect(RouteStackValidator<Screen>.rooted(at: 1).violation(in: [1, 2]) == nil)
        #expect(RouteStackValidator<Screen>.uniqueRoutes.violation(in: [1, 2, 1]) == .duplicateRoute(1))
        #expect(RouteStackValidator<Screen>.uniqueRoutes.violation(in: [1, 2, 3]) == nil)
        #expect(RouteStackValidator<Screen>.maxDepth(2).violation(in: [1, 2, 3]) == .tooDeep(depth: 3, limit: 2))
        #expect(RouteStackValidator<Screen>.maxDepth(2).violation(in: [1, 2]) == nil)
    }

    @Test("combined applies validators in order and reports the first violation")
    func combined() {
        let validator = RouteStackValidator<Screen>.combined(.rooted(at: 1), .uniqueRoutes, .maxDepth(3))
        #expect(validator.name == "rooted(at: s1) + uniqueRoutes + maxDepth(3)")
        #expect(validator.violation(in: [2, 2, 2, 2]) == .wrongRoot(expected: 1, actual: 2))
        #expect(validator.violation(in: [1, 2, 2, 2]) == .duplicateRoute(2))
        #expect(validator.violation(in: [1, 2, 3, 4]) == .tooDeep(depth: 4, limit: 3))
        #expect(validator.violation(in: [1, 2, 3]) == nil)
    }

    @Test("the engine skips only stock validators that accept any non-empty stack; a closure named like one is still called")
    func stockShortcut() {
        // Named as the stock one, but stricter: the engine must not take the name's word for it.
        let impostor = RouteStackValidator<Screen>(name: "nonEmpty") { $0.count > 2 ? .tooDeep(depth: $0.count, limit: 2) : nil }
        let strict = NavigationEngine<Screen>(rules: NavigationRules(stackValidator: impostor))
        var state = stackState([1, 2])
        #expect(strict.apply(.push(3), to: &state) == .failure(.validatorRejected(.tooDeep(depth: 3, limit: 2), at: .tab(.main))))
        #expect(state.activeStack.routes == [1, 2])
        // A tab validator alone also turns the shortcut off.
        let perTab = NavigationEngine<Screen>(rules: NavigationRules(tabValidators: [.main: .maxDepth(2)]))
        #expect(perTab.apply(.push(3), to: &state) == .failure(.validatorRejected(.tooDeep(depth: 3, limit: 2), at: .tab(.main))))
        // The stock ones: push and pop go through, and pop still refuses to empty the stack.
        for stock in [RouteStackValidator<Screen>.nonEmpty, .any] {
            let engine = NavigationEngine<Screen>(rules: NavigationRules(stackValidator: stock))
            var stack = stackState([1])
            #expect(engine.apply(.push(2), to: &stack) == .success && stack.activeStack.routes == [1, 2])
            #expect(engine.apply(.pop, to: &stack) == .success && stack.activeStack.routes == [1])
            #expect(engine.apply(.pop, to: &stack) == .failure(.insufficientDepth(requested: 1, available: 0)))
        }
    }

    static let atLeastTwoDeep = RouteStackValidator<Screen>(name: "atLeastTwoDeep") {
        $0.count < 2 ? .custom("keep at least two screens") : nil
    }
    static let forbidsNine = RouteStackValidator<Screen>(name: "forbidsNine") {
        $0.contains(9) ? .custom("screen 9 is retired") : nil
    }

    /// One row per command kind: a validator, a state, a command whose outcome breaks it, and
    /// the violation the engine must report.
    static let cases: [(String, RouteStackValidator<Screen>, [Screen], NavigationCommand<Screen>, RouteStackViolation<Screen>)] = [
        ("push", .maxDepth(2), [1, 2], .push(3), .tooDeep(depth: 3, limit: 2)),
        ("pushAll", .uniqueRoutes, [1, 2], .pushAll([3, 1]), .duplicateRoute(1)),
        ("pop", atLeastTwoDeep, [1, 2], .pop, .custom("keep at least two screens")),
        ("popCount", atLeastTwoDeep, [1, 2, 3], .popCount(2), .custom("keep at least two screens")),
        ("popTo", atLeastTwoDeep, [1, 2, 3], .popTo(1), .custom("keep at least two screens")),
        ("popToRoot", atLeastTwoDeep, [1, 2, 3], .popToRoot, .custom("keep at least two screens")),
        ("replace", .rooted(at: 1), [1, 2], .replace([2, 3]), .wrongRoot(expected: 1, actual: 2)),
        ("present", forbidsNine, [1, 2], .present(9, style: .sheet), .custom("screen 9 is retired")),
        ("selectTab (re-select pops to root)", atLeastTwoDeep, [1, 2], .selectTab(.main), .custom("keep at least two screens")),
    ]

    @Test("every command whose outcome breaks the validator fails with the reason and leaves the state unchanged",
          arguments: cases)
    func enforcedOnEveryCommand(
        name: String, validator: RouteStackValidator<Screen>, routes: [Screen],
        command: NavigationCommand<Screen>, violation: RouteStackViolation<Screen>
    ) {
        let engine = NavigationEngine<Screen>(rules: .init(stackValidator: validator))
        var state = stackState(routes)
        let before = state
        let result = engine.apply(command, to: &state)
        guard case .failure(.validatorRejected(let reported, _)) = result else {
            Issue.record("\(name): expected a validator rejection, got \(result)")
            return
        }
        #expect(reported == violation, "\(name)")
        #expect(state == before, "\(name) must leave the state unchanged")
    }

    @Test("validators guard modal stacks too, and say where the violation is")
    func modalStacks() {
        let engine = NavigationEngine<Screen>(rules: .init(modalValidator: .maxDepth(2)))
        var state = stackState([1])
        engine.apply(.present(10, style: .sheet), to: &state)
        engine.apply(.push(11), to: &state)
        #expect(engine.apply(.push(12), to: &state) == .failure(.validatorRejected(.tooDeep(depth: 3, limit: 2), at: .modal(level: 0))))
        #expect(engine.apply(.dismiss, to: &state) == .success)
        #expect(engine.apply(.pushAll([2, 3, 4]), to: &state) == .success, "the modal validator does not apply to tab stacks")
    }

    @Test("tab validators apply to their own tab only")
    func tabValidators() throws {
        let engine = NavigationEngine<Screen>(rules: .init(tabValidators: ["a": .rooted(at: 1)]))
        var state = try tabbedState()
        #expect(engine.apply(.replace([5]), to: &state) == .failure(.validatorRejected(.wrongRoot(expected: 1, actual: 5), at: .tab("a"))))
        engine.apply(.selectTab("b"), to: &state)
        #expect(engine.apply(.replace([5]), to: &state) == .success)
    }

    @Test("a validator failure inside a sequence stops only that step")
    func insideSequence() {
        let engine = NavigationEngine<Screen>(rules: .init(stackValidator: .maxDepth(2)))
        var state = stackState([1])
        let result = engine.apply(.sequence([.push(2), .push(3), .pop]), to: &state)
        #expect(result == .sequence([.success, .failure(.validatorRejected(.tooDeep(depth: 3, limit: 2), at: .tab(.main))), .success]))
        #expect(state.activeStack.routes == [1])
    }
}
