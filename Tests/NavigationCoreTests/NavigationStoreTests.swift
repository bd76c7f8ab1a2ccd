import Foundation
import Observation
import Testing
import NavigationCore

@MainActor
@Suite("NavigationStore")
struct NavigationStoreTests {
    @Test("each intent maps to its command through the one projection", arguments: [
        (NavigationIntent<Screen>.go(5), NavigationCommand<Screen>.push(5)),
        (.goMany([5, 6]), .pushAll([5, 6])),
        (.back, .pop),
        (.backBy(2), .popCount(2)),
        (.backTo(2), .popTo(2)),
        (.backToRoot, .popToRoot),
        (.resetTo([7]), .replace([7])),
        (.backOrPush(2), .popTo(2)),
        (.backOrPush(8), .push(8)),
    ])
    func projection(intent: NavigationIntent<Screen>, command: NavigationCommand<Screen>) {
        #expect(intent.command(in: stackState([1, 2, 3])) == command)
    }

    @Test("send runs intents through middleware and the engine")
    func send() {
        let store = NavigationStore(initial: stackState([1]))
        store.addMiddleware(AnyMiddleware(willExecute: { command, _ in
            command == .push(9) ? .cancel(reason: "hidden") : .proceed
        }), name: "hide 9")
        #expect(store.send(.go(2)) == .success)
        #expect(store.send(.backOrPush(3)) == .success)
        #expect(store.send(.backOrPush(2)) == .success)
        #expect(store.state.activeStack.routes == [1, 2])
        #expect(store.send(.go(9)).cancellation?.middleware == "hide 9")
        #expect(store.send(.backBy(5)) == .failure(.insufficientDepth(requested: 5, available: 1)))
        #expect(store.state.activeStack.routes == [1, 2])
        #expect(store.middlewareNames == ["hide 9"])
    }

    @Test("events: one per command, one per batch, one per transaction, to every subscriber")
    func events() async {
        let store = NavigationStore(initial: stackState([1]))
        let first = store.events()
        let second = store.events()
        store.send(.go(2))
        store.executeBatch([.push(3), .popTo(9)])
        store.executeTransaction([.push(4), .popTo(9)])
        store.restore(stackState([7]))

        for stream in [first, second] {
            var iterator = stream.makeAsyncIterator()
            guard case .executed(.push(2), .success, let afterPush)? = await iterator.next() else {
                Issue.record("expected the push event first")
                return
            }
            #expect(afterPush.top == 2)
            guard case .batch(_, let batch, let afterBatch)? = await iterator.next() else {
                Issue.record("expected one batch event")
                return
            }
            #expect(batch.failedSteps == [1])
            #expect(afterBatch.top == 3)
            guard case .transaction(_, let transaction, let afterTransaction)? = await iterator.next() else {
                Issue.record("expected one transaction event")
                return
            }
            #expect(!transaction.committed)
            #expect(afterTransaction.top == 3)
            #expect(await iterator.next()?.state.top == 7)
        }
    }

    @Test("observers are told when the state changes, and not when a command fails")
    func observation() {
        let store = NavigationStore(initial: stackState([1]))
        let changes = ChangeCounter()
        func track() {
            withObservationTracking { _ = store.state } onChange: { changes.bump() }
        }
        track()
        store.send(.back)  // fails: nothing changes
        #expect(changes.count == 0)
        store.send(.go(2))
        #expect(changes.count == 1)
    }

    @Test("state restoration: a Codable state encodes deterministically and decodes to an equal state")
    func restoration() throws {
        var state = try tabbedState()
        let engine = NavigationEngine<Screen>()
        engine.apply(.sequence([.push(4), .present(10, style: .cover), .push(11), .setFlag("z", true), .setFlag("a", true)]), to: &state)
        engine.apply(.setPendingDeepLink(PendingDeepLink(url: "app://x", requirement: "a")), to: &state)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(state)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""flags":["a","z"]"#))
        #expect(try encoder.encode(state) == data, "encoding is byte-identical")
        let decoded = try JSONDecoder().decode(NavigationState<Screen>.self, from: data)
        #expect(decoded == state)

        let store = NavigationStore(initial: stackState([1]))
        store.restore(decoded)
        #expect(store.state.top == 11)
    }

    @Test("decoding a state with an empty modal layer fails with a clear message")
    func restorationRejectsEmptyModal() {
        let json = #"{"tabs":[{"id":"a","stack":[{"id":1}]}],"selectedTab":"a","modals":[{"style":"sheet","providesNavigation":true,"stack":[]}],"flags":[]}"#
        #expect {
            try JSONDecoder().decode(NavigationState<Screen>.self, from: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("modal layer 0 has no route")
        }
    }

    @Test("decoding a state whose selected tab is not declared fails with a clear message")
    func restorationRejectsBadState() {
        let json = #"{"tabs":[{"id":"a","stack":[{"id":1}]}],"selectedTab":"b","modals":[],"flags":[]}"#
        #expect {
            try JSONDecoder().decode(NavigationState<Screen>.self, from: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("selected tab 'b' is not declared")
        }
    }
}

