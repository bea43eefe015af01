import VitalsKit

/// The Today screen's table of categories, drawn at the output's width: name, today's total,
/// the rule, a bar full at the goal (when there is room) and the status (below the row when
/// it does not fit beside it).
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
        let width = profile.width
        let glyphs = profile.glyphs
        let nameWidth = min(30, max(12, width - 50))
        // Columns as wide as their widest cell: "82.8 fl oz" in US units, "2.45 L" in metric.
        let totalWidth = max(8, rows.map { DisplayWidth.of($0.total) }.max() ?? 0)
        let ruleWidth = max(12, rows.map { DisplayWidth.of($0.rule) }.max() ?? 0)
        let ruleColumn = nameWidth + 1 + totalWidth + 1
        let barColumn = ruleColumn + ruleWidth + 1
        let barWidth = max(0, min(12, width - barColumn - 16))
        var canvas = TextCanvas(width: width)
        let head = canvas.addRow()
        canvas.write(DisplayWidth.pad("Category", to: nameWidth), row: head, column: 0, style: ScreenText.muted)
        canvas.write("today", row: head, column: nameWidth + 1, style: ScreenText.muted)
        canvas.write("rule", row: head, column: ruleColumn, style: ScreenText.muted)
        for item in rows {
            let row = canvas.addRow()
            let label = (glyphs.isUnicode ? (item.icon.map { $0 + " " } ?? "") : "") + item.name
            canvas.write(
                DisplayWidth.truncate(Sanitize.inline(label), to: nameWidth, ellipsis: glyphs.ellipsis),
                row: row, column: 0, style: Style(hex: item.color))
            canvas.write(item.total, row: row, column: nameWidth + 1, style: Style(bold: true))
            canvas.write(item.rule, row: row, column: ruleColumn)
            var column = barColumn
            if barWidth > 0 {
                let filled = Int((item.fill * Double(barWidth)).rounded())
                let full = glyphs.horizontalEighths.last ?? "#"
                let bar =
                    String(repeating: full, count: filled)
                    + String(repeating: glyphs.shades[0], count: barWidth - filled)
                canvas.write(bar, row: row, column: column, style: Style(hex: item.barColor))
                column += barWidth + 1
            }
            // A status wider than its column (at narrow widths) goes on the lines below, from
            // the "today" column, wrapped rather than cut.
            let statusStyle = Style(hex: item.statusColor)
            if DisplayWidth.of(item.status) <= width - column {
                canvas.write(item.status, row: row, column: column, style: statusStyle)
            } else {
                let indent = nameWidth + 1
                for line in TextWrap.lines(item.status, width: max(1, width - indent), continuation: 0) {
                    canvas.write(line, row: canvas.addRow(), column: indent, style: statusStyle)
                }
            }
        }
        return canvas
    }
}

extension CategoryTable {
    /// The categories as a table for the report: the same columns, in the screen's language.
    /// The terminal draws `draw`.
    func table() -> TableBlock {
        TableBlock(
            caption: nil,
            columns: [
                Words.text("today.category"), Words.text("today.today"), Words.text("today.rule"),
                Words.text("table.status"),
            ],
            rows: rows.map { row in
                [
                    TableBlock.Cell(row.name, color: row.color), TableBlock.Cell(row.total, bold: true),
                    TableBlock.Cell(row.rule), TableBlock.Cell(row.status, color: row.statusColor),
                ]
            },
            terminalDrawing: self)
    }
}
