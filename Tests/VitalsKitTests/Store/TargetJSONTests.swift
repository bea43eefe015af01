import Testing

@testable import VitalsKit

/// The one JSON shape of a streak and of the on-target windows (`JSONValue.streak`,
/// `JSONValue.onTarget`) and the one percent formula behind them (`TargetTally.percent`),
/// checked against a tally recounted by hand over random days.
@Suite struct TargetJSONTests {
    @Test func aStreakIsItsCurrentAndBestRun() {
        #expect(JSONValue.streak(current: 3, best: 12).compact == #"{"current":3,"best":12}"#)
    }

    @Test func eachWindowGivesMetDaysAndPercentInOrder() {
        let json = JSONValue.onTarget([(days: 7, met: 5, counted: 6), (days: 30, met: 0, counted: 0)])
        #expect(
            json.compact
                == #"{"last_7_days":{"met":5,"days":6,"percent":83.333333},"last_30_days":{"met":0,"days":0,"percent":0}}"#
        )
    }

    @Test func thePercentIsTheTallysOverRandomDays() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<500 {
            let count = Int.random(in: 0...40, using: &rng)
            let first = LocalDate(year: 2026, month: 1, day: 1)
            let days = (0..<count).map { index in
                TargetDay(date: first.adding(days: index), value: nil, isMet: Bool.random(using: &rng))
            }
            let tally = TargetTally(days)
            // By hand: the last day left out while it is not met, the rest counted.
            let judged = days.last.map { $0.isMet ? days : Array(days.dropLast()) } ?? []
            let met = judged.filter(\.isMet).count
            let percent = judged.isEmpty ? 0 : Double(met) / Double(judged.count) * 100
            #expect(abs(tally.percent - percent) < 1e-9)
            #expect(TargetTally.percent(met: tally.met, counted: tally.counted) == tally.percent)
            #expect(TargetWords.percent(tally.met, tally.counted) == Int(percent.rounded()))
            let window = JSONValue.onTarget([(days: count, met: tally.met, counted: tally.counted)])
            #expect(window.compact.contains(#""percent":\#(JSONValue.format(tally.percent))}"#))
        }
    }
}

extension JSONValue {
    /// The text without its layout (no key or value here holds a space).
    fileprivate var compact: String { text().filter { !$0.isWhitespace } }
}
