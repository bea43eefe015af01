import Foundation
import PropertyBased
import Testing
import VitalsKit
import VitalsScreens

/// Merged nights against a naive minute-by-minute recomputation, on random recordings from
/// up to three sources over two days around daylight-saving changes, with several day
/// cutoffs; and every sleep chart's numbers against the same recomputation.
@Suite struct SleepPropertyTests {
    /// A recording in the generator's terms: minutes after the scenario's start.
    struct Recording: Sendable, Hashable {
        var source: Int
        var startMinute: Int
        var minutes: Int
        var category: Int
    }

    /// Two days from noon UTC on a day before a clock change (or an ordinary summer day).
    static let anchors: [(zone: String, noon: String)] = [
        ("Europe/Amsterdam", "2025-10-25"), ("Europe/Amsterdam", "2026-03-28"),
        ("America/New_York", "2025-11-01"), ("America/New_York", "2026-03-07"),
        ("Europe/Amsterdam", "2026-06-13"),
    ]
    /// The zone the third source records in (a phone left on another zone, or the same).
    static let thirdZones = ["Europe/Amsterdam", "America/New_York", "UTC"]
    static let cutoffs = [18 * 60, 0, 4 * 60, 12 * 60, 20 * 60]

    static let recordings = zip(Gen.int(in: 0...2), Gen.int(in: 0...2880), Gen.int(in: 1...600), Gen.int(in: 0...5))
        .map { source, start, minutes, category in
            Recording(source: source, startMinute: start, minutes: minutes, category: category)
        }
        .array(of: 1...24)

    /// The recordings as intervals with each source's UTC offset at its start.
    static func intervals(_ recordings: [Recording], anchor: Int, thirdZone: Int) -> [SleepNight.Interval] {
        let (zoneName, day) = anchors[anchor]
        let noon = Int64(LocalDate(iso: day)!.dayNumber) * 86_400 + 12 * 3600
        let zones = [zoneName, zoneName, thirdZones[thirdZone]]
        return recordings.map { recording in
            let start = noon + Int64(recording.startMinute) * 60
            let offset = Self.offset(zones[recording.source], at: start)
            return SleepNight.Interval(
                start: start, end: start + Int64(recording.minutes) * 60, utcOffsetSeconds: offset,
                category: SleepNight.categories[recording.category],
                source: ["Watch", "Ring", "Phone"][recording.source])
        }
    }

    /// The UTC offset of `zone` at an instant, by the daylight-saving rules (no time zone
    /// database needed): the EU changes at 01:00 UTC on the last Sundays of March and
    /// October; New York at 02:00 local on the second Sunday of March and the first of November.
    static func offset(_ zone: String, at instant: Int64) -> Int {
        let year = LocalDate(dayNumber: Int(instant / 86_400)).year
        func sunday(_ month: Int, _ nth: Int) -> Int64 {
            let first = LocalDate(year: year, month: month, day: 1)
            let firstSunday = first.adding(days: (7 - first.isoWeekday) % 7)
            let day =
                nth > 0
                ? firstSunday.adding(days: 7 * (nth - 1))
                : {
                    var last = firstSunday
                    while last.adding(days: 7).month == month { last = last.adding(days: 7) }
                    return last
                }()
            return Int64(day.dayNumber) * 86_400
        }
        switch zone {
        case "Europe/Amsterdam":
            let summer = sunday(3, -1) + 3600..<sunday(10, -1) + 3600
            return summer.contains(instant) ? 7200 : 3600
        case "America/New_York":
            let summer = sunday(3, 2) + 7 * 3600..<sunday(11, 1) + 6 * 3600
            return summer.contains(instant) ? -14_400 : -18_000
        default:
            return 0
        }
    }

    @Test func theDaylightSavingRulesMatchTheTimeZoneDatabaseWhereThereIsOne() {
        for zone in ["Europe/Amsterdam", "America/New_York"] {
            guard let database = TimeZone(identifier: zone) else { continue }
            for anchor in Self.anchors {
                let noon = Int64(LocalDate(iso: anchor.noon)!.dayNumber) * 86_400 + 12 * 3600
                for minute in stride(from: 0, through: 3 * 1440, by: 15) {
                    let instant = noon + Int64(minute) * 60
                    #expect(
                        Self.offset(zone, at: instant)
                            == database.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
                }
            }
        }
    }

    /// The seconds `MetricQuery` adds to local time before taking the date, for a cutoff.
    static func shift(cutoff: Int) -> Int { cutoff >= 720 ? (1440 - cutoff) * 60 : -cutoff * 60 }

    // MARK: The naive recomputation

    /// Minutes per category per night, one minute at a time. A minute belongs, for each
    /// recording covering it, to the night of its local date (at that recording's offset,
    /// after the cutoff); it is counted in the earliest such night, for the recording that
    /// wins there: staged over plain asleep over in bed, then the source with more staged
    /// minutes in that night, then the source name, the start and end of the recording's part
    /// in that night, the category name.
    static func naive(_ intervals: [SleepNight.Interval], shift: Int) -> [Int: [String: Int]] {
        func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
        func night(_ interval: SleepNight.Interval, minute: Int64) -> Int64 {
            floorDiv(minute * 60 + Int64(interval.utcOffsetSeconds + shift), 86_400)
        }
        let staged: Set = ["awake", "core", "deep", "rem"]
        func rank(_ category: String) -> Int {
            staged.contains(category) ? 2 : category == "asleep_unspecified" ? 1 : 0
        }
        var stagedMinutes: [Int64: [String: Int]] = [:]
        for interval in intervals where staged.contains(interval.category) {
            for minute in (interval.start / 60)..<(interval.end / 60) {
                stagedMinutes[night(interval, minute: minute), default: [:]][interval.source, default: 0] += 1
            }
        }
        func part(_ interval: SleepNight.Interval, _ day: Int64) -> (Int64, Int64) {
            let offset = Int64(interval.utcOffsetSeconds + shift)
            return (max(interval.start, day * 86_400 - offset), min(interval.end, (day + 1) * 86_400 - offset))
        }
        var result: [Int: [String: Int]] = [:]
        guard let first = intervals.map(\.start).min(), let last = intervals.map(\.end).max() else { return [:] }
        for minute in (first / 60)..<(last / 60) {
            let covering = intervals.filter { $0.start <= minute * 60 && $0.end >= minute * 60 + 60 }
            guard let day = covering.map({ night($0, minute: minute) }).min() else { continue }
            let pool = covering.filter { night($0, minute: minute) == day }
            let winner = pool.min { a, b in
                let key = { (i: SleepNight.Interval) -> (Int, Int, String, Int64, Int64, String) in
                    let (start, end) = part(i, day)
                    return (-rank(i.category), -(stagedMinutes[day]?[i.source] ?? 0), i.source, start, end, i.category)
                }
                return key(a) < key(b)
            }!
            result[Int(day), default: [:]][winner.category, default: 0] += 1
        }
        return result
    }

    static func totals(_ nights: [SleepNight]) -> [Int: [String: Int]] {
        var result: [Int: [String: Int]] = [:]
        for night in nights {
            for category in SleepNight.categories where night.minutes(category) > 0 {
                result[night.date.dayNumber, default: [:]][category] = night.minutes(category)
            }
        }
        return result
    }

    // MARK: Properties of merged nights

    @Test func mergedNightsEqualTheMinuteByMinuteRecomputation() async {
        await propertyCheck(
            count: 250, input: Self.recordings, Gen.int(in: 0...4), Gen.int(in: 0...4), Gen.int(in: 0...2)
        ) {
            recordings, anchor, cutoff, thirdZone in
            let intervals = Self.intervals(recordings, anchor: anchor, thirdZone: thirdZone)
            let shift = Self.shift(cutoff: Self.cutoffs[cutoff])
            let nights = SleepNight.nights(from: intervals, dayShiftSeconds: shift)
            #expect(Self.totals(nights) == Self.naive(intervals, shift: shift))
            // Each minute any recording covers is in exactly one night.
            let covered = Set(intervals.flatMap { ($0.start / 60)..<($0.end / 60) })
            #expect(nights.reduce(0) { $0 + $1.inBedMinutes } == covered.count)
            #expect(nights.map(\.date) == nights.map(\.date).sorted())
        }
    }

    @Test func theHypnogramOfEveryNightAddsUpToTheNight() async {
        await propertyCheck(count: 250, input: Self.recordings, Gen.int(in: 0...4), Gen.int(in: 0...2)) {
            recordings, anchor, thirdZone in
            let intervals = Self.intervals(recordings, anchor: anchor, thirdZone: thirdZone)
            for night in SleepNight.nights(from: intervals, dayShiftSeconds: Self.shift(cutoff: 18 * 60)) {
                let segments = night.segments
                let summary = SleepSummary(segments)
                for stage in SleepStage.allCases {
                    #expect(summary.minutesByStage[stage] ?? 0 == night.minutes(stage.rawValue))
                }
                #expect(summary.asleepMinutes == night.asleepMinutes)
                #expect(summary.inBedMinutes == night.inBedMinutes)
                // Laid out by elapsed time: no two segments share a minute, even across a
                // clock change.
                let sorted = segments.sorted { $0.startMinute < $1.startMinute }
                for (before, after) in zip(sorted, sorted.dropFirst()) {
                    #expect(before.endMinute <= after.startMinute)
                }
                // Shares add up to exactly 100 and each is within a point of the exact share.
                if summary.laneMinutes > 0 {
                    #expect(SleepStage.lanes.map(summary.percent).reduce(0, +) == 100)
                    for stage in SleepStage.lanes {
                        let exact = Double(summary.minutesByStage[stage] ?? 0) * 100 / Double(summary.laneMinutes)
                        #expect(abs(Double(summary.percent(stage)) - exact) < 1)
                    }
                }
            }
        }
    }

    // MARK: Every chart's total

    @Test func everySleepChartShowsTheMergedNightsTotals() async throws {
        await propertyCheck(count: 40, input: Self.recordings, Gen.int(in: 0...4), Gen.int(in: 0...2)) {
            recordings, anchor, thirdZone in
            let intervals = Self.intervals(recordings, anchor: anchor, thirdZone: thirdZone)
            let naive = Self.naive(intervals, shift: Self.shift(cutoff: 18 * 60))
            let store = try SampleStore.inMemory()
            _ = try store.insert(
                intervals.map { interval in
                    Sample(
                        seriesID: "sleep_analysis", start: Date(timeIntervalSince1970: TimeInterval(interval.start)),
                        end: Date(timeIntervalSince1970: TimeInterval(interval.end)),
                        utcOffsetSeconds: interval.utcOffsetSeconds,
                        value: Double(interval.end - interval.start) / 60, category: interval.category,
                        source: interval.source)
                })
            let asOf = LocalDate(iso: Self.anchors[anchor].noon)!.adding(days: 3)
            let asleep = { (day: Int) -> Int in
                let minutes = naive[day] ?? [:]
                return ["asleep_unspecified", "core", "deep", "rem"].reduce(0) { $0 + (minutes[$1] ?? 0) }
            }
            let screen = ScreenFixtures.catalog.screen("SCREEN_SLEEP")!
            let document = try BuiltInScreenModules.registry.render(
                ScreenContext(
                    catalog: ScreenFixtures.catalog, screen: screen, store: store,
                    request: ScreenRequest(asOf: asOf, showChildren: true), profile: ScreenFixtures.profile("unicode")))
            func block(_ id: String) -> ScreenBlock? { document.blocks.first { $0.metricID == id } }
            func object(_ id: String) throws -> [String: Any] {
                try JSONSerialization.jsonObject(with: Data(try #require(block(id)).data.text().utf8)) as! [String: Any]
            }
            // Nightly bars: asleep, or time in bed on a night with nothing else (0 h for a night
            // of only awake minutes; no bar without a recording).
            let bars = try #require(try object("SLEEP_DURATION")["points"] as? [[String: Any]])
            for point in bars {
                let day = LocalDate(iso: point["date"] as! String)!.dayNumber
                let minutes = naive[day] ?? [:]
                let total = minutes.keys.allSatisfy { $0 == "in_bed" } ? (minutes["in_bed"] ?? 0) : asleep(day)
                #expect(
                    SleepTestSupport.minutes(point["value"] as? Double) == (naive[day] == nil ? nil : total), "\(point)"
                )
            }
            // The hypnogram: the latest night with anything recorded.
            let nights = naive.keys.filter { $0 <= asOf.dayNumber && $0 > asOf.dayNumber - 14 }
            if let latest = nights.max() {
                let night = try object("SLEEP_LAST_NIGHT")
                #expect((night["night"] as? String) == LocalDate(dayNumber: latest).description)
                #expect((night["asleep_minutes"] as? Double).map { Int($0) } == asleep(latest))
                #expect((night["in_bed_minutes"] as? Double).map { Int($0) } == naive[latest]!.values.reduce(0, +))
            }
            // Time per stage over the last 7 nights: each stage's merged minutes.
            if let split = try object("SLEEP_STAGE_SPLIT")["points"] as? [[String: Any]] {
                let week = ((asOf.dayNumber - 6)...asOf.dayNumber)
                for point in split {
                    let stage = SleepStage.allCases.first { $0.label == point["label"] as? String }!
                    let expected = week.reduce(0) { $0 + (naive[$1]?[stage.rawValue] ?? 0) }
                    #expect(SleepTestSupport.minutes(point["value"] as? Double) == expected, "\(point)")
                }
            }
            // Consistency: each night's own value before the rolling mean, the bars' night (time
            // in bed for a night recording only that); a night without minutes is a gap.
            let line = try #require(try object("SLEEP_CONSISTENCY")["points"] as? [[String: Any]])
            for point in line {
                let day = LocalDate(iso: point["date"] as! String)!.dayNumber
                let minutes = naive[day] ?? [:]
                let total = minutes.keys.allSatisfy { $0 == "in_bed" } ? (minutes["in_bed"] ?? 0) : asleep(day)
                #expect(SleepTestSupport.minutes(point["value"] as? Double) == (total > 0 ? total : nil), "\(point)")
            }
        }
    }
}
