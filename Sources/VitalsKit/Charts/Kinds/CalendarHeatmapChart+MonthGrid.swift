extension CalendarHeatmapChart {
    /// A calendar too long for a column per week: one cell per month, a row per year (oldest
    /// on top), each cell shaded by the month's share of days on target (of days with data
    /// for a calendar without a target), "monthly share of days on target" in the title.
    ///
    /// Days are counted by the `TargetTally` rule: a day without data is counted and not
    /// met; days before the first evaluated day are not counted; an unmet as-of day is
    /// unfinished and not counted. A month with no data on any counted day is drawn as no data.
    struct MonthGrid {
        let states: [Int: DayState]
        let firstDay: Int
        let lastDay: Int

        /// Share (0–1) of counted days on target per month start; nil for a month without data.
        func shares() -> [LocalDate: Double?] {
            var counted = (firstDay...max(firstDay, lastDay)).compactMap { day in states[day].map { (day, $0) } }
            if let last = counted.last, last.0 == lastDay, last.1 != .onTarget { counted.removeLast() }
            var met: [LocalDate: Int] = [:]
            var total: [LocalDate: Int] = [:]
            var withData: Set<LocalDate> = []
            for (day, state) in counted {
                let month = LocalDate(dayNumber: day).startOfMonth
                total[month, default: 0] += 1
                if state == .onTarget { met[month, default: 0] += 1 }
                if state != .noData { withData.insert(month) }
            }
            var result: [LocalDate: Double?] = [:]
            for (month, days) in total {
                result[month] = withData.contains(month) ? Double(met[month] ?? 0) / Double(days) : nil
            }
            return result
        }

        /// The shade index 0…3 of a share: under 25 %, under 50 %, under 75 %, 75 % and more.
        static func level(_ share: Double) -> Int { min(3, max(0, Int((share * 4).rounded(.down)))) }

        func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
            var titled = input
            titled.title += input.target == nil ? ", monthly share of days logged" : ", monthly share of days on target"
            let context = ChartContext(titled, profile)
            let shades = context.glyphs.isUnicode ? ["░", "▒", "▓", "█"] : ["o", "+", "*", "#"]
            let shares = shares()
            let first = LocalDate(dayNumber: firstDay)
            let last = LocalDate(dayNumber: lastDay)
            let rowLeft = 5
            // Three-letter month names need four columns a month; else initials.
            let pitch = rowLeft + 12 * 4 <= context.width ? 4 : rowLeft + 12 * 3 <= context.width ? 3 : 2
            var canvas = context.newCanvas()
            context.addHeader(to: &canvas, right: context.targetText())
            let monthRow = canvas.addRow()
            for month in 1...12 {
                let name = CalendarHeatmapChart.monthAbbreviations[month - 1]
                canvas.write(
                    pitch == 4 ? name : String(name.prefix(1)), row: monthRow,
                    column: rowLeft + (month - 1) * pitch, style: context.muted)
            }
            for year in first.year...last.year {
                let row = canvas.addRow()
                canvas.write(String(year), row: row, column: 0, style: context.muted)
                for month in 1...12 {
                    let start = LocalDate(year: year, month: month, day: 1)
                    guard start.adding(months: 1).dayNumber > firstDay, start.dayNumber <= lastDay else { continue }
                    let cell: String
                    let style: Style
                    switch shares[start] {
                    case .some(.some(let share)):
                        let level = Self.level(share)
                        cell = shades[level]
                        style = level == 0 ? context.accentOffTarget : context.accent
                    default:
                        cell = context.glyphs.missing
                        style = context.muted
                    }
                    let wide = String(repeating: cell, count: max(1, pitch - 1))
                    canvas.write(wide, row: row, column: rowLeft + (month - 1) * pitch, style: style)
                }
            }
            let what = input.target == nil ? "logged" : "on target"
            let dash = context.glyphs.rangeDash
            let legend = [
                "\(shades[3]) 75\(dash)100 %", "\(shades[2]) 50\(dash)74 %", "\(shades[1]) 25\(dash)49 %",
                "\(shades[0]) 0\(dash)24 % of days \(what)", "\(context.glyphs.missing) no data",
            ]
            var line = ""
            for item in legend {
                if !line.isEmpty, DisplayWidth.of(line + "  " + item) > context.width {
                    context.addText(line, to: &canvas, style: context.muted)
                    line = item
                } else {
                    line = line.isEmpty ? item : line + "  " + item
                }
            }
            context.addText(line, to: &canvas, style: context.muted)
            CalendarHeatmapChart.addSummary(
                CalendarHeatmapChart.summary(
                    states, from: firstDay, to: lastDay,
                    context: context),
                to: &canvas, context: context)
            return canvas
        }
    }
}
