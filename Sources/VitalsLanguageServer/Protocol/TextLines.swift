import VitalsKit

/// A document's text by lines, for turning the catalog's places (1-based line and column,
/// columns in Unicode scalars) into LSP positions (0-based line and character, characters in
/// UTF-16 code units) and back.
struct TextLines {
    /// Each line without its line break (a CR before the LF is dropped too).
    let lines: [Substring]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
    }

    func line(_ index: Int) -> Substring { index >= 0 && index < lines.count ? lines[index] : "" }

    /// The LSP position of 1-based `line` and scalar `column` (clamped to the text).
    func position(line: Int, column: Int) -> Position {
        let text = self.line(line - 1)
        let scalars = text.unicodeScalars.prefix(max(0, column - 1))
        return Position(line: max(0, line - 1), character: scalars.reduce(0) { $0 + $1.utf16.count })
    }

    /// The 0-based scalar offset in its line of an LSP position (clamped to the line).
    func scalarColumn(of position: Position) -> Int {
        var units = 0
        var scalars = 0
        for scalar in line(position.line).unicodeScalars {
            if units >= position.character { break }
            units += scalar.utf16.count
            scalars += 1
        }
        return scalars
    }

    /// The range of the token that starts at 1-based `line` and scalar `column`: a quoted
    /// text to its closing quote, else up to white space, `,`, `]`, `}`, `#` or `: `; at least
    /// one character.
    func tokenRange(line: Int, column: Int) -> TextRange {
        let scalars = Array(self.line(line - 1).unicodeScalars)
        let from = min(max(0, column - 1), scalars.count)
        var end = from
        if from < scalars.count, scalars[from] == "\"" || scalars[from] == "'" {
            let quote = scalars[from]
            end = from + 1
            while end < scalars.count, scalars[end] != quote { end += (scalars[end] == "\\" && quote == "\"") ? 2 : 1 }
            end = min(scalars.count, end + 1)
        } else {
            while end < scalars.count {
                let scalar = scalars[end]
                if scalar == " " || scalar == "\t" || scalar == "," || scalar == "]" || scalar == "}" || scalar == "#" {
                    break
                }
                if scalar == ":", end + 1 == scalars.count || scalars[end + 1] == " " { break }
                end += 1
            }
        }
        if end == from { end = min(scalars.count, from + 1) }
        return TextRange(start: position(line: line, column: from + 1), end: position(line: line, column: end + 1))
    }
}

/// An LSP position: 0-based line, 0-based UTF-16 offset in the line.
struct Position: Hashable, Comparable {
    var line: Int
    var character: Int

    static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSONValue { .object([("line", .number(Double(line))), ("character", .number(Double(character)))]) }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue,
            line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }
}

struct TextRange: Hashable {
    var start: Position
    var end: Position

    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }

    func contains(_ position: Position) -> Bool { start <= position && position <= end }

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSONValue?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}
