import VitalsKit

/// Lines that may hold ANSI SGR codes: stripping them (to read a frame as text) and styling
/// one plain run (the explorer's list rows and selection). Screen rows reach the explorer as
/// styled cells (`TextCanvas`), never as strings to parse.
package enum StyledLine {
    /// `line` without SGR codes (`ESC [ … m`).
    package static func strip(_ line: String) -> String {
        var out = ""
        forEachPart(of: line) { part, isCode in if !isCode { out += part } }
        return out
    }

    /// Plain `text` (sanitized) padded to `width` columns and drawn in `style`; `inverse`
    /// swaps foreground and background (the selection). Without colour no codes are emitted.
    package static func styled(
        _ text: String, width: Int, style: Style = .plain, inverse: Bool = false,
        level: ColorLevel
    ) -> String {
        let padded = DisplayWidth.pad(Sanitize.inline(text), to: width)
        guard level != .none else { return padded }
        let code = (inverse ? "\u{1B}[7m" : "") + style.sgr(for: level)
        return code.isEmpty ? padded : code + padded + Style.reset
    }

    /// Calls `body` with runs of text and SGR codes in order.
    private static func forEachPart(of line: String, _ body: (Substring, Bool) -> Void) {
        var rest = line[...]
        while let escape = rest.firstIndex(of: "\u{1B}") {
            if escape > rest.startIndex { body(rest[rest.startIndex..<escape], false) }
            var end = rest.index(after: escape)
            if end < rest.endIndex, rest[end] == "[" {
                end = rest.index(after: end)
                while end < rest.endIndex, !(rest[end].asciiValue.map { (0x40...0x7E).contains($0) } ?? false) {
                    end = rest.index(after: end)
                }
                if end < rest.endIndex { end = rest.index(after: end) }
            }
            let code = rest[escape..<end]
            if code.last == "m" { body(code, true) }  // other sequences are dropped
            rest = rest[end...]
        }
        if !rest.isEmpty { body(rest, false) }
    }
}
