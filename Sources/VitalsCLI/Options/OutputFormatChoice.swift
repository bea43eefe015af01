import VitalsKit

/// `--format NAME` of `render` and `validate`: the names are the output formats' ids of the
/// run's extensions (built-in and a plug-in's alike), so they are looked up when the command
/// runs, not fixed in its option type; `--formats` lists them.
enum OutputFormatChoice {
    /// The screen format `name` names.
    static func screens(_ name: String, in formats: OutputFormats) throws -> any ScreenFormat.Type {
        if let format = formats.screenFormat(name) { return format }
        throw unknown(name, command: "render", ids: formats.screens.map { $0.id })
    }

    /// The diagnostic format `name` names.
    static func diagnostics(_ name: String, in formats: OutputFormats) throws -> any DiagnosticFormat.Type {
        if let format = formats.diagnosticFormat(name) { return format }
        throw unknown(name, command: "validate", ids: formats.diagnostics.map { $0.id })
    }

    /// One line per format: its id and what it writes.
    static func listing(_ formats: [any OutputFormat.Type]) -> String {
        let width = formats.map { $0.id.count }.max() ?? 0
        return formats.map { format in
            format.id + String(repeating: " ", count: width - format.id.count) + "  " + format.summary
        }.joined(separator: "\n") + "\n"
    }

    private static func unknown(_ name: String, command: String, ids: [String]) -> CommandError {
        var hints = ["vitals \(command) --formats lists them"]
        if let guess = Suggest.closest(to: name, in: ids) { hints.insert("did you mean '\(guess)'?", at: 0) }
        return CommandError(
            "unknown --format '\(Sanitize.inline(name))'; vitals \(command) writes \(ids.joined(separator: ", "))",
            hints: hints, .usage)
    }
}
