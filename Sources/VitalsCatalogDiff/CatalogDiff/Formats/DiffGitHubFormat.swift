import Foundation
import VitalsKit

/// `vitals diff --format github`: workflow annotations on the YAML lines behind each changed
/// screen (a warning where numbers moved, a notice where only text did), and a Markdown
/// summary for `$GITHUB_STEP_SUMMARY` with each changed screen before and after.
package enum DiffGitHubFormat {
    /// At most this many numbers are shown per screen before the rest fold away.
    static let openNumbers = 10

    /// The workflow commands, one line each: `::warning file=…,line=…,title=…::message`.
    package static func annotations(_ result: CatalogDiffResult) -> String {
        // One annotation per YAML line, naming every screen it changed.
        var order: [SourceLocation] = []
        var notes: [SourceLocation: (numbers: Bool, screens: [String], change: String)] = [:]
        for screen in result.screens {
            for cause in screen.causes where cause.status != .removed {
                let places =
                    cause.status == .changed
                    ? cause.keys.map {
                        ($0.location, "\(cause.id) \($0.path) \($0.old ?? "(none)") → \($0.new ?? "(none)")")
                    }
                    : [(cause.location, cause.summary)]
                for (location, change) in places where !location.isTableRow {
                    let line = SourceLocation(file: location.file, line: location.line, column: 1)
                    if notes[line] == nil {
                        order.append(line)
                        notes[line] = (false, [], change)
                    }
                    notes[line]!.numbers = notes[line]!.numbers || !screen.numbers.isEmpty
                    let named = "\(screen.name) (\(DiffWords.status(screen)))"
                    if !notes[line]!.screens.contains(named) { notes[line]!.screens.append(named) }
                }
            }
        }
        var lines: [String] = []
        for location in order.sorted() {
            let note = notes[location]!
            let level = note.numbers ? "warning" : "notice"
            let message = "\(note.change) changes what vitals draws: " + note.screens.joined(separator: "; ")
            lines.append(
                "::\(level) file=\(WorkflowCommand.property(location.file)),line=\(location.line),"
                    + "title=\(WorkflowCommand.property("vitals diff"))::\(WorkflowCommand.data(message))")
        }
        lines.append(DiffWords.summary(result))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The step summary in GitHub-flavoured Markdown.
    package static func summary(_ result: CatalogDiffResult, data: String) -> String {
        var md = "## vitals diff: \(code(result.oldLabel)) → \(code(result.newLabel))\n\n"
        md += "As of \(result.asOf), on \(cell(data)): **\(cell(DiffWords.summary(result)))**.\n"
        guard !result.screens.isEmpty else { return md }
        md += "\n| screen | change | because of |\n|---|---|---|\n"
        for screen in result.screens {
            let causes = screen.causes.prefix(3).map {
                "\(code("\($0.firstLocation.file):\($0.firstLocation.line)")) \(cell($0.summary))"
            }
            md +=
                "| \(cell(screen.name)) \(code(screen.screenID)) | \(cell(DiffWords.status(screen))) | "
                + (causes.isEmpty ? "—" : causes.joined(separator: "<br>")) + (screen.causes.count > 3 ? " …" : "")
                + " |\n"
        }
        for screen in result.screens {
            md += "\n### \(cell(screen.name)) (\(code(screen.screenID))): \(cell(DiffWords.status(screen)))\n\n"
            if !screen.causes.isEmpty {
                md +=
                    screen.causesAreShared
                    ? "Possibly because of (entries every screen shares):\n\n" : "Because of:\n\n"
                for cause in screen.causes { md += causeItems(cause) }
                md += "\n"
            }
            if !screen.numbers.isEmpty {
                md += numberTable(Array(screen.numbers.prefix(openNumbers)))
                if screen.numbers.count > openNumbers {
                    md +=
                        "\n<details><summary>\(screen.numbers.count - openNumbers) more numbers</summary>\n\n"
                        + numberTable(Array(screen.numbers.dropFirst(openNumbers))) + "\n</details>\n"
                }
                md += "\n"
            }
            if !screen.textDiff.isEmpty {
                md +=
                    "<details><summary>Drawn before and after (\(screen.status == .changed ? "diff" : screen.status.rawValue))</summary>\n\n"
                md += fence(screen.textDiff, language: "diff") + "\n</details>\n"
            }
        }
        return md
    }

    static func causeItems(_ cause: EntryChange) -> String {
        guard cause.status == .changed else {
            return "- \(code("\(cause.location.file):\(cause.location.line)")) \(cell(cause.summary))\n"
        }
        return cause.keys.map { key in
            "- \(code("\(key.location.file):\(key.location.line)")) \(cell(cause.id)) \(code(key.path)): "
                + "\(code(key.old ?? "(none)")) → \(code(key.new ?? "(none)"))\n"
        }.joined()
    }

    static func numberTable(_ changes: [NumberChange]) -> String {
        var md = "| number | before | after | change |\n|---|---:|---:|---:|\n"
        for change in changes {
            md +=
                "| \(cell(change.path)) | \(NumberChange.format(change.old)) | \(NumberChange.format(change.new)) | "
                + "\(NumberChange.formatDelta(change.delta)) |\n"
        }
        return md
    }

    /// Text in a table cell or a line: no line breaks, pipes and markup characters escaped.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in Sanitize.inline(text) {
            switch character {
            case "|", "\\", "*", "_", "`", "<", ">", "[", "]", "#": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// Inline code that no backtick in `text` can end early: delimited by one backtick more
    /// than its longest run of them (a code span ends only at a run of exactly its own length,
    /// and nothing inside one is HTML or markup), padded with a space when it holds any.
    static func code(_ text: String) -> String {
        let clean = Sanitize.inline(text).replacingOccurrences(of: "|", with: "¦")
        var longest = 0
        var run = 0
        for character in clean {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        guard longest > 0 else { return "`" + clean + "`" }
        let ticks = String(repeating: "`", count: longest + 1)
        return ticks + " " + clean + " " + ticks
    }

    /// A fenced block longer than any run of backticks in `text`.
    static func fence(_ text: String, language: String) -> String {
        var ticks = "```"
        while text.contains(ticks) { ticks += "`" }
        return ticks + language + "\n" + Sanitize.multiline(text) + (text.hasSuffix("\n") ? "" : "\n") + ticks + "\n"
    }
}

/// GitHub workflow-command escaping (as `validate --format github` does it).
enum WorkflowCommand {
    static func data(_ text: String) -> String {
        Sanitize.multiline(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
