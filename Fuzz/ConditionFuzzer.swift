// libFuzzer entry point: arbitrary bytes, read as a condition (guards, invariants, event
// preconditions, deep-link requirements). Built by `make fuzz` with NavigationGraph. A crash, a
// hang, a sanitizer report or a failed `check` below is a finding:
//
// - every error is placed inside the condition's text (line 1 up to its last line, a column up
//   to one past the end of that line);
// - a condition that parses prints (`description`) as text that parses back to the same
//   condition, unless the printed text is longer than ``Condition/maxLength`` (it spaces
//   operators: `a==b` prints as `a == b`).
import NavigationGraph

/// Stops the run with a message: libFuzzer records the input that got here as a crash.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// Whether `location` is inside `text` or just past the end of one of its lines (lines end at
/// "\n"; columns count Unicode scalars, as the condition lexer does).
func isInside(_ location: SourceLocation, _ text: String) -> Bool {
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    guard location.line >= 1, location.line <= lines.count, location.column >= 1 else { return false }
    return location.column <= lines[location.line - 1].count + 1
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let condition: Condition
    do {
        condition = try Condition.parse(text)
    } catch {
        check(isInside(error.location, text), "error outside the condition: \(error) in \(text.debugDescription)")
        return 0
    }
    let printed = condition.description
    do {
        let again = try Condition.parse(printed)
        check(again.description == printed, "'\(printed)' parses back as '\(again)'")
    } catch {
        check(printed.count > Condition.maxLength, "'\(text)' prints as '\(printed)', which does not parse: \(error)")
    }
    return 0
}
