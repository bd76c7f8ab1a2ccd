import Foundation

/// What a name looks like, for telling apart names that read the same but are not: a small
/// version of Unicode TR39's skeleton. The name is folded to its compatibility form (NFKC: full-
/// width and ligature forms) and each Cyrillic or Greek letter that is drawn like a Latin one is
/// replaced by that Latin letter (`о` U+043E CYRILLIC SMALL LETTER O becomes `o`), so `orders` and
/// `оrders` share a skeleton.
///
/// The table is this project's own, kept to letters drawn alike in common fonts; TR39's full
/// confusables list (thousands of entries) is not needed to catch a look-alike that a pull
/// request could slip into a graph.
///
/// ```swift
/// ConfusableSkeleton.skeleton("оrders") == ConfusableSkeleton.skeleton("orders")   // true
/// ```
enum ConfusableSkeleton {
    /// Look-alike letters and the Latin letter each is drawn like.
    static let latinLookAlikes: [Character: Character] = [
        // Cyrillic, lowercase and capital.
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
        "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
        "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Һ": "h",
        // Greek, lowercase and capital.
        "α": "a", "ο": "o", "ρ": "p", "ν": "v", "υ": "u", "ι": "i", "κ": "k", "ϲ": "c", "ϳ": "j",
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
        "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        // Latin letters drawn like others.
        "ı": "i", "ȷ": "j",
    ]

    /// `name` as it looks: its NFKC form with every look-alike letter replaced.
    static func skeleton(_ name: String) -> String {
        String(name.precomposedStringWithCompatibilityMapping.map { latinLookAlikes[$0] ?? $0 })
    }
}
