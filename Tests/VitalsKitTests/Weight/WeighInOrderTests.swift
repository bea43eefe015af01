import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// A day's weigh-ins written at different UTC offsets (a scale writing UTC, a phone local time,
/// a trip) and at the same instant: the chart's point, "Latest" (a stat, `fetchLatest`) and the
/// weigh-in list take the same weigh-in under each `weigh_in` policy, ordered by real instant
/// with one total tie-break (`SampleOrder`), the same on SQLite and PostgreSQL.
@Suite struct WeighInOrderTests {
    static let catalog = WeighInTests.catalog
    static let weight = WeighInTests.weight
    static let day = WeighInTests.day

    /// A weigh-in at an ISO instant with its offset (`2026-11-20T08:00:00+01:00`).
    static func weighIn(_ text: String, _ kg: Double, source: String = "manual") -> Sample {
        let time = StoreFixtures.time(text)
        return Sample(
            seriesID: "body_mass", start: time.date, utcOffsetSeconds: time.utcOffsetSeconds, value: kg, source: source)
    }

    static func context(_ samples: [Sample], weighIn: WeighInPolicy?, on backend: StoreBackend) throws -> ScreenContext
    {
        let store = try StoreFixtures.caseStore(on: backend)
        try store.insert(samples)
        return ScreenContext(
            catalog: catalog, screen: catalog.screen("SCREEN_WEIGHT")!, store: store,
            request: ScreenRequest(asOf: day, weighIn: weighIn), profile: RenderProfile(width: 80))
    }

    /// What each place says the day's weight is: the chart's last bucket, the stat ("Latest")
    /// and the list's `used_value`, with the list's times in order and which one is marked.
    struct Reading: Equatable {
        var chart: Double?
        var latest: Double?
        var listed: Double?
        var times: [String]
        var used: [Bool]
        var lines: [String]
    }

    static func read(_ context: ScreenContext) throws -> Reading {
        let query = try context.query(for: weight)
        let chart = try query.fetchBuckets(from: context.store).buckets.last?.value
        let latest = try MetricChartBuilder(context: context).stat(query)?.value
        let block = try context.weighInsBlock(for: weight)
        var listed: Double?
        var times: [String] = []
        var used: [Bool] = []
        if case .object(let pairs)? = block?.data {
            for (key, value) in pairs {
                if key == "used_value", case .number(let number) = value { listed = number }
                if key == "weigh_ins", case .array(let items) = value {
                    for case .object(let item) in items {
                        for (name, field) in item {
                            if name == "time", case .string(let text) = field { times.append(text) }
                            if name == "used", case .bool(let flag) = field { used.append(flag) }
                        }
                    }
                }
            }
        }
        return Reading(
            chart: chart, latest: latest, listed: listed, times: times, used: used,
            lines: block.map { WeighInTests.drawn($0).map { $0.trimmingCharacters(in: .whitespaces) } } ?? [])
    }

    /// The phone's 08:00 (+01:00) came before the scale's 07:30 (UTC): by wall clock the scale
    /// looked first and the phone last; the morning weight is the phone's, the latest the scale's.
    static let travel = [
        weighIn("2026-11-20T07:30:00Z", 81.0, source: "Withings"),
        weighIn("2026-11-20T08:00:00+01:00", 80.0),
    ]

    @Test(arguments: StoreBackend.available)
    func weighInsAtTwoOffsetsAreOrderedByRealInstantEverywhere(on backend: StoreBackend) throws {
        let first = try Self.read(try Self.context(Self.travel, weighIn: .first, on: backend))
        #expect(first.chart == 80.0 && first.latest == 80.0 && first.listed == 80.0)
        #expect(first.times == ["08:00 +01:00", "07:30 +00:00"], "both weigh-ins listed, in real order")
        #expect(first.used == [true, false])
        #expect(
            first.lines == [
                "Weigh-ins on Fri 20 Nov: 2",
                "▸ 08:00 +01:00  80.0 kg  typed in   used",
                "07:30 +00:00  81.0 kg  from Withings",
                "Morning weight is used for tracking.",
            ])
        let last = try Self.read(try Self.context(Self.travel, weighIn: .last, on: backend))
        #expect(last.chart == 81.0 && last.latest == 81.0 && last.listed == 81.0)
        #expect(last.used == [false, true])
    }

    /// Two weigh-ins at one instant: the lighter is first, the heavier last, in the chart and
    /// the list alike, whatever order they were stored in.
    @Test(arguments: StoreBackend.available)
    func weighInsAtTheSameInstantBreakTheTieOneWay(on backend: StoreBackend) throws {
        let same = [
            Self.weighIn("2026-11-20T07:00:00+01:00", 81.0, source: "Withings"),
            Self.weighIn("2026-11-20T07:00:00+01:00", 79.0, source: "Withings"),
        ]
        let first = try Self.read(try Self.context(same, weighIn: .first, on: backend))
        #expect(first.chart == 79.0 && first.latest == 79.0 && first.listed == 79.0)
        #expect(first.lines[1] == "▸ 07:00  79.0 kg  from Withings   used")
        let last = try Self.read(try Self.context(same.reversed(), weighIn: .last, on: backend))
        #expect(last.chart == 81.0 && last.latest == 81.0 && last.listed == 81.0)
        #expect(last.lines[2] == "▸ 07:00  81.0 kg  from Withings   used")
    }

    /// Random days of weigh-ins at random offsets, with instants repeated: every place agrees
    /// with picking from the day's weigh-ins sorted naively (instant, then value, then source),
    /// the list holds all of them, and both backends draw the same block.
    @Test func everyPlaceAgreesWithANaivePick() async {
        let offsets = [0, 3600, 7200, -28_800, 19_800, 32_400]
        let sources = ["Withings", "manual", "Renpho"]
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max).array(of: 1...8), Gen.int(in: 0...2)) {
            codes, index in
            let policy = WeighInPolicy.allCases[index]
            var samples: [Sample] = []
            for code in codes {
                var c = code
                func take(_ n: Int) -> Int {
                    defer { c /= n }
                    return c % n
                }
                let offset = offsets[take(offsets.count)]
                // Local times on 20 Nov between 05:00 and 22:00, on a 30-minute grid so instants repeat.
                let local = Self.day.dayNumber * 86_400 + 5 * 3600 + take(35) * 1800
                samples.append(
                    Sample(
                        seriesID: "body_mass", start: Date(timeIntervalSince1970: TimeInterval(local - offset)),
                        utcOffsetSeconds: offset, value: Double(700 + take(40)) / 10,
                        source: sources[take(sources.count)]))
            }
            // The store keeps one sample per natural key.
            var seen = Set<String>()
            let stored = samples.filter { seen.insert("\($0.start) \($0.value) \($0.source)").inserted }
            let ordered = stored.sorted { a, b in
                if a.start != b.start { return a.start < b.start }
                if a.value != b.value { return a.value < b.value }
                return Array(a.source.utf8).lexicographicallyPrecedes(Array(b.source.utf8))
            }
            let expected: Double
            switch policy {
            case .first: expected = ordered.first!.value
            case .last: expected = ordered.last!.value
            case .mean: expected = ordered.map(\.value).reduce(0, +) / Double(ordered.count)
            }
            do {
                var drawn: [[String]] = []
                for backend in StoreBackend.available {
                    // Stored in another order on each backend: the order read must not depend on it.
                    // (The deduplicated samples: of two with one natural key but different offsets,
                    // the store keeps whichever came first, so both backends get the same ones.)
                    let reading = try Self.read(
                        try Self.context(
                            backend == .sqlite ? stored : stored.reversed(),
                            weighIn: policy, on: backend))
                    for value in [reading.chart, reading.latest, reading.listed] {
                        #expect(
                            MetricQueryPropertyTests.close(value, expected),
                            "\(policy) on \(backend): \(String(describing: value)) vs \(expected)")
                    }
                    #expect(reading.times.count == ordered.count)
                    let usedIndex = reading.used.firstIndex(of: true)
                    #expect(usedIndex == (policy == .first ? 0 : policy == .last ? ordered.count - 1 : nil))
                    drawn.append(reading.lines)
                }
                #expect(Set(drawn.map { $0.joined(separator: "\n") }).count == 1, "the backends draw the same list")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
