extension CalendarHeatmapChart {
    /// One square per day in week columns (Monday on top), coloured on target, missed or no
    /// data, month names above.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let days = input.calendar.compactMap { day in ChartDates.day(day.date).map { (date: $0, day: day) } }
        guard let first = days.map(\.date).min(), let last = days.map(\.date).max(),
            input.calendar.contains(where: { $0.state != .noData })
        else { return chart.empty() }
        let start = first.startOfWeek
        let weeks = start.days(to: last) / 7 + 1
        let left = 34.0
        let top = 22.0
        let cell = min(18.0, max(6.0, (size.width - left - 12) / Double(weeks)))
        let height = top + cell * 7 + 40
        var svg = chart.newDrawing(height: height)
        let names = ["Mon", "", "Wed", "", "Fri", "", "Sun"]
        for (row, name) in names.enumerated() where !name.isEmpty {
            svg.text(
                name, x: left - 4, y: top + Double(row) * cell + cell * 0.75, anchor: .end, size: 9, fill: "#666666")
        }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var lastMonth = 0
        var lastX = -100.0
        for week in 0..<weeks {
            let monday = start.adding(days: week * 7)
            let month = monday.adding(days: 6).month
            let x = left + Double(week) * cell
            if month != lastMonth, !ChartDates.isShifting {
                // A month whose first week is too close to the last label is left unnamed.
                if x - lastX >= 24 {
                    svg.text(months[month - 1], x: x, y: top - 6, size: 9, fill: "#666666")
                    lastX = x
                }
                lastMonth = month
            }
        }
        let colors: [DayState: String] = [
            .onTarget: SVGColors.good, .offTarget: SVGColors.bad, .noData: SVGColors.noData,
            .pending: SVGColors.pending,
        ]
        let words: [DayState: String] = [
            .onTarget: Words.text("chart.on_target"), .offTarget: Words.text("chart.missed"),
            .noData: Words.text("chart.no_data_day"), .pending: Words.text("chart.in_progress_long"),
        ]
        for (date, day) in days {
            let offset = start.days(to: date)
            svg.rect(
                x: left + Double(offset / 7) * cell + 1, y: top + Double(offset % 7) * cell + 1,
                width: cell - 2, height: cell - 2, fill: colors[day.state] ?? SVGColors.noData,
                title: "\(ChartDates.text(day.date)): \(words[day.state] ?? "")")
        }
        let met = input.calendar.filter { $0.state == .onTarget }.count
        let judged = input.calendar.filter { $0.state != .noData && $0.state != .pending }.count
        var legend = [
            LegendEntry(name: "\(Words.text("chart.on_target")) (\(met))", color: SVGColors.good),
            LegendEntry(name: "\(Words.text("chart.missed")) (\(judged - met))", color: SVGColors.bad),
            LegendEntry(name: Words.text("chart.no_data_day"), color: SVGColors.noData),
        ]
        if input.calendar.contains(where: { $0.state == .pending }) {
            legend.append(LegendEntry(name: Words.text("chart.in_progress"), color: SVGColors.pending))
        }
        svg.legend(legend, y: height - 10)
        return svg.svg(label: chart.label)
    }
}
