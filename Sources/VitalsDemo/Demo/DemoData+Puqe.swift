import Foundation
import VitalsKit

extension DemoData {
    /// Sanne's PUQE-24 scores (3–15, the sum of three answers about the last 24 hours): two
    /// or three evenings a week from week 5 of the pregnancy to week 18, rising to about 10
    /// (moderate) around week 9 and easing off after the first trimester, with day-to-day noise.
    func puqeSamples() -> [Sample] {
        var rng = random("puqe")
        var out: [Sample] = []
        let first = DemoData.sanneLastPeriod.adding(days: 35)
        let last = min(asOf, DemoData.sanneLastPeriod.adding(days: 18 * 7))
        guard first <= last else { return [] }
        for offset in 0...first.days(to: last) where rng.chance(0.35) || offset == 0 {
            let day = first.adding(days: offset)
            let week = Double(DemoData.sanneLastPeriod.days(to: day)) / 7
            let typical = week <= 9 ? 4 + (week - 5) * 1.5 : max(3, 10 - (week - 9) * 0.8)
            let score = min(15, max(3, (typical + rng.gaussian(1.2)).rounded()))
            out.append(
                sample(
                    "puqe", day, minutes: 1260 + rng.uniform(0...60), value: score, subject: "sanne",
                    source: "manual"))
        }
        return out
    }
}
