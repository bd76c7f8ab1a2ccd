import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Checks that SVG is well-formed XML with Foundation's `XMLParser`, as a browser opening the
/// file (or any XML tool) needs it to be. Every test that renders or writes SVG calls it.
///
/// Graphviz's SVG names the SVG 1.1 DTD in its doctype; no parser here fetches it, and a
/// document with an unread external DTD may use entities nobody declared. The doctype is
/// removed before parsing, so such an entity (`&nbsp;`) is an error here as it is for a
/// browser showing the file.
public enum SVGValidation {
    /// `nil` when `svg` parses, else the parser's complaint with its line and column.
    public static func problem(in svg: [UInt8]) -> String? {
        var text = String(decoding: svg, as: UTF8.self)
        if let start = text.range(of: "<!DOCTYPE"), let end = text[start.upperBound...].range(of: ">") {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldResolveExternalEntities = false
        guard !parser.parse() else { return nil }
        return "line \(parser.lineNumber), column \(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "not well-formed")"
    }

    /// Records an issue when `svg` is not well-formed XML.
    public static func expectWellFormed(_ svg: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = problem(in: svg) {
            Issue.record("\(what) is not well-formed XML: \(problem)", sourceLocation: sourceLocation)
        }
    }

    /// Checks every `.svg` file under `folder` (recursively) and returns how many there were.
    @discardableResult
    public static func expectWellFormedFiles(under folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".svg") }.sorted()
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            expectWellFormed(bytes, file, sourceLocation: sourceLocation)
        }
        return files.count
    }
}

@Suite("SVG validation")
struct SVGValidationTests {
    @Test("the check refuses what Graphviz wrote for names with entities and noncharacters, and passes the fixed output")
    func refusesBrokenSVG() {
        let svg = #"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"# + "\n"
            + #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"# + "\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg"><title>NAME</title></svg>"#
        for broken in ["amp&nbsp;x", "zero&#0;", "nonchar" + String(Unicode.Scalar(UInt32(0xFFFF)).map(Character.init) ?? "?")] {
            #expect(SVGValidation.problem(in: Array(svg.replacingOccurrences(of: "NAME", with: broken).utf8)) != nil, "\(broken)")
        }
        #expect(SVGValidation.problem(in: Array(svg.replacingOccurrences(of: "NAME", with: "amp&amp;nbsp;x &lt;script&gt;").utf8)) == nil)
    }
}
