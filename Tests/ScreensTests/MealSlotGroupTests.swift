import Foundation
import VitalsKit
import XCTest

/// Protein and Vegetables group meals by the catalog's declared meal slots: an old entry tagged
/// `snack` and a new one stored as `afternoon_snack` (what `vitals log --meal snack` stores) are
/// one group, and the per-meal numbers add up to the day's total.
final class MealSlotGroupTests: XCTestCase {
    typealias F = ScreenFixtures
    let day = ScreenFixtures.asOf

    /// Today: breakfast 1, an old `snack` 0.5, a new `afternoon_snack` 1, `Late Night` 0.25 and
    /// `late_night` 0.5 = 3.25 portions; by hand: afternoon_snack 1.5, late_night 0.75.
    func testVegetablesSlotsAreTheDeclaredSlotsAndAddUpToTheDay() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("vegetables", day, 8, 1, tag: "breakfast"),
            F.sample("vegetables", day, 15, 0.5, tag: "snack"),
            F.sample("vegetables", day, 16, 1, tag: "afternoon_snack"),
            F.sample("vegetables", day, 21, 0.25, tag: "Late Night"),
            F.sample("vegetables", day, 22, 0.5, tag: "late_night"),
        ])
        let (document, summary) = try F.summary("vegetables", store: store)
        XCTAssertEqual(summary["today"] as? Double, 3.25)
        let slots = try XCTUnwrap(summary["by_slot"] as? [String: Any])
        XCTAssertEqual(slots["afternoon_snack"] as? Double, 1.5)
        XCTAssertEqual(slots["late_night"] as? Double, 0.75)
        XCTAssertNil(slots["snack"], "snack is an alias of afternoon_snack, not a group of its own")
        XCTAssertNil(slots["Late Night"])
        let total = slots.values.compactMap { $0 as? Double }.reduce(0, +)
        XCTAssertEqual(total, 3.25, accuracy: 1e-9)
        let text = document.lines(width: 120).joined(separator: "\n")
        XCTAssertTrue(text.contains("afternoon snack 1.5") && !text.contains("afternoon_snack"), text)
        XCTAssertFalse(text.contains(" snack 0.5"), text)
    }

    /// Two days, grams: day −1 breakfast 30 + `snack` 10; today lunch 40 + `afternoon_snack` 20
    /// + `snack` 20. 7-day average (120 / 2 days) 60 g; afternoon snack (10 + 20 + 20) / 2 = 25 g.
    func testProteinPerMealSharesAreTheDeclaredSlotsAndAddUpToTheAverage() throws {
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("protein", day.adding(days: -1), 8, 30, tag: "breakfast"),
            F.sample("protein", day.adding(days: -1), 15, 10, tag: "snack"),
            F.sample("protein", day, 12, 40, tag: "lunch"),
            F.sample("protein", day, 15, 20, tag: "afternoon_snack"),
            F.sample("protein", day, 16, 20, tag: "snack"),
        ])
        let (_, summary) = try F.summary("protein", store: store)
        let perMeal = try XCTUnwrap(summary["per_meal_7d"] as? [String: Any], "\(summary)")
        XCTAssertEqual(perMeal["afternoon_snack"] as? Double, 25)
        XCTAssertNil(perMeal["snack"])
        XCTAssertEqual(perMeal.values.compactMap { $0 as? Double }.reduce(0, +), 60, accuracy: 1e-9)
    }

    /// The split itself, on a fixture catalog's slots: aliases, names and odd spellings group
    /// under the slot id; unknown tags stay as they are.
    func testTagGroupsFollowIdsNamesAndAliases() {
        let groups = TagGroups(
            order: ["breakfast", "afternoon_snack"],
            spellings: ["breakfast": "breakfast", "afternoon_snack": "afternoon_snack", "snack": "afternoon_snack"])
        XCTAssertEqual(groups.group(of: "Snack"), "afternoon_snack")
        XCTAssertEqual(groups.group(of: "afternoon-snack"), "afternoon_snack")
        XCTAssertEqual(groups.group(of: "Afternoon Snack"), "afternoon_snack")
        XCTAssertEqual(groups.group(of: "brunch"), "brunch")
        XCTAssertEqual(TagGroups.plain.group(of: "snack"), "snack")
    }
}
