import Foundation
import TestSupport
import Testing

@testable import VitalsInsights
@testable import VitalsKit

/// `DueReader` at a moment T against a naive recomputation: random vegetable and treat entries
/// on the days around T (after T, at T exactly, a minute either side, before and at a 04:00 day
/// cutoff, in the hour that repeats when summer time ends on 25 October 2026), and `due --at T`
/// must count exactly the entries made at or before T on T's day (the budget: on T's week through
/// T's day) and none after it.
@Suite struct DueReaderTests {
    static let yaml = """
        subjects:
          - {subject_id: me, name: Me, kind: human}
        series:
          - {series_id: vegetables, kind: quantity, unit: portion, min: 0, max: 12}
          - {series_id: treats, kind: quantity, unit: portion, min: 0, max: 12}
        categories:
          - {category_id: vegetables, name: Vegetables, unit: portion, target: {rule: at_least, value: 3}}
          - {category_id: treats, name: Treats, unit: portion, target: {rule: at_most, value: 1}}
        budgets:
          - {budget_id: treats_week, name: Treats this week, series: treats, amount: 2, period: week, week_starts: monday}

        """

    static var catalog: Catalog {
        let loaded = CatalogLoader.load([SourceFile(path: "due.yaml", text: yaml)])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }

    /// Amsterdam's offset at a UTC instant: +02:00 until summer time ends on 25 October 2026 at
    /// 01:00 UTC (03:00 summer time, which becomes 02:00 again), +01:00 after.
    static func offset(_ instant: Int64) -> Int { instant < 1_792_890_000 ? 7200 : 3600 }

    /// An entry as the naive recomputation sees it: its moment (UTC), its wall clock and value.
    struct Entry {
        var series: String
        var instant: Int64
        var value: Double
    }

    /// "1 portion", "1.25 portions", "2 portions".
    static func portions(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        return text + (text == "1" ? " portion" : " portions")
    }

    @Test(arguments: StoreBackend.available) func dueAtTCountsWhatWasLoggedByT(on backend: StoreBackend) throws {
        #expect(Self.offset(1_792_889_999) == 7200 && Self.offset(1_792_890_000) == 3600)
        var random = SplitMix(seed: 3921)
        var settings = ReminderSettings()
        settings.weighInFrom = nil
        settings.milestoneDays = nil
        settings.targetsFrom = 0
        for round in 0..<24 {
            let cutoff = round % 2 == 0 ? 240 : 0
            // T: a moment from 20 to 28 October 2026 (either side of the end of summer time).
            let t = Int64(1_792_454_400) + Int64.random(in: 0..<(9 * 86_400), using: &random) / 60 * 60
            let tLocal = t + Int64(Self.offset(t))
            var entries: [Entry] = []
            for _ in 0..<Int.random(in: 0...14, using: &random) {
                let instant: Int64
                switch Int.random(in: 0...6, using: &random) {
                case 0: instant = t  // at T exactly: counts
                case 1: instant = t + 60 * Int64([-1, 1][Int.random(in: 0...1, using: &random)])
                case 2:
                    // 03:59 and 04:00 wall clock on T's calendar day or the next: either side of the cutoff.
                    let day = (tLocal / 86_400 + Int64.random(in: 0...1, using: &random)) * 86_400
                    let local = day + Int64([239, 240][Int.random(in: 0...1, using: &random)]) * 60
                    instant = local - Int64(Self.offset(local - 7200))
                // the night the clock goes back
                case 3: instant = 1_792_886_400 + Int64.random(in: 0..<(3 * 3600), using: &random) / 60 * 60
                default: instant = t + Int64.random(in: -(8 * 86_400)...(2 * 86_400), using: &random) / 60 * 60
                }
                let series = Int.random(in: 0...2, using: &random) == 0 ? "treats" : "vegetables"
                let entry = Entry(
                    series: series, instant: instant, value: Double(Int.random(in: 1...6, using: &random)) / 4)
                // The store keeps one of two identical samples (an import read twice): none here.
                if !entries.contains(where: {
                    $0.series == entry.series && $0.instant == entry.instant && $0.value == entry.value
                }) {
                    entries.append(entry)
                }
            }
            let store = try StoreFixtures.caseStore(on: backend)
            try store.insert(
                entries.map { entry in
                    let start = Date(timeIntervalSince1970: TimeInterval(entry.instant))
                    return Sample(
                        seriesID: entry.series, start: start, end: start, utcOffsetSeconds: Self.offset(entry.instant),
                        value: entry.value)
                })
            let items = try DueReader(
                catalog: Self.catalog, store: store, extensions: .sdk, settings: settings,
                dayCutoffMinutes: cutoff
            )
            .items(atLocalSeconds: tLocal, utcOffsetSeconds: Self.offset(t), subject: "me")

            // Naive: a wall clock's day starts at the cutoff; only what was made by T counts.
            func day(_ local: Int64) -> Int64 { Int64((Double(local - Int64(cutoff * 60)) / 86_400).rounded(.down)) }
            let today = day(tLocal)
            let byT = entries.filter { $0.instant <= t }
            var expected: [String] = []
            if let first = byT.map({ day($0.instant + Int64(Self.offset($0.instant))) }).min(), first <= today {
                let vegetables = byT.filter {
                    $0.series == "vegetables" && day($0.instant + Int64(Self.offset($0.instant))) == today
                }
                .map(\.value).reduce(0, +)
                if vegetables < 3 {
                    expected.append(
                        "Vegetables: \(Self.portions(vegetables)) so far, \(Self.portions(3 - vegetables)) more meets the target"
                    )
                }
                let date = LocalDate(dayNumber: Int(today))
                let monday = date.adding(days: -(date.isoWeekday - 1))
                let treats = byT.filter { entry in
                    let entryDay = day(entry.instant + Int64(Self.offset(entry.instant)))
                    return entry.series == "treats" && entryDay >= Int64(monday.dayNumber) && entryDay <= today
                }.map(\.value).reduce(0, +)
                if treats >= 2 {
                    let sunday = monday.adding(days: 6)
                    expected.append(
                        "Treats this week: spent \(treats > 2 ? "and over " : "")for the period ("
                            + (sunday == date ? "today" : "through \(sunday)") + ")")
                }
            }
            #expect(
                items.map(\.text) == expected,
                "round \(round): T \(t) (cutoff \(cutoff)), entries \(entries.map { ($0.series, $0.instant - t, $0.value) })"
            )
        }
    }
}
