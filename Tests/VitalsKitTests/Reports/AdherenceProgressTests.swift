import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsReports

/// The adherence report's as-of day while it is not over and not on target yet: in progress
/// with its entries (not "no data"), and neither counted nor missed.
final class AdherenceProgressTests: XCTestCase {
    static let asOf = LocalDate(year: 2026, month: 11, day: 20)

    func document(_ samples: [Sample]) throws -> ScreenDocument {
        let store = try SampleStore.inMemory()
        try store.insert(samples)
        let report = AdherenceReport(
            catalog: PortionFixtures.loaded().catalog, store: store,
            request: ScreenRequest(asOf: Self.asOf), period: ReportPeriod(asOf: Self.asOf, range: nil),
            profile: RenderProfile(width: 80, glyphs: .unicode))
        return try report.adherenceDocument()
    }

    /// A whole day on target: 3 vegetables, 3 dairy, 2 fats at noon (+01:00) on `day`.
    func onTarget(_ day: LocalDate) -> [Sample] {
        [("vegetables", 3.0), ("dairy", 3.0), ("fats", 2.0)].map { series, value in
            Sample(
                seriesID: series, start: day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(12 * 3600),
                utcOffsetSeconds: 3600, value: value)
        }
    }

    func testAnUnfinishedTodayWithEntriesIsInProgress() throws {
        let today = Sample(
            seriesID: "vegetables", start: Self.asOf.midnight(utcOffsetSeconds: 3600).addingTimeInterval(9 * 3600),
            utcOffsetSeconds: 3600, value: 1)
        let document = try document(onTarget(Self.asOf.adding(days: -1)) + [today])
        let summary = try XCTUnwrap(document.blocks.first { $0.kind == .summary })
        let data = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(summary.data.text().utf8)) as? [String: Any])
        let progress = try XCTUnwrap(data["in_progress"] as? [String: Any], "\(data)")
        XCTAssertEqual(progress["date"] as? String, "2026-11-20")
        XCTAssertEqual(progress["has_entries"] as? Bool, true)
        XCTAssertEqual(progress["categories_met"] as? Double, 1)  // treats (none is at most 1)
        XCTAssertEqual(data["days_counted"] as? Double, 1)
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("In progress: Fri 20 Nov, 1 of 4 categories met so far"), text)
        let chart = try XCTUnwrap(document.blocks.first { $0.kind == .chart })
        guard case .chart(let figure) = chart.content else { return XCTFail("no calendar") }
        XCTAssertEqual(figure.input.calendar.last?.date, Self.asOf)
        XCTAssertEqual(figure.input.calendar.last?.state, .pending, "an unfinished today is not 'no data'")
        XCTAssertEqual(figure.input.calendar.first?.state, .onTarget)
        XCTAssertTrue(text.contains("◌ in progress"), text)
    }

    func testATodayOnTargetIsCountedAndNotInProgress() throws {
        let document = try document(onTarget(Self.asOf))
        let summary = try XCTUnwrap(document.blocks.first { $0.kind == .summary })
        let data = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(summary.data.text().utf8)) as? [String: Any])
        XCTAssertTrue(data["in_progress"] is NSNull, "\(data)")
        XCTAssertEqual(data["days_counted"] as? Double, 1)
        guard case .chart(let figure) = try XCTUnwrap(document.blocks.first { $0.kind == .chart }).content else {
            return XCTFail("no calendar")
        }
        XCTAssertEqual(figure.input.calendar.map(\.state), [.onTarget])
    }
}
