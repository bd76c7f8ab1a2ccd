import Foundation
import NavGraphTestSupport
import Testing
@testable import NavigationCore

@Suite("FlagSet and resetting a working state")
struct FlagSetTests {
    /// 100 names made here for the first time, so at least 36 of them are numbered 64 or more
    /// (past the inline word) whatever this process interned before.
    static let pool = (0..<100).map { FlagName("flagset-test-\($0)") }

    @Test("random inserts and removes agree with Set<FlagName>, inside and beyond the inline word")
    func agreesWithSet() {
        #expect(Self.pool.contains { $0.number >= 64 })
        var generator = SeededGenerator(seed: 0xF1A6)
        var flags = FlagSet()
        var reference = Set<FlagName>()
        for _ in 0..<5_000 {
            let flag = Self.pool[Int(generator.next() % UInt64(Self.pool.count))]
            if generator.next() % 2 == 0 {
                let inserted = flags.insert(flag)
                #expect(inserted.inserted == reference.insert(flag).inserted)
                #expect(inserted.memberAfterInsert == flag)
            } else {
                #expect(flags.remove(flag) == reference.remove(flag))
            }
            #expect(flags.count == reference.count)
            #expect(flags.isEmpty == reference.isEmpty)
            #expect(flags.contains(flag) == reference.contains(flag))
        }
        #expect(Set(flags) == reference)
        #expect(Array(flags).count == reference.count)
        #expect(FlagSet(reference.shuffled(using: &generator)) == flags)
        #expect(FlagSet(reference.shuffled(using: &generator)).hashValue == flags.hashValue)
    }

    @Test("set algebra agrees with Set<FlagName>")
    func algebra() {
        var generator = SeededGenerator(seed: 0xA16E)
        for _ in 0..<200 {
            let left = Set(Self.pool.filter { _ in generator.next() % 3 == 0 })
            let right = Set(Self.pool.filter { _ in generator.next() % 3 == 0 })
            let a = FlagSet(left), b = FlagSet(right)
            #expect(Set(a.union(b)) == left.union(right))
            #expect(Set(a.intersection(b)) == left.intersection(right))
            #expect(Set(a.symmetricDifference(b)) == left.symmetricDifference(right))
            #expect(Set(a.subtracting(b)) == left.subtracting(right))
            #expect(a.isSubset(of: b) == left.isSubset(of: right))
            #expect(a.isDisjoint(with: b) == left.isDisjoint(with: right))
            #expect((a == b) == (left == right))
            // Results are canonical: equal sets are equal values however they were made.
            #expect(a.union(b) == FlagSet(left.union(right)))
            #expect(a.symmetricDifference(b) == FlagSet(left.symmetricDifference(right)))
        }
    }

    @Test("JSON is the sorted names, as Set<FlagName> was written; description is sorted too")
    func codable() throws {
        let flags: FlagSet = ["flagset-z", "flagset-a", "flagset-m"]
        let json = try String(decoding: JSONEncoder().encode(flags), as: UTF8.self)
        #expect(json == #"["flagset-a","flagset-m","flagset-z"]"#)
        #expect(try JSONDecoder().decode(FlagSet.self, from: Data(json.utf8)) == flags)
        #expect(flags.description == "[flagset-a, flagset-m, flagset-z]")
    }

    @Test("reset(to:) makes a working state equal to any other, and leaves copies alone")
    func reset() throws {
        let engine = NavigationEngine<Screen>(rules: NavigationRules(stackValidator: .maxDepth(6)))
        var generator = SeededGenerator(seed: 0x5E7)
        let commands: [NavigationCommand<Screen>] = [
            .push(4), .push(5), .pop, .popToRoot, .selectTab("b"), .selectTab("c"), .present(7, style: .sheet),
            .present(8, style: .cover, providesNavigation: false), .dismiss, .setFlag("flagset-signedIn", true),
            .setFlag("flagset-signedIn", false), .setFlag(Self.pool[99], true),
            .setPendingDeepLink(PendingDeepLink(url: "app://x", requirement: "flagset-signedIn")), .setPendingDeepLink(nil),
        ]
        func randomState() throws -> NavigationState<Screen> {
            var state = try tabbedState()
            for _ in 0..<Int(generator.next() % 12) {
                engine.apply(commands[Int(generator.next() % UInt64(commands.count))], to: &state)
            }
            return state
        }
        var previous = try randomState()
        var work = previous
        for _ in 0..<500 {
            let target = try randomState()
            let before = work
            work.reset(to: target)
            #expect(work == target)
            engine.apply(.push(9), to: &work)
            work.reset(to: target)
            #expect(work == target)
            // Resetting and stepping in place never wrote through into a copy.
            #expect(before == previous)
            previous = target
        }
        // A state with other tabs is replaced whole.
        var single = stackState([1, 2])
        let tabbed = try randomState()
        single.reset(to: tabbed)
        #expect(single == tabbed)
    }

    @Test("an in-place push or pop the rules reject leaves the state, and every copy of it, as it was")
    func inPlaceFailures() {
        let engine = NavigationEngine<Screen>(rules: NavigationRules(stackValidator: .combined(.maxDepth(3), .rooted(at: 1))))
        var state = stackState([1, 2, 3])
        let copy = state
        #expect(engine.apply(.push(4), to: &state).firstFailure != nil)
        #expect(state == copy && state.activeStack.routes == [1, 2, 3])
        var rootless = stackState([2, 3])
        let rootlessCopy = rootless
        #expect(engine.apply(.pop, to: &rootless).firstFailure != nil)
        #expect(rootless == rootlessCopy && rootless.activeStack.routes == [2, 3])
        #expect(engine.apply(.pop, to: &state) == .success)
        #expect(state.activeStack.routes == [1, 2] && copy.activeStack.routes == [1, 2, 3])
    }
}
