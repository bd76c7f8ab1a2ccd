import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Batches and transactions a store ran as one step: recorded as one `batch` line and replayed
/// as one step (each action in turn, the state compared after the last), not as a `command`
/// the graph cannot take.
@MainActor
@Suite("Trace conformance: batches")
struct TraceConformanceBatchTests {
    @Test("a batch and a committed transaction in the Shop's store are recorded as one batch line each, replay as one step, conform, and count their transitions")
    func recordedBatches() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        let store = try NavigationStore(graph: graph)
        var lines: [String] = []
        let recorder = NavigationTraceRecorder(recording: store, trace: "batches", flags: ["signedIn"]) { lines.append($0) }
        _ = store.executeBatch([.push(TraceConformanceTests.product("1")), .push(TraceConformanceTests.product("2"))])
        _ = store.executeTransaction([.pop, .present(DynamicRoute("cart"), style: .sheet)])
        recorder.stop()
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix(#"{"do":"batch","steps":[{"do":"push","route":{"name":"product","with":{"id":"1"}}},{"do":"push","route":{"name":"product","with":{"id":"2"}}}],"state":{"#),
                "\(lines[1])")
        #expect(lines[2].hasPrefix(#"{"do":"batch","steps":[{"do":"back"},{"do":"present","route":"cart","style":"sheet"}],"state":{"#), "\(lines[2])")
        let report = try TraceConformanceTests.conformance(lines)
        #expect(report.conforms, "\(report.traces.map(\.divergence))")
        #expect(report.steps == 2)
        let taken = report.transitions.filter { $0.count > 0 }.map(\.label)
        #expect(taken.contains("push catalog → product") && taken.contains("push product → product") && taken.contains("sheet product → cart"), "\(taken)")
    }

    @Test("a batch whose action the graph does not allow diverges at its line, naming the action; the state is compared after the last action only")
    func batchDivergence() throws {
        let launch = #"{"do":"launch","version":1}"#
        let refused = try TraceConformanceTests.conformance([
            launch,
            #"{"do":"batch","steps":[{"do":"push","route":{"name":"product","with":{"id":"1"}}},{"do":"push","route":"receipt"}]}"#,
        ])
        let divergence = try #require(refused.traces.first?.divergence)
        #expect(divergence.line == 2 && divergence.step == 1)
        #expect(divergence.message.hasPrefix("in the batch, action 2 of 2 (push receipt): the graph declares no transition product → receipt"), "\(divergence.message)")
        // A wrong final state is a divergence of the batch's line; the state in between is not compared.
        let wrongState = try TraceConformanceTests.conformance([
            launch,
            #"{"do":"batch","steps":[{"do":"push","route":{"name":"product","with":{"id":"1"}}},{"do":"back"}],"state":{"stack":["catalog","product"]}}"#,
        ])
        #expect(wrongState.traces.first?.divergence?.line == 2)
        let right = try TraceConformanceTests.conformance([
            launch,
            #"{"do":"batch","steps":[{"do":"push","route":{"name":"product","with":{"id":"1"}}},{"do":"back"}],"state":{"stack":["catalog"]}}"#,
        ])
        #expect(right.conforms)
    }

    @Test("a batch line is read with its errors' places: a misspelt action in a step, an empty batch, a batch inside a batch")
    func batchErrors() {
        func error(_ text: String) -> String? {
            do { _ = try TraceLineDecoder.decode(Array(text.utf8), line: 7); return nil } catch { return error.description }
        }
        #expect(error(#"{"do":"batch","steps":[{"do":"psuh","route":"cart"}]}"#)?.contains("steps[0].do") == true)
        #expect(error(#"{"do":"batch","steps":[{"do":"psuh","route":"cart"}]}"#)?.contains("did you mean 'push'?") == true)
        #expect(error(#"{"do":"batch","steps":[]}"#)?.contains("a batch needs at least one action") == true)
        #expect(error(#"{"do":"batch","steps":[{"do":"batch","steps":[{"do":"back"}]}]}"#)?.contains("not batches") == true)
        #expect(error(#"{"do":"batch","steps":[{"do":"back","state":{}}]}"#)?.contains("unknown key 'state'") == true)
        #expect(error(#"{"do":"batch"}"#)?.contains("'steps': missing") == true)
    }
}
