import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsReports

/// The adherence report's body trends: every body metric the catalog binds for the subject
/// (primary and children), each with its 7-day mean at both ends of the period — checked
/// against a naive mean of the days' values on random data.
final class BodyTrendsTests: XCTestCase {
    static let asOf = LocalDate(year: 2026, month: 11, day: 20)

    static let body = """
        pillars:
          - {pillar_id: core_care, name: Core Care, color: "#2F6FD6", order: 1}
        screens:
          - {screen_id: SCREEN_BODY, name: Body, pillar: core_care}
          - {screen_id: SCREEN_STEPS, name: Steps, pillar: core_care}
        series:
          - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 300}
          - {series_id: body_fat, kind: quantity, unit: percent, min: 2, max: 70}
          - {series_id: waist, kind: quantity, unit: cm, min: 40, max: 200}
          - {series_id: steps, kind: quantity, unit: count, min: 0, max: 100000}
        metrics:
          - {display_metric_id: BODY_WEIGHT, display_screen_id: SCREEN_BODY, display_name: Weight, chart_type_id: line,
             is_primary: true, series: body_mass, aggregate: first, bucket: day, range: 30d, unit: kg}
          - {display_metric_id: BODY_FAT, display_screen_id: SCREEN_BODY, display_name: Body fat, chart_type_id: line,
             parent_metric_id: BODY_WEIGHT, series: body_fat, aggregate: mean, bucket: week, range: 6m}
          - {display_metric_id: BODY_WAIST, display_screen_id: SCREEN_BODY, display_name: Waist, chart_type_id: sparkline,
             parent_metric_id: BODY_WEIGHT, series: waist, aggregate: mean, bucket: week, range: 6m}
          - {display_metric_id: STEPS, display_screen_id: SCREEN_STEPS, display_name: Steps, chart_type_id: bar_vertical,
             is_primary: true, series: steps, aggregate: sum, bucket: day, range: 30d}

        """

    func sample(_ series: String, _ day: LocalDate, _ value: Double) -> Sample {
        Sample(
            seriesID: series, start: day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(8 * 3600),
            utcOffsetSeconds: 3600, value: value)
    }

    /// The mean of the values on the 7 days ending `day`.
    static func naiveMean(_ values: [LocalDate: Double], endingOn day: LocalDate) -> Double {
        let window = (0..<7).compactMap { values[day.adding(days: -$0)] }
        return window.reduce(0, +) / Double(window.count)
    }

    func testEveryBodyMetricHasItsSevenDayMeansAsANaiveMeanGivesThem() throws {
        let loaded = PortionFixtures.loaded(Self.body)
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        var random = SplitMix(seed: 30)
        for _ in 0..<20 {
            let store = try SampleStore.inMemory()
            var values: [String: [LocalDate: Double]] = [:]
            var samples: [Sample] = []
            // 45 days before the as-of day (the 30-day period and some before it), a random
            // share of them measured.
            for (series, low, high, share) in [
                ("body_mass", 60.0, 90.0, 0.8), ("body_fat", 15.0, 30.0, 0.3), ("waist", 70.0, 100.0, 0.2),
            ] {
                for offset in 0..<45 where Double.random(in: 0..<1, using: &random) < share {
                    let day = Self.asOf.adding(days: -offset)
                    let value = (Double.random(in: low...high, using: &random) * 10).rounded() / 10
                    values[series, default: [:]][day] = value
                    samples.append(sample(series, day, value))
                }
            }
            samples.append(sample("steps", Self.asOf, 5000))
            try store.insert(samples)
            let trends = BodyTrends(
                catalog: loaded.catalog, store: store, request: ScreenRequest(asOf: Self.asOf, range: .days(30)),
                profile: RenderProfile(width: 80), subjectID: "me", defaultRange: .days(84))
            XCTAssertEqual(
                trends.metrics().map(\.metric.id), ["BODY_WEIGHT", "BODY_FAT", "BODY_WAIST"],
                "body metrics only, children too")
            let document = try XCTUnwrap(try trends.document())
            XCTAssertEqual(document.blocks.filter { $0.kind == .chart }.count, 3, "a line per body metric")
            let table = try XCTUnwrap(document.blocks.first { $0.kind == .summary })
            let data = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(table.data.text().utf8)) as? [String: Any])
            let metrics = try XCTUnwrap(data["metrics"] as? [[String: Any]])
            let firstDay = Self.asOf.adding(days: -29)
            for metric in metrics {
                let series = try XCTUnwrap(metric["series"] as? String)
                let measured = (values[series] ?? [:]).keys.filter { $0 >= firstDay && $0 <= Self.asOf }.sorted()
                XCTAssertEqual(metric["days_measured"] as? Double, Double(measured.count), series)
                guard let first = measured.first, let last = measured.last else {
                    XCTAssertTrue(metric["first_mean"] is NSNull, series)
                    continue
                }
                let all = values[series] ?? [:]
                XCTAssertEqual(
                    try XCTUnwrap(metric["first_mean"] as? Double), Self.naiveMean(all, endingOn: first),
                    accuracy: 1e-6, series)
                XCTAssertEqual(
                    try XCTUnwrap(metric["last_mean"] as? Double), Self.naiveMean(all, endingOn: last), accuracy: 1e-6,
                    series)
            }
        }
    }
}
