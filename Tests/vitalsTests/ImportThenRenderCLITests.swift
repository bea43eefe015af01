import Foundation
import VitalsImport
import XCTest

/// A person's Apple Health export, imported, shows on the screens: body weight (in lb in the
/// export), last night's sleep stages from two sources, protein per meal and steps.
final class ImportThenRenderCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-import-render-\(UUID().uuidString)")
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
        let me =
            #" <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-03-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>"#
        let imported = try VitalsProcess.importExport(me + "\n" + records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// `screen` drawn from the imported database (nothing on stderr: not the demo data) is the
    /// golden `Goldens/import-then-render/<screen>-80.txt`.
    private func assertRender(_ screen: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertCommand(
            ["render", screen, "--db", db, "--as-of", "2026-06-14", "--width", "80"],
            stdoutGolden: "import-then-render/\(screen)-80", file: file, line: line)
    }

    func testBodyShowsTheLatestWeightInKilograms() throws {
        // 175.0 lb = 79.38 kg: "latest 79.4 kg".
        try assertRender("body")
    }

    func testSleepShowsLastNightsStagesWithoutCountingTheInBedInterval() throws {
        // Asleep: core 30 + 150 + 140, deep 50, REM 50 = 420 min = 7 h; awake 30 min.
        try assertRender("sleep")
    }

    func testProteinShowsTheDayAndItsMeals() throws {
        // "Today 125 g", "breakfast 30 g + lunch 40 g + dinner 55 g".
        try assertRender("protein")
    }

    func testStepsShowTheImportedCount() throws {
        // "latest 4321".
        try assertRender("steps")
    }
}
