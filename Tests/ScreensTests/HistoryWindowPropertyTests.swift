import Foundation
import PropertyBased
import TestSupport
import Testing
import VitalsKit
import VitalsScreens

/// History's "7 / 30 / 90 days" and "Categories, last 30 days" against the documented rule,
/// recomputed naively on random days under a random `day_cutoff` setting: the N days ending
/// on the as-of day, days before the first entry left out, and today counted once on target
/// (until then it is in the window but not counted). The day an entry counts for is the date
/// of its wall-clock time minus the cutoff.
@Suite struct HistoryWindowPropertyTests {
    static let catalog = PortionScreensTests.loaded.catalog
    static let asOf = PortionScreensTests.asOf
    static let series = ["vegetables", "dairy", "fats", "treats"]

    /// A day's quarters per category: on target, or one category off.
    static func quarters(_ random: inout SplitMix) -> [Int] {
        var day = [12, 12, 8, 0]  // 3 vegetables, 3 dairy, 2 fats, no treat
        switch random.next() % 3 {
        case 0: break
        case 1: day[Int(random.next() % 4)] += 2 + Int(random.next() % 6)
        default: day[Int(random.next() % 3)] -= 2 + Int(random.next() % 6)
        }
        return day.map { max(0, $0) }
    }

    static func onTarget(_ q: [Int]) -> Bool {
        let v = Double(q[0]) / 4
        let d = Double(q[1]) / 4
        let f = Double(q[2]) / 4
        let t = Double(q[3]) / 4
        return v >= 3 && abs(d - 3) <= 0.25 && f >= 2 && f <= 3 && t <= 1
    }

    @Test func windowsFollowTheDocumentedRule() async throws {
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SplitMix(seed: UInt64(truncatingIfNeeded: seed))
            let cutoff = Int(random.next() % 48) * 15  // 00:00 … 11:45
            let span = 1 + Int(random.next() % 120)
            var samples: [Sample] = []
            var days: [LocalDate: [Int]] = [:]
            for back in 0..<span where back == span - 1 || random.next() % 4 != 0 {
                let date = Self.asOf.adding(days: -back)
                let q = Self.quarters(&random)
                days[date] = q
                for (index, name) in Self.series.enumerated() where q[index] > 0 {
                    // Two entries at random wall-clock times within the day (from its cutoff on), one
                    // in each half of it: two entries of the same value at the same second would be
                    // one sample to the store (a sample imported twice is kept once), not two.
                    let half = q[index] / 2
                    for (slot, part) in [q[index] - half, half].enumerated() where part > 0 {
                        let seconds = cutoff * 60 + slot * 43_200 + Int(random.next() % 43_200)
                        samples.append(
                            Sample(
                                seriesID: name,
                                start: date.midnight(utcOffsetSeconds: 3600)
                                    .addingTimeInterval(Double(seconds)),
                                utcOffsetSeconds: 3600, value: Double(part) / 4))
                    }
                }
            }
            let store = try SampleStore.inMemory()
            try store.insert(samples)
            let screen = try #require(Self.catalog.screen("SCREEN_HISTORY"))
            let document = try BuiltInScreenModules.registry.render(
                ScreenContext(
                    catalog: Self.catalog, screen: screen, store: store,
                    request: ScreenRequest(asOf: Self.asOf, dayCutoffMinutes: cutoff), profile: RenderProfile(width: 80)
                ))
            let first = try #require(days.keys.min())
            func naive(_ window: Int) -> [Double] {
                var judged = (0..<window).reversed().map { Self.asOf.adding(days: -$0) }.filter { $0 >= first }
                    .map { days[$0].map(Self.onTarget) ?? false }
                if judged.last == false { judged.removeLast() }
                return [Double(judged.filter { $0 }.count), Double(judged.count)]
            }
            let summary = try SleepTestSupport.object(document.blocks.first { $0.kind == .summary })
            for window in [7, 30, 90] {
                #expect(
                    ScreenFixtures.window(summary, window) == naive(window),
                    "\(window) days, cutoff \(cutoff), seed \(seed)")
            }
            let objects = try document.blocks.filter { $0.kind == .summary }.map { try SleepTestSupport.object($0) }
            let categories = try #require(objects.first { $0["window_days"] != nil })
            #expect(categories["window_days"] as? Double == naive(30)[1], "categories, cutoff \(cutoff), seed \(seed)")
        }
    }
}
