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
            canvas.write(DateWords.dayMonth(week.monday), row: row, column: 0,
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
        let entries = ["\(onGlyph) on target", "\(offGlyph) missed", "\(openGlyph) today, not yet", "\(noneGlyph) nothing judged"]
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
}
