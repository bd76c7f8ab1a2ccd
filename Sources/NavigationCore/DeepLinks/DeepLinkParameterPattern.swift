/// What a pattern's parameter accepts, written in parentheses after its name:
/// `/items/:id([A-Za-z0-9-]+)`, `/pin/:code([0-9]{4})`, `/@:user([a-z0-9_]{1,30})`.
///
/// A documented subset of regular expressions, chosen so that matching is one linear pass
/// over the value and no input can make it slow: **one bracket expression**, then **one
/// quantifier**. The bracket holds printable ASCII characters and ranges (`A-Z`); a `-` first
/// or last is itself; `]`, `/`, `?`, `&`, `=`, `#`, `(`, `)` and `\` cannot appear (they end or split a
/// pattern). The quantifier is `+` (one or more), `{n}`, `{m,}` or `{m,n}` with 1 ≤ m ≤ n ≤ 2048.
/// There is no alternation, grouping, negation or backreference: an app's whole-URL regex
/// such as `^jellyfin://items/([A-Za-z0-9-]+)$` is written as the pattern
/// `/items/:id([A-Za-z0-9-]+)` and strict matching (``DeepLinkMatching``).
///
/// The value is judged after percent-decoding, as the route receives it: `%41` counts as `A`,
/// and a non-ASCII character is in no class. A value the pattern does not accept means the
/// pattern does not fit the URL, so the matcher tries the next mapping (and the link is
/// unhandled when none fits), as a regex that does not match.
public struct DeepLinkParameterPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written between the parentheses, e.g. `[A-Za-z0-9-]+`.
    public let text: String
    /// The fewest characters a value has (at least 1: a captured value is never empty).
    public let minimumLength: Int
    /// The most characters a value has; `nil` for no bound but the URL's own limits.
    public let maximumLength: Int?
    /// The accepted ASCII characters, as bits: `low` for 0–63, `high` for 64–127.
    private let low: UInt64
    private let high: UInt64

    public var description: String { text }

    /// The largest repetition bound a pattern may write: the longest URL the limits allow.
    static let largestBound = 2_048

    /// Parses `text` (what stands between the parentheses), or `nil` when it is not in the subset.
    public static func parse(_ text: Substring) -> DeepLinkParameterPattern? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "[", let close = scalars.firstIndex(of: "]"), close > 1 else { return nil }
        let members = scalars[1..<close]
        var low: UInt64 = 0
        var high: UInt64 = 0
        func allow(_ value: UInt32) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
        let forbidden: Set<Unicode.Scalar> = ["[", "]", "/", "?", "&", "=", "#", "(", ")", "\\"]
        var index = members.startIndex
        while index < members.endIndex {
            let first = members[index]
            guard first.value >= 0x21, first.value <= 0x7E, !forbidden.contains(first) else { return nil }
            let dash = members.index(after: index)
            // A range `a-z`; a `-` first or last stands for itself.
            if dash < members.endIndex, members[dash] == "-", members.index(after: dash) < members.endIndex {
                let last = members[members.index(after: dash)]
                guard last.value >= 0x21, last.value <= 0x7E, !forbidden.contains(last), first.value <= last.value else { return nil }
                for value in first.value...last.value { allow(value) }
                index = members.index(after: members.index(after: dash))
            } else {
                allow(first.value)
                index = dash
            }
        }
        let quantifier = String(String.UnicodeScalarView(scalars[(close + 1)...]))
        let minimum: Int
        let maximum: Int?
        if quantifier == "+" {
            (minimum, maximum) = (1, nil)
        } else if quantifier.hasPrefix("{"), quantifier.hasSuffix("}"), quantifier.count >= 3 {
            let bounds = quantifier.dropFirst().dropLast().split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            guard bounds.allSatisfy({ $0.count <= 4 && $0.allSatisfy { ("0"..."9").contains($0) } }), let from = Int(bounds[0]), from >= 1, from <= largestBound else { return nil }
            if bounds.count == 1 {
                (minimum, maximum) = (from, from)
            } else if bounds[1].isEmpty {
                (minimum, maximum) = (from, nil)
            } else {
                guard let to = Int(bounds[1]), to >= from, to <= largestBound else { return nil }
                (minimum, maximum) = (from, to)
            }
        } else {
            return nil
        }
        return DeepLinkParameterPattern(text: String(text), minimumLength: minimum, maximumLength: maximum, low: low, high: high)
    }

    /// Whether `value` is made only of the class's characters, within the bounds.
    ///
    /// - Complexity: O(*n*) in the value's length, with no backtracking.
    public func accepts(_ value: String) -> Bool {
        var count = 0
        for scalar in value.unicodeScalars {
            guard contains(scalar) else { return false }
            count += 1
            if let maximumLength, count > maximumLength { return false }
        }
        return count >= minimumLength
    }

    private func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value < 128 else { return false }
        return value < 64 ? low & (1 << UInt64(value)) != 0 : high & (1 << UInt64(value - 64)) != 0
    }

    /// Whether every value `other` accepts is accepted here (for shadowing between patterns).
    func accepts(everyValueOf other: DeepLinkParameterPattern?) -> Bool {
        guard let other else { return false }
        let lengths = other.minimumLength >= minimumLength
            && (maximumLength.map { limit in other.maximumLength.map { $0 <= limit } ?? false } ?? true)
        return lengths && other.low & ~low == 0 && other.high & ~high == 0
    }
}
