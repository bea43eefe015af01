import Foundation
import VitalsKit

extension DemoData {
    /// Hourly steps and heart rate in waking hours, stand hours, training sessions (cardio,
    /// strength, HIIT, mobility), daily exercise minutes, active energy and daylight.
    func activitySamples(from first: LocalDate) -> [Sample] {
        var rng = random("activity")
        var out: [Sample] = []
        for index in 0..<days {
            let day = first.adding(days: index)
            let weekday = day.isoWeekday
            let busy = rng.uniform(0.6...1.4)
            var exercise = 0.0
            for hour in 7...22 {
                let commute = (hour == 8 || hour == 17) && weekday <= 5 ? 1200.0 : 0
                let lunchWalk = hour == 12 ? 900.0 : 0
                let steps = max(0, (350 + commute + lunchWalk + rng.gaussian(200)) * busy).rounded()
                out.append(sample("steps", day, minutes: Double(hour * 60) + rng.uniform(0...5), value: steps))
                out.append(
                    sample(
                        "heart_rate", day, minutes: Double(hour * 60) + rng.uniform(5...55),
                        value: (68 + steps / 80 + rng.gaussian(5)).rounded()))
                if rng.chance(0.72) {
                    out.append(sample("stand_hours", day, minutes: Double(hour * 60 + 50), value: 1))
                }
                if steps > 900 { exercise += (steps - 900) / 100 }
            }
            func session(
                _ series: String, _ chance: Double, at minutes: ClosedRange<Double>, length: ClosedRange<Double>
            ) {
                guard rng.chance(chance) else { return }
                let duration = DemoRandom.round(rng.uniform(length), to: 5)
                out.append(sample(series, day, minutes: rng.uniform(minutes), value: duration, duration: duration))
                if series != "mobility" { exercise += duration }
            }
            switch weekday {
            case 1, 3:
                session("cardio", 0.85, at: 1080...1140, length: 25...50)
                session("mobility", 0.6, at: 1260...1290, length: 10...20)
            case 2, 4: session("strength", 0.8, at: 1080...1110, length: 35...55)
            case 5: session("hiit", 0.7, at: 1050...1080, length: 15...25)
            case 6:
                session("cardio", 0.7, at: 570...630, length: 40...75)
                session("mobility", 0.5, at: 660...700, length: 15...30)
            default: session("mobility", 0.7, at: 540...600, length: 15...30)
            }
            out.append(sample("exercise_minutes", day, minutes: 1420, value: exercise.rounded()))
            out.append(
                sample("active_energy", day, minutes: 1421, value: (250 + exercise * 7 + rng.gaussian(40)).rounded()))
            let summer = 0.5 + 0.5 * sin(Double(day.dayNumber - 80) / 365.25 * 2 * Double.pi)
            out.append(
                sample("daylight", day, minutes: 1380, value: max(5, (30 + 90 * summer + rng.gaussian(20)).rounded())))
            // Sunscreen (a day cream with SPF in winter): more often when the sun is strong.
            if rng.chance(0.3 + 0.6 * summer) {
                out.append(
                    sample(
                        "sunscreen", day, minutes: 480 + rng.uniform(0...60),
                        value: summer > 0.7 && rng.chance(0.5) ? 2 : 1))
            }
        }
        return out
    }

    /// Mood, mindful minutes, cognitive training, social time, gratitude, and a few screenings.
    func wellbeingSamples(from first: LocalDate) -> [Sample] {
        var rng = random("wellbeing")
        var out: [Sample] = []
        let screenings = [
            "dental": [40, 220], "eye_exam": [130], "skin_check": [300], "blood_panel": [180],
            "blood_pressure_check": [60, 250],
        ]
        for index in 0..<days {
            let day = first.adding(days: index)
            out.append(
                sample("mood", day, minutes: 1290, value: Double(min(5, max(1, 3 + Int(rng.gaussian(0.9).rounded()))))))
            if rng.chance(0.6) {
                out.append(
                    sample(
                        "mindful_minutes", day, minutes: 410, value: DemoRandom.round(rng.uniform(5...20), to: 5),
                        duration: 10))
            }
            if rng.chance(0.55) {
                out.append(
                    sample(
                        "cognitive_training", day, minutes: 1230, value: DemoRandom.round(rng.uniform(10...30), to: 5)))
            }
            out.append(
                sample(
                    "social_time", day, minutes: 1320, value: DemoRandom.round(max(0, rng.uniform(-30...180)), to: 15)))
            if rng.chance(0.45) {
                out.append(sample("gratitude_entries", day, minutes: 1335, value: Double(rng.int(1...3))))
            }
            for kind in screenings.keys.sorted() where screenings[kind]!.contains(index) {
                out.append(sample("screenings", day, minutes: 600, value: 1, category: kind))
            }
        }
        return out
    }

    /// Ollie's weekly Saturday weighings from week 8, along the Golden Retriever female
    /// reference curve (linear between its points) with ±3 % noise.
    func ollieSamples() -> [Sample] {
        var rng = random("ollie")
        var out: [Sample] = []
        var week = 8
        while true {
            let day = DemoData.ollieBirthDate.adding(days: week * 7)
            guard day <= asOf, week <= 104 else { break }
            let kg =
                DemoData.goldenRetrieverFemaleKg(weeks: Double(week)) * 0.98
                * (1 + rng.gaussian(0.03).clamped(-0.06, 0.06))
            out.append(
                sample(
                    "body_mass", day, minutes: 600 + rng.uniform(0...30),
                    value: DemoRandom.round(kg, to: 0.1), subject: "ollie"))
            week += 1
        }
        return out
    }

    /// The Gezondheid reference curve, weeks since birth → kg.
    static let goldenRetrieverFemale: [(weeks: Double, kg: Double)] = [
        (0, 1.3), (4, 3.0), (8, 4.5), (12, 8.0), (16, 11.0), (20, 14.0), (26, 17.0),
        (34, 20.0), (42, 23.0), (52, 25.0), (78, 27.0),
    ]

    /// The reference weight at an age in weeks (flat after the last point).
    static func goldenRetrieverFemaleKg(weeks: Double) -> Double {
        let curve = goldenRetrieverFemale
        guard weeks > curve[0].weeks else { return curve[0].kg }
        for (a, b) in zip(curve, curve.dropFirst()) where weeks <= b.weeks {
            return a.kg + (b.kg - a.kg) * (weeks - a.weeks) / (b.weeks - a.weeks)
        }
        return curve.last!.kg
    }
}
