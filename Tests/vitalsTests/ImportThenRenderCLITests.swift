import Foundation
import XCTest

/// A person's Apple Health export, imported, shows on the screens: body weight (in lb in the
/// export), last night's sleep stages from two sources, protein per meal and steps.
final class ImportThenRenderCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-import-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var records = ""
        // Weigh-ins on three mornings, in pounds.
        for (day, pounds) in [(12, "176.4"), (13, "175.9"), (14, "175.0")] {
            records += """
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb" startDate="2026-06-\(day) 07:02:00 +0200" endDate="2026-06-\(day) 07:02:00 +0200" value="\(pounds)"/>

                """
        }
        // Last night (ending 14 June) from the Watch, staged; the phone says "in bed" over it.
        let night: [(String, String, String)] = [
            ("23:10", "23:40", "AsleepCore"), ("23:40", "00:30", "AsleepDeep"), ("00:30", "01:00", "Awake"),
            ("01:00", "03:30", "AsleepCore"), ("03:30", "04:20", "AsleepREM"), ("04:20", "06:40", "AsleepCore"),
        ]
        for (start, end, stage) in night {
            let startDay = start.hasPrefix("23") ? "13" : "14"
            let endDay = end.hasPrefix("23") ? "13" : "14"
            records += """
                 <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-06-\(startDay) \(start):00 +0200" endDate="2026-06-\(endDay) \(end):00 +0200" value="HKCategoryValueSleepAnalysis\(stage)"/>

                """
        }
        records += """
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="iPhone" startDate="2026-06-13 23:00:00 +0200" endDate="2026-06-14 06:45:00 +0200" value="HKCategoryValueSleepAnalysisInBed"/>

            """
        for (slot, time, grams) in [("Breakfast", "08:00", "30"), ("Lunch", "12:30", "40"), ("Dinner", "19:00", "55")] {
            records += """
                 <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Food app" unit="g" startDate="2026-06-14 \(time):00 +0200" endDate="2026-06-14 \(time):00 +0200" value="\(grams)">
                  <MetadataEntry key="meal" value="\(slot)"/>
                 </Record>

                """
        }
        records += """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2026-06-14 09:00:00 +0200" endDate="2026-06-14 10:00:00 +0200" value="4321"/>

            """
        let me = #" <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-03-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>"#
        let imported = try VitalsProcess.importExport(me + "\n" + records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func render(_ screen: String) throws -> String {
        let run = try VitalsProcess.run(["render", screen, "--db", db, "--as-of", "2026-06-14", "--width", "80"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("demo data"), "the imported database is read, not the demo")
        return run.stdout
    }

    func testBodyShowsTheLatestWeightInKilograms() throws {
        // 175.0 lb = 79.38 kg.
        let text = try render("body")
        XCTAssertTrue(text.contains("latest 79.4 kg"), text)
    }

    func testSleepShowsLastNightsStagesWithoutCountingTheInBedInterval() throws {
        let text = try render("sleep")
        // Asleep: core 30 + 150 + 140, deep 50, REM 50 = 420 min = 7 h; awake 30 min.
        XCTAssertTrue(text.contains("Deep  │"), text)
        XCTAssertTrue(text.contains(" 50 min"), text)
        XCTAssertTrue(text.contains("7 h 00"), text)
    }

    func testProteinShowsTheDayAndItsMeals() throws {
        let text = try render("protein")
        XCTAssertTrue(text.contains("Today 125 g"), text)
        XCTAssertTrue(text.contains("breakfast 30 g + lunch 40 g + dinner 55 g"), text)
    }

    func testStepsShowTheImportedCount() throws {
        let text = try render("steps")
        XCTAssertTrue(text.contains("latest 4321"), text)
    }
}
