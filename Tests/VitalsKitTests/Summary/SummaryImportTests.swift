import Foundation
import TestSupport
import Testing

@testable import VitalsImport
@testable import VitalsInsights
@testable import VitalsKit

/// The summary of what an Apple Health export brings, and of DragonHealth days.
@Suite struct SummaryImportTests {
    typealias F = SummaryFixtures

    /// The import tests' quirky export (weigh-ins in pounds on both sides of the change from
    /// summer time in the US, protein at lunch), imported and summarised over its last week.
    @Test func theQuirkyExportIsSummarised() throws {
        let directory = try HealthExportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        try HealthExportFixtures.quirky.write(toFile: path, atomically: true, encoding: .utf8)
        let store = try SampleStore.open(path: directory.appendingPathComponent("v.sqlite").path)
        _ = try AppleHealthImporter(catalog: F.catalog).importExport(at: path, into: store)
        let window = SummaryWindow(last: LocalDate(year: 2019, month: 11, day: 4), days: 7)
        let summary = try F.reader(store, units: .us).read(window: window, title: "Weekly summary")
        #expect(summary.screens.map(\.screenID) == ["SCREEN_INTAKE", "SCREEN_WEIGHT"] && summary.skipped == 1)
        let intake = summary.screens[0]
        #expect(intake.change.current == 31.5 && intake.change.previous == nil && intake.change.daysWithData == 1)
        // 3 Nov judged (31.5 g, not met); 4 Nov, the as-of day, has nothing yet: pending.
        #expect(
            intake.targets.first?.record
                == TargetRecord(met: 0, withData: 1, pending: true, currentStreak: 0, bestStreak: 0))
        let weight = summary.screens[1]
        #expect(
            abs((weight.change.current ?? 0) - 150.0) < 1e-9 && weight.change.daysWithData == 2,
            "in pounds, as the export")
        #expect(
            SummaryWords().lines(weight, window: window).first
                == "Weight: 150 lb on average (2 of 7 days); no data before")
    }

    /// Whole days over random DragonHealth entries (the fixture's four categories, a day from
    /// 04:00) against a naive judgement of each day's totals.
    @Test func wholeDaysMatchANaiveJudgement() throws {
        var random = SplitMix(seed: 13)
        let catalog = PortionFixtures.loaded().catalog
        let first = LocalDate(year: 2026, month: 3, day: 20)
        let asOf = first.adding(days: 20)
        let series = ["vegetables", "dairy", "fats", "treats"]
        var totals: [LocalDate: [String: Double]] = [:]
        var samples: [Sample] = []
        for offset in 0...20 where offset != 3 {
            let day = first.adding(days: offset)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let name = series[Int.random(in: 0..<4, using: &random)]
                let value = Double(Int.random(in: 1...4, using: &random)) / 2
                let minute = Int.random(in: 0..<1440, using: &random)
                let counted = minute < 240 ? day.adding(days: -1) : day
                guard counted >= first else { continue }
                totals[counted, default: [:]][name, default: 0] += value
                samples.append(F.sample(name, day, minute: minute, value))
            }
        }
        let store = try StoreFixtures.emptyStore()
        try store.insert(samples)
        let window = SummaryWindow(last: asOf, days: 7)
        let summary = try F.reader(store, catalog: catalog).read(window: window, title: "")
        let portions = try #require(summary.portions)
        func met(_ name: String, _ total: Double) -> Bool {
            switch name {
            case "vegetables": return total >= 3
            case "dairy": return abs(total - 3) <= 0.25
            case "fats": return total >= 2 && total <= 3
            default: return total <= 1
            }
        }
        func onTarget(_ day: LocalDate) -> Bool { series.allSatisfy { met($0, totals[day]?[$0] ?? 0) } }
        var days = window.dates
        if !onTarget(asOf) { days.removeLast() }  // not over, not on target yet: not counted
        #expect(portions.counted == days.count && portions.met == days.filter(onTarget).count)
        for category in portions.categories {
            let id = series.first { $0 == category.name.lowercased() } ?? ""
            #expect(
                category.days == days.count && category.met == days.filter { met(id, totals[$0]?[id] ?? 0) }.count,
                "\(category.name)")
        }
        var run = 0
        var best = 0
        var day = first
        while day <= asOf {
            if day == asOf && !onTarget(day) { break }
            run = onTarget(day) ? run + 1 : 0
            best = max(best, run)
            day = day.adding(days: 1)
        }
        #expect(portions.currentStreak == run && portions.bestStreak == best)
    }
}
