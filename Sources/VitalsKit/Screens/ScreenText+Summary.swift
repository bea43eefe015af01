/// One row of a module's summary block: parts joined by `joiner` (the separator glyph when
/// nil), wrapped between parts when wider than the profile, all in one style.
public struct SummaryRow: Sendable {
    public var parts: [String]
    public var style: Style
    public var joiner: String?

    public init(_ parts: [String], style: Style = .plain, joiner: String? = nil) {
        self.parts = parts; self.style = style; self.joiner = joiner
    }
}

extension ScreenText {
    /// The lines of a module's summary block: each row's parts joined (" · " or " | " by
    /// default), wrapped between parts when the row is wider than the profile (continuations
    /// indented by two), every part sanitized; a part wider than the line is truncated.
    public func summaryLines(_ rows: [SummaryRow]) -> [String] {
        var out: [(text: String, style: Style)] = []
        for row in rows {
            let joiner = row.joiner ?? " \(glyphs.separator) "
            var current = ""
            for part in row.parts.map(Sanitize.inline) where !part.isEmpty {
                let joined = current.isEmpty ? part : current + joiner + part
                if current.isEmpty || DisplayWidth.of(joined) <= width {
                    current = joined
                } else {
                    let marked = current + joiner.trimmingTrailingSpaces
                    out.append((DisplayWidth.of(marked) <= width ? marked : current, row.style))
                    current = "  " + part
                }
            }
            if !current.isEmpty { out.append((current, row.style)) }
        }
        return lines(out)
    }
}

private extension String {
    /// The text without trailing spaces (" + " → " +", " · " → " ·").
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
