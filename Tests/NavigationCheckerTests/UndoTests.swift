import NavigationCore
import NavigationGraph
import Testing
@testable import NavigationChecker

/// The explorer undoes a step by its inverse when it knows what ran: a push or pop by the
/// engine alone, or an event that only sets flags. Debug builds assert each inverse against
/// the state before the step; these tests check which steps take the short way.
@Suite("Steps undone by their inverse")
struct UndoTests {
    static func model(_ yaml: String) throws -> GraphModel<DynamicRoute> {
        GraphModel(graph: try GraphDocument.load("navgraph: 1\nname: Undo\n" + yaml, origin: "undo.yaml"))
    }

    /// Applies every enabled action to `state`, undoes it, and returns each action's undo kind.
    static func undoKinds(_ model: GraphModel<DynamicRoute>, from state: NavigationState<DynamicRoute>) -> [String] {
        var kinds: [String] = []
        for action in model.actions(in: state) {
            var work = state
            let effects = model.apply(action, on: &work)
            let inverse = StepInverse(of: action, effects, in: model)
            if !inverse.undo(on: &work, top: state.top, flags: state.flags) { work.reset(to: state) }
            #expect(work == state, "\(model.label(of: action)) was not undone")
            kinds.append("\(model.label(of: action)): \(inverse)")
        }
        return kinds
    }

    static let plain = """
        root: a
        routes: { a: {}, b: {}, c: {} }
        flags: { f: false }
        events: { on: { when: not f, set: { f: true } }, off: { when: f, set: { f: false } }, home: { then: popToRoot } }
        transitions: [{ from: a, to: b }, { from: b, to: c, style: replace }, { from: b, to: a, style: sheet }]
        """

    @Test("without middleware: a push, Back and a flag-only event by their inverse; replace, present and navigating events in full")
    func withoutMiddleware() throws {
        let model = try Self.model(Self.plain)
        let start = try model.graph.initialState()
        #expect(Self.undoKinds(model, from: start) == [
            "push a → b: removeTop", "event on: flags", "event home: full",
        ])
        var pushed = start
        _ = model.apply(.transition(0, sample: 0), on: &pushed)
        #expect(Self.undoKinds(model, from: pushed) == [
            "replace b → c: full", "sheet b → a: full", "Back: restoreTop", "event on: flags", "event home: full",
        ])
    }

    @Test("with a route guard (middleware) every step is compared in full")
    func withMiddleware() throws {
        let model = try Self.model(Self.plain.replacingOccurrences(of: "b: {}, c: {}", with: "b: { requires: f }, c: {}"))
        var pushed = try model.graph.initialState()
        _ = model.apply(.event(0), on: &pushed)
        _ = model.apply(.transition(0, sample: 0), on: &pushed)
        #expect(pushed.top == DynamicRoute("b"))
        #expect(Self.undoKinds(model, from: pushed) == [
            "replace b → c: full", "sheet b → a: full", "Back: full", "event off: full", "event home: full",
        ])
    }
}
