import XCTest

@testable import VitalsKit

/// The DragonHealth day as catalog data: decoding, defaults, slot and food lookups, and what
/// `vitals validate` says about mistakes (on the fixture catalog), plus properties of the
/// shipped one.
final class PortionCatalogTests: XCTestCase {
    func testCategoriesSlotsFoodsAndBudgetsDecodeWithDefaults() throws {
        let loaded = PortionFixtures.loaded()
        XCTAssertEqual(Validator(screenModules: .genericOnly).validate(loaded).filter { $0.severity == .error }, [])
        let book = loaded.catalog.portions
        XCTAssertEqual(book.categories.map(\.id), ["vegetables", "dairy", "fats", "treats", "drinks"])
        XCTAssertEqual(book.enabledCategories.map(\.id), ["vegetables", "dairy", "fats", "treats"])
        XCTAssertEqual(
            book.category("dairy")?.target, .exact(value: 3, tolerance: 0.25), "exact allows ± 0.25 by default")
        XCTAssertEqual(book.category("vegetables")?.seriesID, "vegetables", "the series defaults to the category id")
        XCTAssertEqual(book.category("drinks")?.seriesID, "water")
        XCTAssertEqual(book.category("vegetables")?.portionGrams, 80)
        XCTAssertEqual(book.dayCutoffMinutes, 240, "the first slot's from is the cutoff")
        XCTAssertEqual(book.mealSlots.first { $0.id == "lunch" }?.guidance.map(\.categoryID), ["vegetables", "dairy"])
        let stew = try FoodLibrary.find("winter STEW", in: book)
        XCTAssertEqual(stew.counts.map(\.categoryID), ["vegetables", "fats"])
        XCTAssertTrue(stew.isMixed)
        XCTAssertEqual(book.budgets.first?.period, .week(weekStart: 1))
    }

    func testMealSlotNamesResolveToOneSlot() throws {
        let book = PortionFixtures.book
        for typed in ["late_night", "late night", "Late Night", "LATE-NIGHT", " late  night ", "snack"] {
            XCTAssertEqual(try MealSlotNames.resolve(typed, in: book).id, "late_night", typed)
        }
        XCTAssertEqual(try MealSlotNames.resolve("Supper", in: book).id, "dinner")
        XCTAssertThrowsError(try MealSlotNames.resolve("luch", in: book)) { error in
            let user = error as? PortionError
            XCTAssertEqual(user?.message, "unknown meal slot 'luch'")
            XCTAssertEqual(user?.hints.first, "did you mean lunch?")
            XCTAssertEqual((try? MealSlotNames.resolve("lunhc", in: book))?.id, nil)
            XCTAssertTrue(user?.hints.last?.contains("breakfast, lunch, dinner, late_night") ?? false)
        }
    }

    func testSlotOfTimeOfDayFollowsTheCutoff() {
        let book = PortionFixtures.book
        XCTAssertEqual(MealSlotNames.slot(atMinutes: 7 * 60, in: book)?.id, "breakfast")
        XCTAssertEqual(MealSlotNames.slot(atMinutes: 13 * 60, in: book)?.id, "lunch")
        XCTAssertEqual(MealSlotNames.slot(atMinutes: 23 * 60, in: book)?.id, "late_night")
        XCTAssertEqual(
            MealSlotNames.slot(atMinutes: 90, in: book)?.id, "late_night", "01:30 is still the evening before")
        XCTAssertEqual(MealSlotNames.slot(atMinutes: 240, in: book)?.id, "breakfast")
    }

    func testUnknownFoodSuggestsTheClosest() {
        XCTAssertThrowsError(try FoodLibrary.find("carot", in: PortionFixtures.book)) { error in
            XCTAssertEqual((error as? PortionError)?.hints.first, "did you mean 'carrot'?")
        }
        XCTAssertEqual(FoodLibrary.search(nil, favoritesOnly: true, in: PortionFixtures.book).map(\.id), ["carrot"])
        XCTAssertEqual(
            FoodLibrary.search("veg", favoritesOnly: false, in: PortionFixtures.book).map(\.id), ["carrot", "stew"])
    }

    func testValidateNamesTheLineAndColumnOfEachMistake() {
        let extra = """
            foods:
              - {food_id: pear, name: Pear, category: fruits}
              - {food_id: carrot, name: Carrot again, category: vegetables}
            meal_slots:
              - {slot_id: brunch, name: Brunch, from: "10:00"}
            budgets:
              - {budget_id: wine, name: Wine, series: wine, amount: 7, period: days}

            """
        let loaded = PortionFixtures.loaded(extra)
        let found = Validator(screenModules: .genericOnly).validate(loaded).filter { $0.severity == .error }
        let lines = Dictionary(grouping: found.filter { $0.location.file == "more.yaml" }, by: \.location.line)
        let base = 0
        XCTAssertTrue(
            lines[base + 2]?.contains { $0.message.contains("unknown category 'fruits'") && $0.location.column == 43 }
                ?? false, "\(found)")
        XCTAssertTrue(
            lines[base + 3]?.contains { $0.message.contains("food 'carrot' is declared twice") } ?? false, "\(found)")
        XCTAssertTrue(
            lines[base + 5]?.contains { $0.message.contains("starts at 10:00, not after 'late_night'") } ?? false,
            "\(found)")
        XCTAssertTrue(found.contains { $0.message.contains("budget period 'days' needs 'days'") }, "\(found)")
    }

    func testShippedCatalogIsACompleteDragonHealthDay() throws {
        let loaded = try CatalogLoader.load(paths: TestPaths.shippedCatalog)
        let book = loaded.catalog.portions
        XCTAssertFalse(book.enabledCategories.isEmpty)
        for category in book.categories {
            let series = try XCTUnwrap(loaded.catalog.series(category.seriesID), category.id)
            XCTAssertEqual(series.unit, category.unit, category.id)
        }
        for food in book.foods {
            XCTAssertEqual(try FoodLibrary.find(food.name, in: book).id, food.id)
            XCTAssertTrue(food.counts.allSatisfy { book.category($0.categoryID) != nil }, food.id)
        }
        for slot in book.mealSlots {
            XCTAssertEqual(try MealSlotNames.resolve(slot.name, in: book).id, slot.id)
        }
        for budget in book.budgets { XCTAssertNotNil(loaded.catalog.series(budget.seriesID), budget.id) }
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }, [])
    }
}
