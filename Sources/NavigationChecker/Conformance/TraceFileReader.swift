import Foundation

/// Reads a trace file line by line in bounded memory: a chunk at a time, never the whole file,
/// and no line longer than ``maxLineBytes``.
///
/// ```swift
/// let reader = try TraceFileReader(path: "session.jsonl")
/// while let line = try reader.nextLine() { … line.number, line.bytes … }
/// ```
public final class TraceFileReader {
    /// One line: its number (1-based) and its bytes, without the newline.
    public struct Line {
        /// The line's number, 1-based.
        public let number: Int
        /// The line's bytes, without its newline.
        public let bytes: ArraySlice<UInt8>
    }

    /// The longest line read, in bytes (1 MiB by default): a trace step is one short line, so a
    /// longer one is a corrupt or hostile file, refused before it is held in memory.
    public let maxLineBytes: Int
    /// How much is read from the file at a time.
    public let chunkBytes: Int
    /// The most bytes the reader ever held at once: at most ``maxLineBytes`` plus ``chunkBytes``,
    /// whatever the file's size (tests read it to see that memory stays bounded).
    public private(set) var largestBuffer = 0
    /// The lines read so far.
    public private(set) var lineCount = 0
    /// The bytes read so far.
    public private(set) var bytesRead = 0

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Opens the file at `path` for reading (`-` reads standard input).
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - maxLineBytes: The longest line allowed.
    ///   - chunkBytes: How much to read at a time.
    /// - Throws: ``TraceInputError`` (line 0) when the file cannot be opened.
    public init(path: String, maxLineBytes: Int = 1 << 20, chunkBytes: Int = 1 << 16) throws(TraceInputError) {
        self.maxLineBytes = maxLineBytes
        self.chunkBytes = chunkBytes
        if path == "-" {
            handle = FileHandle.standardInput
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw TraceInputError(line: 0, message: isDirectory.boolValue ? "is a folder; give a trace file (JSON lines)" : "no such file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw TraceInputError(line: 0, message: "cannot be opened for reading; check its permissions") }
        self.handle = handle
    }

    deinit {
        try? handle.close()
    }

    private func tooLong() -> TraceInputError {
        TraceInputError(line: lineCount + 1, message: "the line is longer than \(maxLineBytes) bytes; a trace step is one short JSON object per line (is this a trace file?)")
    }

    /// The next line, or `nil` at the end of the file.
    ///
    /// - Throws: ``TraceInputError`` for a line longer than ``maxLineBytes`` (the reader then
    ///   stops: the rest of the line is not read) or a read error.
    public func nextLine() throws(TraceInputError) -> Line? {
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                guard newline - start <= maxLineBytes else { throw tooLong() }
                lineCount += 1
                let line = Line(number: lineCount, bytes: buffer[start..<newline])
                start = newline + 1
                return line
            }
            searchFrom = buffer.count
            if buffer.count - start > maxLineBytes { throw tooLong() }
            if atEnd {
                guard start < buffer.count else { return nil }
                lineCount += 1
                let line = Line(number: lineCount, bytes: buffer[start...])
                start = buffer.count
                return line
            }
            // Drop what was returned before reading more, so the buffer holds one line and a chunk.
            if start > 0 {
                buffer.removeFirst(start)
                searchFrom -= start
                start = 0
            }
            let data: Data?
            do { data = try handle.read(upToCount: chunkBytes) } catch {
                throw TraceInputError(line: lineCount + 1, message: "reading failed: \(error.localizedDescription)")
            }
            guard let data, !data.isEmpty else { atEnd = true; continue }
            bytesRead += data.count
            buffer.append(contentsOf: data)
            largestBuffer = max(largestBuffer, buffer.capacity)
        }
    }
}
