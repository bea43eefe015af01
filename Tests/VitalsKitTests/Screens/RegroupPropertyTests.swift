import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// Every chart of random data at random widths (40…200) and ranges (7 days … all): its
/// values are a naive regrouping of the daily values (the finest of day, week, month,
/// quarter, year that fits the chart, each value the mean of the days with data in it, or
/// for a sum the mean a day with unlogged days from the first one logged as 0), it
/// draws every period of the range, and it never says that data is not shown.
@Suite struct RegroupPropertyTests {
    static let asOf = LocalDate(year: 2026, month: 6, day: 17)
    static let ranges: [TimeRange] = [.days(7), .days(30), .weeks(12), .months(6), .years(1), .years(3), .all]
    static let tags = ["breakfast", "lunch", "dinner"]

    static let yaml: [String: String] = [
        "screens.yaml": """
        pillars:
          - {pillar_id: food, name: Food, color: "#2E9E5B", order: 1}
        subjects:
          - {subject_id: me, name: Me, kind: human}
        screens:
          - {screen_id: SCREEN_MIX, name: Mix, pillar: food, order: 1, icon: "🥩", description: Charts., is_active: true}
        """,
        "series.yaml": """
        series:
          - {series_id: grams, kind: quantity, unit: g, min: 0, max: 500}
          - series_id: sleep_analysis
            kind: category
            unit: min
            categories: [in_bed, asleep_unspecified, awake, core, deep, rem]
            min: 0
            max: 1440
        """,
        "metrics.yaml": """
        metrics:
          - {display_metric_id: MIX_BARS, display_screen_id: SCREEN_MIX, display_name: Bars, chart_type_id: bar_vertical,
             is_primary: true, order: 1, series: grams, aggregate: sum, bucket: day, range: 14d,
             target: {rule: at_least, value: 100}}
          - {display_metric_id: MIX_LINE, display_screen_id: SCREEN_MIX, display_name: Line, chart_type_id: line,
             parent_metric_id: MIX_BARS, order: 2, series: grams, aggregate: sum, bucket: day, range: 14d}
          - {display_metric_id: MIX_SPARK, display_screen_id: SCREEN_MIX, display_name: Spark, chart_type_id: sparkline,
             parent_metric_id: MIX_BARS, order: 3, series: grams, aggregate: sum, bucket: day, range: 14d}
          - {display_metric_id: MIX_STACK, display_screen_id: SCREEN_MIX, display_name: Stack, chart_type_id: bar_stacked,
             parent_metric_id: MIX_BARS, order: 4, series: grams, aggregate: sum, bucket: day, range: 14d, split_by: tag}
          - {display_metric_id: MIX_SLEEP, display_screen_id: SCREEN_MIX, display_name: Nights, chart_type_id: bar_vertical,
             parent_metric_id: MIX_BARS, order: 5, series: sleep_analysis, categories: [asleep_unspecified, core, deep, rem],
             aggregate: sum, bucket: day, range: 14d, unit: h, target: {rule: range, min: 7, max: 9}}
        """,
    ]

    static let catalog: Catalog = {
        // Written, loaded and removed: the catalog is kept in memory.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-regroup-fixtures-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in yaml {
            try! text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let loaded = try! CatalogLoader.load(paths: [directory.path])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }()

    /// Random days of grams (one to three tagged samples at local times between 06:00 and
    /// 22:00, +02:00) and nights (one recording from the evening before, 21:00–01:00, lasting
    /// 4–10 h), spread over up to 12 years before the as-of day.
    struct Data {
        var samples: [Sample] = []
        /// Day → total grams, and tag → grams.
        var grams: [LocalDate: Double] = [:]
        var byTag: [LocalDate: [String: Double]] = [:]
        /// Night (the day it ends) → hours asleep.
        var nights: [LocalDate: Double] = [:]
    }

    static func data(seed: Int) -> Data {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: seed))
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var data = Data()
        let span = [6, 40, 200, 800, 2000, 4400][next(6)]
        let count = 1 + next(min(span, 250))
        for _ in 0..<count {
            let day = asOf.adding(days: -next(span))
            if next(3) > 0 {
                for _ in 0...next(3) {
                    let tag = tags[next(3)]
                    let value = Double(1 + next(2000)) / 10
                    let hour = 6 + next(16)
                    let start = day.midnight(utcOffsetSeconds: 7200).addingTimeInterval(
                        Double(hour * 3600 + next(3600)))
                    data.samples.append(
                        Sample(
                            seriesID: "grams", start: start, utcOffsetSeconds: 7200, value: value,
                            tag: tag, source: "test"))
                    data.grams[day, default: 0] += value
                    data.byTag[day, default: [:]][tag, default: 0] += value
                }
            }
            if next(2) == 0, data.nights[day] == nil {
                let minutes = 240 + next(361)
                let start = day.midnight(utcOffsetSeconds: 7200).addingTimeInterval(Double(-3 * 3600 + next(4 * 3600)))
                data.samples.append(
                    Sample(
                        seriesID: "sleep_analysis", start: start,
                        end: start.addingTimeInterval(Double(minutes * 60)), utcOffsetSeconds: 7200,
                        value: Double(minutes), category: "core", source: "watch"))
                data.nights[day] = Double(minutes) / 60
            }
        }
        return data
    }

    /// The first day of the period holding `day`, computed from the day number (1970-01-01
    /// was a Thursday) and the calendar fields.
    static func periodStart(_ day: LocalDate, _ period: Int) -> LocalDate {
        switch period {
        case 0: return day
        case 1: return LocalDate(dayNumber: day.dayNumber - ((day.dayNumber % 7 + 10) % 7))
        case 2: return LocalDate(year: day.year, month: day.month, day: 1)
        case 3: return LocalDate(year: day.year, month: (day.month - 1) / 3 * 3 + 1, day: 1)
        default: return LocalDate(year: day.year, month: 1, day: 1)
        }
    }

    static let words = ["", ", weekly means", ", monthly means", ", quarterly means", ", yearly means"]
    /// A regrouped sum: what a day of the period was, unlogged days as 0.
    static let zeroWords = [
        "", ", weekly mean a day, unlogged days as 0", ", monthly mean a day, unlogged days as 0",
        ", quarterly mean a day, unlogged days as 0", ", yearly mean a day, unlogged days as 0",
    ]

    /// The naive chart: the days of the range, the finest period whose count fits, and per
    /// period the mean of `values` over its days with data (nil for none); with `zeroFrom`
    /// (a sum), over its days from that day on, an unlogged one as 0.
    static func naive(_ values: [LocalDate: Double], first: LocalDate, capacity: Int, zeroFrom: LocalDate? = nil)
        -> (period: Int, starts: [LocalDate], means: [Double?])
    {
        let days = (0...first.days(to: asOf)).map { first.adding(days: $0) }
        var period = 4
        for candidate in 0...4 where Set(days.map { periodStart($0, candidate) }).count <= max(1, capacity) {
            period = candidate
            break
        }
        var starts: [LocalDate] = []
        var members: [[Double]] = []
        for day in days {
            let start = periodStart(day, period)
            if starts.last != start {
                starts.append(start)
                members.append([])
            }
            // Unlogged as 0 only when regrouped: a chart of days shows an unlogged day as a gap.
            if let zeroFrom, period > 0 {
                if day >= zeroFrom { members[members.count - 1].append(values[day] ?? 0) }
            } else if let value = values[day] {
                members[members.count - 1].append(value)
            }
        }
        return (period, starts, members.map { $0.isEmpty ? nil : $0.reduce(0, +) / Double($0.count) })
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
        default: return false
        }
    }

    @Test func everyChartIsANaiveRegroupingOfItsDays() async throws {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max), Gen.int(in: 40...200), Gen.int(in: 0...6)) {
            seed, width, rangeIndex in
            let data = Self.data(seed: seed)
            let store = try SampleStore.inMemory()
            try store.insert(data.samples)
            let range = Self.ranges[rangeIndex]
            let screen = try #require(Self.catalog.screen("SCREEN_MIX"))
            let context = ScreenContext(
                catalog: Self.catalog, screen: screen, store: store,
                request: ScreenRequest(asOf: Self.asOf, range: range, showChildren: true),
                profile: RenderProfile(width: width, glyphs: .unicode))
            let builder = MetricChartBuilder(context: context)
            for id in ["MIX_BARS", "MIX_LINE", "MIX_SPARK", "MIX_STACK", "MIX_SLEEP"] {
                let metric = try #require(Self.catalog.metric(id))
                let input = try builder.input(for: metric)
                let values = id == "MIX_SLEEP" ? data.nights : data.grams
                guard let earliest = values.keys.min() else { continue }
                let first = BucketCalendar.rangeStart(range, asOf: Self.asOf) ?? earliest
                // Grams are a sum: unlogged days count as 0 from the first day logged; nights are
                // the mean per recorded night.
                let zeroFrom = id == "MIX_SLEEP" ? nil : earliest
                let expected = Self.naive(
                    values, first: first, capacity: builder.capacity(metric.chartTypeID),
                    zeroFrom: zeroFrom)
                let title = (zeroFrom == nil ? Self.words : Self.zeroWords)[expected.period]
                #expect(input.title == metric.displayName + title, "\(id) \(range) at \(width)")
                if id == "MIX_STACK" {
                    // A range without data has nothing to stack (the chart's empty state).
                    guard let stacked = input.stacked else {
                        // (A sum's regrouped periods are then 0 a day: nothing to stack either.)
                        #expect(expected.means.allSatisfy { ($0 ?? 0) == 0 }, "\(id) \(range) at \(width)")
                        continue
                    }
                    let buckets = stacked.buckets
                    #expect(buckets.map(\.date) == expected.starts, "\(id) \(range) at \(width)")
                    for (bucket, mean) in zip(buckets, expected.means) {
                        let total = bucket.values.map { $0.values.reduce(0, +) }
                        #expect(Self.close(total, mean), "\(id) \(bucket.date?.description ?? "")")
                    }
                    // Each tag's part: its total over the period's days with data, per such day.
                    let naiveTags = Self.tags.map { tag in
                        Self.naive(
                            data.byTag.mapValues { $0[tag] ?? 0 }, first: first,
                            capacity: builder.capacity(metric.chartTypeID), zeroFrom: zeroFrom
                        ).means
                    }
                    for (index, bucket) in buckets.enumerated() {
                        for (tagIndex, tag) in Self.tags.enumerated() {
                            let drawn =
                                bucket.values?[MetricChartBuilder.keyName(tag)] ?? (bucket.values == nil ? nil : 0)
                            #expect(
                                Self.close(drawn ?? 0, naiveTags[tagIndex][index] ?? 0),
                                "\(id) \(tag) \(bucket.date?.description ?? "")")
                        }
                    }
                } else {
                    #expect(input.points.map(\.date) == expected.starts, "\(id) \(range) at \(width)")
                    for (point, mean) in zip(input.points, expected.means) {
                        #expect(
                            Self.close(point.value, mean), "\(id) \(point.date?.description ?? "") \(range) at \(width)"
                        )
                    }
                }
                let lines = ChartKindFactory.builtIn.render(
                    input, chartTypeID: metric.chartTypeID, profile: context.profile)
                #expect(
                    !lines.contains { $0.contains("not shown") || $0.contains("not drawn") },
                    "\(id) \(range) at \(width)\n\(lines.joined(separator: "\n"))")
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
            }
        }
    }
}
