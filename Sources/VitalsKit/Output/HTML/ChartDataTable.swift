/// The numbers behind a chart as an HTML table, for those who cannot see the chart (and for
/// anyone who wants the figures): one row per bucket, segment, measurement, milestone,
/// stretch of sleep, progress item or judged day.
enum ChartDataTable {
    static func html(_ input: ChartInput, profile: RenderProfile) -> String? {
        let context = ChartContext(input, profile)
        let unit = context.unit.map { " (\(HTMLText.escape($0)))" } ?? ""
        func value(_ v: Double?) -> String { v.map(context.number) ?? "–" }
        var head: [String] = [], rows: [[String]] = []
        if let growth = input.growth, !growth.measured.isEmpty || !growth.reference.isEmpty {
            head = ["week", "measured\(unit)", "reference low", "centre", "high"]
            var byWeek: [Double: (Double?, ReferencePoint?)] = [:]
            for point in growth.measured { byWeek[point.week, default: (nil, nil)].0 = point.value }
            for point in growth.reference { byWeek[point.week, default: (nil, nil)].1 = point }
            rows = byWeek.keys.sorted().map { week in
                let (measured, reference) = byWeek[week] ?? (nil, nil)
                return [context.number(week), value(measured), value(reference?.lower), value(reference?.centre), value(reference?.upper)]
            }
        } else if let stacked = input.stacked, !stacked.categories.isEmpty {
            head = ["period"] + stacked.categories.map(HTMLText.escape) + ["total\(unit)"]
            rows = stacked.buckets.map { bucket in
                [HTMLText.escape(bucket.date.map { ChartDates.text($0) } ?? bucket.label)]
                    + stacked.categories.map { bucket.values == nil ? "–" : value(bucket.values?[$0] ?? 0) } + [value(bucket.total)]
            }
        } else if !input.milestones.isEmpty {
            head = ["milestone", "due", "done", "status"]
            rows = input.milestones.map { [HTMLText.escape($0.name), HTMLText.escape(ChartDates.text($0.due)),
                                           HTMLText.escape(ChartDates.text($0.done)), $0.status.rawValue] }
        } else if !input.sleep.isEmpty {
            head = ["stage", "from", "to", "minutes"]
            rows = input.sleep.map { [$0.stage.label, SleepStagesChart.clock($0.startMinute + $0.clockShiftMinutes),
                                      SleepStagesChart.clock($0.endMinute + $0.clockShiftMinutes), "\($0.endMinute - $0.startMinute)"] }
        } else if !input.progress.isEmpty {
            head = ["item", "value", "target"]
            rows = input.progress.map { [HTMLText.escape($0.name), $0.value.map { context.quantity($0, unit: nil) } ?? "–",
                                         HTMLText.escape(context.targetText($0.target, unit: $0.unit) ?? "")] }
        } else if !input.calendar.isEmpty {
            head = ["day", "state"]
            rows = input.calendar.map { [HTMLText.escape(ChartDates.text($0.date)), $0.state.rawValue.replacingOccurrences(of: "_", with: " ")] }
        } else if let stat = input.stat {
            head = ["value\(unit)", "date", "change"]
            rows = [[value(stat.value), HTMLText.escape(ChartDates.text(stat.date)), HTMLText.escape(stat.deltaText ?? "")]]
        } else if !input.effectivePoints.isEmpty {
            let hasMean = input.rollingMean.contains { $0 != nil }
            head = ["period", "value\(unit)"] + (hasMean ? [HTMLText.escape(input.rollingLabel ?? "rolling mean")] : [])
            rows = input.effectivePoints.enumerated().map { index, point in
                [HTMLText.escape(point.date.map { ChartDates.text($0) } ?? point.label), value(point.value)]
                    + (hasMean ? [value(index < input.rollingMean.count ? input.rollingMean[index] : nil)] : [])
            }
        }
        guard !rows.isEmpty else { return nil }
        var html = "<details class=\"numbers\"><summary>Numbers behind the chart</summary><table><caption>"
            + HTMLText.escape(input.title) + "</caption><thead><tr>"
        html += head.map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>" + row.enumerated().map { $0.offset == 0 ? "<th scope=\"row\">\($0.element)</th>" : "<td>\($0.element)</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></details>"
    }
}
