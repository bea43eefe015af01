/// Word-wrapping of one line of text to a width, keeping its own leading spaces (an indented
/// "  Bedtime    22:30 …" row stays aligned) and indenting the continuation lines, so text
/// too wide for the terminal is read whole instead of cut with an ellipsis.
public enum TextWrap {
    /// `text` (one line, already sanitized) as lines of at most `width` display columns,
    /// broken at spaces; continuation lines start with `continuation` spaces more than the
    /// text's own leading spaces. A word wider than a line is cut across lines.
    public static func lines(_ text: String, width: Int, continuation: Int = 2) -> [String] {
        let limit = max(1, width)
        guard DisplayWidth.of(text) > limit else { return [text] }
        let leading = text.prefix { $0 == " " }.count
        let indent = String(repeating: " ", count: min(leading + continuation, max(0, limit / 2)))
        var lines: [String] = []
        var line = Array(text)
        var ownIndent = leading
        while DisplayWidth.of(String(line)) > limit {
            let fits = DisplayWidth.cut(String(line), to: limit).count
            // Break at the last space that fits (after the line's indentation) whose next
            // character fits too, else cut the word.
            var split = max(fits, ownIndent + 1)  // at least one character of text per line
            let end = min(fits + 1, line.count)
            if ownIndent < end, let space = line[ownIndent..<end].lastIndex(of: " "), space > ownIndent {
                split = space
            }
            var head = line[..<split]
            while head.last == " " { head.removeLast() }
            lines.append(String(head))
            var tail = line[split...]
            while tail.first == " " { tail.removeFirst() }
            if tail.isEmpty { return lines }
            line = Array(indent) + Array(tail)
            ownIndent = indent.count
        }
        lines.append(String(line))
        return lines
    }
}
