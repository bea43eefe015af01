import Foundation
import XCTest

@testable import VitalsDemo
@testable import VitalsKit

/// The demo data cached as a file: found again, rebuilt when stale, safe when several runs
/// build it at once, and in memory when the directory cannot be written. Nothing is timed.
final class DemoCacheTests: XCTestCase {
    typealias F = StoreFixtures
    let asOf = LocalDate(iso: "2026-11-20")!

    /// Every sample and milestone, in a stable order, as text.
    private static func contents(_ store: SampleStore) throws -> [String] {
        try store.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT series || '|' || subject || '|' || start || '|' || value || '|' || IFNULL(category, '') || '|' || IFNULL(tag, '')
                    FROM sample ORDER BY series, subject, start, value
                    """)
                + String.fetchAll(
                    db, sql: "SELECT subject || '|' || milestone || '|' || done_on FROM milestone ORDER BY 1")
        }
    }

    private func demoFiles(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    func testBuildsOnceThenOpensTheFileWithTheSameDataAsInMemory() throws {
        let directory = F.temporaryDirectory(self).appendingPathComponent("cache/vitals").path
        let cache = DemoCache(directory: directory)
        let demo = DemoData(asOf: asOf)
        let first = try cache.store(for: demo)
        XCTAssertEqual(first.origin, .built)
        XCTAssertEqual(demoFiles(directory), [cache.fileName(for: demo)])
        let path = directory + "/" + cache.fileName(for: demo)
        let built = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let second = try cache.store(for: demo)
        XCTAssertEqual(second.origin, .cached)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, built)
        let expected = try Self.contents(demo.makeInMemoryStore())
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(try Self.contents(first.store), expected)
        XCTAssertEqual(try Self.contents(second.store), expected)
    }

    func testAnotherDayOrGeneratorVersionIsStaleAndReplaced() throws {
        let directory = F.temporaryDirectory(self).path
        let demo = DemoData(asOf: asOf)
        let nextDay = DemoData(asOf: asOf.adding(days: 1))
        let v1 = DemoCache(directory: directory, generatorVersion: 1)
        let v2 = DemoCache(directory: directory, generatorVersion: 2)
        XCTAssertNotEqual(v1.fileName(for: demo), v1.fileName(for: nextDay))
        XCTAssertNotEqual(v1.fileName(for: demo), v2.fileName(for: demo))
        XCTAssertNotEqual(v1.fileName(for: demo), v1.fileName(for: DemoData(seed: 7, asOf: asOf)))
        XCTAssertEqual(try v1.store(for: demo).origin, .built)
        XCTAssertEqual(try v1.store(for: demo).origin, .cached)
        let other = try v1.store(for: nextDay)
        XCTAssertEqual(other.origin, .built)
        XCTAssertEqual(demoFiles(directory), [v1.fileName(for: nextDay)])
        XCTAssertEqual(try Self.contents(other.store), try Self.contents(nextDay.makeInMemoryStore()))
        XCTAssertEqual(try v2.store(for: nextDay).origin, .built)
        XCTAssertEqual(demoFiles(directory), [v2.fileName(for: nextDay)])
    }

    func testBuildingFilesLeftByAKilledRunAreRemovedOnceOld() throws {
        let directory = F.temporaryDirectory(self).path
        let manager = FileManager.default
        let old = directory + "/.building-old.sqlite"
        let fresh = directory + "/.building-fresh.sqlite"
        XCTAssertTrue(manager.createFile(atPath: old, contents: Data("x".utf8)))
        XCTAssertTrue(manager.createFile(atPath: fresh, contents: Data("x".utf8)))
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old)
        let cache = DemoCache(directory: directory)
        let demo = DemoData(asOf: asOf)
        XCTAssertEqual(try cache.store(for: demo).origin, .built)
        XCTAssertEqual(demoFiles(directory), [".building-fresh.sqlite", cache.fileName(for: demo)])
    }

    func testADamagedFileIsRebuilt() throws {
        let directory = F.temporaryDirectory(self).path
        let cache = DemoCache(directory: directory)
        let demo = DemoData(asOf: asOf)
        let path = directory + "/" + cache.fileName(for: demo)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
        let result = try cache.store(for: demo)
        XCTAssertEqual(result.origin, .built)
        XCTAssertEqual(try Self.contents(result.store), try Self.contents(demo.makeInMemoryStore()))
    }

    /// The cached database is trusted as the compiled catalog is (`CacheTrust`): a file
    /// others could write, or another user's, is built again as this user's own, 0600; a
    /// directory others could write is not used (the data is built in memory).
    func testADemoFileOrDirectoryOthersCouldWriteIsNotUsed() throws {
        let directory = F.temporaryDirectory(self).appendingPathComponent("vitals").path
        let cache = DemoCache(directory: directory)
        let demo = DemoData(asOf: asOf)
        let path = directory + "/" + cache.fileName(for: demo)
        XCTAssertEqual(try cache.store(for: demo).origin, .built)
        XCTAssertEqual(chmod(path, 0o664), 0)
        XCTAssertEqual(try cache.store(for: demo).origin, .built, "a group-writable demo file was used")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(try cache.store(for: demo).origin, .cached)
        if geteuid() == 0 {
            XCTAssertEqual(chown(path, 65534, 65534), 0)
            XCTAssertEqual(try cache.store(for: demo).origin, .built, "another user's demo file was used")
            XCTAssertEqual(stat(path, &info), 0)
            XCTAssertEqual(info.st_uid, geteuid())
        }
        XCTAssertEqual(chmod(directory, 0o777), 0)
        let result = try cache.store(for: demo)
        XCTAssertEqual(result.origin, .inMemory, "a world-writable cache directory was used")
        XCTAssertEqual(try Self.contents(result.store), try Self.contents(demo.makeInMemoryStore()))
    }

    func testAnUnwritableDirectoryFallsBackToMemory() throws {
        // Under a regular file no directory can be made, whoever runs the test (root included).
        let file = F.temporaryDirectory(self).appendingPathComponent("a-file").path
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let demo = DemoData(asOf: asOf)
        let result = try DemoCache(directory: file + "/vitals").store(for: demo)
        XCTAssertEqual(result.origin, .inMemory)
        XCTAssertEqual(try Self.contents(result.store), try Self.contents(demo.makeInMemoryStore()))
        XCTAssertEqual(try DemoCache(directory: nil).store(for: demo).origin, .inMemory)
    }

    func testConcurrentFirstRunsAllGetTheWholeDataAndLeaveOneFile() async throws {
        let directory = F.temporaryDirectory(self).path
        let cache = DemoCache(directory: directory)
        let demo = DemoData(asOf: asOf)
        let results = try await withThrowingTaskGroup(of: (DemoCache.Origin, [String]).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let (store, origin) = try cache.store(for: demo)
                    return (origin, try Self.contents(store))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = try Self.contents(demo.makeInMemoryStore())
        XCTAssertEqual(results.count, 4)
        for (origin, rows) in results {
            XCTAssertNotEqual(origin, .inMemory)
            XCTAssertEqual(rows, expected)
        }
        XCTAssertEqual(demoFiles(directory), [cache.fileName(for: demo)])  // no temporary file left
    }

    func testTheDirectoryFollowsXDGCacheHomeElseHome() {
        XCTAssertEqual(
            DemoCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]).directory, "/x/cache/vitals")
        XCTAssertEqual(
            DemoCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]).directory, "/home/a/.cache/vitals"
        )
        XCTAssertEqual(DemoCache(environment: ["HOME": "/home/a"]).directory, "/home/a/.cache/vitals")
        XCTAssertNil(DemoCache(environment: [:]).directory)
    }

    /// A fingerprint of the generator's output. When a change to the demo generator makes this
    /// fail, bump `DemoCache.generatorVersion` (cached files of the old output are then stale)
    /// and record the new fingerprint here beside it.
    func testTheGeneratorVersionChangesWithItsOutput() {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        let demo = DemoData(asOf: asOf)
        let text =
            demo.samples().map {
                "\($0.seriesID)|\($0.subjectID)|\($0.start.timeIntervalSince1970)|\($0.end.timeIntervalSince1970)|\($0.utcOffsetSeconds)|\($0.value)|\($0.category ?? "")|\($0.tag ?? "")|\($0.source)|\($0.note ?? "")"
            }
            + demo.milestones().map { "\($0.subjectID)|\($0.milestoneID)|\($0.doneOn)" }
        for byte in text.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let recorded: [Int: UInt64] = [1: 0x04c0_e83d_cdbc_34ac, 2: 0x2c11_c6f7_af03_b897, 3: 0xb9c3_e258_7b97_fd83]
        XCTAssertEqual(
            recorded[DemoCache.generatorVersion], hash,
            "the demo generator's output changed: bump DemoCache.generatorVersion and record \(String(hash, radix: 16))"
        )
    }
}
