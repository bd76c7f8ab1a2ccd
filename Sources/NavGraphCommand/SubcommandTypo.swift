import NavigationGraph

/// A first argument that `verify`, the default subcommand, would read as a graph document but
/// that is more likely a misspelt subcommand (`navgraph verfy`) or a flag written as a word
/// (`navgraph version`).
///
/// Without this check such a run ends in "no such file", which sends the user looking for a
/// document they never meant to name.
enum SubcommandTypo {
    /// The failure to report for `arguments` (without the program name), or `nil` when the
    /// first argument is an option, a subcommand, an existing path, or close to nothing.
    ///
    /// - Parameters:
    ///   - subcommands: the names of the root command's subcommands.
    ///   - exists: whether a file or folder exists at a path; an existing path is always a
    ///     document to verify, however much its name looks like a subcommand.
    static func failure(for arguments: [String], subcommands: [String], exists: (String) -> Bool) -> CommandFailure? {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.isEmpty,
              !subcommands.contains(first), first != "help", !exists(first) else { return nil }
        let problem = "\(first): error: no such file, and navgraph has no subcommand of that name"
        // The built-in flags first: `version` is one edit from no subcommand, and `help` is a
        // subcommand ArgumentParser adds, so neither is in `subcommands`.
        switch NameSuggestion.closest(to: first, in: ["help", "version"]) {
        case "version": return CommandFailure(message: "\(problem); for navgraph's version run 'navgraph --version'", exitCode: .badInput)
        case "help": return CommandFailure(message: "\(problem); did you mean 'navgraph --help'?", exitCode: .badInput)
        default: break
        }
        guard let subcommand = NameSuggestion.closest(to: first, in: subcommands) else { return nil }
        return CommandFailure(message: "\(problem); did you mean '\(subcommand)'? (navgraph --help lists the subcommands)", exitCode: .badInput)
    }
}
