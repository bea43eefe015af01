extension TextCanvas {
    /// The rows as the inside of a `<pre>`: runs of one style as `<span>`s with its CSS,
    /// trailing blanks dropped.
    func preformattedHTML() -> String {
        rows.map { cells in
            var line = ""
            var run = ""
            var current = Style.plain
            func flush() {
                guard !run.isEmpty else { return }
                line +=
                    current == .plain
                    ? HTMLText.escape(run)
                    : "<span style=\"\(HTMLStyle.css(current))\">\(HTMLText.escape(run))</span>"
                run = ""
            }
            var trimmed = cells[...]
            while let last = trimmed.last, last.width == 1, last.text == " " { trimmed = trimmed.dropLast() }
            for cell in trimmed where cell.width > 0 {
                let style = cell.text == " " ? current : cell.style
                if style != current {
                    flush()
                    current = style
                }
                run += cell.text
            }
            flush()
            return line
        }.joined(separator: "\n")
    }
}

/// A text `Style` as CSS: its colour, bold, dim as a lighter tone.
enum HTMLStyle {
    static func css(_ style: Style) -> String {
        var parts: [String] = []
        if let rgb = style.foreground { parts.append("color:\(SVGChart.hex(PaperColor.text(rgb)))") }
        if style.bold { parts.append("font-weight:bold") }
        if style.dim { parts.append("opacity:0.7") }
        return parts.joined(separator: ";")
    }

    /// ` style="…"` for a style, or "" for plain text.
    static func attribute(_ style: Style) -> String {
        let css = self.css(style)
        return css.isEmpty ? "" : " style=\"\(css)\""
    }
}
