import Foundation
import XCTest

@testable import VitalsInsights
@testable import VitalsKit
@testable import VitalsScreens

/// `vitals summary` and the screens say one number for one thing: the Protein summary judges
/// by the screen's target (1.6 g/kg × the weigh-in, not the YAML's 110 g) with the screen's
/// counts and streaks, and the Pregnancy summary gives the gain the screen shows, not the
/// body weight.
final class SummaryAgreesWithScreensTests: XCTestCase {
    typealias F = ScreenFixtures

    func summary(_ catalog: Catalog, _ store: SampleStore, subject: String, asOf: LocalDate, days: Int) throws
        -> Summary
    {
        try SummaryReader(
            catalog: catalog, store: store, request: ScreenRequest(asOf: asOf), subjectID: subject,
            extensions: .sdk + .builtInScreens
        )
        .read(window: SummaryWindow(last: asOf, days: days), title: "Summary")
    }

    /// The summary block's data of a screen's document.
    func summaryData(_ document: ScreenDocument) throws -> [String: Any] {
        let block = try XCTUnwrap(document.blocks.first { $0.kind == .summary }, "no summary block")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(block.data.text().utf8)) as? [String: Any])
    }

    /// Six as-of days of the demo data: the summary's Protein target is the screen's, and its
    /// 7-day count and streaks are the screen's.
    func testTheProteinSummaryJudgesByTheScreensTarget() throws {
        for back in 0..<6 {
            let asOf = F.asOf.adding(days: -back)
            let document = try F.document("protein", profile: F.profile("unicode"), request: ScreenRequest(asOf: asOf))
            let data = try summaryData(document)
            let target = try XCTUnwrap(data["target"] as? [String: Any])
            XCTAssertEqual(target["source"] as? String, "per_kg", "the demo data has weigh-ins")
            let grams = try XCTUnwrap(target["value"] as? Double)
            XCTAssertNotEqual(grams, 110, "the YAML's own target is not what the screen judges by")

            let found = try summary(F.catalog, F.demoStore, subject: "me", asOf: asOf, days: 7)
            let protein = try XCTUnwrap(found.screens.first { $0.screenID == "SCREEN_PROTEIN" })
            let daily = try XCTUnwrap(protein.targets.first { $0.metricName == "Protein per day" })
            XCTAssertEqual(daily.target, .atLeast(grams), "as of \(asOf)")
            // The demo logs protein every day: the days with data are the days counted.
            XCTAssertEqual(
                [Double(daily.record.met), Double(daily.record.withData)], F.window(data, 7), "as of \(asOf)")
            XCTAssertEqual(
                [Double(daily.record.currentStreak), Double(daily.record.bestStreak)], F.streak(data), "as of \(asOf)")
        }
    }

    /// A pregnant subject of a fixture (not the shipped subjects): 64 kg before, weighed
    /// 70–73 kg over a fortnight. The summary's Pregnancy value is the mean gain of the days
    /// (the morning weigh-in less 64 kg), and on a one-day period the screen's latest gain.
    func testThePregnancySummaryGivesTheGain() throws {
        let root = F.repositoryRoot.path
        let subjects = SourceFile(
            path: "subjects.yaml",
            text: """
                subjects:
                  - {subject_id: sanne, name: Sanne, kind: human, sex: female, birth_date: "1994-03-14",
                     pregnancy: {pre_pregnancy_weight_kg: 64, height_cm: 168, last_period: "2026-01-05"}}

                """)
        var files = [subjects]
        for path in ["screens/pillars.yaml", "screens/pregnancy.yaml", "metrics/pregnancy.yaml", "metrics/series.yaml"]
        {
            files.append(SourceFile(path: path, text: try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        let loaded = CatalogLoader.load(files)
        XCTAssertFalse(loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        let catalog = loaded.catalog
        let store = try SampleStore.inMemory()
        var morning: [LocalDate: Double] = [:]
        var samples: [Sample] = []
        for back in 0..<14 where back % 3 != 1 {
            let day = F.asOf.adding(days: -back)
            let weight = 73 - Double(back) * 0.2
            morning[day] = weight
            samples.append(
                Sample(
                    seriesID: "body_mass", subjectID: "sanne",
                    start: day.midnight(utcOffsetSeconds: F.summerOffset).addingTimeInterval(7 * 3600),
                    utcOffsetSeconds: F.summerOffset, value: weight))
            // An evening weigh-in, heavier: the morning one is the day's (the weigh-in policy).
            samples.append(
                Sample(
                    seriesID: "body_mass", subjectID: "sanne",
                    start: day.midnight(utcOffsetSeconds: F.summerOffset).addingTimeInterval(21 * 3600),
                    utcOffsetSeconds: F.summerOffset, value: weight + 1.5))
        }
        try store.insert(samples)

        let week = try summary(catalog, store, subject: "sanne", asOf: F.asOf, days: 7)
        let pregnancy = try XCTUnwrap(week.screens.first { $0.screenID == "SCREEN_PREGNANCY" })
        let gains = SummaryWindow(last: F.asOf, days: 7).dates.compactMap { morning[$0].map { $0 - 64 } }
        let expected = gains.reduce(0, +) / Double(gains.count)
        XCTAssertEqual(try XCTUnwrap(pregnancy.change.current), expected, accuracy: 1e-9)
        XCTAssertLessThan(try XCTUnwrap(pregnancy.change.current), 20, "a gain, not the body weight")

        let screen = try XCTUnwrap(catalog.screen("SCREEN_PREGNANCY"))
        let document = try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: catalog, screen: screen, store: store, request: ScreenRequest(asOf: F.asOf),
                profile: F.profile("unicode")))
        let latestGain = try XCTUnwrap(try summaryData(document)["gain"] as? Double)
        let day = try summary(catalog, store, subject: "sanne", asOf: F.asOf, days: 1)
        let today = try XCTUnwrap(day.screens.first { $0.screenID == "SCREEN_PREGNANCY" })
        XCTAssertEqual(try XCTUnwrap(today.change.current), latestGain, accuracy: 1e-9)
        XCTAssertEqual(latestGain, 9, accuracy: 1e-9)
    }
}
