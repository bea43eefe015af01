import Foundation
import XCTest

/// End-to-end tests of the data commands: demo, log, import csv, export, milestone.
final class StoreCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-store-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    /// Runs the built binary with TZ=Europe/Amsterdam.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> VitalsProcess.Run {
        try Self.execute(arguments, environment: environment)
    }

    private static func execute(_ arguments: [String], environment: [String: String] = [:]) throws -> VitalsProcess.Run
    {
        try VitalsProcess.run(arguments, environment: ["TZ": "Europe/Amsterdam"].merging(environment) { $1 })
    }

    private var db: String { directory.appendingPathComponent("v.sqlite").path }

    /// `run(arguments)` with its exit code and whole output asserted (the directory written
    /// `$TMP`, the shipped catalog's series list elided).
    @discardableResult
    private func assertRun(
        _ arguments: [String], stdout: String? = "", stderr: String? = "", exitCode: Int32 = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        try assertCommand(
            arguments, environment: ["TZ": "Europe/Amsterdam"], replacing: ["$TMP": directory.path],
            patterns: CommandOutput.shippedSeries, stdout: stdout, stderr: stderr, exitCode: exitCode,
            file: file, line: line)
    }

    func testDemoThenLogThenExport() throws {
        // The demo's sample count follows the shipped catalog; the rest of the line is exact.
        let demo = try assertRun(["demo", "--db", db, "--as-of", "2026-11-20"], stdout: nil)
        XCTAssertEqual(
            CommandOutput.normalised(demo.stdout, ["$TMP": directory.path], [#"wrote [0-9]+ "#: "wrote $N "]),
            "wrote $N demo samples (2025-10-17 to 2026-11-20, seed 42) to $TMP/v.sqlite\n")
        try assertRun(
            ["demo", "--db", db, "--as-of", "2026-11-20"],
            stderr: """
                vitals: error: $TMP/v.sqlite already exists
                  pass --force to replace it with the demo data

                """, exitCode: 1)

        // A database `vitals demo` wrote is the demo's: its dog is a subject.
        let log = try run(["log", "body_mass", "12.4", "--subject", "ollie", "--at", "2026-11-20T09:00", "--db", db])
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertEqual(log.stdout, "logged body_mass 12.4 kg for ollie at 2026-11-20T09:00:00+01:00\n")
        let veg = try run(["log", "vegetables", "0.5", "--tag", "lunch", "--at", "2026-11-20T12:10", "--db", db])
        XCTAssertEqual(
            veg.stdout, "logged vegetables 0.5 portions for me at 2026-11-20T12:10:00+01:00 (Lunch)\n", veg.stderr)

        let export = try run([
            "export", "csv", "--series", "body_mass", "--subject", "ollie", "--from", "2026-11-20", "--db", db,
        ])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(
            export.stdout,
            """
            series,subject,start,end,value,unit,category,tag,source,note
            body_mass,ollie,2026-11-20T09:00:00+01:00,2026-11-20T09:00:00+01:00,12.4,kg,,,manual,

            """)
    }

    func testBadInputWritesNothing() throws {
        try assertRun(
            ["log", "body_mass", "700", "lb", "--db", db],
            stderr: """
                vitals: error: 700 lb (317.5 kg) is outside the plausible range for body_mass of a human: 20–300 kg

                """, exitCode: 1)
        let withOllie = try DemoSubjectsCatalog.write(in: directory)
        try assertRun(
            ["log", "body_mass", "400", "--subject", "ollie", "--db", db, "--catalog", withOllie],
            stderr: "vitals: error: 400 kg is outside the plausible range for body_mass of a dog: 0.1–100 kg\n",
            exitCode: 1)
        try assertRun(
            ["log", "body_mas", "80", "--db", db],
            stderr: """
                vitals: error: unknown series 'body_mas'
                  did you mean body_mass or lean_body_mass or body_fat?

                """, exitCode: 1)
        try assertRun(
            ["log", "body_mass", "80", "cm", "--db", db],
            stderr: """
                vitals: error: unit 'cm' measures length, but body_mass is mass (kg)
                  units for body_mass: mg, g, oz, lb, kg, st

                """, exitCode: 1)
        try assertRun(
            ["log", "body_mass", "nan", "--db", db], stderr: "vitals: error: 'nan' is not a number\n", exitCode: 1)
        try assertRun(
            ["log", "body_mass", "80", "--at", "2099-01-01", "--db", db],
            stderr: "vitals: error: 2099-01-01T12:00:00+01:00 is more than a day in the future\n", exitCode: 1)
        try assertRun(
            ["log", "body_mass", "80", "--at", "later", "--db", db],
            stderr: """
                vitals: error: cannot read the time 'later'
                  use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][±HH:MM], HH:MM, yesterday [HH:MM] or now

                """, exitCode: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: db), "a refused log must not create the database")
        try "not sqlite".write(toFile: db, atomically: true, encoding: .utf8)
        try assertRun(
            ["log", "body_mass", "80", "--db", db],
            stderr: """
                vitals: error: $TMP/v.sqlite is not a vitals database (not an SQLite file)
                  point --db at another file, or move this one away

                """, exitCode: 1)
    }

    func testReadingWithoutADatabaseUsesTheEmbeddedDemo() throws {
        let result = try run(
            ["export", "csv", "--series", "waist", "--from", "2026-01-01", "--to", "2026-01-31"],
            environment: ["XDG_DATA_HOME": directory.path, "VITALS_DB": ""])
        XCTAssertEqual(result.status, 0, result.stderr)
        let path = directory.path + "/vitals/vitals.sqlite"
        XCTAssertEqual(
            result.stderr,
            "vitals: no database at \(path); showing the embedded demo data (vitals demo --db \(path) writes it)\n")
        // The demo's values are the generator's; every row is a waist measurement in January.
        let rows = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "series,subject,start,end,value,unit,category,tag,source,note")
        XCTAssertGreaterThan(rows.count, 1, result.stdout)
        XCTAssertEqual(rows.dropFirst().filter { !$0.hasPrefix("waist,me,2026-01-") }, [], result.stdout)
    }

    func testCSVImportIsIdempotentAndAllOrNothing() throws {
        let good = directory.appendingPathComponent("w.csv")
        try "date,value,unit\n2026-11-01,81.2,kg\n2026-11-02T07:15,179,lb\n".write(
            to: good, atomically: true, encoding: .utf8)
        let first = try run(["import", "csv", good.path, "--series", "body_mass", "--db", db])
        XCTAssertEqual(
            first.stdout, "imported \(good.path): 2 rows: 2 new, 0 already stored, 0 skipped\n", first.stderr)
        let second = try run(["import", "csv", good.path, "--series", "body_mass", "--db", db])
        XCTAssertEqual(
            second.stdout, "imported \(good.path): 2 rows: 0 new, 2 already stored, 0 skipped\n", second.stderr)
        let bad = directory.appendingPathComponent("bad.csv")
        try "date,value\n2026-11-03,80\n2026-11-04,800\n".write(to: bad, atomically: true, encoding: .utf8)
        try assertRun(
            ["import", "csv", bad.path, "--series", "body_mass", "--db", db],
            stderr: """
                vitals: error: 1 of 2 rows are invalid; nothing was imported
                  line 3: 800 kg is outside the plausible range for body_mass of a human: 20–300 kg
                  fix them, or pass --skip-invalid to import the good rows

                """, exitCode: 1)
        let export = try run(["export", "json", "--series", "body_mass", "--db", db])
        XCTAssertEqual(export.stdout.components(separatedBy: "\"series\"").count - 1, 2, export.stdout)
    }

    func testMilestoneDone() throws {
        let catalog = try DemoSubjectsCatalog.write(in: directory)
        let done = try run([
            "milestone", "done", "vaccinatie_12", "--subject", "ollie", "--on", "2026-03-14", "--db", db, "--catalog",
            catalog,
        ])
        XCTAssertEqual(done.stdout, "marked vaccinatie_12 done for ollie on 2026-03-14\n", done.stderr)
        let list = try run(["milestone", "list", "--subject", "ollie", "--db", db, "--catalog", catalog])
        XCTAssertEqual(list.stdout, "2026-03-14  vaccinatie_12\n")
        try assertRun(
            ["milestone", "done", "vaccinatie_21", "--subject", "ollie", "--db", db, "--catalog", catalog],
            stderr: """
                vitals: error: unknown milestone 'vaccinatie_21' for ollie
                  did you mean vaccinatie_12 or vaccinatie_16 or vaccinatie_8?

                """, exitCode: 1)
    }

    /// Several processes creating the same new database at once all succeed (the schema
    /// migration is retried when another process got there first).
    func testConcurrentFirstOpenOfANewDatabase() throws {
        let failures = ErrorBox()
        let db = self.db
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            do {
                let result = try Self.execute([
                    "log", "steps", "\(worker + 1)", "--at", "2026-11-20T10:0\(worker)", "--db", db,
                ])
                if result.status != 0 { failures.append(result.stderr) }
            } catch { failures.append("\(error)") }
        }
        XCTAssertEqual(failures.all, [])
        XCTAssertEqual(try run(["export", "csv", "--db", db]).stdout.split(separator: "\n").count, 1 + 6)
    }

    /// A `log` loop against a reading loop, as separate processes on one database: each
    /// succeeds with nothing on stderr (never "database is locked").
    func testLogLoopAgainstReadLoopNeverLocks() throws {
        XCTAssertEqual(try run(["log", "steps", "1", "--at", "2026-11-01T00:00", "--db", db]).status, 0)
        let failures = ErrorBox()
        let db = self.db
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<8 {
                do {
                    let arguments =
                        worker < 2
                        ? [
                            "log", "steps", "\(worker * 100 + index + 2)", "--at",
                            "2026-11-0\(worker + 2)T10:\(String(format: "%02d", index))", "--db", db,
                        ]
                        : ["export", "csv", "--series", "steps", "--db", db]
                    let result = try Self.execute(arguments)
                    if result.status != 0 || !result.stderr.isEmpty {
                        failures.append("\(arguments): \(result.stderr)")
                    }
                } catch { failures.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.all, [])
        let export = try run(["export", "csv", "--series", "steps", "--db", db])
        XCTAssertEqual(export.stdout.split(separator: "\n").count, 1 + 1 + 16)
    }
}

/// A thread-safe list of failure messages.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}
