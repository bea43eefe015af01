import Foundation
import GRDB
import VitalsSQLite
import XCTest

@testable import VitalsKit

/// Schema v3: the natural key as one integer under a unique index, with collisions and rows
/// without a key still stored at most once.
final class SampleKeyTests: XCTestCase {
    typealias F = StoreFixtures

    private func sample(_ value: Double, start: TimeInterval = 1_795_154_400, source: String = "manual") -> Sample {
        Sample(
            seriesID: "steps", start: Date(timeIntervalSince1970: start), utcOffsetSeconds: 3600, value: value,
            source: source)
    }

    private func key(_ sample: Sample) -> Int64 {
        let start = Int64(sample.start.timeIntervalSince1970)
        return SampleKey.value(
            series: sample.seriesID, subject: sample.subjectID, start: start,
            end: Int64(sample.end.timeIntervalSince1970), value: sample.value,
            category: sample.category ?? "", tag: sample.tag ?? "", source: sample.source)
    }

    func testTheKeyIsStableAndFollowsEveryColumn() {
        let base = sample(7)
        // Stored in databases: this number must never change between versions.
        XCTAssertEqual(key(base), key(sample(7)))
        XCTAssertEqual(key(base) >> 24, 1_795_154_400, "the start second leads, so the index is in time order")
        var variants = [base]
        variants.append(sample(8))
        variants.append(sample(7, start: 1_795_154_401))
        variants.append(sample(7, source: "csv"))
        var other = base
        other.subjectID = "ollie"
        variants.append(other)
        other = base
        other.tag = "lunch"
        variants.append(other)
        other = base
        other.category = "lunch"
        variants.append(other)
        other = base
        other.end = base.end.addingTimeInterval(60)
        variants.append(other)
        XCTAssertEqual(Set(variants.map(key)).count, variants.count)
        XCTAssertEqual(key(sample(0)), key(sample(-0.0)), "SQLite compares 0 and -0 as equal")
        var split = base
        split.seriesID = "ab"
        split.subjectID = "c"
        var joined = base
        joined.seriesID = "a"
        joined.subjectID = "bc"
        XCTAssertNotEqual(key(split), key(joined))
    }

    /// Two different samples whose integers collide are both stored, once each.
    func testCollidingKeysAreBothStoredOnce() throws {
        var seen: [Int64: Double] = [:]
        var pair: (Double, Double)?
        for step in 0..<100_000 {
            let value = Double(step)
            let k = key(sample(value))
            if let earlier = seen[k] {
                pair = (earlier, value)
                break
            }
            seen[k] = value
        }
        let (first, second) = try XCTUnwrap(pair, "no collision among 100,000 keys in one second")
        let store = try SampleStore.inMemory()
        XCTAssertEqual(try store.insert([sample(first), sample(second)]), 2)
        XCTAssertEqual(try store.insert([sample(first), sample(second)]), 0)
        XCTAssertEqual(try store.insert([sample(second)]), 0)
        XCTAssertEqual(try store.count(), 2)
        let unkeyed = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample WHERE key_hash IS NULL")
        }
        XCTAssertEqual(unkeyed, 1)
    }

    /// One multi-row statement per 32 samples: within one group, which rows were new is still
    /// told row by row — repeats inside the group, rows stored before, and both colliding rows.
    func testAGroupTellsEachRowApart() throws {
        var seen: [Int64: Double] = [:]
        var pairs: [(Double, Double)] = []
        for step in 0..<400_000 where pairs.count < 2 {
            let value = Double(step) + 0.5
            let k = key(sample(value))
            if let earlier = seen[k] { pairs.append((earlier, value)) } else { seen[k] = value }
        }
        XCTAssertEqual(pairs.count, 2, "two collisions among 400,000 keys in one second")
        let store = try SampleStore.inMemory()
        // Stored before: two plain samples and the first of the second colliding pair.
        XCTAssertEqual(try store.insert([sample(1000), sample(1001), sample(pairs[1].0)]), 3)
        XCTAssertEqual(SampleInserter.groupSize, 32)
        var group: [(Sample, Bool)] = (0..<24).map { (sample(Double($0)), true) }
        group.insert((sample(1000), false), at: 3)  // stored before
        group.insert((sample(5), false), at: 9)  // repeats row 5 of this group
        group.insert((sample(pairs[0].0), true), at: 12)  // a colliding pair, both new here
        group.insert((sample(pairs[0].1), true), at: 20)
        group.insert((sample(pairs[1].1), true), at: 22)  // collides with a row stored before
        group.insert((sample(1001), false), at: 25)  // stored before
        group.insert((sample(pairs[0].1), false), at: 30)  // repeats the second of the pair
        group.append((sample(23), false))  // repeats row 23 of this group
        XCTAssertEqual(group.count, 32)
        let outcome = try store.write { db -> [Bool] in
            let inserter = try SampleInserter(db: db)
            for (sample, _) in group {
                inserter.stage(
                    series: sample.seriesID, subject: sample.subjectID,
                    start: Int64(sample.start.timeIntervalSince1970), end: Int64(sample.end.timeIntervalSince1970),
                    utcOffset: Int64(sample.utcOffsetSeconds), value: sample.value, category: "", tag: "",
                    source: sample.source, note: nil, metadata: nil, key: key(sample))
            }
            XCTAssertTrue(inserter.isGroupFull)
            var outcome = Array(repeating: false, count: group.count)
            try inserter.flush { outcome[$0] = $1 == .new }
            return outcome
        }
        XCTAssertEqual(outcome, group.map(\.1))
        XCTAssertEqual(try store.count(), 3 + group.filter(\.1).count)
        let unkeyed = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample WHERE key_hash IS NULL")
        }
        XCTAssertEqual(unkeyed, 2, "the second of each colliding pair")
        XCTAssertEqual(try store.insert(group.map(\.0)), 0, "the same group again: nothing new")
    }

    /// A row written by raw SQL has no key_hash; the same sample inserted later is found anyway.
    func testRowsWithoutAKeyAreFoundByTheirColumns() throws {
        let store = try SampleStore.inMemory()
        try store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sample (series, subject, start, "end", utc_offset, value, source)
                    VALUES ('steps', 'me', 1795154400, 1795154400, 3600, 7, 'manual')
                    """)
        }
        XCTAssertEqual(try store.insert([sample(7)]), 0)
        XCTAssertEqual(try store.insert([sample(8)]), 1)
        XCTAssertEqual(try store.count(), 2)
    }

    /// A database made by a version before v3 (with its eight-column unique index) is migrated:
    /// every row gets its key, the old index is gone, and inserting what it holds adds nothing.
    func testMigratesAVersionTwoDatabase() throws {
        let path = F.temporaryDirectory(self).appendingPathComponent("v2.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v2-local-start")
        let old = (0..<5000).map { sample(Double($0 % 7), start: 1_795_154_400 + TimeInterval($0 / 7) * 60) }
        try queue.write { db in
            for s in old {
                try db.execute(
                    sql: """
                        INSERT INTO sample (series, subject, start, "end", utc_offset, value, source, local_start)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        s.seriesID, s.subjectID, Int64(s.start.timeIntervalSince1970),
                        Int64(s.end.timeIntervalSince1970), s.utcOffsetSeconds, s.value, s.source,
                        Int64(s.start.timeIntervalSince1970) + Int64(s.utcOffsetSeconds),
                    ])
            }
        }
        try queue.close()
        let store = try SampleStore.open(path: path)
        let indexes = try store.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sample' ORDER BY name")
        }
        XCTAssertEqual(
            indexes, ["sample_key_hash", "sample_log_batch", "sample_series_subject_local", "sample_unhashed"])
        let keys = try store.read { db in try Int64.fetchAll(db, sql: "SELECT key_hash FROM sample ORDER BY id") }
        XCTAssertEqual(keys, old.map(key))
        XCTAssertEqual(try store.insert(old), 0)
        XCTAssertEqual(try store.insert([sample(99)]), 1)
        XCTAssertEqual(try store.count(), old.count + 1)
    }

    /// Reading a short span by UTC start still goes through an index (v3 has none on start).
    func testReadingASpanUsesTheChartIndex() throws {
        let store = try SampleStore.inMemory()
        try store.insert((0..<50).map { sample(Double($0), start: 1_795_154_400 + TimeInterval($0) * 3600) })
        let found = try store.samples(
            series: "steps", subject: "me", from: Date(timeIntervalSince1970: 1_795_154_400 + 10 * 3600),
            to: Date(timeIntervalSince1970: 1_795_154_400 + 20 * 3600))
        XCTAssertEqual(found.map(\.value), (10..<20).map(Double.init))
        let detail = try store.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT * FROM sample WHERE series = 'steps' AND subject = 'me'
                    AND start >= 1 AND local_start >= 0 AND start < 9 AND local_start < 10
                    """
            ).map { $0["detail"] as String }
        }.joined(separator: "\n")
        XCTAssertTrue(
            detail.contains("sample_series_subject_local (series=? AND subject=? AND local_start>? AND local_start<?)"),
            detail)
    }
}
