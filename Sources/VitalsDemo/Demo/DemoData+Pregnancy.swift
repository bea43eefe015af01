import Foundation
import VitalsKit

extension DemoData {
    /// Sanne, pregnant: the first day of her last period (week 0) and her weight before.
    /// Her due date is 280 days later, 2027-02-08. screens/subjects.yaml declares the same.
    package static let sanneLastPeriod = LocalDate(year: 2026, month: 5, day: 4)
    package static let sannePrePregnancyKg = 64.0

    /// Sanne's weigh-ins from four weeks before the pregnancy up to the as-of day (or the due
    /// date): most mornings (always the first and the last day) on a Withings scale, now and
    /// then a second weigh-in typed in the evening (heavier by the day's food and water; the
    /// last day always has one, so the screen lists two). The gain follows the recommended
    /// band for a normal BMI (1.1 kg by week 13, then 0.47 kg a week), with day-to-day noise.
    func sanneSamples() -> [Sample] {
        var rng = random("sanne")
        var out: [Sample] = []
        let first = DemoData.sanneLastPeriod.adding(days: -28)
        let last = min(asOf, DemoData.sanneLastPeriod.adding(days: 280))
        guard first <= last else { return [] }
        for offset in 0...first.days(to: last) {
            let day = first.adding(days: offset)
            let week = Double(DemoData.sanneLastPeriod.days(to: day)) / 7
            let gain: Double
            if week <= 0 {
                gain = 0
            } else if week <= 13 {
                gain = week / 13 * 1.1
            } else {
                gain = 1.1 + (week - 13) * 0.47
            }
            let weight = DemoData.sannePrePregnancyKg + gain + rng.gaussian(0.3)
            guard rng.chance(0.7) || day == first || day == last else { continue }
            out.append(
                sample(
                    "body_mass", day, minutes: 400 + rng.uniform(0...50),
                    value: DemoRandom.round(weight, to: 0.1), subject: "sanne", source: "Withings"))
            if rng.chance(0.2) || day == last {
                out.append(
                    sample(
                        "body_mass", day, minutes: 1230 + rng.uniform(0...60),
                        value: DemoRandom.round(weight + 0.7 + rng.gaussian(0.2), to: 0.1),
                        subject: "sanne", source: "manual"))
            }
        }
        return out
    }
}
