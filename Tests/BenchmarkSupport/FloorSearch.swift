import Foundation
import NavigationCore
import NavigationGraph

/// The floor: the least a program must do to count a one-stack graph's reachable states. A
/// breadth-first search in C, generated for one graph, with each state packed into one 64-bit
/// word (the flags, the depth, then each route above the root in as few bits as the route
/// count needs), an open-addressing hash set of those words and a FIFO queue. It checks no
/// property and keeps no trace; it is what any explorer of this model pays at least.
///
/// ```swift
/// let floor = try FloorSearch.run(graph, expectedStates: 1_062_880)
/// print(floor.states, floor.seconds, floor.bytesPerState)
/// ```
public struct FloorSearch: Sendable {
    /// States found.
    public let states: Int
    /// The search's own time (the program's monotonic clock around the search, after its tables
    /// are allocated).
    public let seconds: Double
    /// Wall-clock time of `cc -O2`.
    public let compileSeconds: Double
    /// Wall-clock time of the whole program.
    public let processSeconds: Double
    /// The hash set's and the queue's bytes, over the states.
    public let bytesPerState: Double
    /// Bits of one packed state.
    public let stateBits: Int

    /// Bits of one packed state of `table`: the flags, the depth (0 ... the bound) and a route
    /// id for each stack position above the root.
    public static func stateBits(_ table: SuccessorTable) -> Int {
        table.flagCount + IdiomaticPromelaModel.bits(for: table.maxStackDepth)
            + (table.maxStackDepth - 1) * IdiomaticPromelaModel.bits(for: max(table.routeNames.count - 1, 1))
    }

    /// The C program for `table`.
    ///
    /// - Throws: ``PromelaExportError`` when a state does not fit in 63 bits.
    public static func program(_ table: SuccessorTable) throws(PromelaExportError) -> String {
        let routes = table.routeNames.count
        let slots = max(table.maxOutDegree, 1)
        let routeBits = IdiomaticPromelaModel.bits(for: max(routes - 1, 1))
        let depthBits = IdiomaticPromelaModel.bits(for: table.maxStackDepth)
        let stateBits = stateBits(table)
        guard stateBits <= 63 else {
            throw PromelaExportError(message: "a state needs \(stateBits) bits; the floor packs states into 63 (fewer routes, flags or a lower depth)")
        }
        func list(_ values: [UInt64]) -> String { values.map { "\($0)u" }.joined(separator: ", ") }
        func cell(_ route: Int, _ slot: Int) -> SuccessorTable.Slot? {
            slot < table.successors[route].count ? table.successors[route][slot] : nil
        }
        let cells = (0..<routes).flatMap { route in (0..<slots).map { cell(route, $0) } }
        let events = table.events.isEmpty ? [SuccessorTable.Event(name: "", requiredFlags: 0, forbiddenFlags: 0, setFlags: 0, clearedFlags: 0)] : table.events
        return """
        /* \(IdiomaticPromelaModel.comment(table.name)): the floor, a breadth-first search written by NavGraph. */
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <time.h>

        #define SLOTS \(slots)
        #define DEPTH \(table.maxStackDepth)
        #define FLAG_MASK ((1ull << \(table.flagCount)) - 1)
        #define DEPTH_SHIFT \(table.flagCount)
        #define DEPTH_MASK ((1ull << \(depthBits)) - 1)
        #define ROUTE_BITS \(routeBits)
        #define ROUTE_MASK ((1ull << ROUTE_BITS) - 1)
        /* The route at stack position p (1 ... DEPTH - 1; the root, position 0, is not stored). */
        #define ROUTE_SHIFT(p) (\(table.flagCount + depthBits) + ((p) - 1) * ROUTE_BITS)
        #define EVENTS \(table.events.count)

        static const uint8_t degree[\(routes)] = { \(list(table.successors.map { UInt64($0.count) })) };
        static const uint8_t successor[\(routes * slots)] = { \(list(cells.map { UInt64($0?.target ?? 0) })) };
        static const uint64_t required[\(routes * slots)] = { \(list(cells.map { $0?.requiredFlags ?? 0 })) };
        static const uint64_t forbidden[\(routes * slots)] = { \(list(cells.map { $0?.forbiddenFlags ?? 0 })) };
        static const uint64_t event_required[\(events.count)] = { \(list(events.map(\.requiredFlags))) };
        static const uint64_t event_forbidden[\(events.count)] = { \(list(events.map(\.forbiddenFlags))) };
        static const uint64_t event_set[\(events.count)] = { \(list(events.map(\.setFlags))) };
        static const uint64_t event_cleared[\(events.count)] = { \(list(events.map(\.clearedFlags))) };

        /* The set: open addressing, linear probing; a slot holds the state with bit 63 set (0 is empty). */
        static uint64_t *table;
        static uint64_t table_mask;
        static uint64_t *queue;
        static size_t queue_count, queue_capacity;

        static inline uint64_t mix(uint64_t x) {
            x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
            x ^= x >> 27; x *= 0x94d049bb133111ebull;
            return x ^ (x >> 31);
        }

        static void grow(void) {
            uint64_t old_mask = table_mask;
            uint64_t *old = table;
            table_mask = table_mask * 2 + 1;
            table = calloc(table_mask + 1, sizeof(uint64_t));
            if (!table) { fprintf(stderr, "floor: out of memory growing the set\\n"); exit(2); }
            for (uint64_t i = 0; i <= old_mask; i++) {
                if (!old[i]) continue;
                uint64_t j = mix(old[i] & ~(1ull << 63)) & table_mask;
                while (table[j]) j = (j + 1) & table_mask;
                table[j] = old[i];
            }
            free(old);
        }

        static inline void visit(uint64_t state) {
            uint64_t key = state | (1ull << 63);
            uint64_t i = mix(state) & table_mask;
            while (table[i]) {
                if (table[i] == key) return;
                i = (i + 1) & table_mask;
            }
            table[i] = key;
            if (queue_count == queue_capacity) {
                queue_capacity *= 2;
                queue = realloc(queue, queue_capacity * sizeof(uint64_t));
                if (!queue) { fprintf(stderr, "floor: out of memory growing the queue\\n"); exit(2); }
            }
            queue[queue_count++] = state;
            if (queue_count * 2 > table_mask + 1) grow();
        }

        int main(int argc, char **argv) {
            size_t expected = argc > 1 ? strtoull(argv[1], 0, 10) : 1024;
            uint64_t size = 1024;
            while (size < expected * 2) size *= 2;
            table_mask = size - 1;
            table = calloc(size, sizeof(uint64_t));
            queue_capacity = expected > 16 ? expected : 16;
            queue = malloc(queue_capacity * sizeof(uint64_t));
            if (!table || !queue) { fprintf(stderr, "floor: out of memory\\n"); return 2; }
            struct timespec start, end;
            clock_gettime(CLOCK_MONOTONIC, &start);
            visit(\(table.initialFlags)ull | (1ull << DEPTH_SHIFT));
            for (size_t head = 0; head < queue_count; head++) {
                uint64_t state = queue[head];
                uint64_t flags = state & FLAG_MASK;
                unsigned depth = (unsigned)((state >> DEPTH_SHIFT) & DEPTH_MASK);
                unsigned top = depth == 1 ? 0 : (unsigned)((state >> ROUTE_SHIFT(depth - 1)) & ROUTE_MASK);
                if (depth < DEPTH) {
                    uint64_t pushed = state + (1ull << DEPTH_SHIFT);
                    for (unsigned slot = 0; slot < degree[top]; slot++) {
                        unsigned index = top * SLOTS + slot;
                        if ((flags & required[index]) == required[index] && (flags & forbidden[index]) == 0)
                            visit(pushed | ((uint64_t)successor[index] << ROUTE_SHIFT(depth)));
                    }
                }
                if (depth > 1) visit((state - (1ull << DEPTH_SHIFT)) & ~(ROUTE_MASK << ROUTE_SHIFT(depth - 1)));
                for (unsigned event = 0; event < EVENTS; event++) {
                    if ((flags & event_required[event]) == event_required[event] && (flags & event_forbidden[event]) == 0)
                        visit((state & ~event_cleared[event]) | event_set[event]);
                }
            }
            clock_gettime(CLOCK_MONOTONIC, &end);
            double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
            unsigned long long bytes = (unsigned long long)(table_mask + 1) * 8 + (unsigned long long)queue_capacity * 8;
            printf("states %zu\\nseconds %.6f\\nbytes %llu\\n", queue_count, seconds, bytes);
            return 0;
        }

        """
    }

    /// Writes, compiles (`cc -O2`) and runs the floor for `graph`, its tables sized for
    /// `expectedStates` (a guess too small only makes it grow).
    ///
    /// - Throws: ``PromelaExportError`` for graphs outside ``SuccessorTable``'s subset or too
    ///   large to pack, ``ToolFailure`` when the compiler or the program fails.
    public static func run(_ graph: NavigationGraph<DynamicRoute>, expectedStates: Int = 1024) throws -> FloorSearch {
        let table = try SuccessorTable(graph)
        let source = try program(table)
        let folder = try Shell.temporaryFolder("navgraph-floor")
        defer { try? FileManager.default.removeItem(at: folder) }
        try source.write(to: folder.appendingPathComponent("floor.c"), atomically: true, encoding: .utf8)
        let compiled = try Shell.run(["cc", "-O2", "-o", "floor", "floor.c"], in: folder)
        let (output, processSeconds) = try Shell.run(["./floor", "\(max(expectedStates, 1))"], in: folder)
        guard let states = Shell.number(after: "states", in: output, before: false),
              let seconds = Shell.number(after: "seconds", in: output, before: false),
              let bytes = Shell.number(after: "bytes", in: output, before: false) else {
            throw ToolFailure(description: "the floor program printed no states, seconds or bytes:\n\(output)")
        }
        return FloorSearch(states: Int(states), seconds: seconds, compileSeconds: compiled.seconds, processSeconds: processSeconds,
                           bytesPerState: states > 0 ? bytes / states : 0,
                           stateBits: stateBits(table))
    }
}
