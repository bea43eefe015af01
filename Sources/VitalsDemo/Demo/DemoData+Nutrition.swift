import Foundation
import VitalsKit

extension DemoData {
    /// Meals per slot (breakfast, lunch, dinner, snack) with protein grams, vegetable, fruit
    /// and whole-grain portions in 0.25 steps and fiber grams; some late snacks after
    /// midnight; water through the day; a daily meal count, eating window and quality score.
    func nutritionSamples(from first: LocalDate) -> [Sample] {
        var rng = random("nutrition")
        var out: [Sample] = []
        func portions(_ range: ClosedRange<Double>) -> Double { DemoRandom.round(rng.uniform(range), to: 0.25) }
        for index in 0..<days {
            let day = first.adding(days: index)
            var mealTimes: [Double] = []
            func meal(
                _ tag: String, at minutes: Double, protein: ClosedRange<Double>, vegetables: ClosedRange<Double>?,
                fruits: ClosedRange<Double>?, grains: ClosedRange<Double>?, fiber: ClosedRange<Double>
            ) {
                mealTimes.append(minutes)
                out.append(sample("protein", day, minutes: minutes, value: rng.uniform(protein).rounded(), tag: tag))
                if let vegetables {
                    let v = portions(vegetables)
                    if v > 0 { out.append(sample("vegetables", day, minutes: minutes, value: v, tag: tag)) }
                }
                if let fruits {
                    let f = portions(fruits)
                    if f > 0 { out.append(sample("fruits", day, minutes: minutes, value: f, tag: tag)) }
                }
                if let grains {
                    let g = portions(grains)
                    if g > 0 { out.append(sample("whole_grains", day, minutes: minutes, value: g, tag: tag)) }
                }
                out.append(sample("fiber", day, minutes: minutes, value: rng.uniform(fiber).rounded(), tag: tag))
            }
            let lazy = day.isoWeekday >= 6 ? 60.0 : 0
            meal(
                "breakfast", at: 450 + lazy + rng.uniform(-15...30), protein: 22...40, vegetables: nil,
                fruits: 0...1, grains: 0.5...1.5, fiber: 4...9)
            meal(
                "lunch", at: 750 + rng.uniform(-20...40), protein: 28...46, vegetables: 0...1.75,
                fruits: nil, grains: 0...1.25, fiber: 4...10)
            meal(
                "dinner", at: 1110 + rng.uniform(-30...60), protein: 34...60, vegetables: 0.75...2.75,
                fruits: nil, grains: 0...1, fiber: 5...12)
            if rng.chance(0.6) {
                // Mostly an afternoon snack; now and then a late one after midnight (it counts
                // for this day with the 04:00 cutoff).
                let late = rng.chance(0.15)
                meal(
                    "snack", at: late ? 1440 + rng.uniform(10...100) : 930 + rng.uniform(0...60),
                    protein: 4...20, vegetables: 0...0.5, fruits: 0...1, grains: nil, fiber: 1...4)
            }
            for _ in 0..<rng.int(4...8) {
                out.append(
                    sample(
                        "water", day, minutes: rng.uniform(430...1320),
                        value: DemoRandom.round(rng.uniform(0.2...0.5), to: 0.05)))
            }
            for _ in 0..<rng.int(1...3) {
                out.append(
                    sample(
                        "caffeine", day, minutes: rng.uniform(420...900),
                        value: DemoRandom.round(rng.uniform(0.06...0.1), to: 0.005)))
            }
            if day.isoWeekday >= 5, rng.chance(0.5) {
                out.append(sample("alcohol", day, minutes: 1200 + rng.uniform(0...120), value: Double(rng.int(1...3))))
            }
            let firstMeal = mealTimes.min()!
            let lastMeal = mealTimes.max()!
            out.append(sample("meal_count", day, minutes: 1425, value: Double(mealTimes.count)))
            out.append(
                sample(
                    "eating_window", day, minutes: 1425,
                    value: DemoRandom.round((lastMeal - firstMeal) / 60, to: 0.25)))
            out.append(sample("nutrition_quality", day, minutes: 1426, value: rng.uniform(55...95).rounded()))
        }
        return out
    }
}
