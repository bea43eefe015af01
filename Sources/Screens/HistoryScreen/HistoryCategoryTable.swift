import VitalsKit

/// The History screen's categories over the last 30 days: met, under, over, average a
/// day and wins on the days missed overall, then the category most often off; drawn at the
/// output's width (the name column narrows with it).
struct HistoryCategoryTable: BlockDrawing {
    struct Row: Sendable {
        var name: String
        var color: String?
        var met: Int, under: Int, over: Int
        /// nil: no day counted yet.
        var average: Double?
        var unit: BaseUnit
        var missedDays: Int
        var winsOnMissedDays: Int
    }

    /// The category missed most often (under plus over) in the window.
    struct MostOftenOff: Sendable {
        var name: String
        var under: Int, over: Int
    }

    /// Days in the window (ending today).
    var window: Int
    /// Whether today, in the window, is not counted yet (not on target).
    var todayPending: Bool
    var rows: [Row]
    var mostOftenOff: MostOftenOff?
    /// The unit system drinks are shown in (`--units`).
    var unitSystem: UnitSystem?

    func draw(profile: RenderProfile) -> TextCanvas {
        let width = profile.width
        let glyphs = profile.glyphs
        let nameWidth = max(10, min(28, width - 48))
        var canvas = TextCanvas(width: width)
        let title = canvas.addRow()
        canvas.write(
            "Categories, last \(HistoryView.days(window))" + (todayPending ? " (today pending)" : ""),
            row: title, column: 0, style: Style(bold: true))
        let head = canvas.addRow()
        let columns = [nameWidth + 1, nameWidth + 8, nameWidth + 15, nameWidth + 21, nameWidth + 30]
        // The last heading shortens to fit the width; its column is dropped when even that does not.
        let room = width - columns[4]
        let winsHeading =
            ["wins on missed days", "wins/missed days", "wins/missed"].first { $0.count <= room } ?? "wins"
        for (text, column) in zip(["met", "under", "over", "a day", winsHeading], columns) {
            canvas.write(text, row: head, column: column, style: ScreenText.muted)
        }
        let text = PortionText(profile: profile, unitSystem: unitSystem)
        for item in rows {
            let row = canvas.addRow()
            canvas.write(
                DisplayWidth.truncate(Sanitize.inline(item.name), to: nameWidth, ellipsis: glyphs.ellipsis),
                row: row, column: 0, style: Style(hex: item.color))
            let cells = [
                "\(item.met)", item.under == 0 ? "-" : "\(item.under)", item.over == 0 ? "-" : "\(item.over)",
                item.average.map { text.amount($0, unit: item.unit) } ?? "-",
                item.missedDays == 0 ? "-" : "\(item.winsOnMissedDays)/\(item.missedDays)",
            ]
            for (cell, column) in zip(cells, columns) { canvas.write(cell, row: row, column: column) }
        }
        if let off = mostOftenOff {
            let note = "Most often off: \(Sanitize.inline(off.name)) (\(off.under) under, \(off.over) over)"
            for line in TextWrap.lines(note, width: width) {
                let row = canvas.addRow()
                canvas.write(line, row: row, column: 0, style: ScreenText.muted)
            }
        }
        return canvas
    }

    /// The categories as a table for a report, the category most often off under it. The
    /// terminal draws `draw`.
    func table() -> TableBlock {
        let text = PortionText(profile: RenderProfile(width: 80), unitSystem: unitSystem)
        let rows = rows.map { item -> [TableBlock.Cell] in
            [
                TableBlock.Cell(item.name, color: item.color), TableBlock.Cell("\(item.met)"),
                TableBlock.Cell(item.under == 0 ? "–" : "\(item.under)"),
                TableBlock.Cell(item.over == 0 ? "–" : "\(item.over)"),
                TableBlock.Cell(item.average.map { text.amount($0, unit: item.unit) } ?? "–"),
                TableBlock.Cell(item.missedDays == 0 ? "–" : "\(item.winsOnMissedDays)/\(item.missedDays)"),
            ]
        }
        let notes =
            mostOftenOff.map { off in
                [
                    TextRow.line(
                        Words.text(
                            "history.most_often_off",
                            [
                                "name": off.name, "under": String(off.under),
                                "over": String(off.over),
                            ]), ScreenText.muted)
                ]
            } ?? []
        return TableBlock(
            caption: Words.text(
                todayPending ? "history.categories_pending" : "history.categories", ["n": String(window)]),
            columns: [
                Words.text("table.category"), Words.text("table.met"), Words.text("table.under"),
                Words.text("table.over"), Words.text("table.a_day"), Words.text("table.wins_on_missed"),
            ],
            rows: rows, notes: notes, terminalDrawing: self)
    }
}
