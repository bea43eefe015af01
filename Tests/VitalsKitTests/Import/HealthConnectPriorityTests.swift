import Foundation
import GRDB
import TestSupport
import XCTest

@testable import VitalsImport
@testable import VitalsKit
@testable import VitalsSQLite

/// Health Connect's app priority (from the export) deciding which app's steps count, on exports
/// from Tests/Fixtures/Generators/health_connect_export.py with two apps writing the same hours
/// and a third, unranked, beside them (`--priority-gaps`): each day's stored sum against a naive
/// recomputation from the export's own rows, per real hour the best-ranked app that wrote in it,
/// over the spring-forward day and with data after the as-of day.
final class HealthConnectPriorityTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try HealthExportFixtures.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    static let fitness = "health-connect:com.google.android.apps.fitness"
    static let shealth = "health-connect:com.sec.android.app.shealth"
    static let scale = "health-connect:com.withings.wiscale2"
    /// 27 March to 1 April 2025; Central European clocks go forward on 30 March.
    static let firstDay = 86
    static let springForward = LocalDate(iso: "2025-03-30")!

    static func steps(_ yaml: [String]? = nil, rule: Series.OverlapRule = .priority) -> Series {
        var series = HealthConnectImportTests.series("steps", .quantity, .count, ["HKQuantityTypeIdentifierStepCount"])
        series.overlappingSources = rule
        series.sourcePriority = yaml
        return series
    }

    static func importer(_ steps: Series) -> HealthConnectImporter {
        let others = [
            HealthConnectImportTests.series("body_mass", .quantity, .kg, ["HKQuantityTypeIdentifierBodyMass"]),
            HealthConnectImportTests.series(
                "active_energy", .quantity, .kcal, ["HKQuantityTypeIdentifierActiveEnergyBurned"]),
        ]
        return HealthConnectImporter(mapping: HealthSampleMapping(series: [steps] + others), series: [steps] + others)
    }

    /// The export's database itself (`--db-only`), six days from 27 March.
    private func generate(_ extra: [String] = ["--priority-gaps"], name: String = "export") throws -> String {
        let python = try OptionalTool.require(.python3)
        let path = directory.appendingPathComponent("\(name).db").path
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/Generators/health_connect_export.py")
            .path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [script, "--days", "6", "--first-day", "\(Self.firstDay)", "--out", path, "--db-only"] + extra
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the generator failed")
        return path
    }

    private func run(_ path: String, _ steps: Series, into store: SampleStore, dryRun: Bool = false) throws
        -> ImportReceipt
    {
        try ImportRunner.run(
            Self.importer(steps), source: ImportSource.peek(path), into: store, subjectID: "me", dryRun: dryRun)
    }

    /// Naive, from the export's rows: a row's day is the date at its own offset; per day and
    /// real hour, each app's total; the first app of `ranking` with one counts, else the largest.
    static func naiveDaySums(_ path: String, ranking: [String]) throws -> [Int: Double] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        var perDay: [Int: [Int64: [String: Double]]] = [:]
        try queue.read { db in
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT s.start_time, s.start_zone_offset, a.package_name, s.count
                    FROM steps_record_table s JOIN application_info_table a ON a.row_id = s.app_info_id
                    """)
            {
                let start = (row[0] as Int64) / 1000
                let day = Int(((start + (row[1] as Int64)) / 86_400))
                perDay[day, default: [:]][start / 3600, default: [:]][
                    "health-connect:" + (row[2] as String), default: 0] +=
                    row[3] as Double
            }
        }
        return perDay.mapValues { hours in
            hours.values.map { totals in ranking.first { totals[$0] != nil }.map { totals[$0]! } ?? totals.values.max()!
            }
            .reduce(0, +)
        }
    }

    /// The store's day sums of `steps` through each as-of day around the clock change, against
    /// `expected`: days after the as-of day are not counted.
    private func assertDaySums(
        _ store: SampleStore, _ steps: Series, _ expected: [Int: Double], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        for asOf in [Self.springForward, Self.springForward.adding(days: 1)] {
            let query = try MetricQuery(
                binding: MetricBinding(seriesID: "steps", aggregate: .sum, bucket: .day, range: .days(6)),
                series: steps, asOf: asOf)
            let buckets = try query.fetchBuckets(from: store).buckets
            XCTAssertEqual(buckets.last?.start, asOf, file: file, line: line)
            XCTAssertTrue(buckets.contains { $0.start == Self.springForward }, file: file, line: line)
            for bucket in buckets {
                XCTAssertEqual(
                    bucket.value, expected[bucket.start.dayNumber], "\(bucket.start)", file: file, line: line)
            }
            let total = buckets.compactMap(\.value).reduce(0, +)
            let naive = expected.filter { $0.key <= asOf.dayNumber }.values.reduce(0, +)
            XCTAssertEqual(total, naive, "through \(asOf)", file: file, line: line)
        }
    }

    func testStepsCountTheAppHealthConnectPrefersEachHour() throws {
        let path = try generate()
        let store = try SampleStore.inMemory()
        let receipt = try run(path, Self.steps(), into: store)
        // Activity is 2,1 (shealth first), body measurements 3,1 (the scale first).
        XCTAssertEqual(try store.sourceRanking(subject: "me", series: "steps"), [Self.shealth, Self.fitness])
        XCTAssertEqual(try store.sourceRanking(subject: "me", series: "active_energy"), [Self.shealth, Self.fitness])
        XCTAssertEqual(try store.sourceRanking(subject: "me", series: "body_mass"), [Self.scale, Self.fitness])
        XCTAssertTrue(
            receipt.notes.contains(
                "steps: \(Self.shealth) preferred over \(Self.fitness), \(Self.scale), Health Connect's priority"),
            "\(receipt.notes)")
        let expected = try Self.naiveDaySums(path, ranking: [Self.shealth, Self.fitness])
        // The preference matters here: it differs from each hour's largest.
        XCTAssertNotEqual(expected, try Self.naiveDaySums(path, ranking: []))
        try assertDaySums(store, Self.steps(), expected)
    }

    func testTheYAMLsSourcePriorityBeatsTheExports() throws {
        let path = try generate()
        let store = try SampleStore.inMemory()
        let yaml = Self.steps([Self.fitness])
        let receipt = try run(path, yaml, into: store)
        XCTAssertTrue(
            receipt.notes.contains(
                "steps: \(Self.fitness) preferred over \(Self.shealth), \(Self.scale), source_priority in the YAML"),
            "\(receipt.notes)")
        let expected = try Self.naiveDaySums(path, ranking: [Self.fitness])
        XCTAssertNotEqual(expected, try Self.naiveDaySums(path, ranking: [Self.shealth, Self.fitness]))
        try assertDaySums(store, yaml, expected)
    }

    func testWithoutAPriorityListStepsAreHourlyMax() throws {
        let path = try generate(["--priority-gaps", "--no-priority"])
        let store = try SampleStore.inMemory()
        let receipt = try run(path, Self.steps(), into: store)
        XCTAssertEqual(try store.sourceRanking(subject: "me", series: "steps"), [])
        XCTAssertTrue(
            receipt.notes.contains { $0.hasPrefix("steps: each hour the source with the largest total counts") },
            "\(receipt.notes)")
        let expected = try Self.naiveDaySums(path, ranking: [])
        try assertDaySums(store, Self.steps(), expected)
        try assertDaySums(store, Self.steps(rule: .hourlyMax), expected)
    }

    /// A re-import states the export's priority again, replacing the stored one; a dry run
    /// stores none, though its receipt says what would count.
    func testAReimportReplacesTheRankingAndADryRunStoresNone() throws {
        let path = try generate()
        let store = try SampleStore.inMemory()
        let dry = try run(path, Self.steps(), into: store, dryRun: true)
        XCTAssertTrue(dry.notes.contains { $0.hasPrefix("steps: \(Self.shealth) preferred over") }, "\(dry.notes)")
        XCTAssertEqual(try store.sourceRanking(subject: "me", series: "steps"), [])
        _ = try run(path, Self.steps(), into: store)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql:
                    "UPDATE health_data_category_priority_table SET app_id_priority_order = '1' WHERE health_data_category = 1"
            )
        }
        try queue.close()
        let again = try run(path, Self.steps(), into: store)
        XCTAssertEqual(again.totalNew, 0)
        XCTAssertEqual(try store.sourceRanking(subject: "me", series: "steps"), [Self.fitness])
        try assertDaySums(store, Self.steps(), try Self.naiveDaySums(path, ranking: [Self.fitness]))
    }
}
