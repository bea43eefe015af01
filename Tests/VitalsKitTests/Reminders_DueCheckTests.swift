import Foundation
import Testing

@testable import VitalsInsights
@testable import VitalsKit

/// `DueCheck` across a day (morning: nothing; evening: open targets; after a weigh-in: that
/// reminder gone) and across a milestone's due date (soon → due → overdue → done).
@Suite struct DueCheckTests {
    static let today = LocalDate(year: 2026, month: 11, day: 20)

    @Test func aMilestoneGoesFromSoonToDueToOverdue() {
        let milestone = Milestone(name: "Rabies", due: Self.today, status: .next)
        #expect(
            DueCheck.milestones([milestone], subject: "Ollie", today: Self.today.adding(days: -10), days: 7).isEmpty)
        #expect(
            DueCheck.milestones([milestone], subject: "Ollie", today: Self.today.adding(days: -3), days: 7).map(\.state)
                == [.soon])
        #expect(DueCheck.milestones([milestone], subject: "Ollie", today: Self.today, days: 7).map(\.state) == [.due])
        let late = DueCheck.milestones([milestone], subject: "Ollie", today: Self.today.adding(days: 2), days: 7)
        #expect(late.map(\.state) == [.overdue] && late.first?.text == "Rabies: overdue since 2026-11-20 (2 days)")
        var done = milestone
        done.done = Self.today
        #expect(DueCheck.milestones([done], subject: "Ollie", today: Self.today.adding(days: 2), days: 7).isEmpty)
    }

    @Test func aWeighInIsDueOnlyAfterItsHourAndUntilOneIsLogged() {
        #expect(
            DueCheck.weighIn(
                last: Self.today.adding(days: -1), subject: "Me", today: Self.today, minutes: 8 * 60, from: 600) == nil)
        #expect(
            DueCheck.weighIn(
                last: Self.today.adding(days: -1), subject: "Me", today: Self.today, minutes: 11 * 60, from: 600)?.text
                == "no weigh-in today (last on 2026-11-19)")
        #expect(
            DueCheck.weighIn(last: Self.today, subject: "Me", today: Self.today, minutes: 11 * 60, from: 600) == nil)
    }

    @Test func openTargetsAreDueInTheEveningWithWhatWouldMeetThem() {
        let here = SourceLocation(file: "<test>", line: 1, column: 1)
        let vegetables = PortionCategory(
            id: "vegetables", name: "Vegetables", icon: nil, color: nil, unit: .portion,
            seriesID: "vegetables", target: .atLeast(3), isEnabled: true, order: 0,
            portionGrams: nil, portionMillilitres: nil, location: here)
        let treats = PortionCategory(
            id: "treats", name: "Treats", icon: nil, color: nil, unit: .portion,
            seriesID: "treats", target: .atMost(1), isEnabled: true, order: 1,
            portionGrams: nil, portionMillilitres: nil, location: here)
        var day = PortionDay(date: Self.today)
        day.totals = ["vegetables": 1.5, "treats": 2]
        #expect(
            DueCheck.targets(day, categories: [vegetables, treats], subject: "Me", minutes: 9 * 60, from: 18 * 60)
                .isEmpty)
        let evening = DueCheck.targets(
            day, categories: [vegetables, treats], subject: "Me", minutes: 20 * 60, from: 18 * 60)
        #expect(evening.map(\.text) == ["Vegetables: 1.5 portions so far, 1.5 portions more meets the target"])
        day.totals["vegetables"] = 3
        #expect(DueCheck.targets(day, categories: [vegetables], subject: "Me", minutes: 20 * 60, from: 18 * 60).isEmpty)
    }

    @Test func theSettingIsReadAndWrittenBack() {
        let settings = ReminderSettings(setting: "weigh_in 07:30, targets off, milestones 14d")
        #expect(settings?.weighInFrom == 450 && settings?.targetsFrom == nil && settings?.milestoneDays == 14)
        #expect(settings?.settingText == "weigh_in 07:30, targets off, milestones 14d")
        #expect(ReminderSettings(setting: "weigh_in soon") == nil)
    }
}
