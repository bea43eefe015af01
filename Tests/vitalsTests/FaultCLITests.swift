import Foundation
import XCTest

/// `vitals` against the faults of its surroundings (issue 31): a full or closed standard
/// output, a database path that names nothing, a FIFO where a file should be, concurrent
/// settings, refused writes that must leave every byte, and private file modes (issue 26).
final class FaultCLITests: XCTestCase {
    private var root: URL!

    override func setUp() { root = FaultProcess.scratch(self) }

    /// Every command that prints, with its output on a full disk: exit 2 and the reason, never
    /// a trap (`try!`, exit 132) or an exit 0 having written nothing.
    func testAFullStandardOutputIsAnErrorWithExit2ForEveryCommand() throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full")
        let db = root.appendingPathComponent("v.sqlite").path
        XCTAssertEqual(try FaultProcess.run(["log", "body_mass", "80", "--db", db]).status, 0)
        let commands: [[String]] = [
            ["render", "protein", "--as-of", "2026-06-15", "--db", db],
            ["render", "body", "--format", "json", "--as-of", "2026-06-15", "--db", db],
            ["report", "protein", "--as-of", "2026-06-15", "--db", db],
            ["export", "csv", "--db", db], ["export", "json", "--db", db],
            ["config", "list"], ["config", "get", "units"], ["config", "path"],
            ["validate"], ["validate", "--format", "json"], ["tree"], ["tree", "--format", "json"], ["schema"],
            ["foods"], ["rules"], ["rules", "--examples"], ["entries", "--db", db, "--day", "today"],
            ["--help"], ["--version"], ["render", "--help"], ["help", "export"],
        ]
        for arguments in commands {
            let run = try FaultProcess.run(arguments, stdout: .file("/dev/full"))
            let command = "vitals " + arguments.joined(separator: " ")
            XCTAssertEqual(run.status, 2, "\(command): \(run.stderr)")
            XCTAssertEqual(run.reason, .exit, command)
            XCTAssertTrue(
                run.stderr.contains("vitals: error: cannot write to standard output: No space left on device"),
                "\(command): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("Fatal error"), command)
        }
    }

    /// A reader that went away (`vitals export | head` after head exits): exit 2 with the
    /// reason, not a death by SIGPIPE and not exit 0.
    func testAClosedPipeIsAnErrorWithExit2() throws {
        for arguments in [["schema"], ["rules"], ["export", "csv"], ["render", "protein", "--as-of", "2026-06-15"]] {
            let run = try FaultProcess.run(arguments, environment: ["XDG_DATA_HOME": root.path], stdout: .closedPipe)
            XCTAssertEqual(run.reason, .exit, "\(arguments): killed by signal \(run.status)")
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("cannot write to standard output: Broken pipe"), run.stderr)
        }
    }

    /// A database the user named that does not exist: an error with exit 2 for every reading
    /// command, never the demo data (which only stands in for the default file).
    func testAMissingDatabaseThatWasNamedIsAnErrorNotTheDemoData() throws {
        let missing = root.appendingPathComponent("typo.sqlite").path
        let expected = """
            vitals: error: no database at \(missing) (named by --db)
              `vitals import …`, `vitals log …` or `vitals demo --db \(missing)` create it; check --db for a typo
              only without --db, $VITALS_DB and a settings db do reading commands show the embedded demo data

            """
        for arguments in [
            ["export", "csv"], ["export", "json"], ["render", "protein", "--as-of", "2026-06-15"],
            ["report", "protein", "--as-of", "2026-06-15"], ["milestone", "list"],
        ] {
            let run = try FaultProcess.run(arguments + ["--db", missing])
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments) wrote data for a database that does not exist")
            XCTAssertEqual(run.stderr, expected, "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        }
        let environment = try FaultProcess.run(["export", "csv"], environment: ["VITALS_DB": missing])
        XCTAssertEqual(environment.status, 2)
        XCTAssertEqual(environment.stdout, "")
        XCTAssertTrue(
            environment.stderr.hasPrefix("vitals: error: no database at \(missing) (named by $VITALS_DB)\n"),
            environment.stderr)
        // Named in the settings file.
        let config = root.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("vitals"), withIntermediateDirectories: true)
        try "db: \(missing)\n".write(
            to: config.appendingPathComponent("vitals/config.yaml"), atomically: true, encoding: .utf8)
        let settings = try FaultProcess.run(["export", "csv"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(settings.status, 2)
        XCTAssertEqual(settings.stdout, "")
        XCTAssertTrue(
            settings.stderr.hasPrefix("vitals: error: no database at \(missing) (named by the settings file's db)\n"),
            settings.stderr)
        // Nothing named: the demo data, said on stderr.
        let demo = try FaultProcess.run(
            ["export", "csv", "--series", "waist"], environment: ["XDG_DATA_HOME": root.path])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertTrue(demo.stdout.contains("waist,me,"))
    }

    /// A FIFO as the database, or as the cached demo file: refused at once, naming it.
    func testAFIFOWhereAFileShouldBeHangsNothing() throws {
        let fifo = root.appendingPathComponent("pipe.sqlite").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for arguments in [
            ["render", "protein", "--db", fifo], ["export", "csv", "--db", fifo],
            ["log", "body_mass", "80", "--db", fifo],
            ["entries", "--db", fifo], ["undo", "--db", fifo],
        ] {
            let run = try FaultProcess.run(arguments, timeout: 20)
            XCTAssertFalse(run.timedOut, "\(arguments) hung on a FIFO")
            XCTAssertNotEqual(run.status, 0, "\(arguments)")
            XCTAssertTrue(
                run.stderr.contains("\(fifo) is a FIFO (named pipe), not a database file"),
                "\(arguments): \(run.stderr)")
        }
        // The cached demo file.
        let cache = root.appendingPathComponent("cache")
        let first = try FaultProcess.run(
            ["render", "protein", "--as-of", "2026-06-15"],
            environment: ["XDG_DATA_HOME": root.path, "XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let demoFile = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: cache.path + "/vitals")
                .first { $0.hasPrefix("demo-") })
        let path = cache.path + "/vitals/" + demoFile
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let run = try FaultProcess.run(
            ["render", "protein", "--as-of", "2026-06-15"],
            environment: ["XDG_DATA_HOME": root.path, "XDG_CACHE_HOME": cache.path], timeout: 20)
        XCTAssertFalse(run.timedOut, "render hung on a FIFO as the demo file")
        XCTAssertTrue(run.stderr.contains("\(path) is a FIFO (named pipe), not a database file"), run.stderr)
        // The settings file.
        let config = root.appendingPathComponent("fifo-config/vitals")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(config.path + "/config.yaml", 0o600), 0)
        let list = try FaultProcess.run(
            ["config", "list"], environment: ["XDG_CONFIG_HOME": config.deletingLastPathComponent().path],
            timeout: 20)
        XCTAssertFalse(list.timedOut, "config list hung on a FIFO")
        XCTAssertTrue(list.stderr.contains("config.yaml is a FIFO (named pipe), not a settings file"), list.stderr)
    }

    /// Many `config set`s of different keys at once: every one lands (a lock around the read,
    /// edit and rename), and nothing temporary is left.
    func testConcurrentConfigSetsLoseNoUpdate() throws {
        let values = [
            ("units", "uk"), ("subject", "ollie"), ("day_cutoff", "04:00"), ("weigh_in", "mean"),
            ("color", "never"), ("db", "/tmp/elsewhere.sqlite"),
        ]
        for round in 0..<8 {
            let config = root.appendingPathComponent("round\(round)")
            let processes = try values.map { key, value -> Process in
                let process = Process()
                process.executableURL = VitalsProcess.binary
                process.arguments = ["config", "set", key, value]
                process.environment = FaultProcess.environment(["XDG_CONFIG_HOME": config.path])
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for process in processes {
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0)
            }
            let text = try String(contentsOfFile: config.path + "/vitals/config.yaml", encoding: .utf8)
            for (key, value) in values {
                XCTAssertTrue(
                    text.contains("\(key): \(value == "04:00" ? "\"04:00\"" : value)")
                        || text.contains("\(key): \(value)"),
                    "round \(round): \(key) lost:\n\(text)")
            }
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: config.path + "/vitals"), ["config.yaml"])
            XCTAssertEqual(FaultProcess.mode(config.path + "/vitals/config.yaml"), 0o600)
            XCTAssertEqual(FaultProcess.mode(config.path + "/vitals"), 0o700)
        }
    }

    func testARelativeDatabaseSettingMeansOneFileFromEveryDirectory() throws {
        let config = root.appendingPathComponent("config")
        let work = root.appendingPathComponent("work")
        let other = root.appendingPathComponent("other")
        for directory in [work, other] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let set = try FaultProcess.run(
            ["config", "set", "db", "data/mine.sqlite"], environment: ["XDG_CONFIG_HOME": config.path], in: work)
        XCTAssertEqual(set.status, 0, set.stderr)
        let absolute = work.appendingPathComponent("data/mine.sqlite").path
        XCTAssertEqual(
            try String(contentsOfFile: config.path + "/vitals/config.yaml", encoding: .utf8), "db: \(absolute)\n")
        let get = try FaultProcess.run(
            ["config", "get", "db"], environment: ["XDG_CONFIG_HOME": config.path], in: other)
        XCTAssertEqual(get.stdout, absolute + "\n")
    }

    /// Files vitals creates are 0600 and its directories 0700, whatever the umask; `export -o`
    /// keeps an existing file's mode.
    func testHealthDataFilesArePrivate() throws {
        let data = root.appendingPathComponent("data")
        let cache = root.appendingPathComponent("cache")
        let environment = ["XDG_DATA_HOME": data.path, "XDG_CACHE_HOME": cache.path]
        XCTAssertEqual(try FaultProcess.run(["log", "body_mass", "80"], environment: environment).status, 0)
        let db = data.path + "/vitals/vitals.sqlite"
        XCTAssertEqual(FaultProcess.mode(db), 0o600)
        XCTAssertEqual(FaultProcess.mode(data.path + "/vitals"), 0o700)
        let export = root.appendingPathComponent("out.csv").path
        XCTAssertEqual(try FaultProcess.run(["export", "csv", "-o", export], environment: environment).status, 0)
        XCTAssertEqual(FaultProcess.mode(export), 0o600)
        XCTAssertEqual(chmod(export, 0o640), 0)
        XCTAssertEqual(try FaultProcess.run(["export", "csv", "-o", export], environment: environment).status, 0)
        XCTAssertEqual(FaultProcess.mode(export), 0o640, "export -o changed the existing file's mode")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".") }, [],
            "export -o left a temporary file")
        // The demo cache and the compiled catalog.
        let demo = try FaultProcess.run(
            ["render", "protein", "--as-of", "2026-06-15"],
            environment: ["XDG_DATA_HOME": root.appendingPathComponent("none").path, "XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertEqual(FaultProcess.mode(cache.path + "/vitals"), 0o700)
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache.path + "/vitals")
        XCTAssertTrue(
            cached.contains { $0.hasPrefix("demo-") } && cached.contains { $0.hasPrefix("catalog-") }, "\(cached)")
        for name in cached { XCTAssertEqual(FaultProcess.mode(cache.path + "/vitals/" + name), 0o600, name) }
    }

    /// Refused writes leave every byte: an undo with nothing to undo, a failed import, a
    /// database of another program, a database from a newer vitals.
    func testARefusedWriteLeavesTheFileByteIdentical() throws {
        let db = root.appendingPathComponent("v.sqlite").path
        XCTAssertEqual(try FaultProcess.run(["demo", "--db", db, "--as-of", "2026-06-15"]).status, 0)
        // As `sqlite3 .backup` or another tool leaves a copy: rollback journal.
        XCTAssertEqual(try sqlite(db, "PRAGMA journal_mode = DELETE;"), "delete")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let undo = try FaultProcess.run(["undo", "--db", db])
        XCTAssertEqual(undo.status, 1, undo.stderr)
        XCTAssertTrue(undo.stderr.contains("nothing to undo"), undo.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: db)), before, "undo with nothing to undo changed the file")
        let bad = root.appendingPathComponent("bad.csv")
        try "date,value,unit\n2026-06-01,81.2,kg\n2026-06-02,lots,kg\n".write(
            to: bad, atomically: true, encoding: .utf8)
        let failed = try FaultProcess.run(["import", "csv", bad.path, "--series", "body_mass", "--db", db])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "a failed import changed the file")
        XCTAssertEqual(try sqlite(db, "PRAGMA journal_mode;"), "delete")

        let foreign = root.appendingPathComponent("firefox.sqlite").path
        _ = try sqlite(foreign, "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT);")
        let foreignBefore = try Data(contentsOf: URL(fileURLWithPath: foreign))
        let log = try FaultProcess.run(["log", "body_mass", "80", "--db", foreign])
        XCTAssertEqual(log.status, 1)
        XCTAssertTrue(log.stderr.contains("is an SQLite database of another program (tables: moz_places)"), log.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: foreign)), foreignBefore)
        XCTAssertEqual(
            try sqlite(foreign, "SELECT group_concat(name) FROM sqlite_master WHERE type = 'table';"), "moz_places")

        _ = try sqlite(db, "INSERT INTO grdb_migrations VALUES ('v99-future');")
        let newer = try Data(contentsOf: URL(fileURLWithPath: db))
        let refused = try FaultProcess.run(["log", "body_mass", "80", "--db", db])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.contains("was written by a newer version of vitals (schema v99-future)"), refused.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: db)), newer, "a database refused as newer was modified")
    }

    /// A damaged store says so and points to a backup.
    func testADamagedStoreSaysItIsDamaged() throws {
        let db = root.appendingPathComponent("v.sqlite").path
        XCTAssertEqual(try FaultProcess.run(["log", "body_mass", "80", "--db", db]).status, 0)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: db))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 3000))
        try handle.close()
        for arguments in [["log", "body_mass", "81"], ["export", "csv"]] {
            let run = try FaultProcess.run(arguments + ["--db", db])
            XCTAssertNotEqual(run.status, 0)
            XCTAssertTrue(run.stderr.contains("the database \(db) is damaged"), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("from a backup"), run.stderr)
            XCTAssertFalse(run.stderr.contains("not an SQLite file"), run.stderr)
        }
    }

    /// `sqlite3 path sql`, its output trimmed.
    private func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
