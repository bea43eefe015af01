import Foundation
import TestSupport
import XCTest

/// Faults that need something of the machine: another user (a directory it cannot write), a
/// tiny file system (full), signals while a zip is spooled from a pipe.
final class FaultEnvironmentCLITests: XCTestCase {
    private var root: URL!
    override func setUp() { root = FaultProcess.scratch(self, "fault-env") }

    /// A WAL database whose last commit is only in its -wal, read by `nobody`, who cannot write
    /// the directory (so cannot create the -shm file): the commit is read, or the command is
    /// refused with the reason; never the older data as if it were current.
    func testACommitInTheWALIsReadOrRefusedByAUserWhoCannotWriteTheDirectory() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), getpwnam("nobody") != nil
        else {
            throw XCTSkip("needs root, setpriv and a nobody user to run vitals as another user")
        }
        let directory = root.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let db = directory.appendingPathComponent("v.sqlite").path
        XCTAssertEqual(
            try FaultProcess.run(["log", "body_mass", "70", "--at", "2026-06-01T08:00", "--db", db]).status, 0)
        // A writer that commits and dies before any checkpoint: the commit stays in the -wal.
        let python = """
            import sqlite3, os
            c = sqlite3.connect('\(db)', isolation_level=None)
            c.execute('PRAGMA wal_autocheckpoint = 0')
            c.execute("INSERT INTO sample (series, subject, start, \\"end\\", utc_offset, value, source, local_start) VALUES ('body_mass', 'me', 1780300800, 1780300800, 0, 99.5, 'manual', 1780300800)")
            os._exit(0)
            """
        // python3 is the test's crashing WAL writer.
        let python3 = try OptionalTool.require(.python3)
        let writer = try FaultProcess.run(["-c", python], executable: URL(fileURLWithPath: python3))
        XCTAssertEqual(writer.status, 0, writer.stderr)
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: db + "-wal"))[.size] as? Int ?? 0, 32)
        for path in [root.path, directory.path] { XCTAssertEqual(chmod(path, 0o755), 0) }
        for path in [db, db + "-wal", db + "-shm"] { _ = chmod(path, 0o644) }
        let binary = VitalsProcess.binary.path
        for withSharedMemory in [true, false] {
            if !withSharedMemory { try? FileManager.default.removeItem(atPath: db + "-shm") }
            let run = try FaultProcess.run(
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", binary,
                    "export", "csv", "--series", "body_mass", "--db", db,
                ],
                environment: ["XDG_CACHE_HOME": "/nonexistent", "HOME": "/nonexistent"],
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
            let label = withSharedMemory ? "with the -shm file" : "without the -shm file"
            if run.status == 0 {
                XCTAssertTrue(
                    run.stdout.contains("99.5"), "\(label): the commit in the -wal was dropped:\n\(run.stdout)")
            } else {
                XCTAssertEqual(run.status, 2, "\(label): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("its latest changes are in \(db)-wal"), "\(label): \(run.stderr)")
                XCTAssertEqual(run.stdout, "")
            }
        }
    }

    /// A zip spooled from a pipe into $TMPDIR is removed when SIGTERM or SIGINT ends the import.
    func testASpooledZipIsRemovedOnSIGTERMAndSIGINT() throws {
        for signal in [SIGTERM, SIGINT] {
            let tmp = root.appendingPathComponent("tmp\(signal)")
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            let input = Pipe()
            let process = Process()
            process.executableURL = VitalsProcess.binary
            process.arguments = [
                "import", "apple-health", "/dev/stdin", "--db", root.appendingPathComponent("v\(signal).sqlite").path,
            ]
            process.environment = FaultProcess.environment(["TMPDIR": tmp.path])
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The start of a zip, and the pipe kept open: vitals is still spooling.
            input.fileHandleForWriting.write(Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0, count: 1 << 16))
            let deadline = Date().addingTimeInterval(20)
            var spooled: [String] = []
            while spooled.isEmpty, Date() < deadline {
                spooled = ((try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []).filter {
                    $0.hasPrefix("vitals-import-")
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            XCTAssertEqual(spooled.count, 1, "no spooled zip appeared in \(tmp.path)")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: tmp.path), [], "signal \(signal): left in $TMPDIR")
        }
    }

    /// A full file system (a 1 MB tmpfs): a first import fails with the reason and leaves no
    /// database; reading commands on a full disk read (they never need to write); `config set`
    /// leaves the old file and no temporary one.
    func testAFullFileSystemLeavesNoLitterAndReadingStillWorks() throws {
        let mountPoint = root.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard getuid() == 0, mountTmpfs(at: mountPoint.path, size: "1m") else {
            throw XCTSkip("needs root and mount to make a tiny tmpfs")
        }
        defer { unmount(mountPoint.path) }
        // A database with data, made first; then the disk is filled.
        let db = mountPoint.appendingPathComponent("v.sqlite").path
        XCTAssertEqual(try FaultProcess.run(["log", "body_mass", "70", "--db", db]).status, 0)
        let config = mountPoint.appendingPathComponent("config")
        XCTAssertEqual(
            try FaultProcess.run(["config", "set", "units", "uk"], environment: ["XDG_CONFIG_HOME": config.path])
                .status, 0)
        let settingsBefore = try Data(contentsOf: config.appendingPathComponent("vitals/config.yaml"))
        let filler = mountPoint.appendingPathComponent("filler").path
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        if let handle = FileHandle(forWritingAtPath: filler) {
            while (try? handle.write(contentsOf: Data(repeating: 1, count: 4096))) != nil {}
            try? handle.close()
        }
        // Reading on a full disk.
        let export = try FaultProcess.run(["export", "csv", "--db", db])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertFalse(export.stderr.contains("cannot write the database"), export.stderr)
        XCTAssertTrue(export.stdout.contains("body_mass,me,"), export.stdout)
        // A first import on a full disk.
        let csv = root.appendingPathComponent("w.csv")
        try "date,value,unit\n2026-06-01,81.2,kg\n".write(to: csv, atomically: true, encoding: .utf8)
        let fresh = mountPoint.appendingPathComponent("new.sqlite").path
        let failed = try FaultProcess.run(["import", "csv", csv.path, "--series", "body_mass", "--db", fresh])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "a failed first import left \(fresh)")
        // config set on a full disk.
        let set = try FaultProcess.run(
            ["config", "set", "subject", "ollie"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(set.status, 2, set.stderr)
        // A first log on the full disk: no database left, not even a half-created one.
        let log = try FaultProcess.run(["log", "body_mass", "70", "--db", fresh])
        XCTAssertNotEqual(log.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "a failed first log left \(fresh)")
        XCTAssertTrue(set.stderr.contains("No space left on device"), set.stderr)
        XCTAssertEqual(try Data(contentsOf: config.appendingPathComponent("vitals/config.yaml")), settingsBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: config.path + "/vitals"), ["config.yaml"])
        // (A reader leaves the -wal, empty, and the -shm it shares, as SQLite's readers do.)
        let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).sorted()
        XCTAssertEqual(
            left.filter { !$0.hasSuffix("-shm") && !$0.hasSuffix("-wal") }, ["config", "filler", "v.sqlite"])
        XCTAssertEqual((try? FileManager.default.attributesOfItem(atPath: db + "-wal"))?[.size] as? Int ?? 0, 0)
    }

    private func mountTmpfs(at path: String, size: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private func unmount(_ path: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [path]
        try? process.run()
        process.waitUntilExit()
    }
}
