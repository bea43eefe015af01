import Foundation
import XCTest

/// `vitals render --watch` end to end: the built binary started on a fixture catalog, files
/// edited the ways editors save them, the redrawn frames read from its standard output (a
/// pipe, so each frame follows a marker line), every wait with a deadline.
final class RenderWatchCLITests: XCTestCase {
    /// A running `vitals render … --watch` and what it has printed so far.
    final class Watch: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var output = Data()
        private var errors = Data()

        init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
            process.executableURL = VitalsProcess.binary
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = FaultProcess.environment(environment)
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            out.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.lock.withLock { self?.output.append(data) }
            }
            err.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.lock.withLock { self?.errors.append(data) }
            }
            try process.run()
        }

        var stderr: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }
        var stdout: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

        /// The frames printed so far: the text after each marker line, with the marker's reason.
        var frames: [(reason: String, text: String)] {
            let text = lock.withLock { String(decoding: output, as: UTF8.self) }
            var frames: [(String, String)] = []
            for line in text.components(separatedBy: "\n") {
                if line.hasPrefix("=== vitals render --watch: frame ") {
                    frames.append((line, ""))
                } else if !frames.isEmpty {
                    frames[frames.count - 1].1 += line + "\n"
                }
            }
            return frames
        }

        /// Waits (at most `seconds`) for a frame after the first `after` frames that satisfies `test`.
        @discardableResult
        func frame(
            after count: Int, within seconds: TimeInterval = 20, _ what: String,
            file: StaticString = #filePath, line: UInt = #line,
            where test: (String) -> Bool
        ) -> (reason: String, text: String)? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                // A frame is whole once the next one started or nothing came for a moment.
                let all = frames
                if let found = all.dropFirst(count).first(where: { test($0.text) }) { return found }
                Thread.sleep(forTimeInterval: 0.05)
            }
            XCTFail(
                "\(what): no such frame within \(seconds) s; frames: \(frames.map(\.reason)); last:\n\(frames.last?.text ?? "")\nstderr:\n\(stderr)",
                file: file, line: line)
            return nil
        }

        /// Sends `signal` and waits (at most 10 s) for the exit; its status, nil when it hung (then killed).
        func stop(with signal: Int32) -> Int32? {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return process.terminationStatus
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }

    /// Saves `text` as editors that write a temporary file and rename it over the old one do.
    private func renameSave(_ text: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, url.path), 0)
    }

    func testEachSaveRedrawsAndASaveWithErrorsShowsThemUntilTheNextGoodOne() throws {
        let root = FaultProcess.scratch(self, "watch")
        try CatalogFixture.write(to: root)
        let steps = root.appendingPathComponent("metrics/steps.yaml")
        let watch = try Watch(["render", "steps", "--watch", "--as-of", "2026-11-20", "--width", "80"], in: root)
        watch.frame(after: 0, "the first frame") { $0.contains("target ≥ 8000") }

        // A save in place.
        try (CatalogFixture.edited("metrics/steps.yaml", "value: 8000", "value: 10000") + "\n")
            .write(to: steps, atomically: false, encoding: .utf8)
        let good = watch.frame(after: 1, "the edited target") { $0.contains("target ≥ 10000") }
        XCTAssertTrue(good?.reason.contains("changed: metrics/steps.yaml") == true, good?.reason ?? "")

        // A save with an error, through a rename: the diagnostics where the screen was.
        let broken = CatalogFixture.edited(
            "metrics/steps.yaml", "chart_type_id: bar_vertical", "chart_type_id: [bar_vertical")
        let count = watch.frames.count
        try renameSave(broken + "\n", to: steps)
        let errors = watch.frame(after: count, "the diagnostics") { $0.contains(": error: ") }
        XCTAssertTrue(errors?.text.contains("metrics/steps.yaml:") == true, errors?.text ?? "")
        XCTAssertTrue(
            errors?.text.contains("flow sequence at line \(CatalogFixture.line(of: "[bar_vertical", in: broken))")
                == true,
            errors?.text ?? "")
        XCTAssertFalse(errors?.text.contains("Steps per day") == true, "no screen while the catalog has errors")
        XCTAssertTrue(watch.process.isRunning, "an error never ends the watch")

        // The next good save brings the screen back.
        let fixed = watch.frames.count
        try renameSave(CatalogFixture.edited("metrics/steps.yaml", "value: 8000", "value: 9000") + "\n", to: steps)
        watch.frame(after: fixed, "the screen back") { $0.contains("target ≥ 9000") && $0.contains("Steps per day") }

        // A file that is not part of the catalog draws nothing new.
        let settled = watch.frames.count
        try "notes".write(to: root.appendingPathComponent("metrics/NOTES.txt"), atomically: false, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.8)
        XCTAssertEqual(watch.frames.count, settled, "\(watch.frames.map(\.reason))")

        XCTAssertEqual(watch.stop(with: SIGTERM), 0, "SIGTERM ends the watch cleanly")
        XCTAssertEqual(
            watch.stderr.components(separatedBy: "showing the embedded demo data").count, 2,
            "the demo data's notice once, not at every frame:\n\(watch.stderr)")
    }

    func testTheDatabaseAndTheSettingsFileAreWatchedAndCtrlCEndsIt() throws {
        let root = FaultProcess.scratch(self, "watch-db")
        try CatalogFixture.write(to: root)
        let db = "data.sqlite"  // relative: watched in the directory it is in
        let config = root.appendingPathComponent("config")
        XCTAssertEqual(try VitalsProcess.run(["demo", "--db", db, "--as-of", "2026-11-20"], in: root).status, 0)
        let watch = try Watch(
            ["render", "weight", "--watch", "--as-of", "2026-11-20", "--width", "80", "--db", db],
            in: root, environment: ["XDG_CONFIG_HOME": config.path])
        watch.frame(after: 0, "the first frame") { $0.contains("Weight") && $0.contains("kg") }

        // A weigh-in logged by another vitals: the database (its -wal) changed.
        let logged = watch.frames.count
        let log = try VitalsProcess.run(["log", "body_mass", "150", "--db", db, "--at", "2026-11-20T23:00"], in: root)
        XCTAssertEqual(log.status, 0, log.stderr)
        watch.frame(after: logged, "the weigh-in") { $0.contains("150.0 kg  typed in") }
        // Drawing reads the database; that is no change (no frame follows by itself).
        Thread.sleep(forTimeInterval: 1)
        let quiet = watch.frames.count

        // The settings file created (its directory did not exist): the units change.
        XCTAssertEqual(watch.frames.count, quiet, "\(watch.frames.map(\.reason))")
        let settings = watch.frames.count
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("vitals"), withIntermediateDirectories: true)
        try "units: us\n".write(
            to: config.appendingPathComponent("vitals/config.yaml"), atomically: true, encoding: .utf8)
        watch.frame(after: settings, "pounds") { $0.contains("Weight (lb)") && $0.contains("330.7 lb  typed in") }

        XCTAssertEqual(watch.stop(with: SIGINT), 0, "Ctrl-C ends the watch cleanly")
    }

    func testABadOptionIsAUsageErrorBeforeAnyWatch() throws {
        let root = FaultProcess.scratch(self, "watch-usage")
        try CatalogFixture.write(to: root)
        let run = try FaultProcess.run(["render", "steps", "--watch", "--range", "fortnight"], in: root, timeout: 20)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--range expects"), run.stderr)
    }
}

/// `render`'s usage line is written out (RenderCommand's configuration); it must name every
/// option its help lists.
final class RenderUsageLineTests: XCTestCase {
    func testTheWrittenUsageNamesEveryOption() throws {
        let help = try VitalsProcess.run(["render", "--help"], environment: ["COLUMNS": "200"])
        XCTAssertEqual(help.status, 0)
        let usage = try XCTUnwrap(help.stdout.components(separatedBy: "\n").first { $0.hasPrefix("USAGE: ") })
        let options = help.stdout.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("--") else { return nil }
            return String(trimmed.prefix { $0 != " " && $0 != "," })
        }.filter { !["--help", "--version"].contains($0) }
        XCTAssertGreaterThan(options.count, 10)
        for option in options { XCTAssertTrue(usage.contains("[\(option)"), "\(option) is missing from \(usage)") }
    }
}
