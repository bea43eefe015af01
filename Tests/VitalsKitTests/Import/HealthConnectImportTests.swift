import Foundation
import GRDB
import TestSupport
import XCTest

@testable import VitalsImport
@testable import VitalsKit
@testable import VitalsSQLite

/// Health Connect exports written by Tests/Fixtures/Generators/health_connect_export.py from
/// the documented format: what is stored equals what a naive model computes from the rows as
/// the generator wrote them (per local day, series and source), a re-import stores nothing, a
/// dry run's receipt is what the import then stores, and bad files change nothing.
final class HealthConnectImportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try HealthExportFixtures.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    static func series(_ id: String, _ kind: Series.Kind, _ unit: BaseUnit, _ types: [String]) -> Series {
        Series(
            id: id, kind: kind, unit: unit, categories: [], min: nil, max: nil, rangeByKind: [:],
            healthKit: types, description: nil, location: SourceLocation(file: "series.yaml", line: 1, column: 1))
    }

    static let mapping = HealthSampleMapping(series: [
        series("steps", .quantity, .count, ["HKQuantityTypeIdentifierStepCount"]),
        series("active_energy", .quantity, .kcal, ["HKQuantityTypeIdentifierActiveEnergyBurned"]),
        series("body_mass", .quantity, .kg, ["HKQuantityTypeIdentifierBodyMass"]),
        series("body_fat", .quantity, .percent, ["HKQuantityTypeIdentifierBodyFatPercentage"]),
        series("protein", .quantity, .g, ["HKQuantityTypeIdentifierDietaryProtein"]),
        series("water", .quantity, .L, ["HKQuantityTypeIdentifierDietaryWater"]),
        series("resting_heart_rate", .quantity, .bpm, ["HKQuantityTypeIdentifierRestingHeartRate"]),
        series("heart_rate", .quantity, .bpm, ["HKQuantityTypeIdentifierHeartRate"]),
        series("blood_pressure_systolic", .quantity, .mmHg, ["HKQuantityTypeIdentifierBloodPressureSystolic"]),
        series("blood_pressure_diastolic", .quantity, .mmHg, ["HKQuantityTypeIdentifierBloodPressureDiastolic"]),
        series("sleep_analysis", .category, .min, ["HKCategoryTypeIdentifierSleepAnalysis"]),
        series("cardio", .quantity, .min, []),
    ])

    /// Runs the generator; returns the zip and the naive model's expectations.
    private func generate(days: Int, seed: Int = 1, extra: [String] = []) throws -> (zip: String, expected: Expected) {
        let python = try OptionalTool.require(.python3)
        let zip = directory.appendingPathComponent("export-\(seed).zip").path
        let expect = directory.appendingPathComponent("expect-\(seed).json").path
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/Generators/health_connect_export.py")
            .path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [script, "--days", "\(days)", "--seed", "\(seed)", "--out", zip, "--expect", expect] + extra
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the generator failed")
        let data = try Data(contentsOf: URL(fileURLWithPath: expect))
        return (zip, try JSONDecoder().decode(Expected.self, from: data))
    }

    struct Expected: Decodable {
        /// series (or `sleep_analysis:<category>`) → source → local day number → sum.
        var sums: [String: [String: [String: Double]]]
        var skipped: [String: Int]
    }

    private func run(_ path: String, into store: SampleStore, dryRun: Bool = false) throws -> ImportReceipt {
        let source = try ImportSource.peek(path)
        XCTAssertTrue(HealthConnectImporter.recognises(source))
        return try ImportRunner.run(
            HealthConnectImporter(mapping: Self.mapping), source: source, into: store,
            subjectID: "me", dryRun: dryRun)
    }

    /// The stored per-day sums, computed by SQL over the sample table.
    private func storedSums(_ store: SampleStore) throws -> [String: [String: [String: Double]]] {
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

    func testStoredSumsEqualTheNaiveModelAndReimportStoresNothing() throws {
        let (zip, expected) = try generate(days: 12)
        let store = try SampleStore.open(path: directory.appendingPathComponent("v.sqlite").path)
        let receipt = try run(zip, into: store)
        let stored = try storedSums(store)
        for (series, sources) in expected.sums {
            for (source, days) in sources {
                for (day, sum) in days {
                    let got = stored[series]?[source]?[day]
                    XCTAssertEqual(
                        got ?? .nan, sum, accuracy: 1e-6 * max(1, abs(sum)), "\(series) \(source) day \(day)")
                }
                XCTAssertEqual(stored[series]?[source]?.count, days.count, "\(series) \(source): days")
            }
        }
        // Nothing stored that the model does not know (sentinels, lone micro-sessions, …),
        // besides the series the model leaves out (energy eaten, total energy, HRV, height …).
        for (series, sources) in stored where expected.sums[series] == nil {
            XCTAssertTrue(
                ["HKQuantityTypeIdentifierDietaryEnergyConsumed"].contains(series),
                "unexpected series \(series): \(sources.keys)")
        }
        XCTAssertEqual(
            receipt.skipped["nutrition_record_table.protein: not recorded (5e-324)"], expected.skipped["not_recorded"])
        XCTAssertEqual(receipt.skipped["sleep session under 60 s with no night near"], expected.skipped["micro_alone"])
        XCTAssertTrue(
            receipt.notes.contains {
                $0.contains(
                    "priority for activity: health-connect:com.sec.android.app.shealth > health-connect:com.google.android.apps.fitness"
                )
            },
            "\(receipt.notes)")
        let total = try store.count()
        XCTAssertEqual(receipt.totalNew, total)

        let again = try run(zip, into: store)
        XCTAssertEqual(again.totalNew, 0)
        XCTAssertEqual(again.totalPresent, total)
        XCTAssertEqual(try store.count(), total)
        XCTAssertTrue(
            again.lines().last?.hasPrefix("nothing new: all \(total) samples were stored before") == true,
            "\(again.lines().last ?? "")")
    }

    func testADryRunsReceiptIsWhatTheImportThenStores() throws {
        let (zip, _) = try generate(days: 4, seed: 2)
        let store = try SampleStore.open(path: directory.appendingPathComponent("dry.sqlite").path)
        let dry = try run(zip, into: store, dryRun: true)
        XCTAssertEqual(try store.count(), 0, "a dry run stores nothing")
        XCTAssertTrue(dry.dryRun)
        let real = try run(zip, into: store)
        XCTAssertEqual(dry.stored, real.stored)
        XCTAssertEqual(dry.skipped, real.skipped)
        XCTAssertEqual(try store.count(), real.totalNew)
    }

    func testWrongSchemaVersionIsRefusedByNameAndNothingIsStored() throws {
        let (zip, _) = try generate(days: 2, extra: ["--version", "3"])
        let store = try SampleStore.open(path: directory.appendingPathComponent("v.sqlite").path)
        XCTAssertThrowsError(try run(zip, into: store)) { error in
            let message = (error as? ImporterError)?.message ?? "\(error)"
            XCTAssertTrue(
                message.contains(zip) && message.contains("schema version 3") && message.contains("version 9 or later"),
                message)
        }
        XCTAssertEqual(try store.count(), 0)
    }

    func testTruncatedZipIsRefusedByName() throws {
        let (zip, _) = try generate(days: 2)
        let data = try Data(contentsOf: URL(fileURLWithPath: zip))
        let cut = directory.appendingPathComponent("cut.zip").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        XCTAssertThrowsError(try ImportSource.peek(cut)) { error in
            let message = (error as? ImporterError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("cut.zip") && message.contains("not a complete zip"), message)
        }
    }

    func testMicroSessionsJoinTheirNight() {
        typealias S = HealthConnectSleep.Session
        let night = S(id: 1, start: 0, end: 8 * 3600, offset: 0, app: 1)
        let beside = S(id: 2, start: 8 * 3600 + 120, end: 8 * 3600 + 150, offset: 0, app: 1)
        let before = S(id: 3, start: -600, end: -570, offset: 0, app: 1)
        let alone = S(id: 4, start: 14 * 3600, end: 14 * 3600 + 20, offset: 0, app: 1)
        let other = S(id: 5, start: 8 * 3600 + 130, end: 8 * 3600 + 140, offset: 0, app: 2)
        let nights = HealthConnectSleep.nights([alone, beside, night, before, other])
        XCTAssertEqual(nights.map { $0.map(\.id) }, [[3, 1, 2], [4], [5]])
    }
}
