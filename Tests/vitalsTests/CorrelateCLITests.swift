import Foundation
import XCTest

/// `vitals correlate` on an imported Apple Health export: weigh-ins in pounds and headaches
/// (Apple's symptom type, one of them marked not present), related as days with and without,
/// and steps against weight as two quantities at several lags; bad sides and lags exit 1 and 2.
final class CorrelateCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-correlate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var records = ""
        // 1–30 May 2026: a weigh-in every morning, 0.5 kg (1.1 lb) more on the 8 days with a
        // headache; steps every day, more on days with a lower weight.
        let headaches: Set<Int> = [3, 7, 8, 12, 17, 21, 25, 28]
        for day in 1...30 {
            let date = "2026-05-\(day < 10 ? "0" : "")\(day)"
            let pounds = 154.0 + Double(day % 5) * 0.4 + (headaches.contains(day) ? 1.1 : 0)
            records += """
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="lb" startDate="\(date) 07:05:00 +0200" endDate="\(date) 07:05:00 +0200" value="\(String(format: "%.1f", pounds))"/>
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="\(date) 12:00:00 +0200" endDate="\(date) 13:00:00 +0200" value="\(9000 - (day % 5) * 700 + (day % 3) * 150)"/>

                """
            if headaches.contains(day) {
                records += """
                     <Record type="HKCategoryTypeIdentifierHeadache" sourceName="Health" startDate="\(date) 10:00:00 +0200" endDate="\(date) 12:00:00 +0200" value="HKCategoryValueSeverityModerate"/>

                    """
            }
        }
        records += """
             <Record type="HKCategoryTypeIdentifierHeadache" sourceName="Health" startDate="2026-05-14 10:00:00 +0200" endDate="2026-05-14 10:00:00 +0200" value="HKCategoryValueSeverityNotPresent"/>

            """
        let imported = try VitalsProcess.importExport(records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    // The numbers below were checked with scipy.stats (ttest's Welch interval, pearsonr,
    // spearmanr) on the same values; the days before the first headache (1 and 2 May) are not
    // compared: nobody was logging headaches then.
    func testHeadachesAgainstWeightFromAnImportedExport() throws {
        try assertCommand(
            ["correlate", "symptoms:headache", "body_mass", "--db", db, "--as-of", "2026-05-30", "--range", "30d"],
            stdout: """
                x: headache · y: Body mass (kg) · the last 30 days to 2026-05-30
                28 days: on days with headache (8), body mass was 0.49 kg higher than without (20) (difference 0.29 kg to 0.69 kg)

                """)
    }

    func testStepsAgainstWeightAtSeveralLags() throws {
        try assertCommand(
            [
                "correlate", "steps", "BODY_WEIGHT", "--db", db, "--as-of", "2026-05-30", "--range", "30d",
                "--lags", "0...1", "--units", "us",
            ],
            stdout: """
                x: Steps · y: Weight (lb) · the last 30 days to 2026-05-30
                y 0 days later: 30 days: strong negative relation (r = −0.76, −0.88 to −0.55; ρ = −0.76, −0.89 to −0.51)
                y 1 day later: 29 days: no clear relation (r = 0.15, −0.23 to 0.49; ρ = 0.16, −0.22 to 0.50)

                """)
    }

    func testJSONCarriesThePairsAndTheFinding() throws {
        let run = try VitalsProcess.run([
            "correlate", "symptoms:headache", "body_mass", "--db", db, "--as-of", "2026-05-30",
            "--range", "30d", "--format", "json",
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let relation = try XCTUnwrap((json["relations"] as? [[String: Any]])?.first)
        XCTAssertEqual((relation["pairs"] as? [Any])?.count, 28)
        let finding = try XCTUnwrap(relation["finding"] as? [String: Any])
        XCTAssertEqual(finding["kind"] as? String, "groups")
        XCTAssertEqual(finding["days_with"] as? Double, 8)
        XCTAssertEqual(finding["clear"] as? Bool, true)
    }

    func testMistakesExitWithTheDocumentedCodes() throws {
        try assertCommand(
            ["correlate", "symptoms:hedache", "body_mass", "--db", db],
            stderr: """
                vitals: error: 'hedache' is not a category of series 'symptoms'
                  categories: abdominal_cramps, bloating, breast_pain, constipation, diarrhea, dizziness, fatigue, headache, heartburn, hot_flashes, lower_back_pain, mood_changes, nausea, pelvic_pain, sleep_changes, vomiting

                """, exitCode: 1)
        let unknown = try VitalsProcess.run(["correlate", "zzz_nothing", "body_mass", "--db", db])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(
            unknown.stderr.hasPrefix("vitals: error: 'zzz_nothing' is neither a series nor a metric id\n"),
            unknown.stderr)
        let lags = try VitalsProcess.run(["correlate", "steps", "body_mass", "--lags", "3...1", "--db", db])
        XCTAssertEqual(lags.status, 2)
        XCTAssertTrue(
            lags.stderr.contains("--lags expects lags of 0 to 30 days like 0...7, 0-7 or 0,1,3; got '3...1'"),
            lags.stderr)
    }
}
