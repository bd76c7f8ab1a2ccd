import NavGraphTestSupport
import NavigationCore
import Testing
@testable import NavigationChecker

@Suite("States encoded and decoded in place")
struct StateEncodingTests {
    /// Random states of a three-tab app with modals, flags (some numbered past the inline word)
    /// and pending links, made by the engine.
    struct Source {
        let engine = NavigationEngine<DynamicRoute>(rules: NavigationRules(stackValidator: .maxDepth(7)))
        var generator: SeededGenerator
        let commands: [NavigationCommand<DynamicRoute>]

        init(seed: UInt64) {
            generator = SeededGenerator(seed: seed)
            let routes = (0..<12).map { DynamicRoute("encoding-r\($0)") }
            // 80 flags made here for the first time: some are numbered 64 or more.
            let flags = (0..<80).map { FlagName("encoding-flag-\($0)") }
            var commands: [NavigationCommand<DynamicRoute>] = [.pop, .popToRoot, .dismiss, .dismissAll, .setPendingDeepLink(nil)]
            commands += routes.map { .push($0) }
            commands += routes.prefix(3).map { .present($0, style: .sheet) }
            commands += routes.suffix(2).map { .present($0, style: .cover, providesNavigation: false) }
            commands += ["a", "b", "c"].map { .selectTab(TabID($0)) }
            commands += flags.flatMap { [.setFlag($0, true), .setFlag($0, false)] }
            commands += (0..<4).map { .setPendingDeepLink(PendingDeepLink(url: "app://link/\($0)", requirement: "encoding-flag-1")) }
            self.commands = commands
        }

        static func tabbed() -> NavigationState<DynamicRoute> {
            (try? NavigationState(tabs: ["a", "b", "c"].map { NavigationTab(id: TabID($0), root: DynamicRoute("encoding-root-\($0)")) },
                                  selected: "a")) ?? NavigationState(root: DynamicRoute("encoding-root-a"))
        }

        mutating func next() -> NavigationState<DynamicRoute> {
            var state = Self.tabbed()
            for _ in 0..<Int(generator.next() % 40) {
                engine.apply(commands[Int(generator.next() % UInt64(commands.count))], to: &state)
            }
            return state
        }
    }

    @Test("1,000 random states decode into a working state exactly as they were, without writing into a copy")
    func roundTrip() throws {
        var source = Source(seed: 0xE7C0)
        var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
        // The same states the general way only: the quick way must write the same bytes.
        var general = StateEncoder<DynamicRoute>(routes: [], flags: [])
        general.quickly = false
        let buffer = EncodingBuffer(), generalBuffer = EncodingBuffer()
        var work = Source.tabbed()
        var parent = Source.tabbed()
        var previous = work
        var sawModal = false, sawPending = false, sawHighFlag = false
        for _ in 0..<1_000 {
            let state = source.next()
            sawModal = sawModal || !state.modals.isEmpty
            sawPending = sawPending || state.pendingDeepLink != nil
            sawHighFlag = sawHighFlag || !state.flags.fitsInWord
            let bytes = Array(try encoder.encode(state, into: buffer))
            #expect(Array(try general.encode(state, into: generalBuffer)) == bytes)
            let copy = work
            #expect(bytes.withUnsafeBufferPointer { encoder.decode($0, into: &work) })
            #expect(work == state)
            // Decoding wrote in place, not into the storage `copy` still shares.
            #expect(copy == previous)
            // Equal states encode equally, and a reset to a decoded parent is that parent.
            #expect(Array(try encoder.encode(work, into: buffer)) == bytes)
            #expect(bytes.withUnsafeBufferPointer { encoder.decode($0, into: &parent) })
            let before = work
            source.engine.apply(.push(DynamicRoute("encoding-r0")), to: &work)
            work.reset(to: parent)
            #expect(work == state && before == state)
            previous = work
        }
        #expect(sawModal && sawPending && sawHighFlag)
    }

    @Test("a successor that pushed, popped or changed flags is its parent's bytes patched, exactly as it encodes, with the key its bytes give")
    func patchedSuccessors() throws {
        var source = Source(seed: 0x9A7C)
        var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
        let buffer = EncodingBuffer(), patchBuffer = EncodingBuffer()
        let parent = ParentEncoding(capacity: 8)
        let pushed = (0..<12).map { DynamicRoute("encoding-r\($0)") }
        var patched = (push: 0, pop: 0, flags: 0)
        /// Whether `result` holds the encoding of `successor` and the key that walking those bytes gives.
        func holds(_ result: KeyedEncoding?, _ successor: NavigationState<DynamicRoute>) throws -> Bool {
            guard let result else { return false }
            let bytes = Array(try encoder.encode(successor, into: buffer))
            return Array(result.bytes) == bytes && result.key == StateKey(result.bytes, tabs: successor.tabs.count)
        }
        for round in 0..<1_000 {
            let state = source.next()
            parent.hold(try encoder.encode(state, into: buffer), tabs: state.tabs.count)
            #expect(parent.isLaidOut)
            #expect(Array(parent.encoding) == Array(try encoder.encode(state, into: buffer)))
            let out = patchBuffer.reserve(parent.successorCapacity).baseAddress
            var successor = state
            if case .success = source.engine.apply(.push(pushed[round % pushed.count]), to: &successor),
               let out, let top = successor.top, let id = encoder.knownID(of: top) {
                #expect(try holds(parent.pushing(id, into: out), successor))
                patched.push += 1
            }
            successor = state
            if case .success = source.engine.apply(.pop, to: &successor), let out {
                #expect(try holds(parent.popping(into: out), successor))
                patched.pop += 1
            }
            successor = state
            let flag = FlagName("encoding-flag-\(round % 80)")
            source.engine.apply(.setFlag(flag, !state.flags.contains(flag)), to: &successor)
            if let out, let ids = encoder.flagIDs(of: successor.flags) {
                #expect(try holds(parent.withFlags(ids, into: out), successor))
                patched.flags += 1
            } else {
                // Only flags numbered (process-wide) or identified from 64 on are left to the
                // general way.
                #expect(!successor.flags.fitsInWord || successor.flags.contains { encoder.flagIDs(of: [$0]) == nil })
            }
        }
        // Pushes and pops were patched many times (a push fails under a cover or at the depth
        // limit, a pop at a root). Flag changes are patched when the flags were numbered among
        // the process's first 64, which depends on the tests that ran before: then many were.
        #expect(patched.push > 300 && patched.pop > 300)
        if FlagName("encoding-flag-0").internedNumber < 16 { #expect(patched.flags > 50) }
    }

    @Test("the table finds every state again after growing, placed by its tag or, past what tags place, by its key made again",
          arguments: [27, 5])
    func tableGrows(tagPlaces: Int) throws {
        var source = Source(seed: 0x7AB1E)
        var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
        let buffer = EncodingBuffer()
        var exact = StateTable(exact: true, tabs: 3, tagPlaces: tagPlaces)
        var compacted = StateTable(exact: false, tabs: 3)
        var numbers: [[UInt8]: Int] = [:]
        // A copy taken halfway keeps what it held: the table is a value, its slots and arena
        // copied on write.
        var halfway: (table: StateTable, numbers: [[UInt8]: Int])?
        for round in 0..<4_000 {
            if round == 2_000 { halfway = (exact, numbers) }
            let bytes = try encoder.encode(source.next(), into: buffer)
            let key = exact.key(of: bytes)
            let known = numbers[Array(bytes)]
            let stored = exact.insert(bytes, key: key)
            #expect(stored.inserted == (known == nil) && stored.index == known ?? numbers.count)
            let hashed = compacted.insert(bytes, key: key)
            #expect(hashed.inserted == stored.inserted && hashed.index == stored.index)
            if known == nil { numbers[Array(bytes)] = stored.index }
        }
        // Enough distinct states to grow well past 2^5 slots, each found by its number.
        #expect(numbers.count > 1_000 && exact.count == numbers.count && compacted.count == numbers.count)
        for (bytes, number) in numbers {
            bytes.withUnsafeBufferPointer { bytes in
                #expect(exact.find(bytes, key: exact.key(of: bytes)) == number)
                #expect(compacted.find(bytes, key: exact.key(of: bytes)) == number)
                exact.withBytes(of: number) { #expect(Array($0) == Array(bytes)) }
                if let halfway {
                    #expect(halfway.table.find(bytes, key: exact.key(of: bytes)) == halfway.numbers[Array(bytes)])
                }
            }
        }
        #expect(halfway.map { $0.table.count == $0.numbers.count && $0.table.count < exact.count } == true)
    }

    @Test("the table finds every state again after its slots double in place, past a mebibyte of slots and round their end")
    func tableGrowsInPlace() {
        // 200,000 states take the slots from 16 to 2^19 (4 MiB): the last doublings are in a
        // reservation, in place. With hash compaction one state in 64 has a hash that files it
        // in the table's last 64 slots, so a run wraps round from the end at every doubling.
        var exact = StateTable(exact: true, tabs: 1)
        var compacted = StateTable(exact: false, tabs: 1)
        var generator = SeededGenerator(seed: 0x51_07)
        var encodings: [[UInt8]] = []
        func compactedKey(_ key: StateKey, _ number: Int) -> StateKey {
            guard number % 64 == 0 else { return key }
            return StateKey(family: key.family, hash: (0xFFFF_FFFF - UInt64(number / 64 % 64)) << 32 | UInt64(number))
        }
        var halfway: (table: StateTable, count: Int)?
        for number in 0..<200_000 {
            if number == 150_000 { halfway = (exact, exact.count) }
            var bytes = withUnsafeBytes(of: UInt64(number).littleEndian) { Array($0) }
            bytes.append(UInt8(truncatingIfNeeded: generator.next() % 7))
            let stored = bytes.withUnsafeBufferPointer { bytes in
                let key = exact.key(of: bytes)
                return (exact.insert(bytes, key: key), compacted.insert(bytes, key: compactedKey(key, number)))
            }
            #expect(stored.0.inserted && stored.0.index == number && stored.1.inserted && stored.1.index == number)
            encodings.append(bytes)
        }
        #expect(exact.count == 200_000 && compacted.count == 200_000)
        for (number, bytes) in encodings.enumerated() {
            bytes.withUnsafeBufferPointer { bytes in
                let key = exact.key(of: bytes)
                #expect(exact.find(bytes, key: key) == number)
                #expect(compacted.find(bytes, key: compactedKey(key, number)) == number)
                // A copy taken before the last doubling keeps its own slots.
                if let halfway { #expect(halfway.table.find(bytes, key: key) == (number < halfway.count ? number : nil)) }
            }
        }
    }

    @Test("siblings share a family and not a hash; a state and its parent share neither")
    func families() throws {
        var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
        let buffer = EncodingBuffer()
        let engine = NavigationEngine<DynamicRoute>()
        let parent = Source.tabbed()
        func key(pushing route: String?) throws -> StateKey {
            var state = parent
            if let route { engine.apply(.push(DynamicRoute(route)), to: &state) }
            return StateKey(try encoder.encode(state, into: buffer), tabs: state.tabs.count)
        }
        let first = try key(pushing: "encoding-r1"), second = try key(pushing: "encoding-r2"), own = try key(pushing: nil)
        #expect(first.family == second.family && first.hash != second.hash)
        #expect(own.family != first.family && own.hash != first.hash)
    }

    @Test("bytes cut short, or naming ids the encoder never gave, do not decode")
    func malformed() throws {
        var source = Source(seed: 0xBAD)
        var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
        let buffer = EncodingBuffer()
        var work = Source.tabbed()
        var checked = 0
        for _ in 0..<50 {
            let bytes = Array(try encoder.encode(source.next(), into: buffer))
            for length in 0..<bytes.count {
                #expect(!Array(bytes.prefix(length)).withUnsafeBufferPointer { encoder.decode($0, into: &work) })
                checked += 1
            }
            // One more byte than was written.
            #expect(!(bytes + [0]).withUnsafeBufferPointer { encoder.decode($0, into: &work) })
        }
        // The first tab's root replaced by an id far past every route seen.
        var state = Source.tabbed()
        var bytes = Array(try encoder.encode(state, into: buffer))
        bytes[2] = 0xFF
        bytes[3] = 0xFF
        #expect(!bytes.withUnsafeBufferPointer { encoder.decode($0, into: &state) })
        #expect(checked > 500)
    }

    @Test("a stack deeper than 255 routes is refused with a clear error, not encoded ambiguously")
    func tooDeep() {
        let routes = (0..<300).map { DynamicRoute("encoding-deep-\($0 % 5)") }
        let state = NavigationState(stack: RouteStack(routes))
        var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
        #expect(throws: StateEncoder<DynamicRoute>.Limit.tooLarge) { try encoder.encode(state, into: EncodingBuffer()) }
    }

    @Test("states that differ only by their pending retry encode apart, and each decodes back with its retry, both ways of encoding")
    func pendingRetries() throws {
        let ownership = try RouteOwnership<DynamicRoute>([.init(route: "encoding-login", owners: [.app], style: .cover)], routeName: \.name)
        var executor = NavigationExecutor<DynamicRoute>(engine: NavigationEngine(rules: NavigationRules(ownership: ownership)))
        for name in ["encoding-pay", "encoding-post"] {
            executor.register(ReroutableAction(name: name) { $0.isSet("encoding-signedIn") ? .run(.pop) : .reroute(DynamicRoute("encoding-login")) })
        }
        let root = NavigationState(root: DynamicRoute("encoding-root"))
        var plain = root
        executor.execute(.request(DynamicRoute("encoding-login")), on: &plain)
        var pay = root, post = root
        executor.perform(try #require(executor.reroutableActions["encoding-pay"]), on: &pay)
        executor.perform(try #require(executor.reroutableActions["encoding-post"]), on: &post)
        let states = [plain, pay, post]
        #expect(Set(states).count == 3 && pay.modals == plain.modals && post.modals == plain.modals)
        for quickly in [true, false] {
            var encoder = StateEncoder<DynamicRoute>(routes: [], flags: [])
            encoder.quickly = quickly
            let buffer = EncodingBuffer()
            var encodings: [[UInt8]] = []
            for state in states { encodings.append(Array(try encoder.encode(state, into: buffer))) }
            #expect(Set(encodings).count == 3, "quickly: \(quickly)")
            var work = root
            for (state, bytes) in zip(states, encodings) {
                let decoded = bytes.withUnsafeBufferPointer { encoder.decode($0, into: &work) }
                #expect(decoded && work == state, "quickly: \(quickly)")
            }
        }
    }
}
