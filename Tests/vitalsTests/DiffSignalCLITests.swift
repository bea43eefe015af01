import Foundation
import XCTest

/// SIGTERM while `vitals diff REV` takes the revision out of git: git and tar are stopped, the
/// `vitals-diff-*` directory is removed, and vitals ends by the signal. `git archive` is made to
/// hang by a `git` first on the PATH that hands every other command to the real one.
final class DiffSignalCLITests: XCTestCase {
    private func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments =
            ["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    /// Whether `pid` has ended (gone, or a zombie no one reaped yet).
    private func ended(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return errno == ESRCH }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// The processes whose command line names `text`.
    private func processes(naming text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid -> String? in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty,
                let pidNumber = pid_t(pid), !ended(pidNumber)
            else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    func testSIGTERMDuringGitArchiveStopsGitAndTarAndLeavesNothing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            throw XCTSkip("git is not installed")
        }
        let root = FaultProcess.scratch(self, "diff-signal")
        let catalog = root.appendingPathComponent("catalog")
        try git(["init", "-q"], in: root)
        try CatalogFixture.write(to: catalog)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "fixture"], in: root)

        let bin = root.appendingPathComponent("bin")
        let tmp = root.appendingPathComponent("tmp")
        let pidFile = root.appendingPathComponent("archive.pid").path
        for directory in [bin, tmp] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try """
        #!/bin/sh
        if [ "$3" = "archive" ]; then echo $$ > '\(pidFile)'; exec sleep 60; fi
        exec /usr/bin/git "$@"

        """.write(to: bin.appendingPathComponent("git"), atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(bin.appendingPathComponent("git").path, 0o755), 0)

        let process = Process()
        process.executableURL = VitalsProcess.binary
        process.arguments = ["diff", "HEAD", "--as-of", "2026-11-20"]
        process.currentDirectoryURL = catalog
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TMPDIR"] = tmp.path
        environment["XDG_CONFIG_HOME"] = VitalsProcess.isolatedConfigHome
        environment["XDG_CACHE_HOME"] = VitalsProcess.isolatedCacheHome
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()

        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: pidFile), process.isRunning, Date() < deadline { usleep(20_000) }
        let archive = try XCTUnwrap(
            pid_t(
                (try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)),
            "git archive never started")
        let made = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0.hasPrefix("vitals-diff-") }
        XCTAssertEqual(made.count, 1, "the revision's directory: \(made)")
        XCTAssertFalse(processes(naming: tmp.path).isEmpty, "tar extracting into the directory")

        XCTAssertEqual(kill(process.processIdentifier, SIGTERM), 0)
        let stopped = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stopped { usleep(20_000) }
        XCTAssertFalse(process.isRunning, "vitals did not end within 10 s of SIGTERM")
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, stderr)
        XCTAssertEqual(process.terminationStatus, SIGTERM, stderr)
        XCTAssertTrue(stderr.contains("stopped by signal \(SIGTERM)"), stderr)
        XCTAssertTrue(ended(archive), "git archive still runs")
        XCTAssertEqual(processes(naming: tmp.path), [], "tar still runs")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [], "left in $TMPDIR")
        if !ended(archive) { kill(archive, SIGKILL) }
    }
}
