import Foundation
import XCTest

@testable import VitalsKit

/// Builds catalogs, samples and stores for the store tests (no YAML involved).
enum StoreFixtures {
    static let here = SourceLocation(file: "<test>", line: 1, column: 1)

    static func series(
        _ id: String, _ kind: Series.Kind = .quantity, _ unit: BaseUnit, categories: [String] = [],
        min: Double? = nil, max: Double? = nil,
        byKind: [SubjectKind: ClosedRange<Double>] = [:]
    ) -> Series {
        Series(
            id: id, kind: kind, unit: unit, categories: categories, min: min, max: max,
            rangeByKind: byKind, healthKit: [], description: nil, location: here)
    }

    static let bodyMass = series(
        "body_mass", .quantity, .kg, min: 20, max: 200, byKind: [.dog: 0.1...100, .cat: 0.1...15])
    static let protein = series("protein", .quantity, .g, min: 0, max: 300)
    static let vegetables = series("vegetables", .quantity, .portion, min: 0, max: 10)
    static let steps = series("steps", .quantity, .count, min: 0, max: 100_000)
    static let water = series("water", .quantity, .L, min: 0, max: 6)
    static let waist = series("waist", .quantity, .cm, min: 40, max: 200)
    static let sleep = series(
        "sleep_analysis", .category, .min,
        categories: ["in_bed", "asleep_unspecified", "awake", "core", "deep", "rem"], min: 0, max: 1440)

    static var catalog: Catalog {
        var catalog = Catalog()
        for s in [bodyMass, protein, vegetables, steps, water, waist, sleep] { catalog.add(s) }
        catalog.add(Subject(id: "ollie", name: "Ollie", kind: .dog, birthDate: "2025-12-20", location: here))
        return catalog
    }

    /// An instant from ISO text with an explicit offset, e.g. `2026-03-29T01:30:00+01:00`.
    static func time(_ text: String) -> TimeParser.Parsed {
        try! TimeParser(timeZone: TimeZone(secondsFromGMT: 0)!, now: Date(timeIntervalSince1970: 1_900_000_000)).parse(
            text)
    }

    static func sample(
        _ series: String, _ text: String, _ value: Double, subject: String = "me", tag: String? = nil,
        category: String? = nil, minutes: Double = 0
    ) -> Sample {
        let t = time(text)
        return Sample(
            seriesID: series, subjectID: subject, start: t.date, end: t.date.addingTimeInterval(minutes * 60),
            utcOffsetSeconds: t.utcOffsetSeconds, value: value, category: category, tag: tag, source: "test")
    }

    /// A store holding `samples`, on the current test's backend (`StoreBackend.current`).
    static func store(_ samples: [Sample]) throws -> SampleStore {
        let store = try emptyStore()
        try store.insert(samples)
        return store
    }

    static func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

    static func query(
        _ series: Series, aggregate: Aggregate = .sum, bucket: Bucket = .day, range: TimeRange,
        asOf: String, rolling: Int? = nil, unit: String? = nil, target: Target? = nil, cutoff: Int? = nil,
        splitBy: SplitKey? = nil, subject: String = "me", unitSystem: UnitSystem? = nil,
        categories: [String]? = nil, divisor: Series? = nil
    ) throws -> MetricQuery {
        try MetricQuery(
            binding: MetricBinding(
                seriesID: series.id, aggregate: aggregate, bucket: bucket, range: range,
                rolling: rolling, splitBy: splitBy, unit: unit, target: target,
                dayCutoffMinutes: cutoff, divideBy: divisor?.id, categories: categories),
            series: series, subjectID: subject, asOf: date(asOf), unitSystem: unitSystem, divisor: divisor)
    }

    /// A fresh temporary directory, removed after the test.
    static func temporaryDirectory(_ test: XCTestCase) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-store-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// Asserts two optional doubles are equal within `accuracy` (both nil counts as equal).
func assertClose(
    _ a: Double?, _ b: Double?, accuracy: Double = 1e-9, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    switch (a, b) {
    case (nil, nil): return
    case (let x?, let y?): XCTAssertEqual(x, y, accuracy: accuracy, message, file: file, line: line)
    default: XCTFail("\(String(describing: a)) != \(String(describing: b)) \(message)", file: file, line: line)
    }
}

/// Asserts a list of optional doubles element by element.
func assertValues(
    _ actual: [Double?], _ expected: [Double?], accuracy: Double = 1e-9,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, "counts differ: \(actual) vs \(expected)", file: file, line: line)
    for (a, e) in zip(actual, expected) {
        assertClose(a, e, accuracy: accuracy, "\(actual) vs \(expected)", file: file, line: line)
    }
}
