import VitalsKit

/// A summary as plain text or Markdown, short enough for a mail: the title, the period, a
/// block per screen (its title and a few lines), and how many screens had no data.
///
/// Every piece from the catalog or the store passes through the backend's own escaping:
/// text drops control characters and escape sequences (`Sanitize.inline`), Markdown
/// additionally escapes the characters that would format or link.
package struct SummaryText: Sendable {
    package var words: SummaryWords

    package init(words: SummaryWords) { self.words = words }

    /// Plain text: each block's title, then its lines indented by two.
    package func text(_ summary: Summary) -> String {
        var out = Sanitize.inline(summary.title) + "\n" + Sanitize.inline(words.periodLine(summary)) + "\n"
        let sections = words.sections(summary)
        if sections.isEmpty { out += "\nNo screen has data in this period.\n" }
        for section in sections {
            out +=
                "\n" + Sanitize.inline([section.icon, section.title].compactMap { $0 }.joined(separator: " ")) + "\n"
            for line in section.lines { out += "  " + Sanitize.inline(line) + "\n" }
        }
        if let skipped = words.skippedLine(summary) { out += "\n" + skipped + "\n" }
        return out
    }

    /// Markdown: a level-1 title, a level-2 heading per block and its lines as a list.
    package func markdown(_ summary: Summary) -> String {
        var out = "# \(Self.escape(summary.title))\n\n\(Self.escape(words.periodLine(summary)))\n"
        let sections = words.sections(summary)
        if sections.isEmpty { out += "\nNo screen has data in this period.\n" }
        for section in sections {
            out +=
                "\n## " + Self.escape([section.icon, section.title].compactMap { $0 }.joined(separator: " ")) + "\n\n"
            for line in section.lines { out += "- " + Self.escape(line) + "\n" }
        }
        if let skipped = words.skippedLine(summary) { out += "\n_\(Self.escape(skipped))_\n" }
        return out
    }

    /// `text` on one line with Markdown's formatting characters escaped: emphasis, code,
    /// links, HTML, tables, and a heading, list or quote marker where a line starts.
    package static func escape(_ text: String) -> String {
        let clean = Array(Sanitize.inline(text))
        var out = ""
        for (index, character) in clean.enumerated() {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#": out += "\\" + String(character)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            // "&" only where it could start an entity ("&amp;", "&#60;"): "Fiber & Grains" stays.
            case "&" where index + 1 < clean.count && (clean[index + 1].isLetter || clean[index + 1] == "#"):
                out += "&amp;"
            default: out.append(character)
            }
        }
        // A line starting with a list marker ("- ", "+ ", "1. ") would be one.
        if out.hasPrefix("-") || out.hasPrefix("+") {
            out = "\\" + out
        } else if Self.startsNumbered(out) {
            let digits = out.prefix { $0.isNumber }
            out = digits + "\\" + out.dropFirst(digits.count)
        }
        return out
    }

    /// Whether `text` starts like an ordered list item ("1. ", "2) ").
    static func startsNumbered(_ text: String) -> Bool {
        let digits = text.prefix { $0.isNumber }
        let rest = text.dropFirst(digits.count)
        return !digits.isEmpty && digits.count <= 9
            && (rest.hasPrefix(". ") || rest.hasPrefix(") ") || rest == "." || rest == ")")
    }
}
