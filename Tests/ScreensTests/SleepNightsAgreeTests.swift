import Foundation
import PropertyBased
import TestSupport
import Testing
import VitalsKit
import VitalsScreens

/// Every sleep chart sees the same nights: random nights (only time in bed, plain asleep over
/// time in bed, staged; gaps; the as-of night recorded or not; across the spring clock change)
/// on a fixture Sleep screen whose duration bars, consistency line and calendar show the same
/// 14 nights. Each chart's nightly values and its tally are checked against a naive
/// recomputation: a night's value is its minutes asleep, or its time in bed when it records
/// only that; a night without a record is counted and missed, except the as-of night, which is
/// pending until recorded; nights before the first one ever are not counted.
@Suite struct SleepNightsAgreeTests {
    static let yaml = """
        pillars: [{pillar_id: rest, name: Rest, color: "#5B6EE1"}]
        subjects: [{subject_id: me, name: Me, kind: human}]
        series:
          - {series_id: sleep_analysis, kind: category, unit: min, min: 0, max: 1440,
             categories: [in_bed, asleep_unspecified, awake, core, deep, rem]}
        screens: [{screen_id: SCREEN_SLEEP, name: Sleep, pillar: rest, icon: "🌙", description: Nights., is_active: true}]
        metrics:
          - {display_metric_id: NIGHT_LAST, display_screen_id: SCREEN_SLEEP, display_name: Last night,
             chart_type_id: sleep_stages_horizontal, is_primary: true, series: sleep_analysis, aggregate: sum,
             bucket: none, range: 7d}
          - {display_metric_id: NIGHT_DURATION, display_screen_id: SCREEN_SLEEP, display_name: Sleep duration,
             chart_type_id: bar_vertical, parent_metric_id: NIGHT_LAST, role: duration, order: 2, series: sleep_analysis,
             categories: [asleep_unspecified, core, deep, rem], aggregate: sum, bucket: day, range: 14d, unit: h,
             target: {rule: range, min: 7, max: 9}, day_cutoff: "18:00"}
          - {display_metric_id: NIGHT_CONSISTENCY, display_screen_id: SCREEN_SLEEP, display_name: Sleep consistency,
             chart_type_id: line, parent_metric_id: NIGHT_LAST, order: 3, series: sleep_analysis,
             categories: [asleep_unspecified, core, deep, rem], aggregate: sum, bucket: day, range: 14d, rolling: 7,
             unit: h, target: {rule: range, min: 7, max: 9}, day_cutoff: "18:00"}
          - {display_metric_id: NIGHT_CALENDAR, display_screen_id: SCREEN_SLEEP, display_name: Nights on goal,
             chart_type_id: calendar_heatmap, parent_metric_id: NIGHT_LAST, order: 4, series: sleep_analysis,
             categories: [asleep_unspecified, core, deep, rem], aggregate: sum, bucket: day, range: 14d, unit: h,
             target: {rule: range, min: 7, max: 9}}

        """
    static let catalog: Catalog = {
        let loaded = CatalogLoader.load([SourceFile(path: "sleep.yaml", text: yaml)])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }()
    /// Amsterdam's clocks went forward on 29 March 2026; the nights shown straddle it.
    static let asOf = LocalDate(year: 2026, month: 4, day: 4)
    static let shown = 14

    /// One generated night: how it was recorded and the minutes a naive count gives it.
    struct Night {
        enum Kind: CaseIterable { case none, inBedOnly, asleep, staged }
        var date: LocalDate
        var kind: Kind
        var minutes: Int
    }

    static func nights(seed: Int) -> (nights: [Night], samples: [Sample]) {
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: seed))
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var nights: [Night] = []
        var samples: [Sample] = []
        // Up to 30 nights before the as-of one, so the first night ever may be inside the 14.
        let count = 1 + next(30)
        for back in stride(from: count - 1, through: 0, by: -1) {
            let date = asOf.adding(days: -back)
            let kind = Night.Kind.allCases[next(4)]
            guard kind != .none else {
                nights.append(Night(date: date, kind: .none, minutes: 0))
                continue
            }
            // Summer time from 29 March; a phone may still write the old offset that night.
            let offset =
                date > LocalDate(year: 2026, month: 3, day: 29) || (date.day == 29 && next(2) == 0) ? 7200 : 3600
            let bedtime = date.adding(days: -1).midnight(utcOffsetSeconds: offset)
                .addingTimeInterval(Double((21 * 60 + next(180)) * 60))
            let minutes = 240 + next(361)
            func add(_ from: Int, _ to: Int, _ category: String, _ source: String) {
                samples.append(
                    Sample(
                        seriesID: "sleep_analysis", start: bedtime.addingTimeInterval(Double(from * 60)),
                        end: bedtime.addingTimeInterval(Double(to * 60)), utcOffsetSeconds: offset,
                        value: Double(to - from), category: category, source: source))
            }
            switch kind {
            case .none: break
            case .inBedOnly: add(0, minutes, "in_bed", "phone")
            case .asleep:
                add(0, minutes + 40, "in_bed", "phone")
                add(20, 20 + minutes, "asleep_unspecified", "phone")
            case .staged:
                let core = minutes / 2 + next(minutes / 3)
                add(0, core, "core", "watch")
                add(core, minutes, "deep", "watch")
                if next(2) == 0 { add(0, minutes + 30, "in_bed", "phone") }
            }
            nights.append(Night(date: date, kind: kind, minutes: minutes))
        }
        return (nights, samples)
    }

    /// The naive tally of the shown nights: (met, counted, current streak).
    static func naiveTally(_ nights: [Night]) -> (met: Int, counted: Int, streak: Int) {
        let first = nights.first { $0.kind != .none }?.date
        var judged = nights.filter { first != nil && $0.date >= first! && $0.date > asOf.adding(days: -shown) }
            .map { $0.kind != .none && (420...540).contains($0.minutes) }
        let lastRecorded = nights.last.map { $0.date == asOf && $0.kind != .none } ?? false
        if !lastRecorded, judged.last == false { judged.removeLast() }
        var run = 0
        for met in judged { run = met ? run + 1 : 0 }
        return (judged.filter { $0 }.count, judged.count, run)
    }

    static func tally(_ block: ScreenBlock?) throws -> [Int] {
        let object = try SleepTestSupport.object(block)
        let tally = try #require(object["on_target"] as? [String: Any], "no tally")
        return ["met", "counted", "current_streak"].map { Int(tally[$0] as? Double ?? -1) }
    }

    @Test func everySleepChartSeesTheSameNights() async throws {
        await propertyCheck(count: 80, input: Gen.int(in: 0...Int.max)) { seed in
            let (nights, samples) = Self.nights(seed: seed)
            let store = try SleepTestSupport.store(samples)
            let screen = try #require(Self.catalog.screen("SCREEN_SLEEP"))
            let context = ScreenContext(
                catalog: Self.catalog, screen: screen, store: store,
                request: ScreenRequest(asOf: Self.asOf, showChildren: true),
                profile: RenderProfile(width: 120, glyphs: .unicode))
            let document = try BuiltInScreenModules.registry.render(context)
            // The naive nights of the 14 shown: date → minutes, recorded ones only.
            let shown = nights.filter { $0.date > Self.asOf.adding(days: -Self.shown) && $0.kind != .none }
            let naive = Dictionary(uniqueKeysWithValues: shown.map { ($0.date.description, $0.minutes) })
            let expectedTally = Self.naiveTally(nights)
            let expected = [expectedTally.met, expectedTally.counted, expectedTally.streak]
            for id in ["NIGHT_DURATION", "NIGHT_CONSISTENCY"] {
                let block = document.blocks.first { $0.metricID == id && $0.kind == .chart }
                let values = try SleepTestSupport.pointValues(block).mapValues { SleepTestSupport.minutes($0) ?? -1 }
                if id == "NIGHT_DURATION" {
                    #expect(values == naive, "\(id) seed \(seed)")
                } else {
                    // The line's points are the nights (the rolling mean is drawn beside them).
                    let object = try SleepTestSupport.object(block)
                    let points = try #require(object["points"] as? [[String: Any]])
                    var raw: [String: Int] = [:]
                    for point in points {
                        if let date = point["date"] as? String, let value = point["value"] as? Double {
                            raw[date] = SleepTestSupport.minutes(value)
                        }
                    }
                    #expect(raw == naive, "\(id) seed \(seed)")
                }
                #expect(try Self.tally(block) == expected, "\(id) seed \(seed)")
            }
            // The calendar: the same nights with data, and the same count of nights on goal.
            let calendar = try #require(Self.catalog.metric("NIGHT_CALENDAR"))
            let input = try MetricChartBuilder(context: context).input(for: calendar)
            let withData = Set(input.calendar.filter { $0.state != .noData }.map(\.date.description))
            #expect(withData == Set(naive.keys), "calendar seed \(seed)")
            let tally = try #require(input.targetTally)
            let calendarCounts: [Int] = [tally.met, tally.counted]
            #expect(calendarCounts == Array(expected.prefix(2)), "calendar seed \(seed)")
        }
    }
}
