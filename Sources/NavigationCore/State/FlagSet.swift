/// The app flags that are set in a ``NavigationState``: a set of ``FlagName``s.
///
/// It behaves as `Set<FlagName>` does (`SetAlgebra`, a sequence, array literals), but stores a
/// flag as a bit: flag names are interned numbers, the first 64 numbers of the process are
/// bits of one word kept inline, and any later ones a short sorted list. Testing, setting and
/// clearing a flag then hash nothing, and copying the set of a typical app costs nothing.
///
/// Iteration follows the flags' interned numbers (the order their names were first made in the
/// process), not their names: sort the flags (``FlagName`` is `Comparable`) before showing them.
///
/// ```swift
/// var flags: FlagSet = ["signedIn"]
/// flags.insert("premium")
/// flags.contains("signedIn") // true
/// flags.sorted()             // [premium, signedIn]
/// ```
public struct FlagSet: Hashable, Sendable {
    /// Bit `n` is the flag numbered `n`, for numbers below 64.
    @usableFromInline var word: UInt64 = 0
    /// The numbers from 64 on, ascending without repeats, so equal sets are equal values.
    @usableFromInline var beyondWord: [UInt32] = []

    public init() {}

    /// The number of flags in the set.
    public var count: Int { word.nonzeroBitCount + beyondWord.count }

    /// Whether no flag is set.
    public var isEmpty: Bool { word == 0 && beyondWord.isEmpty }

    /// Whether `flag` is in the set.
    @inlinable
    public func contains(_ flag: FlagName) -> Bool {
        let number = flag.number
        if number < 64 { return word & (1 << UInt64(number)) != 0 }
        return Self.position(of: number, in: beyondWord).found
    }

    /// Adds `flag`; returns whether it was absent, and the member after the call.
    @discardableResult
    public mutating func insert(_ flag: FlagName) -> (inserted: Bool, memberAfterInsert: FlagName) {
        let number = flag.number
        if number < 64 {
            let bit: UInt64 = 1 << UInt64(number)
            defer { word |= bit }
            return (word & bit == 0, flag)
        }
        let (found, index) = Self.position(of: number, in: beyondWord)
        if !found { beyondWord.insert(number, at: index) }
        return (!found, flag)
    }

    /// Removes `flag`; returns it when it was in the set.
    @discardableResult
    public mutating func remove(_ flag: FlagName) -> FlagName? {
        let number = flag.number
        if number < 64 {
            let bit: UInt64 = 1 << UInt64(number)
            defer { word &= ~bit }
            return word & bit != 0 ? flag : nil
        }
        let (found, index) = Self.position(of: number, in: beyondWord)
        guard found else { return nil }
        beyondWord.remove(at: index)
        return flag
    }

    public static func == (lhs: FlagSet, rhs: FlagSet) -> Bool {
        // The word first: most sets have no flags beyond it, and then no array is touched.
        lhs.word == rhs.word && (lhs.beyondWord.isEmpty && rhs.beyondWord.isEmpty || lhs.beyondWord == rhs.beyondWord)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(word)
        hasher.combine(beyondWord)
    }

    /// Makes this set equal to `other`, touching no array when neither has flags beyond the word.
    mutating func replace(with other: FlagSet) {
        if beyondWord.isEmpty && other.beyondWord.isEmpty {
            word = other.word
        } else {
            self = other
        }
    }

    /// The flags numbered below 64 as bits by number, for this package's explorer.
    @inlinable package var wordOfNumbers: UInt64 { word }
    /// The set of the flags numbered by the bits of `word` (the inverse of ``wordOfNumbers``).
    package init(wordOfNumbers word: UInt64) { self.word = word }
    /// Whether every flag is numbered below 64 (so ``wordOfNumbers`` holds them all).
    @inlinable package var fitsInWord: Bool { beyondWord.isEmpty }

    /// Binary search for `number` in the sorted `numbers`: whether it is there, and where it is
    /// or would go.
    @usableFromInline
    static func position(of number: UInt32, in numbers: [UInt32]) -> (found: Bool, index: Int) {
        var low = 0, high = numbers.count
        while low < high {
            let middle = (low + high) / 2
            if numbers[middle] < number { low = middle + 1 } else { high = middle }
        }
        return (low < numbers.count && numbers[low] == number, low)
    }
}

extension FlagSet: SetAlgebra {
    public typealias Element = FlagName

    public mutating func update(with flag: FlagName) -> FlagName? {
        insert(flag).inserted ? nil : flag
    }

    public func union(_ other: FlagSet) -> FlagSet {
        var result = self
        result.formUnion(other)
        return result
    }

    public func intersection(_ other: FlagSet) -> FlagSet {
        var result = self
        result.formIntersection(other)
        return result
    }

    public func symmetricDifference(_ other: FlagSet) -> FlagSet {
        var result = self
        result.formSymmetricDifference(other)
        return result
    }

    public mutating func formUnion(_ other: FlagSet) {
        word |= other.word
        if !other.beyondWord.isEmpty { beyondWord = Self.merge(beyondWord, other.beyondWord) { $0 || $1 } }
    }

    public mutating func formIntersection(_ other: FlagSet) {
        word &= other.word
        if !beyondWord.isEmpty { beyondWord = Self.merge(beyondWord, other.beyondWord) { $0 && $1 } }
    }

    public mutating func formSymmetricDifference(_ other: FlagSet) {
        word ^= other.word
        if !(beyondWord.isEmpty && other.beyondWord.isEmpty) { beyondWord = Self.merge(beyondWord, other.beyondWord) { $0 != $1 } }
    }

    /// The numbers of `left` and `right` (both sorted) that `keep` admits, given whether each
    /// side holds them; sorted.
    private static func merge(_ left: [UInt32], _ right: [UInt32], keep: (Bool, Bool) -> Bool) -> [UInt32] {
        var result: [UInt32] = []
        var leftIndex = 0, rightIndex = 0
        while leftIndex < left.count || rightIndex < right.count {
            let fromLeft = rightIndex == right.count || (leftIndex < left.count && left[leftIndex] <= right[rightIndex])
            let fromRight = leftIndex == left.count || (rightIndex < right.count && right[rightIndex] <= left[leftIndex])
            let number = fromLeft ? left[leftIndex] : right[rightIndex]
            if keep(fromLeft, fromRight) { result.append(number) }
            if fromLeft { leftIndex += 1 }
            if fromRight { rightIndex += 1 }
        }
        return result
    }
}

extension FlagSet: Sequence {
    /// The flags in the order of their interned numbers.
    public struct Iterator: IteratorProtocol {
        private var word: UInt64
        private let beyondWord: [UInt32]
        private var index = 0

        init(_ set: FlagSet) {
            word = set.word
            beyondWord = set.beyondWord
        }

        public mutating func next() -> FlagName? {
            if word != 0 {
                let number = UInt32(word.trailingZeroBitCount)
                word &= word - 1
                return FlagName(number: number)
            }
            guard index < beyondWord.count else { return nil }
            defer { index += 1 }
            return FlagName(number: beyondWord[index])
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public var underestimatedCount: Int { count }
}

extension FlagSet: ExpressibleByArrayLiteral {
    public init(arrayLiteral flags: FlagName...) {
        self.init(flags)
    }
}

extension FlagSet: CustomStringConvertible {
    /// The flags by name, sorted: `[premium, signedIn]`.
    public var description: String { "[" + sorted().map(\.name).joined(separator: ", ") + "]" }
}

extension FlagSet: Codable {
    /// Encodes as an array of names, sorted, the same JSON as a `Set<FlagName>` written sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(sorted())
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([FlagName].self))
    }
}
