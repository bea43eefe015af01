import Foundation
import TestSupport
import Testing

@testable import VitalsInsights
@testable import VitalsKit

/// `SummaryReader` against a naive recomputation from the samples: random protein entries (a
/// day from 04:00, some at 03:59 and 04:00 exactly) and weigh-ins over March and April 2026,
/// across the change to summer time and on past the as-of day, summarised over random periods
/// ending on random days.
@Suite struct SummaryReaderTests {
    typealias F = SummaryFixtures
    static let start = LocalDate(year: 2026, month: 3, day: 1)

    /// What the naive recomputation works from: each sample's local day and value.
    struct Entry {
        var day: LocalDate
        var minute: Int
        var value: Double
    }

    @Test(arguments: StoreBackend.available) func numbersMatchANaiveRecomputation(on backend: StoreBackend) throws {
        var random = SplitMix(seed: 2911)
        for round in 0..<8 {
            let asOf = Self.start.adding(days: Int.random(in: 20...60, using: &random))
            let window = SummaryWindow(last: asOf, days: Int.random(in: 1...14, using: &random))
            var protein: [Entry] = []
            var weights: [Entry] = []
            var samples: [Sample] = []
            var day = Self.start
            // Ten days past the as-of day too: what is logged after it never counts (an entry
            // before 04:00 the morning after is still the as-of day's).
            while day <= asOf.adding(days: 10) {
                for _ in 0..<Int.random(in: 0...3, using: &random) where Int.random(in: 0...4, using: &random) > 0 {
                    // A fifth at the cutoff's edges: 03:59 counts for the day before, 04:00 for this one.
                    let minute = [239, 240, Int.random(in: 0..<1440, using: &random)][
                        Int.random(in: 0...2, using: &random) == 0 ? Int.random(in: 0...1, using: &random) : 2]
                    let value = Double(Int.random(in: 5...80, using: &random))
                    protein.append(Entry(day: day, minute: minute, value: value))
                    samples.append(F.sample("protein", day, minute: minute, value))
                }
                if Int.random(in: 0...2, using: &random) > 0 {
                    for index in 0..<Int.random(in: 1...2, using: &random) {
                        let value = (Double.random(in: 70...80, using: &random) * 10).rounded() / 10
                        weights.append(Entry(day: day, minute: 420 + index * 600, value: value))
                        samples.append(F.sample("body_mass", day, minute: 420 + index * 600, value))
                    }
                }
                day = day.adding(days: 1)
            }
            let store = try StoreFixtures.caseStore(on: backend)
            try store.insert(samples)
            let summary = try F.reader(store).read(window: window, title: "Summary")

            // Protein: a day from 04:00; the period is the days' sum.
            var daily: [LocalDate: Double] = [:]
            for entry in protein {
                daily[entry.minute < 240 ? entry.day.adding(days: -1) : entry.day, default: 0] += entry.value
            }
            func total(_ window: SummaryWindow) -> (Double?, Int) {
                let values = window.dates.compactMap { daily[$0] }
                return (values.isEmpty ? nil : values.reduce(0, +), values.count)
            }
            let (current, count) = total(window)
            let (previous, _) = total(window.previous)
            let intake = summary.screens.first { $0.screenID == "SCREEN_INTAKE" }
            // Shown with protein in the period, or when its weekly target's week holding a day of
            // the period has some (the week may start before the period).
            #expect(current == nil || intake != nil, "round \(round): Intake shown with protein in the period")
            if let intake, current == nil {
                #expect(intake.targets.contains { $0.record.withData > 0 }, "round \(round): shown without data")
            }
            if let intake {
                #expect(
                    intake.change.current == current && intake.change.previous == previous
                        && intake.change.daysWithData == count,
                    "round \(round): \(intake.change) vs \(String(describing: current)), \(String(describing: previous)), \(count)"
                )
                #expect(
                    intake.alsoOn == (current == nil ? [] : ["Intake again"]),
                    "the screen reading the same protein is named, not repeated")
                let record = try #require(intake.targets.first { $0.noun == "day" }).record
                #expect(record == Self.naiveTarget(daily, window: window, through: asOf), "round \(round)")
            }

            // Weight: each day's mean weigh-in (midnight to midnight); the period is the mean of the days.
            var byDay: [LocalDate: [Double]] = [:]
            for entry in weights { byDay[entry.day, default: []].append(entry.value) }
            func mean(_ window: SummaryWindow) -> Double? {
                let days = window.dates.compactMap { byDay[$0] }.map { $0.reduce(0, +) / Double($0.count) }
                return days.isEmpty ? nil : days.reduce(0, +) / Double(days.count)
            }
            let weight = summary.screens.first { $0.screenID == "SCREEN_WEIGHT" }
            #expect((weight != nil) == (mean(window) != nil), "round \(round)")
            if let weight, let expected = mean(window) {
                #expect(abs((weight.change.current ?? .nan) - expected) < 1e-9, "round \(round)")
                if let before = mean(window.previous) {
                    #expect(abs((weight.change.difference ?? .nan) - (expected - before)) < 1e-9, "round \(round)")
                } else {
                    #expect(weight.change.previous == nil)
                }
            }
            // Waist has no data ever; the Intake and Weight screens only when they have none in the period.
            let shown = Set(summary.screens.map(\.screenID))
            #expect(
                summary.skipped == 1 + (shown.contains("SCREEN_INTAKE") ? 0 : 1) + (current == nil ? 1 : 0)
                    + (shown.contains("SCREEN_WEIGHT") ? 0 : 1),
                "round \(round): \(shown)")
        }
    }

    /// Days judged from the first day with protein through the as-of day: nothing logged is
    /// 0 g (not met); an as-of day not met yet is pending. Met and counted among the period's
    /// days with data; the streaks over them all.
    static func naiveTarget(_ daily: [LocalDate: Double], window: SummaryWindow, through asOf: LocalDate)
        -> TargetRecord
    {
        guard let first = daily.keys.min() else {
            return TargetRecord(met: 0, withData: 0, pending: false, currentStreak: 0, bestStreak: 0)
        }
        var judged: [(LocalDate, Bool)] = []
        var day = first
        while day <= asOf {
            judged.append((day, (daily[day] ?? 0) >= 100))
            day = day.adding(days: 1)
        }
        let pending = judged.last.map { !$0.1 } ?? false
        if pending { judged.removeLast() }
        var run = 0
        var best = 0
        for (_, met) in judged {
            run = met ? run + 1 : 0
            best = max(best, run)
        }
        let inPeriod = judged.filter { window.contains($0.0) && daily[$0.0] != nil }
        return TargetRecord(
            met: inPeriod.filter(\.1).count, withData: inPeriod.count, pending: pending,
            currentStreak: run, bestStreak: best)
    }

    /// The goal's trend, recomputed as The Hacker's Diet says (each day with a weigh-in moves it
    /// a tenth of the way), where the period started and at its end.
    @Test func theGoalTrendMatchesANaiveTrend() throws {
        var random = SplitMix(seed: 77)
        var samples: [Sample] = []
        var weighIns: [LocalDate: Double] = [:]
        for offset in 0..<40 where Int.random(in: 0...3, using: &random) > 0 {
            let day = Self.start.adding(days: offset)
            let value = 80 - Double(offset) * 0.05 + Double.random(in: -0.6...0.6, using: &random)
            samples.append(F.sample("body_mass", day, minute: 420, value))
            weighIns[day] = value
        }
        let store = try StoreFixtures.emptyStore()
        try store.insert(samples)
        let window = SummaryWindow(last: Self.start.adding(days: 39), days: 7)
        let summary = try F.reader(store, goal: WeightGoal(kilograms: 75)).read(window: window, title: "Weekly summary")
        let goal = try #require(summary.screens.first { $0.screenID == "SCREEN_WEIGHT" }?.goal)
        var trend: Double?
        var atStart: Double?
        var day = Self.start
        while day <= window.last {
            if let value = weighIns[day] { trend = trend.map { $0 + 0.1 * (value - $0) } ?? value }
            if day == window.first.adding(days: -1) { atStart = trend }
            day = day.adding(days: 1)
        }
        #expect(abs((goal.trendAtStart ?? .nan) - (atStart ?? .infinity)) < 1e-9)
        #expect(abs((goal.summary.trend.latest ?? .nan) - (trend ?? .infinity)) < 1e-9)
        // Falling towards 75 kg: a projected date, in words.
        let lines = SummaryWords().goal(goal, window: window)
        #expect(lines.count == 2 && lines[1].hasPrefix("Goal 75.0 kg · At this rate: 75.0 kg around 2026-"), "\(lines)")
        #expect(lines[0].contains(" since \(window.first.adding(days: -1)) ("), "\(lines)")
        // No goal, no goal line; a dog's summary has no goal either.
        #expect(try F.reader(store).read(window: window, title: "").screens.allSatisfy { $0.goal == nil })
    }

    /// A relation is said only above the noise: steps that fall as the weight rises are; steps
    /// that do not vary are not, and the screen says no relation is.
    @Test func onlyRelationsAboveTheNoiseAreSaid() throws {
        var samples: [Sample] = []
        var random = SplitMix(seed: 5)
        for offset in 0..<30 {
            let day = Self.start.adding(days: offset)
            let weight = 75 + Double.random(in: 0...3, using: &random)
            samples.append(F.sample("body_mass", day, minute: 420, weight))
            samples.append(
                F.sample("steps", day, minute: 720, 20_000 - weight * 150 + Double.random(in: 0...100, using: &random)))
        }
        let store = try StoreFixtures.emptyStore()
        try store.insert(samples)
        let window = SummaryWindow(last: Self.start.adding(days: 29), days: 7)
        let weight = try #require(
            try F.reader(store).read(window: window, title: "").screens.first { $0.screenID == "SCREEN_WEIGHT" })
        let relation = try #require(weight.relations.first)
        // A week is too few days: the chart's own 30 days are related.
        #expect(relation.range == .days(30) && relation.series.pairs.count == 30 && relation.series.finding.isClear)
        let lines = SummaryWords().relations(weight.relations)
        #expect(
            lines == [
                "Steps and weight, the last 30 days: "
                    + RelationWords().sentence(relation.series.finding, relation.series)
            ])
        #expect(lines[0].contains("strong negative relation"), "\(lines)")

        let flat = try StoreFixtures.emptyStore()
        try flat.insert(
            samples.map { sample in
                var sample = sample
                if sample.seriesID == "steps" { sample.value = 5000 }
                return sample
            })
        let still = try #require(
            try F.reader(flat).read(window: window, title: "").screens.first { $0.screenID == "SCREEN_WEIGHT" })
        #expect(SummaryWords().relations(still.relations) == ["No relation above the noise (Steps and weight)"])
    }

    /// Whose summary it is: a dog's has none of the person's screens; each screen is counted.
    @Test func theSubjectChoosesTheScreens() throws {
        let store = try StoreFixtures.emptyStore()
        try store.insert([F.sample("protein", Self.start, minute: 600, 50)])
        let window = SummaryWindow(last: Self.start, days: 7)
        let mine = try F.reader(store).read(window: window, title: "")
        #expect(mine.screens.map(\.screenID) == ["SCREEN_INTAKE"] && mine.skipped == 2)
        let rex = try F.reader(store, subject: "rex").read(window: window, title: "")
        #expect(rex.screens.isEmpty && rex.skipped == 0 && rex.subjectName == "Rex")
    }
}
