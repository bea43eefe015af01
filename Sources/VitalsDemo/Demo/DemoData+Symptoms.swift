import Foundation
import VitalsKit

extension DemoData {
    /// `me`'s symptoms, drawn from their own random stream after everything else, so no other
    /// series changes: a headache now and then, likelier the morning after three drinks or
    /// more; bloating now and then, likelier on a day whose morning weigh-in is above the
    /// mean of the week before (water kept); fatigue now and then, likelier after a night
    /// under six hours. They give the relating charts something to find, and something not.
    func symptomSamples(from first: LocalDate, after others: [Sample]) -> [Sample] {
        var rng = random("symptoms")
        let day: (Sample) -> LocalDate = { LocalDate($0.start, utcOffsetSeconds: $0.utcOffsetSeconds) }
        var drinks: [LocalDate: Double] = [:]
        var morningWeight: [LocalDate: Double] = [:]
        var sleep: [LocalDate: Double] = [:]
        for sample in others where sample.subjectID == "me" {
            switch sample.seriesID {
            case "alcohol": drinks[day(sample), default: 0] += sample.value
            case "body_mass": if morningWeight[day(sample)] == nil { morningWeight[day(sample)] = sample.value }
            case "sleep_analysis" where ["core", "deep", "rem", "asleep_unspecified"].contains(sample.category ?? ""):
                // A night counts for the day it ends on (sleep's 18:00 cutoff).
                sleep[LocalDate(sample.end, utcOffsetSeconds: sample.utcOffsetSeconds + 6 * 3600), default: 0] +=
                    sample.end.timeIntervalSince(sample.start) / 60
            default: break
            }
        }
        var out: [Sample] = []
        for index in 0..<days {
            let today = first.adding(days: index)
            let heavyEvening = (drinks[today.adding(days: -1)] ?? 0) >= 3
            if rng.chance(heavyEvening ? 0.5 : 0.06) {
                out.append(
                    sample("symptoms", today, minutes: 540 + rng.uniform(0...90), value: 1, category: "headache"))
            }
            let week = (1...7).compactMap { morningWeight[today.adding(days: -$0)] }
            let heavier =
                morningWeight[today].map { weight in
                    week.count >= 3 && weight > week.reduce(0, +) / Double(week.count) + 0.2
                } ?? false
            if rng.chance(heavier ? 0.35 : 0.05) {
                out.append(
                    sample("symptoms", today, minutes: 780 + rng.uniform(0...240), value: 1, category: "bloating"))
            }
            let shortNight = (sleep[today] ?? 480) < 360
            if rng.chance(shortNight ? 0.4 : 0.08) {
                out.append(
                    sample("symptoms", today, minutes: 900 + rng.uniform(0...120), value: 1, category: "fatigue"))
            }
        }
        return out
    }
}
