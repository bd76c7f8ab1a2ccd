import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

extension TraceConformanceTests {
    /// Drives the store of `file` through `steps` of the actions the explorer enables, picked
    /// by a fixed stride, as a user would take them (transitions as commands, Back, a sheet
    /// pulled down, tab taps in the UI, events, links), and returns what the recorder wrote.
    static func recordedWalk(_ file: String, steps: Int) throws -> [String] {
        let graph = try SampleGraphs.load(file)
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var lines: [String] = []
        let recorder = NavigationTraceRecorder(recording: store, trace: file, flags: graph.flags.map(\.name)) { lines.append($0) }
        for step in 0..<steps {
            let actions = model.actions(in: store.state).filter { action in
                switch action {
                case .transition(let index, let sample):
                    // A move that reroutes is performed as a reroutable action, which a trace does not name.
                    return graph.reroutableAction(for: graph.transitions[index], to: graph.targets(of: graph.transitions[index])[sample]) == nil
                case .resumePending: return false   // the store resumes by itself
                default: return true
                }
            }
            guard !actions.isEmpty else { break }
            switch actions[(step * 7 + step / 3) % actions.count] {
            case .transition(let index, let sample):
                let transition = graph.transitions[index]
                store.execute(NavigationGraph<DynamicRoute>.command(to: graph.targets(of: transition)[sample], style: transition.style, in: store.state))
            case .back: store.reconcile(.path(Array(store.state.activeStack.routes.dropFirst().dropLast()), at: store.state.activeLocation))
            case .dismissSheet: store.reconcile(.modalDismissed(level: store.state.modals.count - 1))
            case .selectTab(let index): store.reconcile(.tabSelected(store.state.tabs[index].id))
            case .event(let index): store.fire(named: graph.events[index].name)
            case .openLink(let index): store.open(model.samples[index].url)
            case .resumePending: break
            }
        }
        recorder.stop()
        return lines
    }

    @Test("a walk through each sample graph's store, recorded, conforms to the graph: the recorder and the replay agree", arguments: SampleGraphs.names)
    func recordedWalksConform(file: String) throws {
        let lines = try Self.recordedWalk(file, steps: 150)
        #expect(lines.count > 20)
        let report = try Self.conformance(lines, graph: file)
        #expect(report.traces.count == 1)
        #expect(report.traces.first?.divergence == nil, "\(file): \(report.traces.first?.divergence.map { "line \($0.line): \($0.action): \($0.message)" } ?? "")")
        #expect(report.covered > 0)
    }
}
