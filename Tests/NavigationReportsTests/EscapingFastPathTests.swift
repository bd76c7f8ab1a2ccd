@testable import NavigationReports
import Testing

/// The escapers' shortcuts for printable ASCII and the Markdown escaper's `www.` check (issue 35,
/// point 5: linear in the text, no Unicode property lookup for the common case) give what the
/// full rules give.
@Suite("Escaping shortcuts")
struct EscapingFastPathTests {
    @Test("Markdown: a dot after www in any case is escaped, after fewer w's it is not, and many dots stay linear")
    func markdownWWW() {
        #expect(MarkdownText.escape("WwW.example") == "WwW&#46;example")
        #expect(MarkdownText.escape("w.ww.www.x") == "w.ww.www&#46;x")
        #expect(MarkdownText.escape("aww.b") == "aww.b")
        // A combining mark after the w's is not a w.
        #expect(MarkdownText.escape("www\u{301}.x") == "www\u{301}.x")
        let long = String(repeating: "a.", count: 50_000)
        #expect(MarkdownText.escape(long) == long)
    }

    @Test("XML and Markdown keep printable ASCII, escape the entities, and still drop controls and bidirectional controls")
    func printableASCII() {
        let ascii = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        let xml = ReportText.xml(ascii)
        #expect(xml.contains("&amp;") && xml.contains("&lt;") && xml.contains("&gt;") && xml.contains("&quot;") && xml.contains("&#39;"))
        #expect(!xml.contains("<") && !xml.contains(">"))
        #expect(ReportText.xml("a\u{7F}b\u{1B}c\u{202E}d\u{FFFF}é\tz") == "abcdé\tz")
        #expect(MarkdownText.escape("a\u{7F}b\u{202E}cé") == "abcé")
    }
}
