import Foundation
import Testing

@testable import VitalsKit

/// The Hacker's Diet trend, its weekly rate and the goal's projection against naive
/// recomputations on random weigh-ins with gaps (SplitMix), and worked examples.
@Suite struct WeightTrendTests {
    static let start = LocalDate(year: 2026, month: 9, day: 1)

    @Test func theTrendAndRateMatchANaiveRecomputation() {
        var random = SplitMix(seed: 0x7EED)
        for round in 0..<200 {
            let length = Int.random(in: 1...90, using: &random)
            let slope = Double.random(in: -0.15...0.15, using: &random)
            var weighIns: [LocalDate: Double] = [:]
            for offset in 0..<length where offset == 0 || Int.random(in: 0...3, using: &random) > 0 {
                weighIns[Self.start.adding(days: offset)] =
                    80 + slope * Double(offset) + Double.random(in: -1...1, using: &random)
            }
            let asOf = Self.start.adding(days: length - 1 + Int.random(in: 0...3, using: &random))
            let trend = WeightTrend(weighIns: weighIns, through: asOf)
            // Naive: walk the weigh-ins in date order; between them the trend stays.
            var naive: [LocalDate: Double] = [:]
            var current: Double?
            var day = Self.start
            while day <= asOf {
                if let weight = weighIns[day] { current = current.map { $0 + 0.1 * (weight - $0) } ?? weight }
                naive[day] = current
                day = day.adding(days: 1)
            }
            #expect(trend.days.count == Self.start.days(to: asOf) + 1, "round \(round)")
            for entry in trend.days {
                #expect(abs(entry.trend - naive[entry.date]!) < 1e-9, "round \(round) \(entry.date)")
            }
            #expect(trend.latest == naive[asOf])
            // Rate: the slope of the last 14 days' trend, fitted by the normal equations.
            let window = trend.days.suffix(14)
            let weighed = window.filter { $0.weight != nil }.count
            if window.count >= 7, weighed >= 2 {
                let xs = window.map { Double($0.date.dayNumber) }
                let ys = window.map { naive[$0.date]! }
                let n = Double(xs.count)
                let sx = xs.reduce(0, +)
                let sy = ys.reduce(0, +)
                let sxy = zip(xs, ys).map { $0 * $1 }.reduce(0, +)
                let sxx = xs.map { $0 * $0 }.reduce(0, +)
                let slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
                #expect(abs((trend.weeklyRate ?? .nan) - slope * 7) < 1e-6, "round \(round)")
            } else {
                #expect(trend.weeklyRate == nil, "round \(round)")
            }
        }
    }

    @Test func aWorkedExample() {
        // 80, then 81 the next day: 80.1; a day without: 80.1; then 79: 80.1 + 0.1·(79 − 80.1) = 79.99.
        let trend = WeightTrend(
            weighIns: [Self.start: 80, Self.start.adding(days: 1): 81, Self.start.adding(days: 3): 79],
            through: Self.start.adding(days: 3))
        #expect(trend.days.map(\.trend).map { ($0 * 1000).rounded() / 1000 } == [80, 80.1, 80.1, 79.99])
        #expect(WeightTrend(weighIns: [:], through: Self.start).latest == nil)
    }

    @Test func theProjectionSaysWhereTheRateLeads() {
        let asOf = Self.start
        #expect(GoalProgress(trend: 80, rate: -0.5, goal: 79.9, asOf: asOf) == .reached)
        #expect(GoalProgress(trend: 80, rate: nil, goal: 75, asOf: asOf) == .noRate)
        #expect(GoalProgress(trend: 80, rate: 0.02, goal: 75, asOf: asOf) == .holdingSteady(rate: 0.02))
        #expect(GoalProgress(trend: 80, rate: 0.3, goal: 75, asOf: asOf) == .movingAway(rate: 0.3))
        // 5 kg at 0.5 kg a week: 70 days.
        #expect(
            GoalProgress(trend: 80, rate: -0.5, goal: 75, asOf: asOf)
                == .onTrack(rate: -0.5, days: 70, date: asOf.adding(days: 70)))
        #expect(
            GoalProgress(trend: 60, rate: 0.25, goal: 62, asOf: asOf)
                == .onTrack(rate: 0.25, days: 56, date: asOf.adding(days: 56)))
    }

    @Test func weightsAreReadAsPeopleWriteThem() throws {
        #expect(try WeightGoal.parseWeight("72kg", system: .us) == 72)
        #expect(abs(try WeightGoal.parseWeight("158,7 lb", system: .metric) - 158.7 * 0.45359237) < 1e-9)
        #expect(abs(try WeightGoal.parseWeight("11st 4lb", system: .metric) - 158 * 0.45359237) < 1e-9)
        #expect(abs(try WeightGoal.parseWeight("11 st 4 lb", system: .metric) - 158 * 0.45359237) < 1e-9)
        #expect(abs(try WeightGoal.parseWeight("160", system: .us) - 160 * 0.45359237) < 1e-9)
        #expect(try WeightGoal.parseWeight("72", system: .metric) == 72)
        #expect(throws: GoalError.notAWeight("12 cats")) { try WeightGoal.parseWeight("12 cats", system: .metric) }
        #expect(throws: GoalError.notAWeight("72 min")) { try WeightGoal.parseWeight("72 min", system: .metric) }
        #expect(throws: GoalError.self) { try WeightGoal.parseWeight("7 kg", system: .metric) }
        #expect(
            WeightGoal(setting: "71.67 kg by 2027-03-01")
                == WeightGoal(kilograms: 71.67, by: LocalDate(year: 2027, month: 3, day: 1)))
        #expect(WeightGoal(setting: WeightGoal(kilograms: 72.5).settingText) == WeightGoal(kilograms: 72.5))
    }

    @Test func theSummaryIsWrittenInEveryUnitSystem() {
        var weighIns: [LocalDate: Double] = [:]
        for offset in 0..<30 { weighIns[Self.start.adding(days: offset)] = 80 - Double(offset) * 0.05 }
        let asOf = Self.start.adding(days: 29)
        let trend = WeightTrend(weighIns: weighIns, through: asOf)
        let goal = WeightGoal(kilograms: 76, by: asOf.adding(days: 60))
        for system in UnitSystem.allCases {
            let display = system.display(for: .kg) ?? DisplayUnit(.kilogram)
            let lines = GoalSummary(goal: goal, trend: trend, asOf: asOf, display: display).lines
            #expect(lines.count == 4, "\(system): \(lines)")
            #expect(lines[0].hasPrefix("Goal ") && lines[3].hasPrefix("At this rate: "), "\(system): \(lines)")
            #expect(lines.joined().contains(system == .metric ? " kg" : " lb"), "\(system): \(lines)")
        }
        let uk = GoalSummary(goal: goal, trend: trend, asOf: asOf, display: UnitSystem.uk.display(for: .kg)!).lines
        #expect(uk[0] == "Goal 12 st 0 lb by \(asOf.adding(days: 60))")
    }
}
