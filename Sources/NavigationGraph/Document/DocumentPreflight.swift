// libyaml's C API, which Yams builds as its CYaml module. This file is NavigationGraph's only
// C boundary.
internal import CYaml

/// A pass over a document's YAML events with libyaml before Yams composes it, refusing what
/// would make composing hang.
///
/// Yams checks every mapping for duplicate keys by hashing each key node in full, aliases
/// expanded. A key that is an alias (or a list or mapping holding aliases) of nested anchors
/// stands for exponentially many nodes: a 300-byte document with an alias of 10⁷ nodes as a key
/// took 20 s to compose, and each level more multiplies that by ten, long before
/// ``GraphDocument/maxNodes`` is counted. Graph documents only ever use plain names as keys, so
/// any other key is refused here, at its line and column, with the reader's own message.
///
/// Syntax errors are left to Yams, which reports them with their positions: this pass stops at
/// the first one.
enum DocumentPreflight {
    static func check(_ text: String, file: String) throws(GraphDocumentError) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { return }  // out of memory: Yams will say so
        defer { yaml_parser_delete(parser) }
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer throws(GraphDocumentError) in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            try walk(parser, file: file)
        }
    }

    /// What the event stream is inside: a list, or a mapping expecting a key or a value.
    private enum Container {
        case sequence
        case mapping(expectingKey: Bool)
    }

    /// Walks the first document's events (Yams refuses a second one without composing it).
    private static func walk(_ parser: UnsafeMutablePointer<yaml_parser_t>, file: String) throws(GraphDocumentError) {
        var containers: [Container] = []
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        while true {
            guard yaml_parser_parse(parser, event) == 1 else { return }
            defer { yaml_event_delete(event) }
            let type = event.pointee.type
            if type == YAML_STREAM_END_EVENT || type == YAML_DOCUMENT_END_EVENT { return }
            let startsNode = type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT
                || type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT
            if startsNode, case .mapping(let expectingKey) = containers.last {
                if expectingKey && type != YAML_SCALAR_EVENT {
                    let mark = event.pointee.start_mark
                    throw GraphDocumentError(
                        file: file, location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1),
                        message: "a key must be a plain name, not \(type == YAML_ALIAS_EVENT ? "an alias" : type == YAML_SEQUENCE_START_EVENT ? "a list" : "a mapping")",
                        remedy: "write keys as plain words; anchors and aliases may stand for values only")
                }
                containers[containers.count - 1] = .mapping(expectingKey: !expectingKey)
            }
            if type == YAML_SEQUENCE_START_EVENT {
                containers.append(.sequence)
            } else if type == YAML_MAPPING_START_EVENT {
                containers.append(.mapping(expectingKey: true))
            } else if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT {
                _ = containers.popLast()
            }
        }
    }
}
