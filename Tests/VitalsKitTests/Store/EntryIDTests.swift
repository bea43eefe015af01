import Foundation
import GRDB
import VitalsSQLite
import XCTest

@testable import VitalsKit

/// An entry's id names it for `delete` and `edit`: once deleted, it is never handed out again,
/// in a new database and in one made before ids were kept (schema v7, migrated to v8).
final class EntryIDTests: XCTestCase {
    typealias F = StoreFixtures

    private func ids(_ store: SampleStore) throws -> [Int64] { try store.entries().map(\.id).sorted() }

    func testADeletedIdIsNeverReused() throws {
        let store = try SampleStore.open(path: F.temporaryDirectory(self).appendingPathComponent("v.sqlite").path)
        defer { try? store.close() }
        for (index, time) in ["08:00", "09:00", "10:00"].enumerated() {
            _ = try store.insertLogged([F.sample("body_mass", "2026-11-20T\(time):00+01:00", 80 + Double(index))])
        }
        let logged = try ids(store)
        XCTAssertEqual(logged.count, 3)
        let newest = try XCTUnwrap(logged.last)
        XCTAssertEqual(try store.deleteEntries([newest]), 1)
        _ = try store.insertLogged([F.sample("body_mass", "2026-11-20T11:00:00+01:00", 79)])
        let after = try ids(store)
        XCTAssertFalse(after.contains(newest), "\(after)")
        XCTAssertEqual(after.last, newest + 1)
        // The same delete again removes nothing.
        XCTAssertEqual(try store.deleteEntries([newest]), 0)
        XCTAssertEqual(try ids(store), after)
    }

    func testADatabaseFromBeforeKeepsItsRowsAndStopsReusingIds() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("v7.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: "v7-log-batch")
            try queue.write { db in
                for (index, hour) in [8, 9, 10].enumerated() {
                    let start = 1_763_622_000 + hour * 3600
                    try db.execute(
                        sql: """
                            INSERT INTO sample (series, subject, start, "end", utc_offset, value, source, local_start, log_batch)
                            VALUES ('body_mass', 'me', ?, ?, 3600, ?, 'manual', ?, ?)
                            """, arguments: [start, start, 80 + index, start + 3600, index + 1])
                }
            }
            try queue.close()
        }
        let store = try SampleStore.open(path: path)
        defer { try? store.close() }
        let before = try store.entries()
        XCTAssertEqual(before.map(\.sample.value).sorted(), [80, 81, 82])
        let newest = try XCTUnwrap(try ids(store).last)
        XCTAssertEqual(try store.deleteEntries([newest]), 1)
        _ = try store.insertLogged([F.sample("body_mass", "2026-11-20T11:00:00+01:00", 79)])
        XCTAssertFalse(try ids(store).contains(newest))
        // The indexes and the fill-in trigger are back: a row without local_start gets one.
        try store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value) VALUES ('steps', 'me', 100, 100, 3600, 5)
                    """)
        }
        let filled = try store.read { db in
            try Int64.fetchOne(db, sql: "SELECT local_start FROM sample WHERE series = 'steps'")
        }
        XCTAssertEqual(filled, 3700)
        let indexes = try store.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sample' AND sql IS NOT NULL ORDER BY name"
            )
        }
        XCTAssertEqual(
            indexes, ["sample_key_hash", "sample_log_batch", "sample_series_subject_local", "sample_unhashed"])
    }
}
