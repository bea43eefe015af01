/// The numbers behind a chart as an HTML table, for those who cannot see the chart (and for
/// anyone who wants the figures): one row per bucket, segment, measurement, milestone,
/// stretch of sleep, progress item or judged day.
enum ChartDataTable {
    static func html(_ input: ChartInput, profile: RenderProfile) -> String? {
        let context = ChartContext(input, profile)
        let unit = context.unit.map { " (\(HTMLText.escape($0)))" } ?? ""
        func value(_ v: Double?) -> String { v.map(context.number) ?? "–" }
        func w(_ key: String) -> String { HTMLText.escape(Words.text(key)) }
        var head: [String] = []
        var rows: [[String]] = []
        if let growth = input.growth, !growth.measured.isEmpty || !growth.reference.isEmpty {
            head = [
                w("table.week"), w("table.measured") + unit, w("table.reference_low"), w("table.centre"),
                w("table.high"),
            ]
            var byWeek: [Double: (Double?, ReferencePoint?)] = [:]
            for point in growth.measured { byWeek[point.week, default: (nil, nil)].0 = point.value }
            for point in growth.reference { byWeek[point.week, default: (nil, nil)].1 = point }
            rows = byWeek.keys.sorted().map { week in
                let (measured, reference) = byWeek[week] ?? (nil, nil)
                return [
                    context.number(week), value(measured), value(reference?.lower), value(reference?.centre),
                    value(reference?.upper),
                ]
            }
        } else if let stacked = input.stacked, !stacked.categories.isEmpty {
            head = [w("table.period")] + stacked.categories.map(HTMLText.escape) + [w("table.total") + unit]
            rows = stacked.buckets.map { bucket in
                [HTMLText.escape(bucket.date.map { ChartDates.text($0) } ?? bucket.label)]
                    + stacked.categories.map { bucket.values == nil ? "–" : value(bucket.values?[$0] ?? 0) } + [
                        value(bucket.total)
                    ]
            }
        } else if !input.milestones.isEmpty {
            head = [w("table.milestone"), w("table.due"), w("table.done"), w("table.status")]
            rows = input.milestones.map {
                [
                    HTMLText.escape($0.name), HTMLText.escape(ChartDates.text($0.due)),
                    HTMLText.escape(ChartDates.text($0.done)), w($0.status.wordKey),
                ]
            }
        } else if !input.sleep.isEmpty {
            head = [w("table.stage"), w("table.from"), w("table.to"), w("table.minutes")]
            rows = input.sleep.map {
                [
                    $0.stage.label, SleepStagesChart.clock($0.startMinute + $0.clockShiftMinutes),
                    SleepStagesChart.clock($0.endMinute + $0.clockShiftMinutes), "\($0.endMinute - $0.startMinute)",
                ]
            }
        } else if !input.progress.isEmpty {
            head = [w("table.item"), w("table.value"), w("table.target")]
            rows = input.progress.map {
                [
                    HTMLText.escape($0.name), $0.value.map { context.quantity($0, unit: nil) } ?? "–",
                    HTMLText.escape(context.targetText($0.target, unit: $0.unit) ?? ""),
                ]
            }
        } else if !input.calendar.isEmpty {
            head = [w("table.day"), w("table.state")]
            rows = input.calendar.map { [HTMLText.escape(ChartDates.text($0.date)), w($0.state.wordKey)] }
        } else if let stat = input.stat {
            head = [w("table.value") + unit, w("table.date"), w("table.change")]
            rows = [
                [value(stat.value), HTMLText.escape(ChartDates.text(stat.date)), HTMLText.escape(stat.deltaText ?? "")]
            ]
        } else if !input.effectivePoints.isEmpty {
            let hasMean = input.rollingMean.contains { $0 != nil }
            head =
                [w("table.period"), w("table.value") + unit]
                + (hasMean ? [HTMLText.escape(input.rollingLabel ?? Words.text("chart.rolling_mean"))] : [])
            rows = input.effectivePoints.enumerated().map { index, point in
                [HTMLText.escape(point.date.map { ChartDates.text($0) } ?? point.label), value(point.value)]
                    + (hasMean ? [value(index < input.rollingMean.count ? input.rollingMean[index] : nil)] : [])
            }
        }
        guard !rows.isEmpty else { return nil }
        return table(head: head, rows: rows, caption: input.title)
    }

    /// The folded table of `rows` (cells already escaped) under `head`.
    static func table(head: [String], rows: [[String]], caption: String) -> String {
        var html =
            "<details class=\"numbers\"><summary>\(HTMLText.escape(Words.text("report.numbers")))</summary><table><caption>"
            + HTMLText.escape(caption) + "</caption><thead><tr>"
        html += head.map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr></thead><tbody>"
        for row in rows {
            html +=
                "<tr>"
                + row.enumerated().map {
                    $0.offset == 0 ? "<th scope=\"row\">\($0.element)</th>" : "<td>\($0.element)</td>"
                }.joined() + "</tr>"
        }
        return html + "</tbody></table></details>"
    }
}
