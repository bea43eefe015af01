import Foundation
import TestSupport
import XCTest

/// The fault-injection loop (issue 31): imports, logs and `config set`s are cut short at random
/// points — by a file-size limit (`ulimit -f`, the write fails with EFBIG as on a full disk) or
/// by `kill -9` — and afterwards the database passes `PRAGMA integrity_check`, holds all of an
/// import or none of it, a rerun completes, and nothing half-written is left behind.
///
/// Bounded: `VITALS_FAULT_RUNS` runs (default 24), seeded (`VITALS_FAULT_SEED`) so a failure
/// can be replayed. The figures (runs, faults injected, rows lost) are asserted and printed.
final class FaultInjectionCLITests: XCTestCase {
    private var root: URL!
    override func setUp() { root = FaultProcess.scratch(self, "fault-loop") }

    private enum Fault: CaseIterable {
        case importLimited, firstImportLimited, importKilled, logKilled, configLimited, configKilled
    }

    private struct Figures { var runs = 0, faults = 0, lost = 0 }

    func testImportsLogsAndSettingsSurviveFullDisksAndKills() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = Int(environment["VITALS_FAULT_RUNS"] ?? "") ?? 24
        var rng = SplitMix(seed: UInt64(environment["VITALS_FAULT_SEED"] ?? "") ?? 31)
        let rows = 3000
        let csv = root.appendingPathComponent("weights.csv")
        var text = "date,value,unit\n"
        for hour in 0..<rows { text += Self.stamp(hour) + ",\(60 + Double(hour % 400) / 10),kg\n" }
        try text.write(to: csv, atomically: true, encoding: .utf8)
        var figures = Figures()
        for run in 0..<runs {
            let fault = Fault.allCases[Int.random(in: 0..<Fault.allCases.count, using: &rng)]
            let directory = root.appendingPathComponent("run\(run)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let db = directory.appendingPathComponent("v.sqlite").path
            if fault != .firstImportLimited && fault != .configLimited && fault != .configKilled {
                XCTAssertEqual(
                    try FaultProcess.run(["log", "body_mass", "70", "--at", "2019-06-01T08:00", "--db", db]).status, 0)
            }
            let before = fault == .firstImportLimited ? 0 : try count(db)
            let importArguments = ["import", "csv", csv.path, "--series", "body_mass", "--db", db]
            switch fault {
            case .importLimited, .firstImportLimited:
                let blocks = Int.random(in: 1...2000, using: &rng)
                let run = try limited(blocks, importArguments)
                if run.status != 0 { figures.faults += 1 }
                if fault == .firstImportLimited, run.status != 0 {
                    XCTAssertFalse(
                        FileManager.default.fileExists(atPath: db) && (size(db) ?? 0) == 0,
                        "run \(run): a failed first import left a 0-byte database")
                }
            case .importKilled:
                if try killed(after: Double.random(in: 0.05...1.5, using: &rng), importArguments) {
                    figures.faults += 1
                }
            case .logKilled:
                if try killed(
                    after: Double.random(in: 0.01...0.4, using: &rng),
                    ["log", "body_mass", "71", "--at", "2019-06-02T08:00", "--db", db])
                {
                    figures.faults += 1
                }
            case .configLimited:
                let config = directory.appendingPathComponent("config")
                XCTAssertEqual(
                    try FaultProcess.run(
                        ["config", "set", "units", "uk"], environment: ["XDG_CONFIG_HOME": config.path]
                    ).status, 0)
                let run = try limited(
                    0, ["config", "set", "subject", "ollie"], environment: ["XDG_CONFIG_HOME": config.path])
                if run.status != 0 { figures.faults += 1 }
                try checkSettings(config, expecting: ["units: uk"], run: run.stderr)
            case .configKilled:
                let config = directory.appendingPathComponent("config")
                XCTAssertEqual(
                    try FaultProcess.run(
                        ["config", "set", "units", "uk"], environment: ["XDG_CONFIG_HOME": config.path]
                    ).status, 0)
                if try killed(
                    after: Double.random(in: 0.005...0.15, using: &rng), ["config", "set", "subject", "ollie"],
                    environment: ["XDG_CONFIG_HOME": config.path])
                {
                    figures.faults += 1
                }
                try checkSettings(config, expecting: ["units: uk"], run: "")
            }
            figures.runs += 1
            guard fault != .configLimited && fault != .configKilled else { continue }
            // Intact, and all or nothing.
            if FileManager.default.fileExists(atPath: db) {
                XCTAssertEqual(try sqlite(db, "PRAGMA integrity_check;"), "ok", "run \(run) (\(fault))")
                let after = try count(db)
                let whole: Set<Int> = fault == .logKilled ? [before, before + 1] : [before, before + rows]
                if !whole.contains(after) { figures.lost += 1 }
                XCTAssertTrue(
                    whole.contains(after), "run \(run) (\(fault)): \(after) rows, expected one of \(whole.sorted())")
            }
            // A rerun completes and holds everything once.
            let again =
                fault == .logKilled
                ? try FaultProcess.run(["log", "body_mass", "71", "--at", "2019-06-02T08:00", "--db", db])
                : try FaultProcess.run(importArguments)
            XCTAssertEqual(again.status, 0, "run \(run) (\(fault)): the rerun failed: \(again.stderr)")
            XCTAssertEqual(try count(db), before + (fault == .logKilled ? 1 : rows), "run \(run) (\(fault))")
            // Nothing half-written beside it.
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "v.sqlite" }
            XCTAssertEqual(left, [], "run \(run) (\(fault)): left behind")
        }
        print(
            "fault injection: \(figures.runs) runs, \(figures.faults) faults injected, \(figures.lost) runs lost data")
        XCTAssertEqual(figures.lost, 0)
        XCTAssertEqual(figures.runs, runs)
        XCTAssertGreaterThan(figures.faults, runs / 3, "too few faults landed to mean anything")
    }

    private static func stamp(_ index: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_577_836_800 + Double(index) * 3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: date)
    }

    /// Runs vitals with files limited to `blocks` 512-byte blocks; SIGXFSZ ignored, so a write
    /// past the limit fails with EFBIG as on a full disk.
    private func limited(_ blocks: Int, _ arguments: [String], environment: [String: String] = [:]) throws
        -> FaultProcess.Run
    {
        let quoted = ([VitalsProcess.binary.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return try FaultProcess.run(
            ["-c", "trap '' XFSZ; ulimit -f \(blocks) && exec \(quoted.joined(separator: " "))"],
            environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Starts vitals and kills it with SIGKILL after `seconds`; true when it was still running.
    private func killed(after seconds: Double, _ arguments: [String], environment: [String: String] = [:]) throws
        -> Bool
    {
        let process = Process()
        process.executableURL = VitalsProcess.binary
        process.arguments = arguments
        process.environment = FaultProcess.environment(environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: seconds)
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return running
    }

    private func checkSettings(_ config: URL, expecting lines: [String], run stderr: String) throws {
        let directory = config.appendingPathComponent("vitals").path
        let list = try FaultProcess.run(["config", "list"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(list.status, 0, "the settings file no longer reads: \(list.stderr)")
        let text = try String(contentsOfFile: directory + "/config.yaml", encoding: .utf8)
        for line in lines { XCTAssertTrue(text.contains(line), "\(line) lost: \(text) \(stderr)") }
        // A rerun completes and leaves the file alone in its directory.
        XCTAssertEqual(
            try FaultProcess.run(["config", "set", "subject", "ollie"], environment: ["XDG_CONFIG_HOME": config.path])
                .status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["config.yaml"])
        XCTAssertTrue(
            try String(contentsOfFile: directory + "/config.yaml", encoding: .utf8).contains("subject: ollie"))
    }

    private func count(_ db: String) throws -> Int { Int(try sqlite(db, "SELECT COUNT(*) FROM sample;")) ?? -1 }

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    private func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
