import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsScreens

/// The first day anything is logged, on the shipped portion screens: the budget banks nothing
/// for the days of its week before it, History says no whole day is counted yet (not
/// "0 % (0/0)") and its categories have no mean a day yet (not "0" with portions logged).
final class FirstDayNumbersTests: XCTestCase {
    typealias F = ScreenFixtures

    /// Thursday 18 June 2026, after the Monday the treats budget's week starts on.
    static let thursday = LocalDate(year: 2026, month: 6, day: 18)

    func firstDayStore() throws -> SampleStore {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("vegetables", Self.thursday, 9, 1.5), F.sample("vegetables", Self.thursday, 13, 2),
            F.sample("treats", Self.thursday, 15, 1),
        ])
        return store
    }

    func testTheFirstDayBanksNothing() throws {
        let lines = try F.lines(
            "today", store: try firstDayStore(), profile: F.profile("unicode"),
            request: ScreenRequest(asOf: Self.thursday))
        let text = lines.joined(separator: "\n")
        let budget = try XCTUnwrap(lines.first { $0.contains("Treats this week") }, text)
        XCTAssertTrue(budget.contains("1 of 7 used"), budget)
        XCTAssertFalse(text.contains("banked"), text)
        XCTAssertFalse(text.contains("over the even share"), text)
    }

    func testHistoryOnTheFirstDaySaysNothingIsCountedYet() throws {
        let lines = try F.lines(
            "history", store: try firstDayStore(), profile: F.profile("unicode"),
            request: ScreenRequest(asOf: Self.thursday))
        let text = lines.joined(separator: "\n")
        XCTAssertFalse(text.contains("(0/0)"), text)
        XCTAssertTrue(text.contains("no whole day counted yet (today pending)"), text)
        let vegetables = try XCTUnwrap(lines.first { $0.hasPrefix("Vegetables") }, text)
        // Name, met, under, over, a day, wins: no day counted yet, so no mean a day (not 0).
        let cells = vegetables.split(separator: " ").map(String.init)
        XCTAssertEqual(cells.count, 6, vegetables)
        XCTAssertEqual(cells.dropFirst(4).first, "-", "no mean a day of 0 with 3.5 portions logged: \(vegetables)")
    }

    /// `--range 30d` on the Vegetables screen: the bars count the range's days, the goal
    /// calendar whole months, and its title says from which day.
    func testTheVegetablesCalendarSaysItsWholeMonths() throws {
        let lines = try F.lines(
            "vegetables", profile: F.profile("unicode", width: 120),
            request: ScreenRequest(asOf: F.asOf, range: .days(30)))
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("(whole months from 2026-05-01)"), text)
        // Without a range the calendar is the as-of month, and nothing is said.
        let plain = try F.lines("vegetables", profile: F.profile("unicode", width: 120)).joined(separator: "\n")
        XCTAssertFalse(plain.contains("whole months"), plain)
    }
}
