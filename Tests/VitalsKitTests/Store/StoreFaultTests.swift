import Foundation
import GRDB
import XCTest

@testable import VitalsDemo
@testable import VitalsKit
@testable import VitalsSettings

/// The database file under faults: what stands at its path is not a file, belongs to another
/// program, was written by a newer vitals or is damaged. Each is refused with the reason,
/// nothing hangs, and a refused file keeps every byte.
final class StoreFaultTests: XCTestCase {
    typealias F = StoreFixtures

    /// Runs `body` on another thread; fails (instead of hanging the suite) when it takes
    /// longer than `seconds`.
    private func withinSeconds<T>(
        _ seconds: Double, _ body: @escaping @Sendable () throws -> T,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result<T, Error>? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<T, Error>?
        Thread.detachNewThread {
            outcome = Result { try body() }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            XCTFail("still running after \(seconds) s (blocked)", file: file, line: line)
            return nil
        }
        return outcome
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    func testAFIFOWhereTheDatabaseShouldBeIsRefusedNamingIt() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("fifo.sqlite").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let opens: [@Sendable () throws -> Void] = [
            { _ = try SampleStore.openForReading(path: path) },
            { _ = try SampleStore.open(path: path) },
        ]
        for open in opens {
            let outcome = withinSeconds(5) { try open() }
            guard case .failure(let error)? = outcome else {
                XCTFail("a FIFO was opened: \(String(describing: outcome))")
                continue
            }
            XCTAssertEqual(error as? StoreError, .notARegularFile(path: path, kind: "a FIFO (named pipe)"))
            XCTAssertEqual((error as? StoreError)?.message, "\(path) is a FIFO (named pipe), not a database file")
        }
    }

    func testAFIFOWhereTheCachedDemoFileShouldBeIsRefusedNamingIt() throws {
        let directory = F.temporaryDirectory(self).appendingPathComponent("cache").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cache = DemoCache(directory: directory)
        let demo = DemoData(asOf: LocalDate(iso: "2026-11-20")!)
        let path = directory + "/" + cache.fileName(for: demo)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let outcome = withinSeconds(5) { _ = try cache.store(for: demo) }
        guard case .failure(let error)? = outcome else { return XCTFail("the FIFO was opened or replaced silently") }
        XCTAssertEqual(error as? StoreError, .notARegularFile(path: path, kind: "a FIFO (named pipe)"))
    }

    func testAnotherProgramsDatabaseIsRefusedAndKeepsEveryByte() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("notes.db").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note (text) VALUES ('hello')")
        }
        try queue.close()
        let before = try bytes(path)
        XCTAssertThrowsError(try SampleStore.open(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .foreignDatabase(path: path, tables: ["note"]))
            XCTAssertTrue((error as? StoreError)?.message.contains("another program") == true)
        }
        XCTAssertEqual(try bytes(path), before, "the refused file was changed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the refused file was switched to WAL")
    }

    func testANewerSchemaIsRefusedBeforeAnythingIsWritten() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("newer.sqlite").path
        try SampleStore.open(path: path).close()
        // As a newer vitals would leave it, in rollback-journal mode (as a copy made with
        // `sqlite3 .backup` is), so that a switch to WAL would show in the bytes.
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            // Named by the latest by number: v100 (as text, v99 sorts last).
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future'), ('v100-further')")
        }
        try queue.close()
        let before = try bytes(path)
        XCTAssertThrowsError(try SampleStore.open(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: path, schema: "v100-further"))
        }
        XCTAssertEqual(try bytes(path), before, "the refused file was changed")
    }

    func testADamagedStoreSaysItIsDamagedAndPointsToABackup() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("damaged.sqlite").path
        let store = try SampleStore.open(path: path)
        store.truncateWAL()  // everything in the file itself, none of it in a -wal
        try store.close()
        // The schema page (page 1 past the 100-byte header) overwritten: SQLite's header is
        // intact, its schema is not.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 4000))
        try handle.close()
        let before = try bytes(path)
        XCTAssertThrowsError(try SampleStore.open(path: path)) { error in
            let store = error as? StoreError
            XCTAssertEqual(store, .damaged(path: path))
            XCTAssertEqual(store?.message, "the database \(path) is damaged: SQLite reports it as corrupt")
            XCTAssertTrue(store?.hints.first?.contains("from a backup") == true, "\(store?.hints ?? [])")
        }
        XCTAssertEqual(try bytes(path), before)
    }

    func testANewDatabaseAndItsWALAreCreatedPrivateInAPrivateDirectory() throws {
        let directory = F.temporaryDirectory(self).appendingPathComponent("made/here")
        let path = directory.appendingPathComponent("vitals.sqlite").path
        let previous = umask(0o022)
        defer { umask(previous) }
        let store = try SampleStore.open(path: path, createDirectory: true)
        try store.write { db in try db.execute(sql: "INSERT INTO milestone VALUES ('me', 'm', '2026-01-01', NULL)") }
        for file in [path, path + "-wal", path + "-shm"] {
            XCTAssertEqual(try mode(file), 0o600, file)
        }
        XCTAssertEqual(try mode(directory.path), 0o700)
        XCTAssertEqual(try mode(directory.deletingLastPathComponent().path), 0o700)
        try store.close()
    }

    func testAFailedWriteTruncatesTheWALItGrew() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("wal.sqlite").path
        let location = DatabaseLocation(path: path, origin: .option)
        try location.writing { store in
            try store.write { db in try db.execute(sql: "INSERT INTO milestone VALUES ('me', 'a', '2026-01-01', NULL)")
            }
        }
        struct Refused: Error {}
        XCTAssertThrowsError(
            try location.writing { store -> Void in
                try store.write { db in
                    // A few MB of rows, then the write fails and rolls back.
                    for index in 0..<20_000 {
                        try db.execute(
                            sql: "INSERT INTO milestone VALUES ('me', ?, '2026-01-01', ?)",
                            arguments: ["m\(index)", String(repeating: "x", count: 200)])
                    }
                    throw Refused()
                }
            })
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        XCTAssertEqual(wal, 0, "the rolled-back import's frames still take \(wal) bytes in the -wal file")
        let store = try SampleStore.openForReading(path: path)
        XCTAssertEqual(try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM milestone") }, 1)
    }

    /// A command that stores nothing leaves an existing file as it was, byte for byte: opening
    /// it for writing, a write that fails (a plain one and a bulk load, which drops and restores
    /// the fill-in trigger inside its transaction) and closing it. GRDB's pool wrote a table
    /// created and dropped at every open of a file without a -wal, which moved the change
    /// counter and schema cookie after each failed import or empty `undo`.
    func testAWriteThatStoresNothingLeavesTheFileByteForByte() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("same.sqlite").path
        let location = DatabaseLocation(path: path, origin: .option)
        try location.writing { store in
            _ = try store.insert([
                F.sample("steps", "2026-03-01T10:00", 1200), F.sample("steps", "2026-03-02T10:00", 900),
            ])
        }
        let before = try bytes(path)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: path + "-wal"), "closing leaves the WAL checkpointed and gone")
        struct Refused: Error {}
        let attempts: [(String, (SampleStore) throws -> Void)] = [
            ("open and close", { _ in }),
            (
                "a write that fails",
                { store in
                    try store.write { db in
                        try db.execute(sql: "INSERT INTO milestone VALUES ('me', 'x', '2026-01-01', NULL)")
                        throw Refused()
                    }
                }
            ),
            (
                "a bulk load that fails",
                { store in
                    try store.inTransaction { db in
                        try db.bulkInserting {
                            _ = try SampleStore.insert(
                                [F.sample("steps", "2026-03-03T10:00", 700)], through: try db.makeBulkInserter())
                            throw Refused()
                        }
                    }
                }
            ),
        ]
        for (name, attempt) in attempts {
            do { try location.writing { store in try attempt(store) } } catch is Refused {}
            XCTAssertEqual(try bytes(path), before, "\(name) changed the file")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "\(name) left a -wal file")
        }
        let store = try SampleStore.openForReading(path: path)
        XCTAssertEqual(try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample") }, 2)
    }
}
