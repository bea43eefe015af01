import Foundation
import VitalsKit

extension DemoData {
    /// Morning weighings (some days two), weekly body fat and lean mass, weekly waist,
    /// daily resting heart rate and HRV, weekly blood pressure.
    func bodySamples(from first: LocalDate) -> [Sample] {
        var rng = random("body")
        var out: [Sample] = []
        for index in 0..<days {
            let day = first.adding(days: index)
            let progress = Double(index) / Double(max(1, days - 1))
            let weekend = day.isoWeekday >= 6 ? 0.3 : 0
            let trend = 84.0 - 4.5 * progress + 0.6 * sin(Double(index) / 23)
            let weight = trend + weekend + rng.gaussian(0.35)
            if rng.chance(0.85) {
                out.append(
                    sample(
                        "body_mass", day, minutes: 420 + rng.uniform(-20...25),
                        value: DemoRandom.round(weight, to: 0.1)))
                if rng.chance(0.15) {
                    out.append(
                        sample(
                            "body_mass", day, minutes: 1260 + rng.uniform(-30...30),
                            value: DemoRandom.round(weight + 0.6 + rng.gaussian(0.2), to: 0.1)))
                }
            }
            if day.isoWeekday == 1 {
                let fat = 24.5 - 3.0 * progress + rng.gaussian(0.4)
                let minutes = 425 + rng.uniform(0...10)
                out.append(sample("body_fat", day, minutes: minutes, value: DemoRandom.round(fat, to: 0.1)))
                out.append(
                    sample(
                        "lean_body_mass", day, minutes: minutes,
                        value: DemoRandom.round(weight * (1 - fat / 100), to: 0.1)))
            }
            if day.isoWeekday == 7 {
                out.append(
                    sample(
                        "waist", day, minutes: 540 + rng.uniform(0...30),
                        value: DemoRandom.round(94 - 5 * progress + rng.gaussian(0.5), to: 0.5)))
                let systolic = 124 - 4 * progress + rng.gaussian(4)
                out.append(sample("blood_pressure_systolic", day, minutes: 560, value: systolic.rounded()))
                out.append(
                    sample(
                        "blood_pressure_diastolic", day, minutes: 560,
                        value: (systolic * 0.64 + rng.gaussian(2)).rounded()))
            }
            out.append(
                sample(
                    "resting_heart_rate", day, minutes: 360 + rng.uniform(0...60),
                    value: (58 - 3 * progress + rng.gaussian(1.5)).rounded()))
            out.append(
                sample(
                    "hrv", day, minutes: 380 + rng.uniform(0...40),
                    value: max(10, (44 + 6 * progress + rng.gaussian(7)).rounded())))
        }
        return out
    }

    /// A hypnogram per night: bedtime around 23:00 (±40 min), a few minutes awake, then
    /// ~90-minute cycles of core, deep (more early on) and REM (more towards morning),
    /// with short wakings, until about 07:00. Each segment's value is its length in minutes.
    func sleepSamples(from first: LocalDate) -> [Sample] {
        var rng = random("sleep")
        var out: [Sample] = []
        // The night that ends on `first` starts the evening before.
        for index in 0..<days {
            let evening = first.adding(days: index - 1)
            var clock = 1380 + rng.gaussian(20).clamped(-40, 40)  // minutes after the evening's midnight
            let wake =
                1440 + 420 + rng.gaussian(20).clamped(-40, 50) + (evening.adding(days: 1).isoWeekday >= 6 ? 45 : 0)
            func segment(_ category: String, _ length: Double) {
                let minutes = min(length, wake - clock).rounded()
                guard minutes >= 1 else { return }
                out.append(
                    sample(
                        "sleep_analysis", evening, minutes: clock, value: minutes, duration: minutes,
                        category: category))
                clock += minutes
            }
            segment("awake", rng.uniform(4...16))
            var cycle = 0
            while clock < wake - 5 {
                let early = max(0, 1 - Double(cycle) / 4)
                segment("core", rng.uniform(15...35))
                segment("deep", rng.uniform(5...15) + 30 * early * rng.uniform(0.6...1))
                segment("core", rng.uniform(10...20))
                segment("rem", rng.uniform(8...14) + 18 * (1 - early) * rng.uniform(0.6...1.2))
                if rng.chance(0.35) { segment("awake", rng.uniform(2...9)) }
                cycle += 1
            }
            segment("awake", wake - clock)
        }
        return out
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
