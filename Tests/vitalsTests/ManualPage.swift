import Foundation

@testable import VitalsCLI

/// Writes the manual page `docs/vitals.1` (mdoc) from what `vitals --experimental-dump-help`
/// prints: the command's texts, each subcommand with its arguments, the exit codes. The page
/// is committed; `ManualPageCLITests` holds it to what this writes from the current build
/// (`VITALS_RECORD_GOLDENS=1` rewrites it), as the JSON Schema is held to `vitals schema`.
///
/// The commands a build adds with the PostgreSQL trait are left out and named in one line,
/// so the page is the same from either build.
enum ManualPage {
    /// Commands only a build with the PostgreSQL trait has.
    static let traitCommands = VitalsCommands.postgreSQLCommands

    static func render(dump: [String: Any]) -> String {
        var page = [".Dd November 26, 2026", ".Dt VITALS 1", ".Os", ".Sh NAME", ".Nm vitals"]
        page.append(".Nd " + escapeInline(dump["abstract"] as? String ?? ""))
        page += [".Sh SYNOPSIS", ".Nm", ".Ar subcommand", ".Op Ar arguments", ".Nm", ".Fl -help", ".Sh DESCRIPTION"]
        page += paragraphs(dump["discussion"] as? String)
        let subcommands = (dump["subcommands"] as? [[String: Any]] ?? []).filter { command in
            (command["shouldDisplay"] as? Bool ?? true)
                && !traitCommands.contains(command["commandName"] as? String ?? "")
        }
        page += [".Sh COMMANDS", ".Bl -tag -width 6n"]
        for command in subcommands { page += self.command(command, path: []) }
        page.append(".El")
        page += [
            ".Pp",
            "Built with the PostgreSQL trait, vitals also has the commands "
                + traitCommands.map { "\\fB\($0)\\fR" }.joined(separator: ", ")
                + "; each explains itself with \\fB--help\\fR.",
        ]
        page += [
            ".Sh EXIT STATUS", ".Bl -tag -width 4n",
            ".It 0", "ok.",
            ".It 1", "findings or a refused input: an unknown id, an invalid value, a catalog with errors.",
            ".It 2", "usage error or could not run: bad arguments, a missing file.",
            ".El", ".Sh SEE ALSO", "The README of the Vitals repository, and", ".Nm", "COMMAND", ".Fl -help .",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// One command (and its subcommands) as an item of the COMMANDS list.
    private static func command(_ command: [String: Any], path: [String]) -> [String] {
        let name = path + [command["commandName"] as? String ?? "?"]
        var lines = [".It Cm " + name.joined(separator: " ")]
        lines += paragraphs(command["abstract"] as? String)
        if let discussion = command["discussion"] as? String, !discussion.isEmpty {
            lines += [".Pp"] + paragraphs(discussion)
        }
        let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
        if !arguments.isEmpty {
            lines += [".Bl -tag -width 6n"]
            for argument in arguments { lines += self.argument(argument) }
            lines.append(".El")
        }
        let subcommands = (command["subcommands"] as? [[String: Any]] ?? []).filter {
            $0["shouldDisplay"] as? Bool ?? true
        }
        if !subcommands.isEmpty {
            lines += [".Bl -tag -width 6n"]
            for sub in subcommands { lines += self.command(sub, path: name) }
            lines.append(".El")
        }
        return lines
    }

    private static func argument(_ argument: [String: Any]) -> [String] {
        let kind = argument["kind"] as? String ?? ""
        let value = argument["valueName"] as? String ?? ""
        let names = (argument["names"] as? [[String: Any]] ?? []).map { name -> String in
            let text = name["name"] as? String ?? ""
            return (name["kind"] as? String == "short" ? "Fl " : "Fl -") + text
        }
        var item: String
        switch kind {
        case "positional": item = ".It Ar " + value + (argument["isRepeating"] as? Bool == true ? " ..." : "")
        case "option": item = ".It " + names.joined(separator: " , ") + " Ar " + value
        default: item = ".It " + names.joined(separator: " , ")
        }
        var lines = [item]
        var help = argument["abstract"] as? String ?? ""
        if let fallback = argument["defaultValue"] as? String, !fallback.isEmpty { help += " (default: \(fallback))" }
        lines += paragraphs(help)
        if let discussion = argument["discussion"] as? String, !discussion.isEmpty { lines += paragraphs(discussion) }
        return lines
    }

    /// Text lines made safe for mdoc: no empty lines, none read as a macro, backslashes escaped.
    private static func paragraphs(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if lines.last != ".Pp" { lines.append(".Pp") }
                continue
            }
            lines.append(escapeLine(line.trimmingCharacters(in: .whitespaces)))
        }
        return lines
    }

    /// Backslashes as `\e`, and every non-ASCII character as its groff name `\[uXXXX]`, so
    /// the page reads the same whatever encoding `man` assumes.
    private static func escapeInline(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out += "\\e"
            } else if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    private static func escapeLine(_ line: String) -> String {
        let escaped = escapeInline(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
