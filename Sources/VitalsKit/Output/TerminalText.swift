/// Lays out a document's text (`TextRow`s, the header) at the profile's width.
struct TerminalText {
    let profile: RenderProfile

    var width: Int { profile.width }
    var glyphs: Glyphs { profile.glyphs }

    /// `rows` laid out one after another.
    func rows(_ rows: [TextRow]) -> TextCanvas {
        var canvas = TextCanvas(width: width)
        for row in rows { add(row, to: &canvas) }
        return canvas
    }

    private func add(_ row: TextRow, to canvas: inout TextCanvas) {
        switch row {
        case .wrapped(let text, let style, let indent):
            // Word-wrapped to the width (continuation lines indented by two), not cut.
            for line in TextWrap.lines(Sanitize.inline(text), width: width - indent) {
                canvas.write(line, row: canvas.addRow(), column: indent, style: style)
            }
        case .paragraph(let text, let style):
            for line in ScreenText.wrap(text, width: width) { canvas.addLine(line, style: style) }
        case .parts(let parts, let style, let joiner):
            for line in joined(parts, joiner: joiner ?? " \(glyphs.separator) ") {
                for piece in TextWrap.lines(Sanitize.inline(line), width: width) {
                    canvas.addLine(piece, style: style)
                }
            }
        case .heading(let text, let style):
            canvas.addLine(
                DisplayWidth.truncate(Sanitize.inline(text), to: width, ellipsis: glyphs.ellipsis),
                style: style)
        case .labelled(let label, let text, let column):
            for (index, line) in ScreenText.wrap(text, width: width - column).enumerated() {
                let row = canvas.addRow()
                if index == 0 { canvas.write("  " + label, row: row, column: 0, style: ScreenText.muted) }
                canvas.write(line, row: row, column: column)
            }
        }
    }

    /// Parts joined by `joiner`, broken between parts when wider than the width
    /// (continuations indented by two, the joiner kept at the end of the broken line).
    private func joined(_ parts: [String], joiner: String) -> [String] {
        var out: [String] = []
        var current = ""
        for part in parts.map(Sanitize.inline) where !part.isEmpty {
            let joinedLine = current.isEmpty ? part : current + joiner + part
            if current.isEmpty || DisplayWidth.of(joinedLine) <= width {
                current = joinedLine
            } else {
                var trimmed = joiner
                while trimmed.last == " " { trimmed.removeLast() }
                let marked = current + trimmed
                out.append(DisplayWidth.of(marked) <= width ? marked : current)
                current = "  " + part
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Icon and name (bold, pillar colour) with pillar · subject on the right, the
    /// description wrapped below, and a rule.
    func header(_ header: ScreenHeader) -> TextCanvas {
        var canvas = TextCanvas(width: width)
        let accent = Style(hex: header.color, bold: true)
        let row = canvas.addRow()
        let right = header.context
        let rightWidth = DisplayWidth.of(Sanitize.inline(right))
        let icon = glyphs.isUnicode ? header.icon.map { Sanitize.inline($0) + " " } ?? "" : ""
        let title = icon + Sanitize.inline(header.name)
        let fitsRight = DisplayWidth.of(title) + 2 + rightWidth <= width
        let room = fitsRight ? width - rightWidth - 2 : width
        canvas.write(
            DisplayWidth.truncate(title, to: room, ellipsis: glyphs.ellipsis), row: row,
            column: 0, style: accent)
        if fitsRight {
            canvas.writeRightAligned(right, row: row, end: width, style: Style(hex: header.color))
        }
        if let description = header.description {
            for line in ScreenText.wrap(description, width: width) { canvas.addLine(line, style: ScreenText.muted) }
        }
        canvas.addLine(
            String(repeating: glyphs.axisHorizontal, count: width),
            style: Style(hex: header.color, dim: true))
        return canvas
    }
}
