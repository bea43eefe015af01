import Foundation
import GRDB
import VitalsSQLite
import XCTest

@testable import VitalsKit
@testable import VitalsSettings

final class SampleStoreTests: XCTestCase {
    typealias F = StoreFixtures

    func testFileStoreUsesWALAndIsIdempotent() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("v.sqlite").path
        let store = try SampleStore.open(path: path)
        let sample = F.sample("steps", "2026-11-20T08:00:00+01:00", 100)
        XCTAssertEqual(try store.insert([sample, sample]), 1)
        XCTAssertEqual(try store.insert([sample]), 0)
        XCTAssertEqual(try store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "wal")
        XCTAssertEqual(try store.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }, true)
        // Chart queries range over the covering (series, subject, local_start …) index per
        // bucket: no table access, no sort.
        let query = try F.query(F.steps, range: .days(30), asOf: "2026-11-20")
        let sql = try query.inlineSQL()
        let plan = try store.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
        }.joined(separator: "\n")
        XCTAssertTrue(
            plan.contains(
                "USING COVERING INDEX sample_series_subject_local (series=? AND subject=? AND local_start>? AND local_start<?)"
            ), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    /// A database written before `local_start` existed is migrated and its samples found; a
    /// writer that leaves the column out (raw SQL) still gets it filled.
    func testMigratesAVersionOneDatabase() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("v1.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v1-samples")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value)
                    VALUES ('steps', 'me', 1795154400, 1795154400, 3600, 7)
                    """)  // 2026-11-20T06:00Z
        }
        try queue.close()
        let store = try SampleStore.open(path: path)
        try store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value)
                    VALUES ('steps', 'me', 1795158000, 1795158000, 3600, 5)
                    """)
        }
        let result = try F.query(F.steps, range: .days(1), asOf: "2026-11-20").fetchBuckets(from: store)
        assertValues(result.values, [12])
    }

    func testRefusesAFileThatIsNotSQLite() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("notes.sqlite").path
        try "hello, not a database\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SampleStore.open(path: path)) { error in
            XCTAssertEqual((error as? StoreError)?.message, "\(path) is not a vitals database (not an SQLite file)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "hello, not a database\n")
    }

    func testRefusesANewerSchema() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("new.sqlite").path
        let store = try SampleStore.open(path: path)
        try store.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
        }
        try store.close()
        XCTAssertThrowsError(try SampleStore.open(path: path)) { error in
            XCTAssertTrue(
                (error as? StoreError)?.message.contains("was written by a newer version of vitals") ?? false,
                "\(error)")
        }
    }

    func testRefusesAnUnwritableLocation() {
        XCTAssertThrowsError(try SampleStore.open(path: "/proc/vitals-test.sqlite")) { error in
            XCTAssertTrue(
                (error as? StoreError)?.message.hasPrefix("cannot write the database /proc/vitals-test.sqlite")
                    ?? false, "\(error)")
        }
        XCTAssertThrowsError(try SampleStore.open(path: "/nonexistent-dir/vitals.sqlite")) { error in
            XCTAssertTrue((error as? StoreError)?.message.contains("does not exist") ?? false, "\(error)")
        }
    }

    func testDatabasePathResolution() {
        XCTAssertEqual(
            DatabaseLocation.resolve(option: "/x/a.sqlite", environment: ["VITALS_DB": "/y"]).path, "/x/a.sqlite")
        XCTAssertEqual(
            DatabaseLocation.resolve(option: nil, environment: ["VITALS_DB": "/y/b.sqlite", "XDG_DATA_HOME": "/d"])
                .path, "/y/b.sqlite")
        XCTAssertEqual(
            DatabaseLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).path,
            "/d/vitals/vitals.sqlite")
        XCTAssertEqual(
            DatabaseLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "", "HOME": "/h"]).path,
            "/h/.local/share/vitals/vitals.sqlite")
        XCTAssertEqual(DatabaseLocation.resolve(option: "~/v.sqlite", environment: ["HOME": "/h"]).path, "/h/v.sqlite")
    }

    func testMilestones() throws {
        let store = try SampleStore.inMemory()
        try store.markMilestone(
            MilestoneRecord(subjectID: "ollie", milestoneID: "vaccinatie_12", doneOn: F.date("2026-03-14")))
        try store.markMilestone(
            MilestoneRecord(subjectID: "ollie", milestoneID: "vaccinatie_8", doneOn: F.date("2026-02-14")))
        try store.markMilestone(
            MilestoneRecord(subjectID: "ollie", milestoneID: "vaccinatie_12", doneOn: F.date("2026-03-15")))
        XCTAssertEqual(
            try store.milestones(subject: "ollie").map { "\($0.milestoneID)@\($0.doneOn)" },
            ["vaccinatie_8@2026-02-14", "vaccinatie_12@2026-03-15"])
        XCTAssertTrue(try store.unmarkMilestone(subject: "ollie", milestone: "vaccinatie_8"))
        XCTAssertFalse(try store.unmarkMilestone(subject: "ollie", milestone: "vaccinatie_8"))
        XCTAssertTrue(try store.milestones(subject: "me").isEmpty)
    }

    /// Writers and readers on separate connections (as separate processes would be) at the
    /// same time: WAL plus the busy timeout mean nobody sees "database is locked".
    func testConcurrentWritersAndReadersNeverFailWithLocked() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("busy.sqlite").path
        _ = try SampleStore.open(path: path)
        let errors = ErrorBox()
        let writers = 3
        let writesEach = 120
        let readers = 3
        let query = try F.query(F.steps, range: .days(30), asOf: "2026-11-20")
        DispatchQueue.concurrentPerform(iterations: writers + readers) { worker in
            do {
                let store = try SampleStore.open(path: path)  // its own connections
                if worker < writers {
                    for index in 0..<writesEach {
                        let minute = worker * writesEach + index
                        try store.insert([
                            Sample(
                                seriesID: "steps",
                                start: Date(timeIntervalSince1970: 1_795_000_000 + Double(minute * 60)),
                                utcOffsetSeconds: 3600, value: 1)
                        ])
                    }
                } else {
                    for _ in 0..<150 {
                        _ = try query.fetchBuckets(from: store)
                        _ = try store.count(series: "steps")
                    }
                }
            } catch {
                errors.append("\(error)")
            }
        }
        XCTAssertEqual(errors.all, [])
        XCTAssertEqual(try SampleStore.open(path: path).count(series: "steps"), writers * writesEach)
    }
}

/// A thread-safe list of error messages.
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
