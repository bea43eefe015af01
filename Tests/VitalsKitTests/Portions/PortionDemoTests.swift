import XCTest

@testable import VitalsDemo
@testable import VitalsKit

/// The demo data covers the shipped DragonHealth day: every enabled category, every meal slot,
/// foods of the library, and the budgets' series (properties, not counts).
final class PortionDemoTests: XCTestCase {
    func testDemoCoversEveryCategorySlotFoodKindAndBudget() throws {
        let book = try CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog.portions
        let samples = DemoData(asOf: LocalDate(year: 2026, month: 11, day: 20)).samples().filter {
            $0.subjectID == "me"
        }
        let series = Set(samples.map(\.seriesID))
        for category in book.enabledCategories { XCTAssertTrue(series.contains(category.seriesID), category.id) }
        for budget in book.budgets { XCTAssertTrue(series.contains(budget.seriesID), budget.id) }
        let ledger = DayLedger(book: book)
        let slots = Set(
            samples.filter { book.category(series: $0.seriesID) != nil }.map { sample in
                ledger.slotID(
                    for: LedgerEntry(
                        seriesID: sample.seriesID, value: sample.value, tag: sample.tag,
                        localStart: Int64(sample.start.timeIntervalSince1970) + Int64(sample.utcOffsetSeconds)))
            })
        XCTAssertEqual(slots, Set(book.mealSlots.map(\.id)))
        let foods = Set(samples.compactMap { EntryListing.food(of: $0) })
        XCTAssertFalse(foods.isEmpty)
        for food in foods { XCTAssertNoThrow(try FoodLibrary.find(food, in: book), food) }
        // Portions are on the 0.25 step.
        for sample in samples where book.category(series: sample.seriesID)?.countsPortions == true {
            XCTAssertEqual((sample.value * 4).rounded(), sample.value * 4, "\(sample.seriesID) \(sample.value)")
        }
    }

    func testDemoHasWholeDaysOnTargetAndMissedOnes() throws {
        let book = try CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog.portions
        let asOf = LocalDate(year: 2026, month: 11, day: 20)
        let store = try DemoData(asOf: asOf, days: 120).makeInMemoryStore()
        let days = try DayLedger(book: book).read(from: store, first: asOf.adding(days: -119), through: asOf)
        let adherence = DayAdherence(days: days, categories: book.enabledCategories)
        let onTarget = adherence.counted.filter(\.isOnTarget).count
        XCTAssertGreaterThan(onTarget, 0)
        XCTAssertLessThan(onTarget, adherence.counted.count)
    }
}
