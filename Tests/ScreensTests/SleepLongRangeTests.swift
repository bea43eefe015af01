import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsScreens

/// Ten years of sleep at 80 columns: every chart regroups (the same way as every other chart)
/// instead of cutting, and says so in its title.
final class SleepLongRangeTests: XCTestCase {
    typealias F = ScreenFixtures
    typealias S = SleepTestSupport

    /// One night a day from 16 June 2016 to 15 June 2026: 23:00–06:00 core (7 h), but
    /// 00:00–06:00 (6 h) for the nights ending in 2020. By hand: 3652 nights (two leap days);
    /// 41 quarters from Q2 2016 (121 months do not fit the 71 columns of bars at 80); each
    /// quarter's mean night is 6 h in 2020 and 7 h otherwise (the night to 1 January 2021
    /// begins on 31 December 23:00 and is 7 h).
    func testTenYearsOfSleepFitEightyColumnsAsQuarterlyMeans() throws {
        let first = LocalDate(year: 2016, month: 6, day: 16)
        var samples: [Sample] = []
        for offset in 0...first.days(to: F.asOf) {
            let night = first.adding(days: offset)
            let evening = night.adding(days: -1)
            let from = night.year == 2020 ? "\(night) 00:00 +0200" : "\(evening) 23:00 +0200"
            samples.append(S.sample(from, "\(night) 06:00 +0200", "core", "apple-health:Watch"))
        }
        let store = try S.store(samples)
        let document = try F.document(
            "sleep", store: store, profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, range: .all, showChildren: true))
        let text = document.lines(width: 80).map(F.stripANSI).joined(separator: "\n")
        XCTAssertFalse(text.contains("not shown"), text)
        XCTAssertFalse(text.contains("not drawn"), text)
        XCTAssertTrue(text.contains("Consistency over the last 3652 nights"), text)

        let bars = try XCTUnwrap(document.blocks.first { $0.metricID == "SLEEP_DURATION" })
        XCTAssertEqual(try S.object(bars)["title"] as? String, "Sleep duration, quarterly means")
        let values = try S.pointValues(bars)
        XCTAssertEqual(values.count, 41)
        XCTAssertEqual(values.keys.min(), "2016-04-01")
        for (date, value) in values {
            let expected = date.hasPrefix("2020-") ? 360 : 420
            XCTAssertEqual(S.minutes(value), expected, date)
        }
        // Every other chart of nights on the screen regroups too, and says how.
        for block in document.blocks where block.metricID != nil {
            let object = try S.object(block)
            guard let points = object["points"] as? [[String: Any]], points.count > 1,
                points.allSatisfy({ $0["date"] != nil }), let title = object["title"] as? String
            else { continue }
            XCTAssertTrue(title.hasSuffix(" means"), "\(block.metricID!): \(title)")
        }
    }
}
