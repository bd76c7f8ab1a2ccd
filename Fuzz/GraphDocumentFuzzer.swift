// libFuzzer entry point: arbitrary bytes, read as a graph document (YAML or JSON) the way
// `navgraph` reads a file. Built by `make fuzz` against NavigationGraph, Yams and libyaml
// compiled with the same sanitizers (see the Makefile). A crash, a hang, a sanitizer report or
// a failed `check` below is a finding:
//
// - every error says where: a line and column inside the document it names, one of the input's
//   documents. Only problems with the whole document have none: over the size limit, or empty
//   (GraphDocumentError's docs);
// - a document that loads is linted, and exported, and the export loads back and exports to
//   the same text.
//
// The input may hold several documents in folders: a line `#=> <path>` (a YAML comment, so a
// plain document reads as before) starts the document at that path; the text before the first
// such line is `App.navgraph.yaml`, the one loaded. Its `features:` are read from these
// documents, as `navgraph diff` reads them from a git revision, so includes, folders, `..`,
// cycles and the limits on what a load includes are fuzzed without touching the disk.
import NavigationCore
import NavigationGraph

/// The documents of an input by path: the first is `App.navgraph.yaml`, each `#=> <path>` line
/// starts another (a later one of the same path replaces it).
func documents(in text: String) -> [String: String] {
    var files: [String: String] = [:]
    var path = "App.navgraph.yaml"
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("#=> ") {
            files[path] = lines.joined(separator: "\n")
            path = String(line.dropFirst(4))
            lines = []
        } else {
            lines.append(line)
        }
    }
    files[path] = lines.joined(separator: "\n")
    return files
}

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
    // Split only valid text: bytes that are not UTF-8 go to the loader whole, which places them.
    let text = String(validating: bytes, as: UTF8.self)
    let files = text.map(documents(in:)) ?? [:]
    let features = FeatureSource.snapshot(label: "fuzz") { path in files[path].map { Array($0.utf8) } }
    let graph: NavigationGraph<DynamicRoute>
    do {
        graph = try GraphDocument.load(bytes: text == nil ? bytes : Array((files["App.navgraph.yaml"] ?? "").utf8),
                                       origin: "fuzz:App.navgraph.yaml", features: features)
    } catch {
        let path = error.file.hasPrefix("fuzz:") ? String(error.file.dropFirst(5)) : error.file
        let named = text == nil ? String(decoding: bytes, as: UTF8.self) : files[path]
        check(named != nil, "an error in a document the input does not hold: \(error)")
        guard let location = error.location else {
            check(error.message == "the document is empty" || error.message.hasSuffix("over the limit of \(GraphDocument.maxBytes)"),
                  "an error without a line and column: \(error)")
            return 0
        }
        let lines = lineCount(named ?? "")
        check(location.line >= 1 && location.column >= 1 && location.line <= lines + 1,
              "an error placed outside the document (\(lines) lines): \(error)")
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
