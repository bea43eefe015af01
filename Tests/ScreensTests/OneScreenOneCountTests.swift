import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsScreens

/// Numbers on one screen that count the same window agree: the summary's "30 days" and a
/// 30-day chart count the same days the same way (today only once met), and the Sleep
/// screen's bars, consistency lines and consistency chart print one count of nights.
final class OneScreenOneCountTests: XCTestCase {
    typealias F = ScreenFixtures

    /// The first capture of `pattern` in `text`.
    func capture(_ pattern: String, in text: String) throws -> String {
        let regex = try NSRegularExpression(pattern: pattern)
        let match = try XCTUnwrap(
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            "no \(pattern) in\n\(text)")
        return String(text[Range(match.range(at: 1), in: text)!])
    }

    /// Protein and Vegetables at 30 days on the demo data, as of a day whose today is met
    /// and one whose today is not: the summary's 30-day count is the chart's.
    func testTheSummaryAndA30DayChartCountTheSameDays() throws {
        for (screen, chart) in [("protein", "Protein per day"), ("vegetables", "Vegetable portions per day")] {
            for day in 0..<6 {
                let asOf = F.asOf.adding(days: -day)
                let lines = try F.lines(
                    screen, profile: F.profile("unicode", width: 120),
                    request: ScreenRequest(asOf: asOf, range: .days(30)))
                let text = lines.joined(separator: "\n")
                let summary = try capture(#"30 days \d+ % \((\d+/\d+)\)"#, in: text)
                let chartStart = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(chart) }, text)
                let chartLine = try XCTUnwrap(lines[chartStart...].first { $0.hasPrefix("latest ") }, text)
                let counted = try capture(#"(\d+/\d+) days on target"#, in: chartLine)
                XCTAssertEqual(summary, counted, "\(screen) as of \(asOf)\n\(text)")
                // Pending today is said on both, or on neither.
                XCTAssertEqual(
                    lines.first { $0.hasPrefix("On target:") }?.contains("today pending") ?? false,
                    chartLine.contains("today pending"), text)
            }
        }
    }

    /// Ten nights, the last one short (6 h 30: over, so it counts), one night missing: the
    /// bars, the consistency line and the consistency chart say 8 of 10 nights.
    func testTheSleepScreenCountsNightsOnce() throws {
        let sleep = SleepTestSupport.self
        var samples: [Sample] = []
        for back in 0..<10 where back != 4 {
            let night = F.asOf.adding(days: -back)
            let start = back == 0 ? "\(night) 00:00 +0200" : "\(night.adding(days: -1)) 23:00 +0200"
            samples.append(sleep.sample(start, "\(night) 06:30 +0200", "core", "apple-health:Watch"))
        }
        // By hand: eight nights of 7 h 30 (met), last night 6 h 30 (not met, but over, so
        // counted) and a missing night (counted, not met): 8 of 10.
        let document = try F.document(
            "sleep", store: try sleep.store(samples), profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, range: .days(10), showChildren: true))
        let text = document.lines(width: 80).joined(separator: "\n")
        // The nightly bars and the consistency chart.
        XCTAssertEqual(text.components(separatedBy: "8/10 nights on target").count - 1, 2, text)
        XCTAssertTrue(text.contains("8 of 10 nights within 7–9 h"), text)
        XCTAssertFalse(text.contains("pending"), text)
    }
}
