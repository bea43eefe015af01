import Foundation
import GRDB
import VitalsKit
import XCTest

/// Issue #13 item 8 and #14: a store holding any value renders; reading never writes.
final class StoreRobustnessCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-store-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    /// A store with extreme values (as an older import or another writer could have left) in
    /// the series the shipped screens chart.
    private func extremeStore() throws -> String {
        let path = directory.appendingPathComponent("extreme.sqlite").path
        let store = try SampleStore.open(path: path)
        let values: [Double] = [1.7e308, -1.7e308, .infinity, -.infinity, 1e308, -80, 1e15, 9.3e18, 0]
        let series = [
            "steps", "body_mass", "heart_rate", "protein", "vegetables", "fruits", "water", "mindfulness",
            "body_fat", "blood_pressure_systolic", "sleep_analysis", "lean_body_mass",
        ]
        var samples: [Sample] = []
        for (index, value) in values.enumerated() {
            for id in series {
                let start = Date(timeIntervalSince1970: 1_709_280_000 + Double(index) * 36_000)
                samples.append(
                    Sample(
                        seriesID: id, subjectID: "me", start: start, end: start.addingTimeInterval(600),
                        utcOffsetSeconds: 3600, value: value, category: id == "sleep_analysis" ? "core" : nil,
                        tag: nil, source: "test", note: nil))
            }
        }
        try store.insert(samples)
        try store.close()
        return path
    }

    func testEveryScreenRendersAStoreOfExtremeValues() throws {
        let db = try extremeStore()
        for arguments in [
            ["--width", "80"], ["--width", "40", "--ascii"], ["--children", "--range", "1y"],
            ["--format", "json"],
        ] {
            let run = try VitalsProcess.run(["render", "--all", "--db", db, "--as-of", "2024-03-05"] + arguments)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr.suffix(800))")
            XCTAssertEqual(run.stderr, "", "\(arguments)")
            if arguments.first == "--width" {
                let width = Int(arguments[1])!
                for line in run.stdout.split(separator: "\n") where DisplayWidth.of(String(line)) > width {
                    XCTFail("\(arguments): wider than \(width): \(line)")
                }
            }
        }
        let json = try VitalsProcess.run(["export", "json", "--db", db])
        XCTAssertEqual(json.status, 0)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), "export json is valid JSON")
    }

    func testReadingCommandsNeverWriteTheDatabase() throws {
        let db = try extremeStore()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let modified = try FileManager.default.attributesOfItem(atPath: db)[.modificationDate] as? Date
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db) }
        for arguments in [["render", "steps", "--as-of", "2024-03-05"], ["export", "csv"], ["milestone", "list"]] {
            let run = try VitalsProcess.run(arguments + ["--db", db])
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: db)[.modificationDate] as? Date, modified)
    }

    func testAnOlderSchemaIsExplainedNotMigratedByAReader() throws {
        let db = directory.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: db)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1-samples');
                    CREATE TABLE sample (id INTEGER PRIMARY KEY, series TEXT NOT NULL, subject TEXT NOT NULL,
                        start INTEGER NOT NULL, "end" INTEGER NOT NULL, utc_offset INTEGER NOT NULL, value REAL NOT NULL,
                        category TEXT NOT NULL DEFAULT '', tag TEXT NOT NULL DEFAULT '', source TEXT NOT NULL DEFAULT 'manual',
                        note TEXT, metadata TEXT);
                    CREATE UNIQUE INDEX sample_natural_key ON sample(series, subject, start, "end", value, category, tag, source);
                    CREATE INDEX sample_series_subject_start ON sample(series, subject, start, utc_offset, value, category, tag);
                    CREATE TABLE milestone (subject TEXT NOT NULL, milestone TEXT NOT NULL, done_on TEXT NOT NULL, note TEXT,
                        PRIMARY KEY (subject, milestone)) WITHOUT ROWID;
                    """)
        }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        // The current schema and the migrations to it are named by the store, not here.
        try assertCommand(
            ["render", "steps", "--db", db, "--as-of", "2024-03-05"], replacing: ["$TMP": directory.path],
            patterns: [
                #"this one reads [^)]+\)"#: "this one reads $CURRENT)",
                #"in place \([^)]+\)"#: "in place ($MIGRATIONS)",
            ],
            stderr: """
                vitals: error: $TMP/old.sqlite was written by an older version of vitals (schema v1-samples; this one reads \
                $CURRENT); reading commands never change it
                  the next command that writes (vitals import, vitals log …) upgrades it in place ($MIGRATIONS)

                """, exitCode: 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "a reader never migrates")
        // A writing command upgrades it.
        let log = try VitalsProcess.run(["log", "steps", "100", "--db", db, "--at", "2024-03-04 10:00"])
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertEqual(try VitalsProcess.run(["render", "steps", "--db", db, "--as-of", "2024-03-05"]).status, 0)
    }

    func testAFailedFirstImportOrLogLeavesNoDatabase() throws {
        let db = directory.appendingPathComponent("new.sqlite").path
        let bad = directory.appendingPathComponent("bad.xml")
        try "<HealthData><Record".write(to: bad, atomically: true, encoding: .utf8)
        for arguments in [
            ["import", "apple-health", directory.appendingPathComponent("missing.xml").path],
            ["import", "apple-health", bad.path],
            ["milestone", "done", "foo"],
        ] {
            let run = try VitalsProcess.run(arguments + ["--db", db])
            XCTAssertNotEqual(run.status, 0, "\(arguments)")
            for suffix in ["", "-wal", "-shm", "-journal"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: db + suffix), "\(arguments) left \(db)\(suffix)")
            }
        }
        // Still no database: reading it is an error (the demo data stands in only when no
        // database is named at all).
        try assertCommand(
            ["render", "steps", "--db", db], replacing: ["$TMP": directory.path], stdout: "",
            stderr: """
                vitals: error: no database at $TMP/new.sqlite (named by --db)
                  `vitals import …`, `vitals log …` or `vitals demo --db $TMP/new.sqlite` create it; check --db for a typo
                  only without --db, $VITALS_DB and a settings db do reading commands show the embedded demo data

                """, exitCode: 2)
    }

    func testUnknownMilestonesAndSubjectsAreRefused() throws {
        let db = directory.appendingPathComponent("m.sqlite").path
        // A catalog that declares the dog (the demo's Ollie, in a database of one's own).
        let catalog = try DemoSubjectsCatalog.write(in: directory)
        try assertCommand(
            ["milestone", "done", "foo", "--db", db, "--catalog", catalog],
            stderr: """
                vitals: error: unknown milestone 'foo': no screen of me declares milestones
                  subjects with milestones: ollie

                """, exitCode: 1)
        try assertCommand(
            ["milestone", "done", "vaccinatie_12", "--db", db, "--catalog", catalog],
            stderr: """
                vitals: error: milestone 'vaccinatie_12' belongs to ollie, not me
                  vitals milestone done vaccinatie_12 --subject ollie

                """, exitCode: 1)
        try assertCommand(
            ["milestone", "done", "vaccinatie_12", "--subject", "olie", "--db", db, "--catalog", catalog],
            stderr: """
                vitals: error: unknown subject 'olie'
                  did you mean ollie?

                """, exitCode: 1)
        try assertCommand(
            ["milestone", "list", "--subject", "olie", "--db", db, "--catalog", catalog],
            stderr: """
                vitals: error: unknown subject 'olie'
                  did you mean ollie?

                """, exitCode: 1)
        try assertCommand(
            ["log", "body_mass", "12", "--subject", "olie", "--db", db, "--catalog", catalog],
            stderr: """
                vitals: error: unknown subject 'olie'
                  did you mean ollie?

                """, exitCode: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: db))
        let done = try VitalsProcess.run([
            "milestone", "done", "vaccinatie_12", "--subject", "ollie", "--on", "2024-01-01", "--db", db, "--catalog",
            catalog,
        ])
        XCTAssertEqual(done.status, 0, done.stderr)
    }

    func testImportFromAPipe() throws {
        let export = directory.appendingPathComponent("export.xml")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-03-01 08:00:00 +0100" endDate="2024-03-01 08:00:00 +0100" value="80"/>
        </HealthData>
        """.write(to: export, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("p.sqlite").path
        let process = Process()
        process.executableURL = VitalsProcess.binary
        process.arguments = ["import", "apple-health", "-", "--db", db, "--catalog", VitalsProcess.packageRoot.path]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_CACHE_HOME": VitalsProcess.isolatedCacheHome
        ]) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: export)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(
            CommandOutput.normalised(text, [:], [#"in [0-9.]+ s \([0-9.]+ /s\)"#: "in $SECONDS s ($RATE /s)"]),
            """
            imported standard input
            type                                    new    present  skipped  series
            HKQuantityTypeIdentifierBodyMass          1          0        0  body_mass
            1 new, 0 already present, 0 skipped; 1 samples in $SECONDS s ($RATE /s)

            """)
    }
}
