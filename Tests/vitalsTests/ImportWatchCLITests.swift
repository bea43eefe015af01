import Foundation
import TestSupport
import XCTest

/// `vitals import --watch DIR` end to end: the built binary watching a folder, Health Auto
/// Export files dropped into it as its automation does (written under a temporary name, then
/// renamed in), the store read by another `vitals` until it holds their rows, a re-dropped
/// file storing nothing and saying so, and Ctrl-C ending it with exit 0. Every wait has a deadline.
final class ImportWatchCLITests: XCTestCase {
    private func generate(_ format: String, days: Int, seed: Int, to url: URL) throws {
        let python = try OptionalTool.require(.python3)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            VitalsProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Generators/vendor_exports.py").path,
            format, "--days", "\(days)", "--seed", "\(seed)", "--out", url.path,
            "--expect", url.path + ".expect.json",
        ]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the generator failed")
    }

    /// Drops `file` into `directory` as `name`: written under a hidden temporary name, then
    /// renamed in (over a file of that name, when there is one).
    private func drop(_ file: URL, into directory: URL, as name: String) throws {
        let temporary = directory.appendingPathComponent(".\(name).part")
        try Data(contentsOf: file).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, directory.appendingPathComponent(name).path), 0)
    }

    /// The samples `db` holds, read by `vitals export csv` (one line each after the header).
    private func rows(_ db: String) throws -> Int {
        let run = try VitalsProcess.run(["export", "csv", "--db", db])
        guard run.status == 0 else { return -1 }
        return run.stdout.split(separator: "\n").count - 1
    }

    /// Waits (at most `seconds`) until `test` holds; fails naming `what` when it never does.
    private func wait(
        _ what: String, within seconds: TimeInterval = 30, _ watch: RenderWatchCLITests.Watch,
        file: StaticString = #filePath, line: UInt = #line, until test: () throws -> Bool
    ) rethrows {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try test() { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail(
            "\(what): not within \(seconds) s\nstdout:\n\(watch.stdout)\nstderr:\n\(watch.stderr)", file: file,
            line: line)
    }

    func testDroppedFilesAreImportedARedropStoresNothingAndCtrlCEndsIt() throws {
        let root = FaultProcess.scratch(self, "import-watch")
        let inbox = root.appendingPathComponent("inbox")
        let staging = root.appendingPathComponent("staging")
        for directory in [inbox, staging] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let json = staging.appendingPathComponent("a.json")
        let csv = staging.appendingPathComponent("b.csv")
        try generate("health-auto-export", days: 2, seed: 1, to: json)
        try generate("health-auto-export-csv", days: 2, seed: 2, to: csv)

        // What the two files hold, imported once into a database of their own.
        let reference = root.appendingPathComponent("reference.sqlite").path
        XCTAssertEqual(try VitalsProcess.run(["import", json.path, "--db", reference]).status, 0)
        let afterFirst = try rows(reference)
        XCTAssertEqual(try VitalsProcess.run(["import", csv.path, "--db", reference]).status, 0)
        let afterBoth = try rows(reference)
        XCTAssertGreaterThan(afterFirst, 0)
        XCTAssertGreaterThan(afterBoth, afterFirst)

        let db = root.appendingPathComponent("v.sqlite").path
        let watch = try RenderWatchCLITests.Watch(
            ["import", "--watch", inbox.path, "--db", db], in: VitalsProcess.packageRoot)
        try wait("the watch started", watch) { watch.stdout.contains("vitals: watching ") }

        try drop(json, into: inbox, as: "HealthAutoExport-2025-12-01.json")
        try wait("the first file's rows stored", watch) { try rows(db) == afterFirst }
        XCTAssertTrue(watch.stdout.contains("HealthAutoExport-2025-12-01.json"), watch.stdout)
        XCTAssertTrue(watch.stdout.contains("\(afterFirst) new, 0 already stored"), watch.stdout)

        try drop(csv, into: inbox, as: "HealthAutoExport-2025-12-02.csv")
        try wait("the second file's rows stored", watch) { try rows(db) == afterBoth }
        XCTAssertTrue(watch.stdout.contains("\(afterBoth - afterFirst) new, 0 already stored"), watch.stdout)

        // The automation writing the first file again, under a new name: nothing new.
        try drop(json, into: inbox, as: "HealthAutoExport-2025-12-01 (1).json")
        try wait("the re-dropped file's receipt", watch) {
            watch.stdout.contains("nothing new: all \(afterFirst) samples were stored before")
        }
        XCTAssertEqual(try rows(db), afterBoth, "a re-dropped file stores 0 rows")
        // And again under its first name, over the file there: read again, nothing new.
        try drop(json, into: inbox, as: "HealthAutoExport-2025-12-01.json")
        try wait("the file written again's receipt", watch) {
            watch.stdout.components(separatedBy: "nothing new: all \(afterFirst) samples were stored before").count == 3
        }
        XCTAssertEqual(try rows(db), afterBoth, "a file written again stores 0 rows")
        XCTAssertTrue(watch.process.isRunning)
        XCTAssertFalse(watch.stderr.contains("error"), watch.stderr)

        XCTAssertEqual(watch.stop(with: SIGINT), 0, "Ctrl-C ends the watch with exit 0\n\(watch.stderr)")
        XCTAssertEqual(try rows(db), afterBoth)
    }

    func testSIGTERMEndsTheWatchCleanly() throws {
        let root = FaultProcess.scratch(self, "import-watch-term")
        let watch = try RenderWatchCLITests.Watch(
            ["import", "--watch", root.path, "--db", root.appendingPathComponent("v.sqlite").path],
            in: VitalsProcess.packageRoot)
        try wait("the watch started", watch) { watch.stdout.contains("vitals: watching ") }
        XCTAssertEqual(watch.stop(with: SIGTERM), 0, watch.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("v.sqlite").path),
            "a watch that imported nothing creates no database")
    }
}
