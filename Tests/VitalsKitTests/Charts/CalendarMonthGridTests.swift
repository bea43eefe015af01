import Foundation
import PropertyBased
import Testing
import XCTest

@testable import VitalsKit

/// Calendars too long for a column per week are drawn one cell per month, a row per year.
final class CalendarMonthGridTests: XCTestCase {
    typealias F = RangeFixtures
    let asOf = LocalDate(year: 2026, month: 6, day: 17)

    /// Fruit, target ≥ 2 a day, from 2024-01-01 to 2026-06-17 (129 weeks: more than the 77
    /// columns of 80). By hand: January 2024 every day 2 (31/31, █); February days 1–10
    /// (10/29 = 34 %, ▒); March days 1–16 (16/31 = 52 %, ▓); nothing else until today's 2.5
    /// (June 2026: 1/17 = 6 %, ░). Nothing logged is 0 portions, off target (░). Whole range:
    /// 31 + 10 + 16 + 1 = 58 of 366 + 365 + 168 = 899 days (6 %), streak 1, best 41 ever
    /// (1 January to 10 February 2024).
    func testTenYearsStyleRangesDrawAMonthPerCellWithTheShareOnTarget() throws {
        let store = try SampleStore.inMemory()
        let start = LocalDate(year: 2024, month: 1, day: 1)
        var samples = (0..<31).map { F.sample("fruit", start.adding(days: $0), 2) }
        samples += (0..<10).map { F.sample("fruit", LocalDate(year: 2024, month: 2, day: 1 + $0), 2) }
        samples += (0..<16).map { F.sample("fruit", LocalDate(year: 2024, month: 3, day: 1 + $0), 2) }
        samples.append(F.sample("fruit", asOf, 2.5))
        try store.insert(samples)
        let context = try F.context("SCREEN_FRUIT", store: store, asOf: asOf, range: .all)
        let input = try MetricChartBuilder(context: context).input(
            for: try XCTUnwrap(F.catalog.metric("FRUIT_CALENDAR")))
        let lines = ChartKindFactory.builtIn.render(
            input, chartTypeID: CalendarHeatmapChart.id,
            profile: RenderProfile(width: 80, glyphs: .unicode))
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("Fruit calendar, monthly share of days on target"), text)
        XCTAssertEqual(lines[1].trimmingCharacters(in: .whitespaces), "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec")
        XCTAssertEqual(
            lines[2].trimmingCharacters(in: .whitespaces),
            "2024 ███ ▒▒▒ ▓▓▓ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░")
        XCTAssertEqual(
            lines[3].trimmingCharacters(in: .whitespaces),
            "2025 ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░ ░░░")
        XCTAssertEqual(lines[4].trimmingCharacters(in: .whitespaces), "2026 ░░░ ░░░ ░░░ ░░░ ░░░ ░░░")
        XCTAssertTrue(lines.contains { $0.hasPrefix("58/899 days on target (6 %) · streak 1 · best 41 ever") }, text)
        XCTAssertFalse(text.contains("not drawn"), text)
        // At 40 columns the months are initials, two columns each, and nothing is left out.
        let narrow = ChartKindFactory.builtIn.render(
            input, chartTypeID: CalendarHeatmapChart.id,
            profile: RenderProfile(width: 40, glyphs: .ascii))
        // The title wraps (nothing cut): "Fruit calendar, monthly share of days on target (portion)".
        let months = try XCTUnwrap(narrow.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("J F") })
        // (the target on the right of the first line).
        let title = narrow[..<months].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .replacingOccurrences(of: "target >= 2 portions ", with: "").split(separator: " ").joined(separator: " ")
        XCTAssertEqual(
            title, "Fruit calendar, monthly share of days on target (portion)", narrow.joined(separator: "\n"))
        XCTAssertFalse(narrow.contains { $0.contains("…") || $0.contains("~") })
        XCTAssertEqual(narrow[months].trimmingCharacters(in: .whitespaces), "J F M A M J J A S O N D")
        XCTAssertEqual(narrow[months + 1].trimmingCharacters(in: .whitespaces), "2024 # + * o o o o o o o o o")
        XCTAssertTrue(narrow.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    /// A range that fits a column per week keeps the day grid (a year at 80 columns).
    func testAYearKeepsTheDayGrid() throws {
        let store = try SampleStore.inMemory()
        try store.insert([F.sample("fruit", asOf.adding(days: -364), 2)])
        let context = try F.context("SCREEN_FRUIT", store: store, asOf: asOf, range: .years(1))
        let input = try MetricChartBuilder(context: context).input(
            for: try XCTUnwrap(F.catalog.metric("FRUIT_CALENDAR")))
        let lines = ChartKindFactory.builtIn.render(
            input, chartTypeID: CalendarHeatmapChart.id,
            profile: RenderProfile(width: 80, glyphs: .unicode))
        XCTAssertEqual(lines[0].hasPrefix("Fruit calendar "), true, lines[0])
        XCTAssertTrue(lines.contains { $0.hasPrefix("We ") })
    }
}

/// The month grid against a naive count of random days, at random widths.
@Suite struct CalendarMonthGridPropertyTests {
    /// Random day states over 1–12 years ending 2026-06-17, rendered at 40…200 columns.
    @Test func everyMonthCellIsItsShareOfDaysOnTarget() async throws {
        await propertyCheck(count: 120, input: Gen.int(in: 0...Int.max), Gen.int(in: 40...200)) { seed, width in
            var random = SplitMix(seed: UInt64(truncatingIfNeeded: seed))
            let last = LocalDate(year: 2026, month: 6, day: 17)
            let span = 400 + Int(random.next() % 4000)
            let first = last.adding(days: -span)
            let bias = Double(random.next() % 100) / 100
            var days: [CalendarDay] = []
            for offset in 0...span {
                let roll = Double(random.next() % 1000) / 1000
                let state: DayState = roll < bias * 0.8 ? .onTarget : roll < 0.9 ? .offTarget : .noData
                days.append(CalendarDay(date: first.adding(days: offset), state: state))
            }
            let input = ChartInput(title: "Goal", target: .atLeast(1), asOf: last, calendar: days)
            let lines = ChartKindFactory.builtIn.render(
                input, chartTypeID: CalendarHeatmapChart.id,
                profile: RenderProfile(width: width, glyphs: .unicode))
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
            #expect(!lines.contains { $0.contains("not drawn") || $0.contains("not shown") })
            let weeks = (last.startOfWeek.dayNumber - first.startOfWeek.dayNumber) / 7 + 1
            guard weeks > width - 3 else {
                #expect(!lines[0].contains("monthly share"))
                return
            }
            // The title says so (wrapped, never cut, at the narrowest widths).
            #expect(lines[0].hasPrefix("Goal, monthly"))
            #expect(lines.contains { $0.contains("of days on target") })
            guard let headerIndex = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("J") })
            else {
                Issue.record("no month header")
                return
            }
            // Naive: per month, days on target over days counted; the last day is unfinished
            // when not on target; a month whose counted days have no data at all is "·".
            var judged = days
            if judged.last?.state != .onTarget { judged.removeLast() }
            var met: [String: Int] = [:]
            var counted: [String: Int] = [:]
            var withData: Set<String> = []
            for day in judged {
                let month = String(day.date.description.prefix(7))
                counted[month, default: 0] += 1
                if day.state == .onTarget { met[month, default: 0] += 1 }
                if day.state != .noData { withData.insert(month) }
            }
            let header = Array(lines[headerIndex])
            let columns = header.indices.filter { header[$0] != " " && ($0 == 0 || header[$0 - 1] == " ") }
            #expect(columns.count == 12)
            for year in first.year...last.year {
                guard let row = lines.first(where: { $0.hasPrefix("\(year) ") }).map(Array.init) else {
                    Issue.record("no row for \(year)")
                    continue
                }
                for month in 1...12 {
                    let key = String(format: "%04d-%02d", year, month)
                    let cell = columns[month - 1] < row.count ? String(row[columns[month - 1]]) : " "
                    guard let total = counted[key] else {
                        #expect(cell == " ", "\(key) is outside the range")
                        continue
                    }
                    let expected: String
                    if !withData.contains(key) {
                        expected = "·"
                    } else {
                        let share = Double(met[key] ?? 0) / Double(total)
                        expected = ["░", "▒", "▓", "█"][min(3, Int((share * 4).rounded(.down)))]
                    }
                    #expect(cell == expected, "\(key): \(met[key] ?? 0)/\(total) drawn \(cell)")
                }
            }
        }
    }
}
