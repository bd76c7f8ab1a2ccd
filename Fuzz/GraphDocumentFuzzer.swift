// libFuzzer entry point: arbitrary bytes, read as a graph document (YAML or JSON) the way
// `navgraph` reads a file. Built by `make fuzz` against NavigationGraph, Yams and libyaml
// compiled with the same sanitizers (see the Makefile). A crash, a hang, a sanitizer report or
// a failed `check` below is a finding:
//
// - every error says where: a line and column inside the document. Only problems with the
//   whole document have none: over the size limit, or empty (GraphDocumentError's docs);
// - a document that loads is linted, and exported, and the export loads back and exports to
//   the same text.
import NavigationCore
import NavigationGraph

/// Stops the run with a message: libFuzzer records the input that got here as a crash.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// The lines of `text` as YAML counts them: \n, \r\n, \r, NEL, LS and PS all end one.
func lineCount(_ text: String) -> Int {
    var lines = 1
    var previous: Unicode.Scalar = " "
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n" where previous == "\r": break
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": lines += 1
        default: break
        }
        previous = scalar
    }
    return lines
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let graph: NavigationGraph<DynamicRoute>
    do {
        graph = try GraphDocument.load(bytes: bytes, origin: "fuzz.navgraph.yaml")
    } catch {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let location = error.location else {
            check(error.message == "the document is empty" || error.message.hasSuffix("over the limit of \(GraphDocument.maxBytes)"),
                  "an error without a line and column: \(error)")
            return 0
        }
        check(location.line >= 1 && location.column >= 1 && location.line <= lineCount(text) + 1,
              "an error placed outside the document (\(lineCount(text)) lines): \(error)")
        return 0
    }
    _ = GraphLinter.lint(graph, reservedPropertyNames: [])
    guard let exported = try? GraphDocument.export(graph) else { return 0 }
    do {
        let again = try GraphDocument.load(exported, origin: "exported.navgraph.yaml")
        check((try? GraphDocument.export(again)) == exported, "exporting the exported graph changed it:\n\(exported)")
    } catch {
        check(false, "the exported document does not load: \(error)\n\(exported)")
    }
    return 0
}
