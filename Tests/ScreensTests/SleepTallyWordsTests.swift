import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// The Sleep screen's counts of nights agree, and its consistency lines say which nights the
/// goal count judges that the spread does not use.
final class SleepTallyWordsTests: XCTestCase {
    typealias F = ScreenFixtures
    typealias S = SleepTestSupport

    func testOneRecordedNightInAWeekAfterEarlierDataIsCountedTheSameWayEverywhere() throws {
        // A night two weeks earlier (8 h) and one night in the last week, ending 13 June (6 h).
        let store = try S.store([
            S.sample("2026-05-31 23:00 +0200", "2026-06-01 07:00 +0200", "core", "apple-health:Watch"),
            S.sample("2026-06-12 23:30 +0200", "2026-06-13 05:30 +0200", "core", "apple-health:Watch"),
        ])
        let text = try F.lines(
            "sleep", store: store, profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, range: .days(7))
        )
        .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        // The 7 nights are 9–15 June; 15 June has no record yet (pending), so 6 are judged:
        // 9–14 June, of which only 13 June is recorded, 6 h < 7 h: 0 of 6 within 7–9 h.
        XCTAssertTrue(text.contains("0/6 nights on target (last night pending)"), text)
        XCTAssertTrue(text.contains("6 without data"), text)
        XCTAssertTrue(text.contains("Consistency over 1 of the last 7 nights"), text)
        XCTAssertTrue(text.contains("0 of 6 nights within 7–9 h"), text)
        // 6 judged − 1 recorded = 5 judged without a record, said in words.
        XCTAssertTrue(text.contains("(5 of those 6 have no record;"), text)
    }

    func testEveryJudgedNightRecordedNeedsNoNote() throws {
        let store = try S.store([
            S.sample("2026-06-13 23:00 +0200", "2026-06-14 07:00 +0200", "core", "apple-health:Watch"),
            S.sample("2026-06-14 23:00 +0200", "2026-06-15 07:00 +0200", "core", "apple-health:Watch"),
        ])
        let text = try F.lines(
            "sleep", store: store, profile: F.profile("unicode"),
            request: ScreenRequest(asOf: F.asOf, range: .days(7))
        ).joined(separator: "\n")
        // Both nights 8 h, the first one 14 June: 2 judged, 2 within, none unrecorded.
        XCTAssertTrue(text.contains("2 of 2 nights within 7–9 h"), text)
        XCTAssertFalse(text.contains("no record;"), text)
    }
}
