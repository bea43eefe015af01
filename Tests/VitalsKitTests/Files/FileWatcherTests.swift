import Foundation
import XCTest

@testable import VitalsKit

final class ChangeDebouncerTests: XCTestCase {
    func testABurstBecomesOneChangeAfterItsQuietTime() {
        var debouncer = ChangeDebouncer(quiet: 150, longest: 1_000)
        XCTAssertNil(debouncer.take(at: 0))
        debouncer.record(["a.yaml"], at: 0)
        debouncer.record(["a.yaml", "b.yaml"], at: 50)
        debouncer.record(["a.yaml"], at: 100)
        XCTAssertNil(debouncer.take(at: 249), "149 ms after the last event")
        XCTAssertEqual(debouncer.millisecondsUntilDue(at: 200), 50)
        XCTAssertEqual(debouncer.take(at: 250), ["a.yaml", "b.yaml"])
        XCTAssertFalse(debouncer.isPending)
        XCTAssertNil(debouncer.take(at: 10_000), "taken once")
    }

    func testEventsWithoutPauseStillGiveAChangeAtTheLongest() {
        var debouncer = ChangeDebouncer(quiet: 150, longest: 1_000)
        var now: Int64 = 0
        var taken: Int64?
        while now <= 2_000, taken == nil {
            debouncer.record(["db-wal"], at: now)
            if debouncer.take(at: now) != nil { taken = now }
            now += 50
        }
        XCTAssertEqual(taken, 1_000)
    }
}

final class FileWatcherTests: XCTestCase {
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private var mechanisms: [FileWatcher.Mechanism] {
        #if os(Linux)
            return [.inotify, .polling(interval: 50)]
        #else
            return [.polling(interval: 50)]
        #endif
    }

    private func watcher(_ targets: [WatchTarget], _ mechanism: FileWatcher.Mechanism) throws -> FileWatcher {
        try FileWatcher(
            targets, mechanism: mechanism, debouncer: ChangeDebouncer(quiet: 100, longest: 1_000), fallingBack: false)
    }

    /// Waits (at most 5 s) for the change, the paths of which must contain `path`.
    private func expectChange(
        _ watcher: FileWatcher, naming path: String, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let change = watcher.waitForChange(timeoutMilliseconds: 500) {
                XCTAssertTrue(change.contains(path), "\(what): \(change)", file: file, line: line)
                return
            }
        }
        XCTFail("\(what): no change seen", file: file, line: line)
    }

    private func expectQuiet(_ watcher: FileWatcher, _ what: String, file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertNil(watcher.waitForChange(timeoutMilliseconds: 400), what, file: file, line: line)
    }

    func testATreeSeesWritesRenameSavesAndNewDirectoriesButNotOtherFiles() throws {
        for mechanism in mechanisms {
            let root = try scratch()
            let metrics = root.appendingPathComponent("metrics")
            try FileManager.default.createDirectory(at: metrics, withIntermediateDirectories: true)
            let file = metrics.appendingPathComponent("steps.yaml")
            try "a: 1\n".write(to: file, atomically: false, encoding: .utf8)
            let watcher = try watcher([.catalogTree(metrics.path)], mechanism)
            expectQuiet(watcher, "\(mechanism): nothing written yet")

            try "a: 2\n".write(to: file, atomically: false, encoding: .utf8)
            expectChange(watcher, naming: file.path, "\(mechanism): written in place")

            // An editor's save: a temporary file renamed over the old one.
            let temporary = metrics.appendingPathComponent(".steps.yaml.swp")
            try "a: 3\n".write(to: temporary, atomically: false, encoding: .utf8)
            XCTAssertEqual(rename(temporary.path, file.path), 0)
            expectChange(watcher, naming: file.path, "\(mechanism): saved through a rename")

            try "x".write(to: metrics.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
            expectQuiet(watcher, "\(mechanism): not a catalog file")

            // A directory made after the watch started is watched too.
            let nested = metrics.appendingPathComponent("more")
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            _ = watcher.waitForChange(timeoutMilliseconds: 600)
            let inner = nested.appendingPathComponent("inner.yml")
            try "b: 1\n".write(to: inner, atomically: false, encoding: .utf8)
            expectChange(watcher, naming: inner.path, "\(mechanism): in a new directory")

            // The watched directory itself renamed away and back.
            let aside = root.appendingPathComponent("metrics-aside")
            XCTAssertEqual(rename(metrics.path, aside.path), 0)
            expectChange(watcher, naming: metrics.path, "\(mechanism): the directory went")
            XCTAssertEqual(rename(aside.path, metrics.path), 0)
            expectChange(watcher, naming: metrics.path, "\(mechanism): the directory came back")
            try "a: 4\n".write(to: file, atomically: false, encoding: .utf8)
            expectChange(watcher, naming: file.path, "\(mechanism): written after coming back")
        }
    }

    func testAFileWhoseDirectoryComesLater() throws {
        for mechanism in mechanisms {
            let root = try scratch()
            let settings = root.appendingPathComponent("config/vitals/config.yaml")
            let database = root.appendingPathComponent("vitals.sqlite")
            let watcher = try watcher([.file(settings.path), .file(database.path + "-wal")], mechanism)
            try FileManager.default.createDirectory(
                at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = watcher.waitForChange(timeoutMilliseconds: 600)
            try "units: uk\n".write(to: settings, atomically: true, encoding: .utf8)
            expectChange(watcher, naming: settings.path, "\(mechanism): the settings file created")
            try "x".write(to: database, atomically: false, encoding: .utf8)
            expectQuiet(watcher, "\(mechanism): only its -wal is watched here")
            try "x".write(to: URL(fileURLWithPath: database.path + "-wal"), atomically: false, encoding: .utf8)
            expectChange(watcher, naming: database.path + "-wal", "\(mechanism): the -wal written")
        }
    }

    func testEventsThatLeaveTheFilesAsTheyWereReadAreNoChange() throws {
        for mechanism in mechanisms {
            let root = try scratch()
            let wal = root.appendingPathComponent("vitals.sqlite-wal")
            let watcher = try watcher([.file(wal.path)], mechanism)
            watcher.markRead()
            // What reading a SQLite database does: its -wal made, then removed again.
            try "".write(to: wal, atomically: false, encoding: .utf8)
            Thread.sleep(forTimeInterval: 0.08)
            try FileManager.default.removeItem(at: wal)
            expectQuiet(watcher, "\(mechanism): the -wal came and went")
            try "frames".write(to: wal, atomically: false, encoding: .utf8)
            expectChange(watcher, naming: wal.path, "\(mechanism): a -wal that stays is a change")
        }
    }

    func testAWaitEndsAtItsTimeout() throws {
        let root = try scratch()
        let watcher = try watcher([.catalogTree(root.path)], FileWatcher.Mechanism.preferred)
        let start = Date()
        XCTAssertNil(watcher.waitForChange(timeoutMilliseconds: 300))
        XCTAssertEqual(Date().timeIntervalSince(start), 0.3, accuracy: 0.25)
    }
}
