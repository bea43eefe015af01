import Foundation
import TestSupport
import Testing

@testable import VitalsInsights
@testable import VitalsKit

/// The pure parts of the summary: the period's value by each aggregate against a naive one,
/// the periods and their boundaries, a target's record with a pending as-of period.
@Suite struct SummaryCheckTests {
    @Test func thePeriodValueMatchesANaiveAggregate() {
        var random = SplitMix(seed: 41)
        for _ in 0..<200 {
            let days: [Double?] = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                Int.random(in: 0...3, using: &random) == 0 ? nil : Double(Int.random(in: -50...500, using: &random)) / 4
            }
            let present = days.compactMap { $0 }
            for aggregate in Aggregate.allCases {
                let value = SummaryCheck.periodValue(days, aggregate: aggregate)
                guard !present.isEmpty else {
                    #expect(value == nil)
                    continue
                }
                var expected = 0.0
                switch aggregate {
                case .sum, .count: for v in present { expected += v }
                case .min:
                    expected = present[0]
                    for v in present where v < expected { expected = v }
                case .max:
                    expected = present[0]
                    for v in present where v > expected { expected = v }
                case .mean, .first, .last: for v in present { expected += v / Double(present.count) }
                }
                #expect(abs((value ?? .nan) - expected) < 1e-9, "\(aggregate) of \(days)")
            }
        }
    }

    @Test func periodsAndTheirPredecessors() {
        let day = LocalDate(year: 2026, month: 3, day: 31)
        let week = SummaryWindow(last: day, days: 7)
        #expect(week.first == LocalDate(year: 2026, month: 3, day: 25) && week.days == 7)
        #expect(week.previous.last == LocalDate(year: 2026, month: 3, day: 24) && week.previous.days == 7)
        // A month ends on the day and starts the day after the same date a month before (as a chart's 1m).
        let month = SummaryWindow(last: day, range: .months(1))
        #expect(month?.first == LocalDate(year: 2026, month: 3, day: 1) && month?.days == 31)
        #expect(month?.previous.first == LocalDate(year: 2026, month: 1, day: 29))
        #expect(SummaryWindow(last: day, range: .all) == nil)
        #expect(SummaryWindow(last: day, days: 0).days == 1)
        #expect(week.contains(week.first) && week.contains(day) && !week.contains(week.previous.last))
    }

    @Test func aTargetRecordCountsDaysWithDataAndLeavesAnUnfinishedDay() {
        let last = LocalDate(year: 2026, month: 11, day: 26)
        func day(_ back: Int, _ met: Bool) -> TargetDay {
            TargetDay(date: last.adding(days: -back), value: met ? 1 : 0, isMet: met)
        }
        // Ten days, the three before today met, then today not met yet; day 5 back had nothing logged.
        let periods = [
            day(9, true), day(8, true), day(7, false), day(6, true), day(5, false), day(4, false),
            day(3, true), day(2, true), day(1, true), day(0, false),
        ]
        let withData = Set(periods.map(\.date)).subtracting([last.adding(days: -5)])
        let record = SummaryCheck.targetRecord(
            periods, withData: withData, window: SummaryWindow(last: last, days: 7), lastFinished: false)
        #expect(record == TargetRecord(met: 4, withData: 5, pending: true, currentStreak: 3, bestStreak: 3))
        // A night recorded this morning is over: judged, and it breaks the streak.
        let night = SummaryCheck.targetRecord(
            periods, withData: withData, window: SummaryWindow(last: last, days: 7), lastFinished: true)
        #expect(night == TargetRecord(met: 4, withData: 6, pending: false, currentStreak: 0, bestStreak: 3))
    }
}

/// The summary in words and in each format: numbers in the person's units, and names from the
/// catalog made safe by each backend.
@Suite struct SummaryFormatTests {
    static let window = SummaryWindow(last: LocalDate(year: 2026, month: 11, day: 26), days: 7)

    static func summary(name: String) -> Summary {
        let change = PeriodChange(
            metricName: name, aggregate: .mean, unit: DisplayUnit(.kilogram), current: 78.44,
            previous: 78.46, daysWithData: 5, previousDaysWithData: 6)
        let target = SummaryTarget(
            metricName: name, target: .atLeast(3), unit: "portion", noun: "day",
            record: TargetRecord(met: 4, withData: 6, pending: true, currentStreak: 2, bestStreak: 9))
        let screen = SummaryScreen(
            screenID: "SCREEN_X", name: name, icon: nil, pillarName: "Core", color: "#2F6FD6",
            change: change, targets: [target])
        return Summary(
            window: window, title: "Weekly summary", subjectName: "Me", screens: [screen], portions: nil, skipped: 2)
    }

    @Test func numbersAreWrittenInTheUnitsAndPrecisionOfTheirSize() {
        let words = SummaryWords()
        #expect(words.amount(58_210, nil) == "58,210" && words.amount(1.25, DisplayUnit(.portion)) == "1.25 portions")
        #expect(
            words.amount(1, DisplayUnit(.portion)) == "1 portion"
                && words.amount(3263, DisplayUnit(.minute)) == "54.4 h")
        #expect(
            words.delta(-0.02, DisplayUnit(.kilogram), scale: 78.4) == "±0.0 kg"
                && words.delta(-0.4, DisplayUnit(.kilogram)) == "−0.4 kg")
        #expect(
            words.delta(-0.02, DisplayUnit(.kilogram), scale: 1.2) == "−0.02 kg"
                && words.delta(3263, DisplayUnit(.minute)) == "+54.4 h")
        #expect(SummaryWords(glyphs: .ascii).delta(-49, DisplayUnit(.gram), whole: true) == "-49 g")
        let change = PeriodChange(
            metricName: "Weight", aggregate: .mean, unit: DisplayUnit(.kilogram), current: 78.4,
            previous: nil, daysWithData: 4, previousDaysWithData: 0)
        #expect(words.change(change, days: 7) == "Weight: 78.4 kg on average (4 of 7 days); no data before")
        #expect(
            words.lines(Self.summary(name: "Vegetables").screens[0], window: Self.window) == [
                "Vegetables: 78.4 kg on average (5 of 7 days); ±0.0 kg against the 7 days before (78.5 kg)",
                "Vegetables: on target 4 of 6 days with data (≥ 3 portions) · streak 2 days, best 9 · today pending",
            ])
    }

    /// A name that tries to format, link, run a script or move the terminal is shown as text.
    @Test func eachBackendMakesNamesSafe() {
        let hostile = "*Bold* [x](javascript:alert(1)) <script>alert(1)</script> \u{1B}[31mred # 1. &amp;"
        let summary = Self.summary(name: hostile)
        let text = SummaryText(words: SummaryWords()).text(summary)
        #expect(!text.contains("\u{1B}"))
        let markdown = SummaryText(words: SummaryWords()).markdown(summary)
        #expect(!markdown.contains("<script>") && !markdown.contains("[x]") && !markdown.contains("*Bold*"))
        #expect(markdown.contains("## \\*Bold\\* \\[x\\](javascript:alert(1)) &lt;script&gt;"))
        #expect(markdown.contains("\\# 1. &amp;amp;"))
        #expect(SummaryText.escape("- minus") == "\\- minus" && SummaryText.escape("12. Dec") == "12\\. Dec")
        #expect(SummaryText.escape("Fiber & Grains") == "Fiber & Grains")
        let html = SummaryPage(words: SummaryWords()).html(summary)
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;") && !html.contains("\u{1B}"))
        #expect(html.contains("2 screens without data in this period are not shown."))
    }

    @Test func anEmptySummarySaysSo() {
        var summary = Self.summary(name: "X")
        summary.screens = []
        #expect(SummaryText(words: SummaryWords()).text(summary).contains("\nNo screen has data in this period.\n"))
        #expect(SummaryPage(words: SummaryWords()).html(summary).contains("No screen has data in this period."))
    }
}
