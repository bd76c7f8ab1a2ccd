extension NavigationTrace.Line {
    /// The line as the format writes it: one JSON object, keys in a fixed order, no newline.
    ///
    /// ```swift
    /// NavigationTrace.Line.step(.back, state: nil).jsonText   // {"do":"back"}
    /// ```
    public var jsonText: String {
        var fields: [(String, String)] = []
        switch self {
        case .launch(let trace, let state):
            fields.append(("do", NavigationTrace.quoted("launch")))
            fields.append(("version", "\(NavigationTrace.version)"))
            if let trace { fields.append(("trace", NavigationTrace.quoted(trace))) }
            if let state { fields.append(("state", state.jsonText)) }
        case .step(let action, let state):
            fields += action.jsonFields
            if let state { fields.append(("state", state.jsonText)) }
        }
        return NavigationTrace.object(fields)
    }
}

extension NavigationTrace.Action {
    /// The action's keys and JSON values, `do` first; a batch's `steps` are objects of the same.
    var jsonFields: [(String, String)] {
        var fields = [("do", NavigationTrace.quoted(keyword))]
        switch self {
        case .push(let route), .replace(let route), .request(let route):
            fields.append(("route", route.jsonText))
        case .present(let route, let style):
            fields.append(("route", route.jsonText))
            if let style { fields.append(("style", NavigationTrace.quoted(style))) }
        case .selectTab(let tab): fields.append(("tab", NavigationTrace.quoted(tab)))
        case .event(let name): fields.append(("event", NavigationTrace.quoted(name)))
        case .open(let url): fields.append(("url", NavigationTrace.quoted(url)))
        case .batch(let actions): fields.append(("steps", NavigationTrace.array(actions.map { NavigationTrace.object($0.jsonFields) })))
        case .command(let text): fields.append(("command", NavigationTrace.quoted(text)))
        case .back, .dismiss, .resume: break
        }
        return fields
    }
}

extension NavigationTrace.Route {
    /// `"catalog"`, or `{"name":"product","with":{"id":"2"}}` with values sorted by name.
    public var jsonText: String {
        guard !values.isEmpty else { return NavigationTrace.quoted(name) }
        let with = NavigationTrace.object(values.sorted { $0.key < $1.key }.map { ($0.key, NavigationTrace.quoted($0.value)) })
        return NavigationTrace.object([("name", NavigationTrace.quoted(name)), ("with", with)])
    }
}

extension NavigationTrace.State {
    /// The recorded fields as one JSON object, keys and map entries in a fixed order.
    public var jsonText: String {
        var fields: [(String, String)] = []
        if let tab { fields.append(("tab", NavigationTrace.quoted(tab))) }
        if let stack { fields.append(("stack", NavigationTrace.array(stack.map(\.jsonText)))) }
        if let stacks {
            fields.append(("stacks", NavigationTrace.object(stacks.sorted { $0.key < $1.key }.map { ($0.key, NavigationTrace.array($0.value.map(\.jsonText))) })))
        }
        if let modals {
            fields.append(("modals", NavigationTrace.array(modals.map {
                NavigationTrace.object([("style", NavigationTrace.quoted($0.style)), ("stack", NavigationTrace.array($0.stack.map(\.jsonText)))])
            })))
        }
        if let flags { fields.append(("flags", NavigationTrace.object(flags.sorted { $0.key < $1.key }.map { ($0.key, $0.value ? "true" : "false") }))) }
        return NavigationTrace.object(fields)
    }
}

extension NavigationTrace {
    /// `text` as a JSON string: the format's one escaping function. Quotes, backslashes and
    /// every control character are escaped, so a hostile name cannot end the string or the line.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
