import Testing
@testable import NavigationChecker

@Suite("Columns and arenas that grow in place")
struct GrowingMemoryTests {
    @Test("a column keeps every value while it grows past the size it moves into a reservation at")
    func columnKeepsValues() {
        var column = GrowingColumn<UInt32>()
        let count = GrowingMemory.reservedFrom / MemoryLayout<UInt32>.stride * 3 + 7
        for value in 0..<count { column.append(UInt32(truncatingIfNeeded: value &* 2_654_435_761)) }
        #expect(column.count == count)
        #expect(column.memoryBytes == count * 4)
        #expect(column.indices.allSatisfy { column[$0] == UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) })
    }

    @Test("user steps whose place no longer fits 32 bits stop the rows, which then give no distances rather than wrong ones")
    func userRowsOverflow() {
        var rows = UserAdjacency()
        rows.append(from: 0, to: 1, action: 3)
        #expect(!rows.overflowed)
        #expect(rows.finished(states: 2).target(from: 0, by: 3) == 1)
        rows.append(from: 1, to: Int(Int32.max), action: 3)
        #expect(rows.overflowed)
        rows.append(from: 1, to: 0, action: 4)
        #expect(rows.finished(states: 2).target(from: 1, by: 4) == nil, "nothing is recorded once the rows overflowed")
    }

    @Test("a copied column is a value: appending to or changing one leaves the other as it was")
    func columnIsAValue() {
        var first = GrowingColumn<Int32>()
        for value in 0..<1_000 { first.append(Int32(value)) }
        var second = first
        second.append(-1)
        second[0] = 42
        first[1] = 7
        #expect(first.count == 1_000 && second.count == 1_001)
        #expect(first[0] == 0 && second[0] == 42)
        #expect(first[1] == 7 && second[1] == 1)
        #expect(second[1_000] == -1)
    }

    @Test("an arena keeps its bytes while it grows past a reservation's start, and a copy is a value")
    func arenaKeepsBytes() {
        var arena = ByteArena()
        let chunk: [UInt8] = (0..<61).map { UInt8($0) }
        let chunks = GrowingMemory.reservedFrom / chunk.count * 2 + 3
        for _ in 0..<chunks { chunk.withUnsafeBufferPointer { arena.append($0) } }
        #expect(arena.count == chunks * chunk.count)
        // What is open for writing follows what is held (doubling), not the reservation's 16 GiB:
        // a copy allocates that much.
        #expect(arena.capacity < 2 * arena.count + 65_536, "capacity \(arena.capacity) for \(arena.count) bytes")
        let copy = arena
        chunk.withUnsafeBufferPointer { arena.append($0) }
        #expect(copy.count == chunks * chunk.count && arena.count == copy.count + chunk.count)
        for index in [0, 1, chunks / 2, chunks - 1, chunks] {
            let bytes = arena.withBytes(from: index * chunk.count, count: chunk.count) { Array($0) }
            #expect(bytes == chunk, "chunk \(index)")
        }
    }
}
