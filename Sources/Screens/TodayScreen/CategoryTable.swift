import VitalsKit

/// The Today screen's table of categories, drawn at the output's width: name, today's total,
/// the rule, a bar full at the goal (when there is room) and the status.
struct CategoryTable: BlockDrawing {
    struct Row: Sendable {
        var icon: String?
        var name: String
        var color: String?
        var total: String
        var rule: String
        /// 0…1 of the goal.
        var fill: Double
        var barColor: String?
        var status: String
        var statusColor: String?
    }

    var rows: [Row]

    func draw(profile: RenderProfile) -> TextCanvas {
        let width = profile.width, glyphs = profile.glyphs
        let nameWidth = min(30, max(12, width - 50))
        let barWidth = max(0, min(12, width - nameWidth - 39))
        var canvas = TextCanvas(width: width)
        let head = canvas.addRow()
        canvas.write(DisplayWidth.pad("Category", to: nameWidth), row: head, column: 0, style: ScreenText.muted)
        canvas.write("today", row: head, column: nameWidth + 1, style: ScreenText.muted)
        canvas.write("rule", row: head, column: nameWidth + 10, style: ScreenText.muted)
        for item in rows {
            let row = canvas.addRow()
            let label = (glyphs.isUnicode ? (item.icon.map { $0 + " " } ?? "") : "") + item.name
            canvas.write(DisplayWidth.truncate(Sanitize.inline(label), to: nameWidth, ellipsis: glyphs.ellipsis),
                         row: row, column: 0, style: Style(hex: item.color))
            canvas.write(item.total, row: row, column: nameWidth + 1, style: Style(bold: true))
            canvas.write(item.rule, row: row, column: nameWidth + 10)
            var column = nameWidth + 23
            if barWidth > 0 {
                let filled = Int((item.fill * Double(barWidth)).rounded())
                let full = glyphs.horizontalEighths.last ?? "#"
                let bar = String(repeating: full, count: filled) + String(repeating: glyphs.shades[0], count: barWidth - filled)
                canvas.write(bar, row: row, column: column, style: Style(hex: item.barColor))
                column += barWidth + 1
            }
            canvas.write(DisplayWidth.truncate(item.status, to: max(1, width - column), ellipsis: glyphs.ellipsis),
                         row: row, column: column, style: Style(hex: item.statusColor))
        }
        return canvas
    }
}

extension CategoryTable {
    /// The table as an HTML `<table>` for the report: the same columns, the bar as a meter.
    func html(size: ChartSize) -> String? {
        var html = "<table class=\"categories\"><thead><tr><th scope=\"col\">Category</th><th scope=\"col\">today</th>"
            + "<th scope=\"col\">rule</th><th scope=\"col\">status</th></tr></thead><tbody>"
        for row in rows {
            let color = HTMLEscaping.color(row.color)
            html += "<tr><th scope=\"row\" style=\"color:\(color)\">\(HTMLEscaping.text(row.name))</th>"
                + "<td><b>\(HTMLEscaping.text(row.total))</b></td><td>\(HTMLEscaping.text(row.rule))</td>"
                + "<td style=\"color:\(HTMLEscaping.color(row.statusColor))\">\(HTMLEscaping.text(row.status))</td></tr>"
        }
        return html + "</tbody></table>"
    }
}
