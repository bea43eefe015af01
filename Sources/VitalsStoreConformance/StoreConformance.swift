import Foundation
import VitalsKit
import XCTest

/// What every store backend must do the same, as checks any backend's tests can run: SQLite's
/// and PostgreSQL's suites run it, and so can a backend in a package of its own —
///
/// ```swift
/// final class MyBackendConformanceTests: XCTestCase {
///     func testConformance() throws {
///         try StoreConformance { try MyBackend.open(freshURL(), forWriting: true, environment: [:]) }.run()
///     }
/// }
/// ```
///
/// Each check takes a fresh, empty store from `makeStore`; `run()` reports each failure with
/// XCTest, naming the check ("[natural key] rows: 251 ≠ 262"), and `failures()` returns them.
/// Numbers are compared with a second, naive computation over the samples the check wrote, on
/// random samples from a fixed seed.
public struct StoreConformance {
    public let makeStore: () throws -> SampleStore
    /// The seed of the random samples (the same samples on every backend).
    public var seed: UInt64

    public init(seed: UInt64 = 0x5EED_0F_57, makeStore: @escaping () throws -> SampleStore) {
        self.seed = seed
        self.makeStore = makeStore
    }

    /// The checks, by name.
    public static var checks: [(name: String, run: (StoreConformance) throws -> Void)] {
        [
            ("natural key", { try $0.storesEachNaturalKeyOnce() }),
            ("bulk insert", { try $0.bulkInsertAgreesWithInsert() }),
            ("read back", { try $0.readsBackWhatItStored() }),
            ("streamed rows", { try $0.streamedRowsAgreeWithFetchedRows() }),
            ("transactions", { try $0.transactionsAreAllOrNothing() }),
            ("dialect", { try $0.dialectPiecesMeanTheSame() }),
            ("entries", { try $0.entriesCanBeEditedAndDeleted() }),
            ("milestones", { try $0.milestonesRoundTrip() }),
            ("statement values", { try $0.statementValuesRoundTrip() }),
            ("source rankings", { try $0.sourceRankingsReplaceAndRank() }),
        ]
    }

    /// Runs every check and reports each failure with XCTest.
    public func run(file: StaticString = #filePath, line: UInt = #line) {
        for failure in failures() { XCTFail(failure, file: file, line: line) }
    }

    /// Runs every check; returns what failed ("[check] what"), empty when the backend conforms.
    /// A check stops at its first failure; the others still run.
    public func failures() -> [String] {
        Self.checks.compactMap { check in
            do {
                try check.run(self)
                return nil
            } catch {
                return "[\(check.name)] \(error)"
            }
        }
    }

    /// A failed expectation of a check.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func expect<T: Equatable>(
        _ actual: @autoclosure () throws -> T, _ expected: @autoclosure () throws -> T,
        _ what: String
    ) throws {
        let (a, e) = (try actual(), try expected())
        if a != e { throw Failure(description: "\(what): \(a) ≠ \(e)") }
    }

    func expectThrows<T>(_ body: @autoclosure () throws -> T, _ what: String) throws {
        do { _ = try body() } catch { return }
        throw Failure(description: "\(what): no error")
    }

    // MARK: Samples

    /// `count` random samples over a few series, subjects, tags and days, some repeated.
    func randomSamples(_ count: Int) -> [Sample] {
        var random = SampleRandom(seed: seed)
        let series = ["steps", "protein", "body_mass", "sleep"]
        let subjects = ["me", "ollie"]
        let tags: [String?] = [nil, "breakfast", "lunch"]
        let offsets = [0, 3600, -18_000]
        let day0 = Date(timeIntervalSince1970: 1_790_000_000)
        var made: [Sample] = []
        for index in 0..<count {
            if index > 0, random.next() % 8 == 0 {
                made.append(made[Int(random.next() % UInt64(made.count))])
                continue
            }
            let start = day0.addingTimeInterval(Double(random.next() % (20 * 86_400)))
            made.append(
                Sample(
                    seriesID: series[Int(random.next() % 4)], subjectID: subjects[Int(random.next() % 2)],
                    start: start, end: start.addingTimeInterval(Double(random.next() % 600)),
                    utcOffsetSeconds: offsets[Int(random.next() % 3)],
                    value: Double(random.next() % 10_000) / 8, tag: tags[Int(random.next() % 3)],
                    source: random.next() % 2 == 0 ? "manual" : "conformance",
                    note: random.next() % 5 == 0 ? "note \(index) with 'quotes' and \\\\ a backslash" : nil,
                    metadata: random.next() % 4 == 0 ? #"{"food":"apple \#(index)"}"# : nil))
        }
        return made
    }

    /// The distinct natural keys of `samples`, as the store defines them.
    static func distinct(_ samples: [Sample]) -> [Sample] {
        var seen = Set<String>()
        return samples.filter { sample in
            seen.insert(
                [
                    sample.seriesID, sample.subjectID, "\(sample.start.timeIntervalSince1970)",
                    "\(sample.end.timeIntervalSince1970)", "\(sample.value)", sample.category ?? "",
                    sample.tag ?? "", sample.source,
                ].joined(separator: "\u{1F}")
            ).inserted
        }
    }

    // MARK: Checks

    func storesEachNaturalKeyOnce() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let samples = randomSamples(300)
        let distinct = Self.distinct(samples)
        try expect(try store.isEmpty(), true, "a fresh store is empty")
        try expect(try store.insert(samples), distinct.count, "new rows")
        try expect(try store.insert(samples), 0, "the same samples again")
        try expect(try store.count(), distinct.count, "rows")
        for series in Set(samples.map(\.seriesID)) {
            try expect(
                try store.count(series: series), distinct.filter { $0.seriesID == series }.count,
                "rows of \(series)")
        }
    }

    func bulkInsertAgreesWithInsert() throws {
        let samples = randomSamples(500)
        let distinct = Self.distinct(samples)
        let store = try makeStore()
        defer { try? store.close() }
        try expect(try store.insertBulk(samples), distinct.count, "new rows")
        try expect(try store.insertBulk(samples), 0, "again")
        try expect(try store.insert(Array(samples.prefix(50))), 0, "then one by one")
        try expect(Set(try store.samples()), Set(distinct), "what was stored")
    }

    func readsBackWhatItStored() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let distinct = Self.distinct(randomSamples(200))
        try store.insert(distinct)
        let back = try store.samples()
        try expect(Set(back), Set(distinct), "every field of every sample")
        let steps = try store.samples(series: "steps", subject: "me")
        try expect(
            Set(steps), Set(distinct.filter { $0.seriesID == "steps" && $0.subjectID == "me" }),
            "by series and subject")
    }

    func streamedRowsAgreeWithFetchedRows() throws {
        let store = try makeStore()
        defer { try? store.close() }
        try store.insert(Self.distinct(randomSamples(200)))
        let literal: SQLStatement = "SELECT start, value, source, note FROM sample ORDER BY start, value, source, id"
        try store.inSnapshot { db in
            let fetched = try db.fetchAll(literal)
            var streamed: [(Int64, Double, String, String?)] = []
            try db.forEachRow(literal) { row in
                try expect(row.columnNames, ["start", "value", "source", "note"], "names")
                let source = row.withUTF8(2) { String(decoding: $0, as: UTF8.self) }
                let note = row.isNull(3) ? nil : row.withUTF8(3) { String(decoding: $0, as: UTF8.self) }
                streamed.append((row.int64(0), row.double(1), source, note))
            }
            try expect(streamed.count, fetched.count, "rows")
            for (one, other) in zip(streamed, fetched) {
                try expect(one.0, other["start"] as Int64, "start")
                try expect(one.1, other["value"] as Double, "value")
                try expect(one.2, other["source"] as String, "source")
                try expect(one.3, other["note"] as String?, "note")
            }
        }
    }

    struct Undo: Error {}

    func transactionsAreAllOrNothing() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let samples = Self.distinct(randomSamples(40))
        do {
            try store.inTransaction { db -> Void in
                try db.execute(sql: "DELETE FROM sample")
                try expect(try SampleStore.countRows(db), 0, "rows inside the transaction")
                throw Undo()
            }
        } catch is Undo {}
        try store.insert(samples)
        do {
            try store.inTransaction { db -> Void in
                try db.execute(sql: "DELETE FROM sample")
                throw Undo()
            }
        } catch is Undo {}
        try expect(try store.count(), samples.count, "a thrown transaction leaves every row")
        let deleted = try store.inTransaction { db in
            try db.execute(sql: "DELETE FROM sample WHERE series = ?", arguments: ["steps"])
        }
        try expect(deleted, samples.filter { $0.seriesID == "steps" }.count, "changed rows counted")
        try expectThrows(
            try store.inSnapshot { db in try db.execute(sql: "DELETE FROM sample") },
            "a snapshot refuses a write")
        try expect(try store.count(), samples.count - deleted, "rows after the delete")
    }

    func dialectPiecesMeanTheSame() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        try store.insert([
            Sample(seriesID: "food", start: day, utcOffsetSeconds: 0, value: 1, metadata: #"{"food":"rice"}"#),
            Sample(
                seriesID: "food", start: day.addingTimeInterval(60), utcOffsetSeconds: 0, value: 2, metadata: "not json"
            ),
            Sample(seriesID: "food", start: day.addingTimeInterval(120), utcOffsetSeconds: 0, value: 3),
        ])
        try store.inSnapshot { db in
            let field = db.dialect.jsonTextField("metadata", "food")
            let foods = try db.fetchAll(sql: "SELECT \(field) AS food FROM sample ORDER BY value").map {
                $0["food"] as String?
            }
            try expect(foods, ["rice", nil, nil], "a JSON field, NULL where there is no JSON")
            let same = try db.fetchValues(
                Double.self,
                sql: "SELECT value FROM sample WHERE metadata \(db.dialect.nullSafeEquals) ? ORDER BY value",
                arguments: [String?.none])
            try expect(same, [3], "NULL compares equal to NULL")
        }
    }

    func entriesCanBeEditedAndDeleted() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        try store.insert([
            Sample(seriesID: "water", start: day, utcOffsetSeconds: 3600, value: 250),
            Sample(seriesID: "water", start: day.addingTimeInterval(3600), utcOffsetSeconds: 3600, value: 500),
        ])
        let entries = try store.entries(series: "water")
        try expect(entries.map(\.sample.value), [250, 500], "oldest first")
        var changed = entries[0].sample
        changed.value = 300
        try store.replaceEntry(id: entries[0].id, with: changed)
        try expect(try store.entry(id: entries[0].id)?.sample.value, 300, "edited in place")
        var twin = entries[1].sample
        twin.value = 300
        twin.start = changed.start
        twin.end = changed.end
        try expectThrows(try store.replaceEntry(id: entries[1].id, with: twin), "an edit onto another entry's key")
        try expect(try store.deleteEntries([entries[1].id]), 1, "entries deleted")
        try expect(try store.count(series: "water"), 1, "deleted")
    }

    func milestonesRoundTrip() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let record = MilestoneRecord(
            subjectID: "ollie", milestoneID: "vaccination_1", doneOn: LocalDate(year: 2026, month: 9, day: 3),
            note: "left leg")
        try store.markMilestone(record)
        try expect(try store.milestones(subject: "ollie"), [record], "read back")
        try expect(try store.unmarkMilestone(subject: "ollie", milestone: "vaccination_1"), true, "undo found it")
        try expect(try store.milestones(subject: "ollie"), [], "undone")
    }
}

extension StoreConformance {
    /// Every kind of `StoreValue` sent as an argument comes back as it went: NULL, the
    /// extremes of a 64-bit integer, doubles that are not short decimals, text with quotes and
    /// `?`, bytes with NUL and 0xFF; a `?` inside a string literal or a comment is text, not a
    /// placeholder; an interpolated list is one argument per element.
    func statementValuesRoundTrip() throws {
        let store = try makeStore()
        defer { try? store.close() }
        let values: [StoreValue] = [
            .integer(Int64.max), .integer(Int64.min), .integer(9_007_199_254_740_993),
            .real(0.1), .real(-1e300), .real(.leastNonzeroMagnitude), .real(1.0 / 3),
            .text("it's a \"?\" -- not a comment"), .text(""), .text("ünï ☃"),
            .blob(Data([0, 1, 0xFF, 0x3F, 0x27])), .blob(Data()),
        ]
        let columns = values.indices.map { "? AS c\($0)" }.joined(separator: ", ")
        try store.inSnapshot { db in
            let row = try db.fetchOne(sql: "SELECT \(columns)", arguments: StoreArguments(values))
            try expect(row?.values, values, "each value as it was sent")
            // A NULL argument in a context that gives it a type (PostgreSQL infers an argument's
            // type from where it stands), and a NULL column.
            let nulls = try db.fetchOne(
                sql: "SELECT COALESCE(?, 'was null') AS a, NULL AS b", arguments: [StoreValue.null])
            try expect(nulls?.values, [.text("was null"), .null], "NULL sent and read")
            let quoted: SQLStatement = """
                SELECT '?' AS mark, \(Int64(42)) AS n, 'it''s ?' AS t -- a ? here is text too
                , \("x") AS x /* and ? here */
                """
            try expect(quoted.placeholderCount, 2, "placeholders outside literals and comments")
            let back = try db.fetchOne(quoted)
            try expect(
                back?.values, [.text("?"), .integer(42), .text("it's ?"), .text("x")], "literals with ? left alone")
            let wanted = ["?", "b'", ""]
            let listed: SQLStatement =
                "SELECT COUNT(*) FROM (SELECT \("b'") AS v UNION ALL SELECT 'zz') AS t WHERE v IN \(wanted)"
            try expect(try db.fetchValue(Int.self, listed), 1, "an interpolated list")
            let none: [String] = []
            try expect(
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM sample WHERE series IN \(none)"), 0, "an empty list")
        }
        // Written and read back through a table: text with `?` and quotes as a note.
        let note = "a ? and a '?' and \"?\""
        try store.insert([
            Sample(
                seriesID: "values", start: Date(timeIntervalSince1970: 1_790_000_000), utcOffsetSeconds: 0,
                value: 0.1, note: note)
        ])
        try store.inTransaction { db in
            try expect(
                try db.execute("UPDATE sample SET value = \(Double(1) / 3) WHERE note = \(note)"), 1, "rows updated")
        }
        try expect(try store.samples(series: "values").map(\.value), [1.0 / 3], "a double written and read back")
    }
}

extension SampleStore {
    static func countRows(_ db: StoreDatabase) throws -> Int {
        try db.fetchValue(Int.self, sql: "SELECT COUNT(*) FROM sample") ?? -1
    }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants), upper bits only: the
/// conformance samples must be the same on every platform and backend.
struct SampleRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 17
    }
}
