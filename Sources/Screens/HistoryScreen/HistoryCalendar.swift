import VitalsKit

/// The History screen's weeks as rows (Monday first), each day on target, missed, unfinished
/// (today) or not judged, with the week's whole days on target; drawn at the output's width.
struct HistoryCalendar: BlockDrawing {
    /// How one day is marked.
    enum Mark: Sendable, Hashable {
        case onTarget, missed, unfinished, notJudged
    }

    struct Week: Sendable, Hashable {
        var monday: LocalDate
        /// Monday to Sunday.
        var marks: [Mark]
        /// The week's counted days on target; nil when none was counted.
        var met: Int?
        var counted: Int
    }

    static let green = "#2E9E5B", red = "#D64545"

    var weeks: [Week]

    func draw(profile: RenderProfile) -> TextCanvas {
        let unicode = profile.glyphs.isUnicode
        let (onGlyph, offGlyph, openGlyph, noneGlyph) = unicode ? ("■", "□", "◌", "·") : ("#", "o", "?", ".")
        var canvas = TextCanvas(width: profile.width)
        let title = canvas.addRow()
        canvas.write("Whole days on target", row: title, column: 0, style: Style(bold: true))
        let head = canvas.addRow()
        canvas.write("week of   M T W T F S S", row: head, column: 0, style: ScreenText.muted)
        for week in weeks {
            let row = canvas.addRow()
            canvas.write(
                DateWords.dayMonth(week.monday), row: row, column: 0,
                style: ScreenText.muted)
            for (offset, mark) in week.marks.enumerated() {
                let (glyph, style): (String, Style)
                switch mark {
                case .notJudged: (glyph, style) = (noneGlyph, ScreenText.muted)
                case .onTarget: (glyph, style) = (onGlyph, Style(hex: Self.green))
                case .unfinished: (glyph, style) = (openGlyph, .plain)
                case .missed: (glyph, style) = (offGlyph, Style(hex: Self.red))
                }
                canvas.write(glyph, row: row, column: 10 + offset * 2, style: style)
            }
            if let met = week.met {
                canvas.write("\(met)/\(week.counted)", row: row, column: 26, style: ScreenText.muted)
            }
        }
        // The legend's entries, broken between entries when they do not fit one line.
        let entries = [
            "\(onGlyph) on target", "\(offGlyph) missed", "\(openGlyph) today, not yet", "\(noneGlyph) nothing judged",
        ]
        var line = ""
        for entry in entries {
            let joined = line.isEmpty ? entry : line + "  " + entry
            if line.isEmpty || DisplayWidth.of(joined) <= profile.width {
                line = joined
            } else {
                canvas.write(line, row: canvas.addRow(), column: 0, style: ScreenText.muted)
                line = entry
            }
        }
        canvas.write(line, row: canvas.addRow(), column: 0, style: ScreenText.muted)
        return canvas
    }

    /// The weeks as a table for a report: the week's Monday, a coloured square per day (named
    /// by its state), the week's whole days; the legend as squares. The terminal draws `draw`.
    func table() -> TableBlock {
        let words: [Mark: String] = [
            .onTarget: Words.text("chart.on_target"), .missed: Words.text("chart.missed"),
            .unfinished: Words.text("history.today_not_yet"), .notJudged: Words.text("history.not_judged"),
        ]
        let colors: [Mark: String] = [
            .onTarget: Self.green, .missed: Self.red, .unfinished: "#6B6B6B", .notJudged: "#E6E6E6",
        ]
        let rows = weeks.map { week -> [TableBlock.Cell] in
            [TableBlock.Cell(DateWords.dayMonth(week.monday))]
                + week.marks.enumerated().map { offset, mark in
                    TableBlock.Cell(
                        "\(DateWords.weekdayDayMonth(week.monday.adding(days: offset))): \(words[mark] ?? "")",
                        swatch: colors[mark], hollow: mark == .unfinished)
                }
                + [TableBlock.Cell(week.met.map { "\($0)/\(week.counted)" } ?? "")]
        }
        let legend = [Mark.onTarget, .missed, .unfinished, .notJudged].map {
            TableBlock.Swatch(name: words[$0] ?? "", color: colors[$0] ?? "#999999", hollow: $0 == .unfinished)
        }
        return TableBlock(
            caption: Words.text("history.calendar"),
            columns: [Words.text("history.week_of")] + DateWords.weekdays + [Words.text("history.days")],
            rows: rows, legend: legend, terminalDrawing: self)
    }
}
