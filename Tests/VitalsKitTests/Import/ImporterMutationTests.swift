import Foundation
import GRDB
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// The new importers' parsers on mutated input (a bounded loop, like the Apple Health
/// mutation tests): every mutated file is read or refused with an `ImporterError` (or, for a
/// CSV row, `ImportError`), never a trap, a hang or a raw SQLite error.
@Suite("Importers: mutated files")
struct ImporterMutationTests {
    static let mapping = HealthConnectImportTests.mapping

    static let autoExport = Array(
        """
        {"data":{"metrics":[{"name":"step_count","units":"count","data":[{"date":"2025-12-08 00:12:43 +0100","qty":12,"source":"iPhone"}]},
        {"name":"heart_rate","units":"count/min","data":[{"date":"2025-12-08 01:00:00 -0500","Min":50,"Avg":61.5,"Max":70,"source":"W"}]},
        {"name":"blood_pressure","units":"mmHg","data":[{"date":"2025-12-08 08:00:00 +1400","systolic":120,"diastolic":80}]},
        {"name":"sleep_analysis","units":"hr","data":[{"date":"2025-12-08 00:00:00 +0100","core":3.5,"deep":1,"rem":1.5,"awake":0.2,
        "sleepStart":"2025-12-07 23:10:00 +0100","sleepEnd":"2025-12-08 06:40:00 +0100"}]},
        {"name":"body_fat_percentage","units":"%","data":[{"date":"2025-12-08 07:00:00 +0100","qty":"21.5"}]}]}}
        """.utf8)

    static let servings = Array(
        """
        Day,Time,Group,Food Name,Amount,Energy (kcal),Caffeine (mg),Water (g),Fiber (g),Protein (g)
        2025-03-01,8:15 AM,Breakfast,"Eggs, Whole",2.00 large,143.0,0.0,76.2,0.0,12.56
        2025-03-01,12:30,Lunch,"Oats",40.00 g,150.4,,3.3,4.24,5.27
        2025-03-02,,Snacks,Apple,1.00 medium,94.6,,156.2,4.37,0.47

        """.utf8)

    /// Runs `body` on `count` mutations of `seed`, each written to a file: what it throws must be
    /// one of the errors that name the file.
    private func mutations(
        of seed: [UInt8], count: Int, seed number: UInt64, suffix: String,
        _ body: (String) throws -> Void
    ) throws {
        let directory = try HealthExportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix(seed: number)
        for index in 0..<count {
            let path = directory.appendingPathComponent("m\(index).\(suffix)").path
            try Data(Mutator.mutate(seed, using: &generator)).write(to: URL(fileURLWithPath: path))
            do {
                try body(path)
            } catch is ImporterError {
            } catch is ImportError {
            } catch {
                Issue.record("mutation \(index) threw \(type(of: error)): \(error)")
            }
        }
    }

    @Test("Health Auto Export JSON: 500 mutations read or refused by name")
    func autoExportMutations() throws {
        try mutations(of: Self.autoExport, count: 500, seed: 43, suffix: "json") { path in
            try HealthAutoExportImporter(mapping: Self.mapping).read(ImportSource(path: path), into: CollectingSink())
        }
    }

    @Test("Cronometer servings.csv: 500 mutations read or refused by name")
    func cronometerMutations() throws {
        try mutations(of: Self.servings, count: 500, seed: 44, suffix: "csv") { path in
            try CronometerImporter(mapping: Self.mapping, timeZone: TimeZone(secondsFromGMT: 0)!)
                .read(ImportSource(path: path), into: CollectingSink())
        }
    }

    @Test("Health Connect database: 200 mutations read or refused by name")
    func healthConnectMutations() throws {
        let directory = try HealthExportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seed.db").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    PRAGMA user_version = 13;
                    CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY, package_name TEXT NOT NULL, app_name TEXT);
                    INSERT INTO application_info_table VALUES (1, 'com.example.fit', 'Fit');
                    CREATE TABLE steps_record_table (row_id INTEGER PRIMARY KEY, app_info_id INTEGER, start_time INTEGER,
                        start_zone_offset INTEGER, end_time INTEGER, end_zone_offset INTEGER, count INTEGER);
                    INSERT INTO steps_record_table VALUES (1, 1, 1735689600000, 3600, 1735693200000, 3600, 420);
                    CREATE TABLE weight_record_table (row_id INTEGER PRIMARY KEY, app_info_id INTEGER, time INTEGER,
                        zone_offset INTEGER, weight REAL);
                    INSERT INTO weight_record_table VALUES (1, 1, 1735689600000, -64800, 71234.5);
                    CREATE TABLE nutrition_record_table (row_id INTEGER PRIMARY KEY, app_info_id INTEGER, start_time INTEGER,
                        start_zone_offset INTEGER, end_time INTEGER, end_zone_offset INTEGER, meal_type INTEGER, protein REAL, energy REAL);
                    INSERT INTO nutrition_record_table VALUES (1, 1, 1735689600000, 0, 1735689700000, 0, 2, 5e-324, 420000);
                    CREATE TABLE sleep_session_record_table (row_id INTEGER PRIMARY KEY, app_info_id INTEGER, start_time INTEGER,
                        start_zone_offset INTEGER, end_time INTEGER, end_zone_offset INTEGER);
                    INSERT INTO sleep_session_record_table VALUES (1, 1, 1735689600000, 0, 1735718400000, 0);
                    CREATE TABLE sleep_stages_table (row_id INTEGER PRIMARY KEY, parent_key INTEGER, stage_start_time INTEGER,
                        stage_end_time INTEGER, stage_type INTEGER);
                    INSERT INTO sleep_stages_table VALUES (1, 1, 1735689600000, 1735693200000, 5);
                    """)
        }
        try queue.close()
        let seed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let collected = CollectingSink()
        try HealthConnectImporter(mapping: Self.mapping).read(ImportSource.peek(path), into: collected)
        #expect(
            collected.samples.count >= 5
                && collected.skipped["nutrition_record_table.protein: not recorded (5e-324)"] == 1)
        try mutations(of: seed, count: 200, seed: 45, suffix: "db") { mutated in
            let source = try ImportSource.peek(mutated)
            try HealthConnectImporter(mapping: Self.mapping).read(source, into: CollectingSink())
        }
    }
}
