import Foundation

/// A block of the documentation that shows what commands print, marked so a test runs it:
///
///     <!-- example: demo -->
///     ```
///     $ vitals goal --as-of 2026-11-20
///     Goal 75.0 kg by 2027-03-01
///     …
///     ```
///
/// Each `$ ` line is a command; the lines under it, up to the next command or the end of the
/// block, are what it prints (standard output, then standard error). A line `…` alone stands for
/// any number of lines (output the text trims); a line ending in ` …` for any line starting with
/// the text before the `…` (a time taken). The word after `example:` is the setting the
/// commands run in (`GuideExample.Setting`).
struct GuideExample {
    /// Where the commands of a block run. Every setting starts in an empty home directory
    /// (written `/home/me` in the output) with no settings file, in Europe/Amsterdam, through a
    /// pipe; the block's commands run in turn there, so a setting one writes holds for the next.
    enum Setting: String, CaseIterable {
        /// No database: the embedded demo data; the catalog built into vitals.
        case demo
        /// The database at the default place (`~/.local/share/vitals/vitals.sqlite`) is one
        /// `vitals demo --as-of 2026-11-20` wrote; the block's commands change it in turn.
        case demoDatabase = "demo-db"
        /// The working directory is `~/catalog`, a copy of the checkout's catalog (`screens/`, `metrics/`,
        /// `languages/`, `schemas/`); a `$ sed -i '[N]s/OLD/NEW/' FILE` line edits it.
        case catalog
        /// The working directory is the checkout itself (commands that only read it).
        case checkout
    }

    struct Step {
        var line: Int
        var words: [String]
        var expected: [String]
    }

    var file: String
    var line: Int
    var setting: Setting
    var steps: [Step]

    /// Every marked block of `text` (the file `file`); a marker that names no setting, or a
    /// block that does not start with a command, is an error naming its line.
    static func examples(in text: String, file: String) throws -> [GuideExample] {
        let lines = text.components(separatedBy: "\n")
        var examples: [GuideExample] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- example:"), line.hasSuffix("-->") else { continue }
            let name = line.dropFirst("<!-- example:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
            guard let setting = Setting(rawValue: name) else {
                throw Failure(
                    "\(file):\(index + 1): unknown example setting '\(name)'; use one of "
                        + Setting.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```") else {
                throw Failure("\(file):\(index + 1): an example marker must stand right above a ``` block")
            }
            var steps: [Step] = []
            var at = index + 2
            while at < lines.count, !lines[at].hasPrefix("```") {
                let text = lines[at]
                if text.hasPrefix("$ ") {
                    steps.append(
                        Step(
                            line: at + 1, words: try words(String(text.dropFirst(2)), file: file, line: at + 1),
                            expected: []))
                } else if steps.isEmpty {
                    throw Failure("\(file):\(at + 1): an example block starts with a `$ ` command")
                } else {
                    steps[steps.count - 1].expected.append(text)
                }
                at += 1
            }
            guard at < lines.count else { throw Failure("\(file):\(index + 2): the example block is not closed") }
            examples.append(GuideExample(file: file, line: index + 1, setting: setting, steps: steps))
            index = at
        }
        return examples
    }

    /// A command line split as a POSIX shell splits it: words by blanks, '…' and "…" quoting,
    /// a `#` at the start of a word beginning a comment. Anything else a shell would treat
    /// specially (`$`, `|`, `>`, `;`, `&`, backquotes) is refused: an example shows one command.
    static func words(_ command: String, file: String, line: Int) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord {
                    words.append(word)
                    word = ""
                    inWord = false
                }
            case "'", "\"":
                quote = character
                inWord = true
            case "#" where !inWord:
                return words
            case "$", "|", ">", "<", ";", "&", "`", "\\":
                throw Failure("\(file):\(line): an example command uses '\(character)', which this test does not run")
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil else { throw Failure("\(file):\(line): an unclosed quote") }
        if inWord { words.append(word) }
        return words
    }

    /// Whether `actual` is what `expected` shows, a `…` line of it matching any lines.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        // matched[i][j]: expected[i...] matches actual[j...].
        var matched = Array(repeating: Array(repeating: false, count: actual.count + 1), count: expected.count + 1)
        matched[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                if expected[i] == "…" {
                    matched[i][j] = matched[i + 1][j] || (j < actual.count && matched[i][j + 1])
                } else {
                    matched[i][j] = j < actual.count && same(expected[i], actual[j]) && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// A line shown as printed, or ending in ` …`: printed with anything after the text before it
    /// (a time taken).
    private static func same(_ expected: String, _ actual: String) -> Bool {
        expected.hasSuffix(" …") ? actual.hasPrefix(expected.dropLast()) : expected == actual
    }

    /// Text as lines, each without trailing blanks, without the blank lines at the end.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n").map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
