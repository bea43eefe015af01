import Foundation

@testable import VitalsKit

/// A small DragonHealth catalog for the tests of the machinery (not the shipped one): four
/// categories with one of each rule, four meal slots from 04:00, three foods and a budget.
enum PortionFixtures {
    static let yaml = """
        series:
          - {series_id: vegetables, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: dairy, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: treats, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: fats, kind: quantity, unit: portion, min: 0, max: 10}
          - {series_id: water, kind: quantity, unit: L, min: 0, max: 6}
        categories:
          - {category_id: vegetables, name: Vegetables, unit: portion, portion_grams: 80, target: {rule: at_least, value: 3}}
          - {category_id: dairy, name: Dairy, unit: portion, target: {rule: exact, value: 3}}
          - {category_id: fats, name: Fats, unit: portion, target: {rule: range, min: 2, max: 3}}
          - {category_id: treats, name: Treats, unit: portion, target: {rule: at_most, value: 1}}
          - {category_id: drinks, name: Drinks, unit: L, series: water, enabled: false, target: {rule: at_least, value: 1.5}}
        meal_slots:
          - {slot_id: breakfast, name: Breakfast, from: "04:00", guidance: {dairy: 1}}
          - {slot_id: lunch, name: Lunch, from: "12:00", guidance: {vegetables: 1, dairy: 1}}
          - {slot_id: dinner, name: Dinner, from: "17:30", aliases: [supper], guidance: {vegetables: 2}}
          - {slot_id: late_night, name: Late Night, from: "21:00", aliases: [snack]}
        foods:
          - {food_id: carrot, name: Carrot, category: vegetables, grams: 80, favorite: true}
          - {food_id: brown_rice, name: Brown rice, category: dairy, grams: 120}
          - {food_id: stew, name: Winter stew, portions: {vegetables: 2, fats: 1}, grams: 400}
        budgets:
          - {budget_id: treats_week, name: Treats a week, series: treats, amount: 7, period: week, week_starts: monday}

        """

    /// The fixture, and `extra` as a second file `more.yaml`.
    static func loaded(_ extra: String? = nil) -> LoadedCatalog {
        CatalogLoader.load(
            [SourceFile(path: "portions.yaml", text: yaml)]
                + (extra.map { [SourceFile(path: "more.yaml", text: $0)] } ?? []))
    }

    static var book: PortionBook { loaded().catalog.portions }

    /// Wall-clock seconds of `date` at `hh:mm`.
    static func local(_ date: String, _ hour: Int, _ minute: Int = 0) -> Int64 {
        Int64(LocalDate(iso: date)!.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60)
    }

    static func entry(
        _ series: String, _ value: Double, _ date: String, _ hour: Int, _ minute: Int = 0,
        tag: String? = nil
    ) -> LedgerEntry {
        LedgerEntry(seriesID: series, value: value, tag: tag, localStart: local(date, hour, minute))
    }
}
