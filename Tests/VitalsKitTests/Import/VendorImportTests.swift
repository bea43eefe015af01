import Foundation
import GRDB
import TestSupport
import XCTest

@testable import VitalsImport
@testable import VitalsKit
@testable import VitalsSQLite

/// Withings, Cronometer and Health Auto Export files written by
/// Tests/Fixtures/Generators/vendor_exports.py from their documented formats: the stored
/// per-day sums equal the generator's naive model, a re-import stores nothing, and a decimal
/// comma is refused by file and line with nothing stored.
final class VendorImportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try HealthExportFixtures.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let mapping: HealthSampleMapping = {
        typealias T = HealthConnectImportTests
        return HealthSampleMapping(series: [
            T.series("steps", .quantity, .count, ["HKQuantityTypeIdentifierStepCount"]),
            T.series("body_mass", .quantity, .kg, ["HKQuantityTypeIdentifierBodyMass"]),
            T.series("body_fat", .quantity, .percent, ["HKQuantityTypeIdentifierBodyFatPercentage"]),
            T.series("protein", .quantity, .g, ["HKQuantityTypeIdentifierDietaryProtein"]),
            T.series("fiber", .quantity, .g, ["HKQuantityTypeIdentifierDietaryFiber"]),
            T.series("water", .quantity, .L, ["HKQuantityTypeIdentifierDietaryWater"]),
            T.series("heart_rate", .quantity, .bpm, ["HKQuantityTypeIdentifierHeartRate"]),
            T.series("blood_pressure_systolic", .quantity, .mmHg, ["HKQuantityTypeIdentifierBloodPressureSystolic"]),
            T.series("blood_pressure_diastolic", .quantity, .mmHg, ["HKQuantityTypeIdentifierBloodPressureDiastolic"]),
            T.series("sleep_analysis", .category, .min, ["HKCategoryTypeIdentifierSleepAnalysis"]),
            T.series("cardio", .quantity, .min, []),
            T.series("strength", .quantity, .min, []),
        ])
    }()

    struct Expected: Decodable {
        var sums: [String: [String: [String: Double]]]
        /// Values of metrics (columns) Vitals does not know, and the workouts written.
        var unknown: Int?
        var workouts: Int?
    }

    private func generate(_ format: String, days: Int, _ extra: [String] = []) throws -> (
        out: String, expected: Expected
    ) {
        let python = try OptionalTool.require(.python3)
        let suffix = format == "withings" ? "zip" : format == "health-auto-export" ? "json" : "csv"
        let out = directory.appendingPathComponent("\(format).\(suffix)").path
        let expect = directory.appendingPathComponent("\(format)-expect.json").path
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/Generators/vendor_exports.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, format, "--days", "\(days)", "--out", out, "--expect", expect] + extra
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the generator failed")
        return (out, try JSONDecoder().decode(Expected.self, from: Data(contentsOf: URL(fileURLWithPath: expect))))
    }

    private func sums(_ store: SampleStore) throws -> [String: [String: [String: Double]]] {
        var sums: [String: [String: [String: Double]]] = [:]
        try store.read { db in
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT series, category, source, (start + utc_offset) / 86400 AS day, SUM(value) FROM sample
                    GROUP BY series, category, source, day
                    """)
            {
                let series: String = row[0]
                let category: String = row[1]
                let key = category.isEmpty || series != "sleep_analysis" ? series : "\(series):\(category)"
                sums[key, default: [:]][row[2], default: [:]][String(row[3] as Int64)] = row[4]
            }
        }
        return sums
    }

    /// Imports each file (twice: the second stores nothing) and compares the model's sums.
    private func check(
        _ importer: any Importer, _ files: [String], _ expected: Expected,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ImportReceipt {
        let store = try SampleStore.open(path: directory.appendingPathComponent("v.sqlite").path)
        var last = ImportReceipt()
        for path in files {
            let source = try ImportSource.peek(path)
            XCTAssertTrue(type(of: importer).recognises(source), "\(path) not recognised", file: file, line: line)
            last = try ImportRunner.run(importer, source: source, into: store, subjectID: "me", dryRun: false)
        }
        let stored = try sums(store)
        for (series, sources) in expected.sums {
            for (source, days) in sources {
                for (day, sum) in days {
                    XCTAssertEqual(
                        stored[series]?[source]?[day] ?? .nan, sum, accuracy: 1e-6 * max(1, abs(sum)),
                        "\(series) \(source) day \(day)", file: file, line: line)
                }
            }
        }
        let total = try store.count()
        for path in files {
            let again = try ImportRunner.run(
                importer, source: try ImportSource.peek(path), into: store, subjectID: "me", dryRun: false)
            XCTAssertEqual(again.totalNew, 0, file: file, line: line)
        }
        XCTAssertEqual(try store.count(), total, file: file, line: line)
        return last
    }

    func testWithings() throws {
        let (zip, expected) = try generate("withings", days: 9, ["--tz-offset", "3600"])
        let importer = WithingsImporter(mapping: Self.mapping, timeZone: TimeZone(secondsFromGMT: 3600)!)
        _ = try check(importer, [zip], expected)
    }

    func testCronometer() throws {
        let summary = directory.appendingPathComponent("dailysummary.csv").path
        let (servings, expected) = try generate("cronometer", days: 9, ["--summary", summary])
        let importer = CronometerImporter(mapping: Self.mapping, timeZone: TimeZone(secondsFromGMT: 0)!)
        _ = try check(importer, [servings, summary], expected)
    }

    func testHealthAutoExport() throws {
        let (json, expected) = try generate("health-auto-export", days: 6)
        let receipt = try check(HealthAutoExportImporter(mapping: Self.mapping), [json], expected)
        XCTAssertEqual(receipt.skipped["metric vo2_max_of_the_moon (not known to vitals)"], 1)
        XCTAssertFalse(receipt.skipped.keys.contains { $0.contains("workout") }, "\(receipt.skipped)")
        let workouts = ["cardio", "strength", "HKWorkoutTypeIdentifier"].compactMap { expected.sums[$0] }
            .flatMap(\.values).flatMap(\.keys).count
        XCTAssertGreaterThan(workouts, 0)
        XCTAssertGreaterThan(expected.workouts ?? 0, 6)
    }

    /// A workout's energy and distance are kept in its metadata, as an Apple Health workout's
    /// are, and an activity no workout series counts keeps its activity as the category.
    func testHealthAutoExportWorkoutKeepsEnergyAndDistanceInItsMetadata() throws {
        let (json, _) = try generate("health-auto-export", days: 3)
        let store = try SampleStore.open(path: directory.appendingPathComponent("w.sqlite").path)
        _ = try ImportRunner.run(
            HealthAutoExportImporter(mapping: Self.mapping), source: try ImportSource.peek(json), into: store,
            subjectID: "me", dryRun: false)
        try store.read { db in
            let run = try XCTUnwrap(
                try Row.fetchOne(
                    db, sql: "SELECT metadata, end - start FROM sample WHERE series = 'cardio' ORDER BY start LIMIT 1"))
            let metadata = try XCTUnwrap((run[0] as String?).map { Data($0.utf8) })
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: metadata) as? [String: Any])
            XCTAssertEqual(object["name"] as? String, "Running")
            XCTAssertEqual(object["totalEnergyBurnedUnit"] as? String, "kcal")
            XCTAssertEqual(object["totalDistanceUnit"] as? String, "km")
            XCTAssertNotNil(object["totalEnergyBurned"] as? Double)
            let golf: String? = try String.fetchOne(
                db, sql: "SELECT DISTINCT category FROM sample WHERE series = 'HKWorkoutTypeIdentifier'")
            XCTAssertEqual(golf, "HKWorkoutActivityTypeGolf")
        }
        XCTAssertEqual(
            HealthAutoExportImporter.activityType("Functional Strength Training"),
            "HKWorkoutActivityTypeFunctionalStrengthTraining")
        XCTAssertEqual(HealthAutoExportImporter.activityType("Outdoor Walk"), "HKWorkoutActivityTypeWalking")
        XCTAssertEqual(HealthAutoExportImporter.activityType("Mind and Body"), "HKWorkoutActivityTypeMindAndBody")
    }

    func testHealthAutoExportCSV() throws {
        let (csv, expected) = try generate("health-auto-export-csv", days: 5)
        let receipt = try check(HealthAutoExportImporter(mapping: Self.mapping), [csv], expected)
        XCTAssertEqual(receipt.skipped["metric cardio_recovery (not known to vitals)"], expected.unknown)
        XCTAssertEqual(receipt.skipped.count, 1, "\(receipt.skipped)")
    }

    func testDecimalCommaIsRefusedByFileAndLineAndNothingIsStored() throws {
        let path = directory.appendingPathComponent("weights.csv").path
        try "date;value\n2025-01-02;72,5\n".write(toFile: path, atomically: true, encoding: .utf8)
        let source = try ImportSource.peek(path)
        XCTAssertTrue(CSVFileImporter.recognises(source))
        let store = try SampleStore.inMemory()
        let catalog = try CatalogLoader.load(paths: [TestPaths.fixtures.appendingPathComponent("MiniCatalog").path])
            .catalog
        let importer = try CSVFileImporter(context: ImportContext(catalog: catalog, seriesID: "body_mass"))
        XCTAssertThrowsError(
            try ImportRunner.run(importer, source: source, into: store, subjectID: "me", dryRun: false)
        ) { error in
            XCTAssertEqual(
                (error as? ImporterError)?.message,
                "\(path) line 2: '72,5' has a decimal comma; expected a decimal point (fields separated by commas)")
        }
        XCTAssertEqual(try store.count(), 0)
    }
}
