import Foundation
import VitalsKit

extension DemoData {
    /// The DragonHealth day on top of the nutrition stream: starchy sides, dairy, protein
    /// sources, fats and treats in every meal slot (breakfast to a few midnight snacks), a
    /// morning fruit most days, each entry named after a food of the shipped library. Its own
    /// random stream, so the other series' demo values are unchanged by it.
    func portionSamples(from first: LocalDate) -> [Sample] {
        var rng = random("portions")
        var out: [Sample] = []
        func add(
            _ series: String, _ day: LocalDate, _ minutes: Double, _ value: Double, _ slot: String, _ food: String?
        ) {
            guard value > 0 else { return }
            var entry = sample(series, day, minutes: minutes, value: value, tag: slot)
            if let food { entry.metadata = "{\"food\":" + JSONString.quote(food) + "}" }
            out.append(entry)
        }
        func pick(_ options: [Double], _ weights: [Double]) -> Double {
            var roll = rng.uniform(0...weights.reduce(0, +))
            for (option, weight) in zip(options, weights) {
                if roll < weight { return option }
                roll -= weight
            }
            return options.last!
        }
        for index in 0..<days {
            let day = first.adding(days: index)
            let weekend = day.isoWeekday >= 6
            let breakfast = 450 + (weekend ? 60 : 0) + rng.uniform(-10...25)
            add("starchy_sides", day, breakfast, 1, "breakfast", rng.chance(0.6) ? "Wholemeal bread" : "Oats")
            add("dairy", day, breakfast, 1, "breakfast", "Milk")
            if rng.chance(0.9) {
                add("fruits", day, 630 + rng.uniform(0...40), 1, "morning_snack", rng.chance(0.5) ? "Apple" : "Banana")
            }
            let lunch = 760 + rng.uniform(-15...30)
            add("starchy_sides", day, lunch, pick([1, 0.75, 1.5], [8, 1, 1]), "lunch", "Wholemeal bread")
            add("dairy", day, lunch, pick([1, 0.5], [9, 1]), "lunch", "Cheese")
            let afternoon = 930 + rng.uniform(0...50)
            add("dairy", day, afternoon, pick([1, 0.75, 0.5], [8, 1, 1]), "afternoon_snack", "Yoghurt")
            add("fats", day, afternoon, pick([1, 0.5], [7, 3]), "afternoon_snack", "Walnuts")
            if rng.chance(0.5) { add("fruits", day, afternoon + 5, 1, "afternoon_snack", "Strawberries") }
            let dinner = 1120 + rng.uniform(-20...50)
            add(
                "starchy_sides", day, dinner, pick([1, 1.25, 0.75, 1.5], [7, 1, 1, 1]), "dinner",
                rng.chance(0.5) ? "Brown rice" : "Potatoes")
            add(
                "protein_sources", day, dinner, pick([1, 0.75, 1.5, 1.25], [8, 0.5, 1, 0.5]), "dinner",
                ["Salmon", "Chicken breast", "Lentils", "Eggs"][rng.int(0...3)])
            add("fats", day, dinner, pick([1, 1.5, 2], [4, 4, 2]), "dinner", "Olive oil")
            let treats = pick([0, 0.5, 1, 2], weekend ? [2, 3, 3, 2] : [4, 3, 2, 1])
            add("treats", day, 1290 + rng.uniform(0...60), treats, "late_night", treats >= 2 ? "Crisps" : "Chocolate")
            if rng.chance(0.08) {
                // Past midnight, before the 04:00 cutoff: still this day.
                add("treats", day, 1440 + rng.uniform(10...90), 0.5, "midnight", "Chocolate")
            }
        }
        return out
    }
}
