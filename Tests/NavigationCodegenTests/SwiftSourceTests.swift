import NavigationCodegen
import Testing

@Suite("Swift source escaping")
struct SwiftSourceTests {
    @Test("names become identifiers: words camel-cased, a leading digit prefixed, keywords kept for backticks",
          arguments: [
              ("catalog", "catalog"), ("sign-in", "signIn"), ("order.detail", "orderDetail"), ("my_route", "my_route"),
              ("2fa", "_2fa"), ("café", "caf"), ("default", "default"), ("Sign In!", "SignIn"), ("a--b", "aB"),
          ])
    func identifiers(name: String, identifier: String) {
        #expect(SwiftSource.identifier(for: name) == identifier)
    }

    @Test("names that make no usable identifier have none", arguments: ["", "***", "カート", "_", "__", "self", "Self", "init", "Type", "-"])
    func noIdentifier(name: String) {
        #expect(SwiftSource.identifier(for: name) == nil)
    }

    @Test("keywords are written in backticks, except as call labels")
    func keywords() {
        #expect(SwiftSource.reference("default") == "`default`")
        #expect(SwiftSource.reference("catalog") == "catalog")
        #expect(SwiftSource.argumentLabel("in") == "in")
        #expect(SwiftSource.argumentLabel("inout") == "`inout`")
    }

    @Test("string literals escape quotes, backslashes, interpolation, line breaks and invisible characters")
    func stringLiterals() {
        #expect(SwiftSource.stringLiteral(#"say "hi""#) == #""say \"hi\"""#)
        #expect(SwiftSource.stringLiteral(#"\(exit(1))"#) == #""\\(exit(1))""#)
        #expect(SwiftSource.stringLiteral("a\nb\r\tc") == #""a\nb\r\tc""#)
        #expect(SwiftSource.stringLiteral("bidi \u{202E}x\u{2028}") == #""bidi \u{202E}x\u{2028}""#)
        #expect(SwiftSource.stringLiteral("café ✓") == "\"café ✓\"")
    }

    @Test("a multi-line literal holds the text exactly: no delimiter, interpolation or continuation survives")
    func multilineLiterals() {
        let literal = SwiftSource.multilineStringLiteral("a \"\"\" b\n\\(x)\\\n\nend\n", indentation: "    ")
        #expect(literal == "\"\"\"\n    a \\\"\\\"\\\" b\n    \\\\(x)\\\\\n\n    end\n\n    \"\"\"")
    }

    @Test("comments stay on one line")
    func comments() {
        #expect(SwiftSource.comment("one\n*/ two\r\u{2029}") == #"one\u{A}*/ two\u{D}\u{2029}"#)
    }
}
