/// A list as a sentence says it: `push, sheet or cover`. Messages and the JSON Schema's
/// descriptions list the styles a document may write with it, so a new style reads right in
/// each of them without an edit.
package enum SpokenList {
    /// `items` joined by commas, the last two by `conjunction`: `a, b or c`.
    package static func joined(_ items: [String], _ conjunction: String = "or") -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
