/// The big number: the value in large digits with its unit, then its date and the delta.
///
/// Without a `stat` value the latest point is shown and the delta is computed from the point
/// before it. Digits are drawn with half blocks (Unicode) or `#` (ASCII); a number too wide
/// for the width is written plainly.
public struct StatChart: ChartKind {
    public static let id = "stat"
    public static let summary = "The latest value in large digits with its unit, date and change."
    public static let data = ChartData.latest
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        guard let (stat, dateText) = Self.stat(from: input, context: context), let value = stat.value else {
            return context.emptyState()
        }
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: context.targetText())
        let text = context.number(value)
        let bigRows = BigDigits.render(text, unicode: context.glyphs.isUnicode)
        let bigWidth = bigRows.first.map { DisplayWidth.of($0) } ?? 0
        let unitText = context.unit ?? ""
        let style = context.meets(value) ? context.accent : context.accentOffTarget
        if bigWidth + 1 + DisplayWidth.of(unitText) <= context.width - 2 {
            for (index, line) in bigRows.enumerated() {
                let row = canvas.addRow()
                canvas.write(line, row: row, column: 2, style: Style(foreground: style.foreground, bold: true))
                if index == bigRows.count - 1, !unitText.isEmpty {
                    canvas.write(unitText, row: row, column: 2 + bigWidth + 1, style: context.muted)
                }
            }
        } else {
            context.addText(context.quantity(value), to: &canvas, style: style, indent: 2)
        }
        var parts: [String] = []
        if let dateText { parts.append(Sanitize.inline(dateText)) }
        if let delta = stat.deltaText { parts.append(Sanitize.inline(delta)) }
        if let target = input.target {
            parts.append(
                target.isMet(by: value)
                    ? "\(context.glyphs.check) on target"
                    : "\(context.glyphs.cross) off target")
        }
        if !parts.isEmpty {
            context.addText(
                parts.joined(separator: " \(context.glyphs.separator) "),
                to: &canvas, style: context.muted, indent: 2)
        }
        return canvas
    }

    /// `input.stat`, or the latest point with the change from the point before it; with the
    /// text naming the value's day (its date, or the point's label when it has none).
    static func stat(from input: ChartInput, context: ChartContext) -> (StatValue, dateText: String?)? {
        if let stat = input.stat { return (stat, stat.date.map(DateWords.iso)) }
        let present = input.effectivePoints.filter { $0.value != nil }
        guard let latest = present.last, let value = latest.value else { return nil }
        var delta: String?
        if present.count > 1, let previous = present[present.count - 2].value {
            let change = value - previous
            let mark = change > 0 ? context.glyphs.up : change < 0 ? context.glyphs.down : "="
            let sign = change > 0 ? "+" : ""
            delta =
                "\(mark) \(sign)\(context.quantity(change)) since \(present[present.count - 2].date.map(DateWords.iso) ?? present[present.count - 2].label)"
        }
        return (
            StatValue(value: value, date: latest.date, deltaText: delta), latest.date.map(DateWords.iso) ?? latest.label
        )
    }
}

/// Large digits drawn from a 3×5 bitmap font.
enum BigDigits {
    static let font: [Character: [String]] = [
        "0": ["###", "# #", "# #", "# #", "###"], "1": [" # ", "## ", " # ", " # ", "###"],
        "2": ["###", "  #", "###", "#  ", "###"], "3": ["###", "  #", "###", "  #", "###"],
        "4": ["# #", "# #", "###", "  #", "  #"], "5": ["###", "#  ", "###", "  #", "###"],
        "6": ["###", "#  ", "###", "# #", "###"], "7": ["###", "  #", "  #", "  #", "  #"],
        "8": ["###", "# #", "###", "# #", "###"], "9": ["###", "# #", "###", "  #", "###"],
        "-": ["   ", "   ", "###", "   ", "   "], ".": [" ", " ", " ", " ", "#"],
        ",": [" ", " ", " ", " ", "#"],
    ]

    /// The rows of `text` in big digits: 3 rows of half blocks, or 5 rows of `#`.
    static func render(_ text: String, unicode: Bool) -> [String] {
        var pixels = Array(repeating: "", count: 5)
        for (index, character) in text.enumerated() {
            guard let glyph = font[character] else { continue }
            for row in 0..<5 { pixels[row] += (index > 0 ? " " : "") + glyph[row] }
        }
        guard unicode else { return pixels }
        let rows = pixels.map { Array($0) } + [Array(repeating: " ", count: pixels[0].count)]
        return stride(from: 0, to: 6, by: 2).map { top in
            String(
                zip(rows[top], rows[top + 1]).map { upper, lower -> Character in
                    switch (upper == "#", lower == "#") {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                })
        }
    }
}
