import Foundation
import XCTest

@testable import VitalsKit

/// Every value a query sends to SQLite travels as a statement argument: ids, subjects, tags,
/// categories and meal-slot spellings holding `'`, `"`, `%`, `_` and SQL fragments find exactly
/// their own samples, through every query shape (buckets, splits, points, latest, targets,
/// divisors, one source per hour).
final class StatementArgumentTests: XCTestCase {
    typealias F = StoreFixtures

    static let awkward = #"o'brien "50%"_x"#
    static let subject = #"a'b%"c; DROP TABLE sample; --"#
    static let tag = #"lunch's "big" 100%"#
    static let category = #"c'%"_"#

    /// A quantity series named `awkward`, with decoys whose names differ only where a wildcard
    /// or a broken quote would blur them.
    func store() throws -> SampleStore {
        var samples: [Sample] = []
        func add(
            _ series: String, _ time: String, _ value: Double, subject: String = Self.subject,
            tag: String? = nil, category: String? = nil, source: String = "test"
        ) {
            var sample = F.sample(series, time, value, subject: subject, tag: tag, category: category)
            sample.source = source
            samples.append(sample)
        }
        add(Self.awkward, "2026-11-19T08:00:00+01:00", 10, tag: Self.tag)
        add(Self.awkward, "2026-11-20T08:00:00+01:00", 20, tag: Self.tag)
        add(Self.awkward, "2026-11-20T12:00:00+01:00", 5, tag: "dinner")
        // Decoys: a prefix, `_`/`%` read as wildcards, another subject, an injected OR.
        add(#"o'brien "50"#, "2026-11-20T08:00:00+01:00", 1000)
        add(#"o'brien "50x"_x"#, "2026-11-20T08:00:00+01:00", 1000)
        add(#"obrien "50%"_x"#, "2026-11-20T08:00:00+01:00", 1000)
        add(Self.awkward, "2026-11-20T08:00:00+01:00", 1000, subject: "me")
        add(#"x' OR '1'='1"#, "2026-11-20T08:00:00+01:00", 1000)
        // A category series with an awkward category and a decoy category.
        add("stages", "2026-11-20T09:00:00+01:00", 3, category: Self.category)
        add("stages", "2026-11-20T10:00:00+01:00", 4, category: "c_%")
        // The divisor: body weight, stored under an awkward id too.
        add(#"mass'"%"#, "2026-11-18T07:00:00+01:00", 80)
        // One hour from two sources: the larger source's total counts.
        add(#"steps'"%"#, "2026-11-20T09:00:00+01:00", 100, source: #"phone'"%"#)
        add(#"steps'"%"#, "2026-11-20T09:10:00+01:00", 100, source: #"phone'"%"#)
        add(#"steps'"%"#, "2026-11-20T09:05:00+01:00", 150, source: "watch")
        return try F.store(samples)
    }

    func query(
        _ series: Series, aggregate: Aggregate = .sum, categories: [String]? = nil, divisor: Series? = nil,
        splitBy: SplitKey? = nil
    ) throws -> MetricQuery {
        try F.query(
            series, aggregate: aggregate, range: .days(3), asOf: "2026-11-20", splitBy: splitBy,
            subject: Self.subject, categories: categories, divisor: divisor)
    }

    func testBucketsPointsLatestAndNewestDayFindOnlyTheirOwnSamples() throws {
        let store = try store()
        let series = F.series(Self.awkward, .quantity, .g)
        let q = try query(series)
        assertValues(try q.fetchBuckets(from: store).values, [nil, 10, 25])
        XCTAssertEqual(try q.fetchPoints(from: store).map(\.value), [10, 20, 5])
        XCTAssertEqual(try q.fetchPoints(from: store).map(\.tag), [Self.tag, Self.tag, "dinner"])
        let latest = try XCTUnwrap(try q.fetchLatest(from: store))
        XCTAssertEqual(latest.value, 5)
        XCTAssertEqual(latest.previous, 20)
        XCTAssertEqual(try q.fetchNewestDay(from: store), F.date("2026-11-20"))
        XCTAssertEqual(try q.earliestDay(in: store), F.date("2026-11-19"))
        for aggregate in [Aggregate.mean, .min, .max, .count, .first, .last] {
            let values = try query(series, aggregate: aggregate).fetchBuckets(from: store).values
            let expected: [Double?] =
                switch aggregate {
                case .mean: [nil, 10, 12.5]
                case .min: [nil, 10, 5]
                case .max: [nil, 10, 20]
                case .count: [nil, 1, 2]
                case .first: [nil, 10, 20]
                default: [nil, 10, 5]
                }
            assertValues(values, expected)
        }
        let summary = try XCTUnwrap(try q.fetchTargetSummary(from: store, target: .atLeast(20)))
        XCTAssertEqual(summary.days.map(\.value), [10, 25])
        // An injected condition is a name like any other: nothing stored under it.
        let injected = try MetricQuery(
            binding: MetricBinding(seriesID: "x", aggregate: .sum, bucket: .day, range: .days(3)),
            series: F.series("x' OR '1'='1' --", .quantity, .g), subjectID: Self.subject,
            asOf: F.date("2026-11-20"))
        XCTAssertTrue(try injected.fetchBuckets(from: store).isEmpty)
        XCTAssertEqual(try store.count(), 14, "no statement changed the table")
    }

    func testSplitsByAwkwardTagsAndCategories() throws {
        let store = try store()
        let byTag = try query(F.series(Self.awkward, .quantity, .g)).fetchSplit(from: store, by: .tag)
        XCTAssertEqual(byTag.splitBy, .tag)
        XCTAssertEqual(byTag.keys, ["dinner", Self.tag])
        XCTAssertEqual(byTag.buckets.map(\.values), [[nil, nil], [nil, 10], [5, 20]])

        let stages = F.series("stages", .category, .count, categories: [Self.category, "c_%"])
        let all = try query(stages).fetchSplit(from: store)
        XCTAssertEqual(all.splitBy, .category)
        XCTAssertEqual(all.keys, [Self.category, "c_%"])
        XCTAssertEqual(all.buckets.last?.values, [3, 4])
        let one = try query(stages, categories: [Self.category]).fetchSplit(from: store)
        XCTAssertEqual(one.keys, [Self.category])
        XCTAssertEqual(one.buckets.last?.values, [3])
        assertValues(try query(stages, categories: [Self.category]).fetchBuckets(from: store).values, [nil, nil, 3])
        assertValues(try query(stages, categories: []).fetchBuckets(from: store).values, [nil, nil, nil])
    }

    func testMealSlotSpellingsAreArguments() throws {
        let store = try store()
        var q = try query(F.series(Self.awkward, .quantity, .g))
        // The stored tag, normalised (lower case, spaces as `_`), names the declared slot.
        q.tagGroups = TagGroups(order: ["lunch"], spellings: [#"lunch's_"big"_100%"#: "lunch", "x' then 'y": "dinner"])
        let split = try q.fetchSplit(from: store, by: .tag)
        XCTAssertEqual(split.keys, ["lunch", "dinner"])
        XCTAssertEqual(split.buckets.last?.values, [20, 5])
    }

    func testDivisorAndOneSourcePerHourWithAwkwardNames() throws {
        let store = try store()
        let mass = F.series(#"mass'"%"#, .quantity, .kg)
        let perKilo = try query(F.series(Self.awkward, .quantity, .g), divisor: mass)
        assertValues(try perKilo.fetchBuckets(from: store).values, [nil, 10.0 / 80, 25.0 / 80])

        var steps = F.series(#"steps'"%"#, .quantity, .count)
        steps.overlappingSources = .hourlyMax
        let q = try query(steps)
        assertValues(try q.fetchBuckets(from: store).values, [nil, nil, 200])
        XCTAssertEqual(try q.fetchPoints(from: store).map(\.value), [100, 100])
        XCTAssertEqual(try q.fetchLatest(from: store)?.value, 100)
        XCTAssertEqual(try q.fetchSplit(from: store, by: .tag).buckets.last?.values, [200])
    }

    /// The statements carry no value in their text: only `?` placeholders.
    func testNoValueIsWrittenIntoTheStatementText() throws {
        let q = try query(F.series(Self.awkward, .quantity, .g), categories: [Self.category])
        let periods = try XCTUnwrap(try q.readPeriods(in: nil))
        var grouped = q
        grouped.tagGroups = TagGroups(order: ["lunch"], spellings: ["it's": "lunch"])
        let statements = [
            q.bucketSQL(periods, .day), q.bucketSQL(periods, .month),
            grouped.groupedSQL(periods, .day, group: grouped.tagGroups.sql(MetricQuery.SampleAlias.s.column("tag"))),
            q.sampleFilter(alias: .o),
        ]
        for statement in statements {
            for value in ["o'brien", "a'b", "c'%", "it's", "lunch", "\(q.localBound(periods[0].start))"] {
                XCTAssertFalse(statement.text.contains(value), "\(value) written into \(statement.text)")
            }
            XCTAssertFalse(statement.arguments.isEmpty)
            XCTAssertEqual(statement.placeholderCount, statement.arguments.count, statement.text)
        }
    }
}
