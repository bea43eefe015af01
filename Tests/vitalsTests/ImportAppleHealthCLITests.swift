import Foundation
import GRDB
import VitalsImport
import VitalsKit
import XCTest

/// End-to-end tests of `vitals import apple-health`: the built binary, its output and exit codes.
final class ImportAppleHealthCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-import-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(arguments)
    }

    /// The import's time and rate, which differ from run to run.
    private static let timing = [#"in [0-9.]+ s \([0-9.]+ /s\)"#: "in $SECONDS s ($RATE /s)"]

    private static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        ]>
        <HealthData locale="nl_NL">
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-05-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Weegschaal\u{0B}" unit="kg" startDate="2024-03-30 08:00:00 +0100" endDate="2024-03-30 08:00:00 +0100" value="80.5"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Weegschaal\u{0B}" unit="kg" startDate="2024-03-31 08:00:00 +0200" endDate="2024-03-31 08:00:00 +0200" value="80.1"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-03-31 00:10:00 +0100" endDate="2024-03-31 01:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepDeep"/>
        </HealthData>

        """

    func testImportTwiceThenTruncated() throws {
        let path = directory.appendingPathComponent("export.xml")
        try Self.export.write(to: path, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("v.sqlite").path

        // No progress bar when stderr is not a terminal; the source name's control character
        // is kept in the store and hidden on output.
        try assertCommand(
            ["import", "apple-health", path.path, "--db", db], replacing: ["$TMP": directory.path],
            patterns: Self.timing,
            stdout: """
                imported $TMP/export.xml
                type                                               new    present  skipped  series
                HKQuantityTypeIdentifierBodyMass                     2          0        0  body_mass
                HKCategoryTypeIdentifierSleepAnalysis                1          0        0  sleep_analysis
                HKCharacteristicTypeIdentifierBiologicalSex          1          0        0  HKCharacteristicTypeIdentifierBiologicalSex
                HKCharacteristicTypeIdentifierDateOfBirth            1          0        0  HKCharacteristicTypeIdentifierDateOfBirth
                5 new, 0 already present, 0 skipped; 5 samples in $SECONDS s ($RATE /s)
                1 distinct values hold control characters (kept; hidden on display)
                Me: born 1990-05-01, male

                """)

        try assertCommand(["import", "apple-health", path.path, "--db", db, "--quiet"])

        let cut = directory.appendingPathComponent("cut.xml")
        try String(Self.export.dropLast(40)).write(to: cut, atomically: true, encoding: .utf8)
        try assertCommand(
            ["import", "apple-health", cut.path, "--db", db],
            stderr: """
                vitals: error: the export is truncated at line 10, byte offset 613: the file ends inside the start tag \
                that begins here
                  the database was not changed

                """, exitCode: 1)

        try assertCommand(
            ["import", "apple-health", directory.appendingPathComponent("nope.zip").path, "--db", db],
            replacing: ["$TMP": directory.path],
            stderr: """
                vitals: error: $TMP/nope.zip: no such file or directory
                  the database was not changed

                """, exitCode: 2)
    }

    /// Issue #31 item 6: a record with 300,000 metadata entries (16 MB of XML) is refused at once,
    /// naming the record, with nothing written; it took minutes and 1.8 GB before.
    func testAMetadataBombIsRefusedAtOnceNamingTheRecord() throws {
        let path = directory.appendingPathComponent("bomb.xml")
        let entry = #"  <MetadataEntry key="HKMetadataKeyBomb" value="v"/>"# + "\n"
        let bomb =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Bomb" unit="count" value="1" "#
            + #"startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:00:00 +0000">"# + "\n"
            + String(repeating: entry, count: 300_000) + " </Record>\n</HealthData>\n"
        try bomb.write(to: path, atomically: true, encoding: .utf8)
        let db = directory.appendingPathComponent("v.sqlite").path
        let started = Date()
        try assertCommand(
            ["import", "apple-health", path.path, "--db", db],
            stderr: """
                vitals: error: refused at line 1004, byte offset 53235: the <Record> at line 3 has more than 1000 \
                MetadataEntry elements; no Apple Health export comes near this (the file is damaged or made to exhaust memory)
                  the database was not changed

                """, exitCode: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    /// An export of `count` step records, one a minute from 2024-01-01: tens of megabytes, so an
    /// import of it is still running when the test stops it.
    private func bigExport(records count: Int) throws -> URL {
        let path = directory.appendingPathComponent("big.xml")
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(secondsFromGMT: 0)
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for index in 0..<count {
            let date = format.string(from: start.addingTimeInterval(Double(index) * 60)) + " +0000"
            text += """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" sourceVersion="17.1" unit="count" \
                creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(index % 97 + 1)">
                  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="\(UUID().uuidString)"/>
                 </Record>

                """
        }
        text += "</HealthData>\n"
        try text.write(to: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts `vitals import apple-health export --db db --quiet`, waits until `started(db)`
    /// says the import is writing, then sends `signal` and waits for the process to end.
    private func interruptImport(
        _ export: URL, db: String, signal: Int32,
        started: (String) -> Bool
    ) throws -> Bool {
        let process = Process()
        process.executableURL = VitalsProcess.binary
        process.arguments = ["import", "apple-health", export.path, "--db", db, "--quiet"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_CACHE_HOME": VitalsProcess.isolatedCacheHome
        ]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, !started(db), Date() < deadline { usleep(2_000) }
        guard process.isRunning else { return false }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    /// The samples in `db`, read by a fresh connection (which rolls back a hot journal), after
    /// checking the file's integrity.
    private func count(_ db: String) throws -> Int {
        let store = try SampleStore.open(path: db)
        defer { try? store.close() }
        XCTAssertEqual(try store.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }, "ok")
        return try store.count()
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// The issue's promise for an interrupted import: killed (SIGKILL) or stopped with Ctrl-C
    /// (SIGINT) half-way, the database is as it was, and a second run completes the import.
    /// Both ways of writing are covered: a first import into an empty store (rollback journal)
    /// and an import into a store that already has samples (WAL).
    func testKilledImportLeavesTheDatabaseAsItWasAndASecondRunCompletesIt() throws {
        let big = try bigExport(records: 40_000)
        let small = directory.appendingPathComponent("small.xml")
        try Self.export.write(to: small, atomically: true, encoding: .utf8)
        for (signal, populated) in [(SIGKILL, false), (SIGINT, false), (SIGKILL, true)] {
            let db = directory.appendingPathComponent("killed-\(signal)-\(populated).sqlite").path
            var before = 0
            if populated {
                XCTAssertEqual(try run(["import", "apple-health", small.path, "--db", db, "--quiet"]).status, 0)
                before = try count(db)
                XCTAssertEqual(before, 5)
            }
            // Stopped once rows are being written: the rollback journal exists (empty store) or
            // the WAL has grown past a few pages (populated store).
            let stopped = try interruptImport(big, db: db, signal: signal) { db in
                populated ? Self.size(db + "-wal") > 1 << 20 : FileManager.default.fileExists(atPath: db + "-journal")
            }
            XCTAssertTrue(stopped, "the import ended before it could be interrupted (signal \(signal))")
            XCTAssertEqual(try count(db), before, "signal \(signal), populated \(populated)")
            try assertCommand(
                ["import", "apple-health", big.path, "--db", db], replacing: ["$TMP": directory.path],
                patterns: Self.timing,
                stdout: """
                    imported $TMP/big.xml
                    type                                     new    present  skipped  series
                    HKQuantityTypeIdentifierStepCount      40000          0        0  steps
                    40000 new, 0 already present, 0 skipped; 40000 samples in $SECONDS s ($RATE /s)

                    """)
            XCTAssertEqual(try count(db), before + 40_000)
        }
    }
}
