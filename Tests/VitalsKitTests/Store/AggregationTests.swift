import XCTest

@testable import VitalsKit

/// Several samples per day, rolling means with gaps, splits, latest value, divide_by.
final class AggregationTests: StoreBackendTestCase {
    typealias F = StoreFixtures

    /// Corgina's question: one morning weighing, or the day's last, or the mean?
    func testSeveralSamplesPerDay() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("body_mass", "2026-11-19T08:00:00+01:00", 80.4),
                F.sample("body_mass", "2026-11-20T12:00:00+01:00", 81.0),
                F.sample("body_mass", "2026-11-20T07:00:00+01:00", 80.0),
                F.sample("body_mass", "2026-11-20T21:00:00+01:00", 81.6),
            ])
            func values(_ aggregate: Aggregate) throws -> [Double?] {
                try F.query(F.bodyMass, aggregate: aggregate, range: .days(2), asOf: "2026-11-20").fetchBuckets(
                    from: store
                ).values
            }
            assertValues(try values(.first), [80.4, 80.0])
            assertValues(try values(.last), [80.4, 81.6])
            assertValues(try values(.mean), [80.4, 242.6 / 3])
            assertValues(try values(.sum), [80.4, 242.6])
            assertValues(try values(.min), [80.4, 80.0])
            assertValues(try values(.max), [80.4, 81.6])
            assertValues(try values(.count), [1, 3])
        }
    }

    func testRollingMeanKeepsGapsAsGaps() throws {
        try StoreBackend.each {
            // Days 11-14 … 11-20: 80, –, 82, –, –, 84, 86.
            let store = try F.store([
                F.sample("body_mass", "2026-11-14T07:00:00+01:00", 80),
                F.sample("body_mass", "2026-11-16T07:00:00+01:00", 82),
                F.sample("body_mass", "2026-11-19T07:00:00+01:00", 84),
                F.sample("body_mass", "2026-11-20T07:00:00+01:00", 86),
            ])
            let result = try F.query(F.bodyMass, aggregate: .mean, range: .days(5), asOf: "2026-11-20", rolling: 3)
                .fetchBuckets(from: store)
            XCTAssertEqual(
                result.buckets.map(\.start.description),
                ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"])
            // 11-16 averages 11-14…11-16 (read from before the range): (80 + 82) / 2; gaps stay nil, never 0.
            assertValues(result.values, [81, nil, nil, 84, 85])
            assertValues(result.buckets.map(\.raw), [82, nil, nil, 84, 86])
            XCTAssertEqual(result.rolling, 3)
            XCTAssertFalse(result.isEmpty)
        }
    }

    func testEmptyRangeIsAllGaps() throws {
        try StoreBackend.each {
            let result = try F.query(F.bodyMass, aggregate: .mean, range: .days(7), asOf: "2026-11-20")
                .fetchBuckets(from: try F.store([]))
            XCTAssertEqual(result.buckets.count, 7)
            XCTAssertTrue(result.isEmpty)
            let all = try F.query(F.bodyMass, aggregate: .last, bucket: .none, range: .all, asOf: "2026-11-20")
                .fetchBuckets(from: try F.store([]))
            XCTAssertTrue(all.buckets.isEmpty)
        }
    }

    func testSplitByMealSlotTag() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("vegetables", "2026-11-19T12:30:00+01:00", 0.75, tag: "lunch"),
                F.sample("vegetables", "2026-11-19T18:30:00+01:00", 1.5, tag: "dinner"),
                F.sample("vegetables", "2026-11-20T01:30:00+01:00", 0.25, tag: "snack"),  // counts for the 19th (04:00)
                F.sample("vegetables", "2026-11-20T12:30:00+01:00", 0.5, tag: "lunch"),
                F.sample("vegetables", "2026-11-20T12:45:00+01:00", 0.25, tag: "lunch"),
                F.sample("vegetables", "2026-11-20T10:00:00+01:00", 0.25, tag: "brunch"),
                F.sample("vegetables", "2026-11-20T15:00:00+01:00", 0.5),
            ])
            let split = try F.query(F.vegetables, range: .days(2), asOf: "2026-11-20", cutoff: 240, splitBy: .tag)
                .fetchSplit(from: store)
            XCTAssertEqual(split.keys, ["lunch", "dinner", "snack", "brunch", "untagged"])
            XCTAssertEqual(split.buckets.count, 2)
            assertValues(split.buckets[0].values, [0.75, 1.5, 0.25, nil, nil])
            assertValues(split.buckets[1].values, [0.75, nil, nil, 0.25, 0.5])
            assertClose(split.buckets[0].total, 2.5)
            assertValues(split.totals, [1.5, 1.5, 0.25, 0.25, 0.5])
            XCTAssertEqual(split.unit, "portion")
        }
    }

    func testSplitSleepStagesPerNightInHours() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("sleep_analysis", "2026-11-19T23:00:00+01:00", 30, category: "awake", minutes: 30),
                F.sample("sleep_analysis", "2026-11-19T23:30:00+01:00", 90, category: "core", minutes: 90),
                F.sample("sleep_analysis", "2026-11-20T01:00:00+01:00", 60, category: "deep", minutes: 60),
                F.sample("sleep_analysis", "2026-11-20T02:00:00+01:00", 120, category: "core", minutes: 120),
                F.sample("sleep_analysis", "2026-11-20T04:00:00+01:00", 45, category: "rem", minutes: 45),
            ])
            let split = try F.query(
                F.sleep, range: .days(1), asOf: "2026-11-20", unit: "h",
                categories: ["core", "deep", "rem"]
            ).fetchSplit(from: store)
            XCTAssertEqual(split.splitBy, .category)
            XCTAssertEqual(split.keys, ["core", "deep", "rem"])  // awake filtered out
            assertValues(split.buckets[0].values, [3.5, 1, 0.75])
            XCTAssertEqual(split.unit, "h")
        }
    }

    func testLatestValueAndDeltaForTheHeroCard() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("body_mass", "2026-11-01T10:00:00+01:00", 12.0, subject: "ollie"),
                F.sample("body_mass", "2026-11-08T10:00:00+01:00", 13.1, subject: "ollie"),
                F.sample("body_mass", "2026-11-22T10:00:00+01:00", 14.0, subject: "ollie"),  // after the as-of day
                F.sample("body_mass", "2026-11-10T10:00:00+01:00", 80.0),  // someone else
            ])
            let latest = try XCTUnwrap(
                try F.query(
                    F.bodyMass, aggregate: .last, bucket: .none, range: .all, asOf: "2026-11-20",
                    unit: "kg", subject: "ollie"
                ).fetchLatest(from: store))
            XCTAssertEqual(latest.value, 13.1, accuracy: 1e-9)
            XCTAssertEqual(latest.date.description, "2026-11-08")
            assertClose(latest.previous, 12.0)
            XCTAssertEqual(latest.previousDate?.description, "2026-11-01")
            assertClose(latest.delta, 1.1, accuracy: 1e-9)
            let pounds = try XCTUnwrap(
                try F.query(F.bodyMass, range: .all, asOf: "2026-11-20", unit: "lb", subject: "ollie")
                    .fetchLatest(from: store))
            XCTAssertEqual(pounds.value, 13.1 / 0.45359237, accuracy: 1e-3)  // Foundation's pound is 0.453592 kg
            XCTAssertEqual(pounds.unit, "lb")
            XCTAssertNil(
                try F.query(F.bodyMass, range: .all, asOf: "2026-10-01", subject: "ollie").fetchLatest(from: store))
        }
    }

    /// Protein per kg body weight: each day divided by the latest weight on or before it.
    func testDivideByLatestBodyMass() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("body_mass", "2026-11-17T07:00:00+01:00", 80),  // before the range
                F.sample("protein", "2026-11-18T12:00:00+01:00", 160),
                F.sample("protein", "2026-11-19T12:00:00+01:00", 120),
                F.sample("body_mass", "2026-11-20T07:00:00+01:00", 75),
                F.sample("protein", "2026-11-20T12:00:00+01:00", 150),
            ])
            let result = try F.query(F.protein, range: .days(3), asOf: "2026-11-20", divisor: F.bodyMass).fetchBuckets(
                from: store)
            XCTAssertEqual(result.unit, "g/kg")
            assertValues(result.values, [2.0, 1.5, 2.0])
        }
    }

    func testWeeklyMeanInPoundsForImperialUsers() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("body_mass", "2026-11-16T07:00:00+01:00", 80),
                F.sample("body_mass", "2026-11-18T07:00:00+01:00", 82),
            ])
            let result = try F.query(
                F.bodyMass, aggregate: .mean, bucket: .week, range: .weeks(1), asOf: "2026-11-20",
                unitSystem: .imperial
            ).fetchBuckets(from: store)
            XCTAssertEqual(result.unit, "lb")
            assertValues(result.values, [81 / 0.45359237], accuracy: 1e-3)
        }
    }

    func testUserUnitSystemBeatsTheBindingForMassButNotForHours() throws {
        func unit(_ series: Series, _ bound: String?, _ system: UnitSystem?) throws -> String {
            try F.query(series, range: .days(7), asOf: "2026-11-20", unit: bound, unitSystem: system).displayUnit.symbol
        }
        XCTAssertEqual(try unit(F.bodyMass, "kg", nil), "kg")
        XCTAssertEqual(try unit(F.bodyMass, "kg", .imperial), "lb")
        XCTAssertEqual(try unit(F.bodyMass, "lb", .metric), "kg")
        XCTAssertEqual(try unit(F.bodyMass, "lb", nil), "lb")
        XCTAssertEqual(try unit(F.sleep, "h", .imperial), "h")
        XCTAssertEqual(try unit(F.water, nil, .imperial), "fl oz")
        XCTAssertEqual(try unit(F.water, nil, .uk), "ml")
        XCTAssertEqual(try unit(F.bodyMass, "kg", .uk), "lb")
        XCTAssertEqual(try unit(F.protein, "g", .us), "g")
        XCTAssertEqual(try unit(F.protein, "g", .uk), "g")
        XCTAssertEqual(try unit(F.protein, "g", .metric), "g")
    }

    func testUnitOfTheWrongDimensionIsRefused() {
        XCTAssertThrowsError(try F.query(F.bodyMass, range: .days(7), asOf: "2026-11-20", unit: "cm")) { error in
            XCTAssertTrue("\(error)".contains("does not fit"), "\(error)")
        }
    }
}

extension AggregationTests {
    func testPointsOfOneNightInHours() throws {
        try StoreBackend.each {
            let store = try F.store([
                F.sample("sleep_analysis", "2026-11-19T22:40:00+01:00", 20, category: "awake", minutes: 20),
                F.sample("sleep_analysis", "2026-11-19T23:00:00+01:00", 90, category: "core", minutes: 90),
                F.sample("sleep_analysis", "2026-11-20T06:45:00+01:00", 30, category: "rem", minutes: 30),
                // next night
                F.sample("sleep_analysis", "2026-11-20T23:00:00+01:00", 60, category: "core", minutes: 60),
            ])
            let points = try F.query(F.sleep, bucket: .none, range: .days(7), asOf: "2026-11-20", unit: "h")
                .fetchPoints(from: store, on: F.date("2026-11-20"))
            XCTAssertEqual(points.map(\.category), ["awake", "core", "rem"])
            assertValues(points.map(\.value), [20.0 / 60, 1.5, 0.5])
            XCTAssertEqual(Set(points.map(\.date.description)), ["2026-11-20"])
            XCTAssertEqual(points[1].end.timeIntervalSince(points[1].start), 90 * 60)
        }
    }
}
