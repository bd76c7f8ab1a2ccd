import NavigationCore
import NavigationGraph

/// Reads one line of a trace file into a `NavigationTrace/Line`: the JSON, then the format's
/// keys, with a "did you mean" for a misspelt key or action.
public enum TraceLineDecoder {
    /// The line `text` (without its newline), which is line `line` of the file.
    ///
    /// - Parameters:
    ///   - text: The line's bytes.
    ///   - line: Its number, 1-based, for errors.
    /// - Returns: The line, or `nil` for a blank line.
    /// - Throws: ``TraceInputError`` saying where and what is wrong.
    public static func decode(_ text: some Collection<UInt8>, line: Int) throws(TraceInputError) -> NavigationTrace.Line? {
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        let json = try TraceJSON.parse(text, line: line)
        let reader = Reader(line: line)
        return try reader.line(json)
    }

    /// The words `"do"` takes.
    public static let actions = ["launch", "push", "present", "replace", "request", "back", "dismiss", "selectTab", "event", "open", "resume", "batch", "command"]

    private struct Reader {
        let line: Int

        func error(_ path: String, _ message: String) -> TraceInputError {
            TraceInputError(line: line, message: path.isEmpty ? message : "'\(path)': \(message)")
        }

        func members(_ json: TraceJSON, at path: String, allowed: [String]) throws(TraceInputError) -> [String: TraceJSON] {
            guard case .object(let members, let order) = json else { throw error(path, "expected an object, found \(json.kind)") }
            for key in order where !allowed.contains(key) {
                let hint = NameSuggestion.closest(to: key, in: allowed).map { "did you mean '\($0)'?" } ?? "known keys here: \(allowed.joined(separator: ", "))"
                throw error(path, "unknown key '\(key)'; \(hint)")
            }
            return members
        }

        func string(_ json: TraceJSON?, at path: String) throws(TraceInputError) -> String {
            guard let json else { throw error(path, "missing; add it") }
            switch json {
            case .string(let text): return text
            default: throw error(path, "expected a string, found \(json.kind)")
            }
        }

        func line(_ json: TraceJSON) throws(TraceInputError) -> NavigationTrace.Line {
            guard case .object(let all, _) = json else { throw error("", "expected a JSON object (one step per line), found \(json.kind)") }
            guard let word = all["do"] else { throw error("", "a step needs \"do\": what happened (\(TraceLineDecoder.actions.joined(separator: ", ")))") }
            let keyword = try string(word, at: "do")
            let fields = try self.fields(of: keyword, at: "do") + ["state"]
            let members = try members(json, at: "", allowed: fields)
            let state = try members["state"].map { (json) throws(TraceInputError) in try self.state(json) }
            guard keyword == "launch" else { return .step(try action(keyword, members, at: ""), state: state) }
            guard let version = members["version"] else { throw error("version", "a launch line needs \"version\": \(NavigationTrace.version)") }
            guard case .number(let text) = version, Int(text) == NavigationTrace.version else {
                throw error("version", "this navgraph reads trace version \(NavigationTrace.version); the line says \(versionText(version))")
            }
            return .launch(trace: try members["trace"].map { (json) throws(TraceInputError) in try string(json, at: "trace") }, state: state)
        }

        /// The keys an action's object takes besides `state`.
        func fields(of keyword: String, at path: String) throws(TraceInputError) -> [String] {
            switch keyword {
            case "launch": return ["do", "version", "trace"]
            case "push", "replace", "request": return ["do", "route"]
            case "present": return ["do", "route", "style"]
            case "back", "dismiss", "resume": return ["do"]
            case "selectTab": return ["do", "tab"]
            case "event": return ["do", "event"]
            case "open": return ["do", "url"]
            case "command": return ["do", "command"]
            case "batch": return ["do", "steps"]
            default:
                let hint = NameSuggestion.closest(to: keyword, in: TraceLineDecoder.actions).map { "did you mean '\($0)'?" } ?? "use one of: \(TraceLineDecoder.actions.joined(separator: ", "))"
                throw error(path, "unknown action '\(keyword)'; \(hint)")
            }
        }

        /// The action `keyword` names, from its object's `members`; `prefix` is the object's
        /// path (empty for the line, `steps[2].` in a batch).
        func action(_ keyword: String, _ members: [String: TraceJSON], at prefix: String) throws(TraceInputError) -> NavigationTrace.Action {
            switch keyword {
            case "push": return .push(try route(members["route"], at: prefix + "route"))
            case "replace": return .replace(try route(members["route"], at: prefix + "route"))
            case "request": return .request(try route(members["route"], at: prefix + "route"))
            case "present":
                return .present(try route(members["route"], at: prefix + "route"),
                                style: try members["style"].map { (json) throws(TraceInputError) in try string(json, at: prefix + "style") })
            case "back": return .back
            case "dismiss": return .dismiss
            case "resume": return .resume
            case "selectTab": return .selectTab(try string(members["tab"], at: prefix + "tab"))
            case "event": return .event(try string(members["event"], at: prefix + "event"))
            case "open": return .open(try string(members["url"], at: prefix + "url"))
            case "batch":
                guard prefix.isEmpty else { throw error(prefix + "do", "a batch's steps are single actions, not batches; list the inner batch's steps in this one") }
                guard let steps = members["steps"] else { throw error("steps", "missing; list the batch's actions in order, e.g. [{\"do\": \"back\"}, {\"do\": \"push\", \"route\": \"cart\"}]") }
                guard case .array(let items) = steps else { throw error("steps", "expected an array of actions, found \(steps.kind)") }
                guard !items.isEmpty else { throw error("steps", "a batch needs at least one action") }
                var actions: [NavigationTrace.Action] = []
                for (index, item) in items.enumerated() {
                    let path = "steps[\(index)]"
                    guard case .object(let all, _) = item else { throw error(path, "expected an action object, found \(item.kind)") }
                    let keyword = try string(all["do"], at: path + ".do")
                    guard keyword != "launch" else { throw error(path + ".do", "a batch's steps are actions; a launch starts a trace on a line of its own") }
                    let members = try self.members(item, at: path, allowed: try fields(of: keyword, at: path + ".do"))
                    actions.append(try action(keyword, members, at: path + "."))
                }
                return .batch(actions)
            default: return .command(try string(members["command"], at: prefix + "command"))
            }
        }

        func versionText(_ json: TraceJSON) -> String {
            switch json {
            case .number(let text), .string(let text): text
            default: json.kind
            }
        }

        func route(_ json: TraceJSON?, at path: String) throws(TraceInputError) -> NavigationTrace.Route {
            guard let json else { throw error(path, "missing; name the route, e.g. \"catalog\" or {\"name\": \"product\", \"with\": {\"id\": \"2\"}}") }
            if case .string(let name) = json { return NavigationTrace.Route(name) }
            let members = try members(json, at: path, allowed: ["name", "with"])
            let name = try string(members["name"], at: path + ".name")
            var values: [String: String] = [:]
            if let with = members["with"] {
                guard case .object(let given, let order) = with else { throw error(path + ".with", "expected an object of parameter values, found \(with.kind)") }
                for key in order {
                    switch given[key] {
                    case .string(let text)?, .number(let text)?: values[key] = text
                    case .bool(let value)?: values[key] = value ? "true" : "false"
                    case let other?: throw error("\(path).with.\(key)", "expected a string or number, found \(other.kind)")
                    case nil: break
                    }
                }
            }
            return NavigationTrace.Route(name, values: values)
        }

        func routes(_ json: TraceJSON, at path: String) throws(TraceInputError) -> [NavigationTrace.Route] {
            guard case .array(let items) = json else { throw error(path, "expected an array of routes, root first, found \(json.kind)") }
            var routes: [NavigationTrace.Route] = []
            for (index, item) in items.enumerated() { routes.append(try route(item, at: "\(path)[\(index)]")) }
            return routes
        }

        func state(_ json: TraceJSON) throws(TraceInputError) -> NavigationTrace.State {
            let members = try members(json, at: "state", allowed: ["tab", "stack", "stacks", "modals", "flags"])
            var state = NavigationTrace.State()
            state.tab = try members["tab"].map { (json) throws(TraceInputError) in try string(json, at: "state.tab") }
            state.stack = try members["stack"].map { (json) throws(TraceInputError) in try routes(json, at: "state.stack") }
            if let stacks = members["stacks"] {
                guard case .object(let byTab, let order) = stacks else { throw error("state.stacks", "expected an object of stacks by tab name, found \(stacks.kind)") }
                var result: [String: [NavigationTrace.Route]] = [:]
                for tab in order { if let stack = byTab[tab] { result[tab] = try routes(stack, at: "state.stacks.\(tab)") } }
                state.stacks = result
            }
            if let modals = members["modals"] {
                guard case .array(let items) = modals else { throw error("state.modals", "expected an array of modal layers, bottom first, found \(modals.kind)") }
                var layers: [NavigationTrace.Modal] = []
                for (index, item) in items.enumerated() {
                    let path = "state.modals[\(index)]"
                    let layer = try self.members(item, at: path, allowed: ["style", "stack"])
                    guard let stack = layer["stack"] else { throw error(path + ".stack", "missing; give the layer's routes, root first") }
                    layers.append(NavigationTrace.Modal(style: try string(layer["style"], at: path + ".style"), stack: try routes(stack, at: path + ".stack")))
                }
                state.modals = layers
            }
            if let flags = members["flags"] {
                guard case .object(let byName, let order) = flags else { throw error("state.flags", "expected an object of flag values, e.g. {\"signedIn\": true}, found \(flags.kind)") }
                var result: [String: Bool] = [:]
                for name in order {
                    guard case .bool(let value)? = byName[name] else { throw error("state.flags.\(name)", "expected true or false") }
                    result[name] = value
                }
                state.flags = result
            }
            return state
        }
    }
}
