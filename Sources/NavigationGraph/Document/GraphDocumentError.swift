/// A graph document that cannot be loaded: where, what, and how to fix it — and, when the
/// document has several problems, the others (``more``), so one run shows every one of them.
public struct GraphDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document's path as given, or `<input>`.
    public let file: String
    /// Where in the document. `nil` only for a problem with the document as a whole, which no
    /// line points at: more than ``GraphDocument/maxBytes`` bytes, or empty (nothing but
    /// whitespace and comments). Every other error has a line and column; the document fuzzer
    /// (`make fuzz`) checks this.
    public let location: SourceLocation?
    public let message: String
    public let remedy: String
    /// The load's other problems, in document order after this one (each with its own file,
    /// line and fix; none of them has `more` of its own). The reader goes on past a broken
    /// entry or section and reports up to ``GraphDocument/maxReportedErrors`` problems in all.
    public internal(set) var more: [GraphDocumentError] = []
    /// How many further problems were found past ``GraphDocument/maxReportedErrors``.
    public internal(set) var omitted = 0

    public init(file: String, location: SourceLocation?, message: String, remedy: String) {
        self.file = file
        self.location = location
        self.message = message
        self.remedy = remedy
    }

    /// Every problem of the load, this one first, each without ``more``.
    public var all: [GraphDocumentError] {
        var first = self
        first.more = []
        first.omitted = 0
        return [first] + more
    }

    /// `file:line:column: error: message; remedy`, the form editors and CI logs link; a line
    /// per problem when there are several, and how many more there were past the limit.
    public var description: String {
        let lines = all.map { "\($0.file):\($0.location.map { "\($0.line):\($0.column)" } ?? "1:1"): error: \($0.message); \($0.remedy)" }
        let tail = omitted > 0 ? ["\(file): note: \(omitted) more problem\(omitted == 1 ? "" : "s") not listed; fix these and load the document again"] : []
        return (lines + tail).joined(separator: "\n")
    }
}

/// The problems one document's reader has found so far: it goes on past a broken entry or
/// section, so a document with several mistakes shows them all at once.
final class DocumentProblems {
    private(set) var errors: [GraphDocumentError] = []
    private(set) var omitted = 0
    /// Keys an unknown key was taken for a misspelling of (`roteus` → `routes`): such a key
    /// missing is the same problem, not another.
    var misspeltKeys: Set<String> = []

    var isEmpty: Bool { errors.isEmpty }

    /// Records `error` and the problems it carries, skipping one already recorded (the tabs
    /// are read twice) and counting those past the limit.
    func record(_ error: GraphDocumentError) {
        for problem in error.all where !errors.contains(problem) {
            if errors.count < GraphDocument.maxReportedErrors { errors.append(problem) } else { omitted += 1 }
        }
        omitted += error.omitted
    }

    /// Whether ``combined`` was taken (to be thrown): what is thrown then holds every problem.
    private(set) var combinedTaken = false

    /// The first problem in document order, carrying the others in order (those of the
    /// document read first, then those of its features); `nil` when there is none.
    var combined: GraphDocumentError? {
        guard let file = errors.first?.file else { return nil }
        combinedTaken = true
        let ordered = errors.enumerated().sorted { left, right in
            func key(_ error: GraphDocumentError) -> (Int, Int, Int) {
                (error.file == file ? 0 : 1, error.location?.line ?? 0, error.location?.column ?? 0)
            }
            let (a, b) = (key(left.element), key(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        var first = ordered[0]
        first.more = Array(ordered.dropFirst())
        first.omitted = omitted
        return first
    }
}
