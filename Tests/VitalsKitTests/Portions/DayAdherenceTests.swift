import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// Hand-worked DragonHealth days on the fixture catalog (vegetables ≥ 3, dairy = 3 ± 0.25,
/// fats 2–3, treats ≤ 1; drinks disabled), then the numbers against a naive recomputation.
@Suite struct DayAdherenceTests {
    let book = PortionFixtures.book
    var ledger: DayLedger { DayLedger(book: book) }
    typealias E = PortionFixtures

    /// One day's entries: vegetables banked across three meals, dairy at `dairy`, two fats, no treat.
    func day(_ date: String, dairy: Double = 3, treats: Double = 0) -> [LedgerEntry] {
        [
            E.entry("vegetables", 1, date, 8, tag: "breakfast"), E.entry("vegetables", 0.5, date, 12, 30, tag: "lunch"),
            E.entry("vegetables", 1.5, date, 18, 45, tag: "dinner"), E.entry("dairy", dairy, date, 8, tag: "breakfast"),
            E.entry("fats", 2, date, 18, 45, tag: "dinner"), E.entry("treats", treats, date, 20, tag: "dinner"),
        ]
    }

    func judged(_ entries: [LedgerEntry], _ first: String, _ last: String) -> DayAdherence {
        DayAdherence(
            days: ledger.days(entries, from: LocalDate(iso: first)!, through: LocalDate(iso: last)!),
            categories: book.enabledCategories)
    }

    @Test func allCategoriesMetIsADayOnTarget() {
        let adherence = judged(day("2026-11-20"), "2026-11-20", "2026-11-20")
        let only = adherence.days[0]
        #expect(only.isOnTarget)
        #expect(
            only.results.map(\.categoryID) == ["vegetables", "dairy", "fats", "treats"],
            "the disabled category is not judged")
        #expect(only.results.map(\.total) == [3, 3, 2, 0])
    }

    @Test func exactRuleAllowsAQuarterPortionButNotHalf() {
        let quarter = judged(day("2026-11-20", dairy: 2.75), "2026-11-20", "2026-11-20").days[0]
        #expect(quarter.isOnTarget, "2.75 of exactly 3 is within ± 0.25")
        let over = judged(day("2026-11-20", dairy: 3.25), "2026-11-20", "2026-11-20").days[0]
        #expect(over.isOnTarget)
        let half = judged(day("2026-11-20", dairy: 2.5), "2026-11-20", "2026-11-20").days[0]
        #expect(!half.isOnTarget)
        #expect(half.missed.map(\.categoryID) == ["dairy"])
        #expect(half.missed.first?.verdict == .under)
        #expect(half.missed.first?.distance == -0.25, "0.25 under the tolerance band 2.75–3.25")
        #expect(half.wins.map(\.categoryID) == ["vegetables", "fats", "treats"], "category wins on a missed day")
        let treat = judged(day("2026-11-20", treats: 2), "2026-11-20", "2026-11-20").days[0]
        #expect(treat.missed.first?.verdict == .over && treat.missed.first?.distance == 1)
    }

    @Test func lateNightEntryBeforeTheCutoffCountsForTheEveningBefore() {
        // The last vegetable portion is eaten at 01:30 on the 21st: it belongs to the 20th.
        var entries = day("2026-11-20")
        entries[2] = E.entry("vegetables", 1.5, "2026-11-21", 1, 30, tag: "late night")
        let days = ledger.days(entries, from: LocalDate(iso: "2026-11-20")!, through: LocalDate(iso: "2026-11-21")!)
        #expect(days[0].total("vegetables") == 3)
        #expect(days[1].total("vegetables") == 0)
        #expect(days[0].bySlot["late_night"]?["vegetables"] == 1.5, "'late night' is the late_night slot")
        // At 04:00 sharp the new day has begun.
        let dawn = ledger.days(
            [E.entry("vegetables", 1, "2026-11-21", 4, 0)], from: LocalDate(iso: "2026-11-20")!,
            through: LocalDate(iso: "2026-11-21")!)
        #expect(dawn[1].total("vegetables") == 1 && dawn[1].bySlot["breakfast"]?["vegetables"] == 1)
    }

    @Test func portionsBankAcrossMealsIntoTheDay() {
        let day = ledger.days(
            self.day("2026-11-20") + [E.entry("vegetables", 0.25, "2026-11-20", 15, tag: "snack")],
            from: LocalDate(iso: "2026-11-20")!, through: LocalDate(iso: "2026-11-20")!)[0]
        #expect(day.bySlot["breakfast"]?["vegetables"] == 1)
        #expect(day.bySlot["lunch"]?["vegetables"] == 0.5)
        #expect(day.bySlot["dinner"]?["vegetables"] == 1.5)
        #expect(day.bySlot["late_night"]?["vegetables"] == 0.25, "the alias 'snack' counts in its slot")
        #expect(day.total("vegetables") == 3.25)
        // An untagged entry goes to the slot of its time of day.
        let untagged = ledger.days(
            [E.entry("dairy", 1, "2026-11-20", 13)], from: LocalDate(iso: "2026-11-20")!,
            through: LocalDate(iso: "2026-11-20")!)[0]
        #expect(untagged.bySlot["lunch"]?["dairy"] == 1)
    }

    @Test func streaksAndPercentagesLeaveAnUnfinishedTodayOut() {
        // 16th–19th on target, 20th off (dairy 2.5), 21st–22nd on, 23rd (today) not yet.
        var entries: [LedgerEntry] = []
        for d in 16...22 { entries += day("2026-11-\(d)", dairy: d == 20 ? 2.5 : 3) }
        entries += [E.entry("vegetables", 1, "2026-11-23", 8)]
        let adherence = judged(entries, "2026-11-16", "2026-11-23")
        #expect(adherence.counted.count == 7)
        #expect(adherence.currentStreak == 2)
        #expect(adherence.bestStreak == 4)
        // The 7 days ending today (17th–23rd), today not counted yet: 5 of 6 (the rule of
        // Protein, Vegetables and the adherence report), not the 7 days ending yesterday.
        #expect(adherence.onTarget(last: 7) == (5, 6))
        #expect(adherence.onTarget(last: 3) == (2, 2))
        #expect(adherence.onTarget(last: 8) == (6, 7))
        let detail = adherence.categoryDetail(last: 7).first { $0.categoryID == "dairy" }
        #expect(detail?.days == 6)
        #expect(detail?.under == 1 && detail?.met == 5 && detail?.missedDays == 1 && detail?.winsOnMissedDays == 0)
        let vegetables = adherence.categoryDetail(last: 7).first { $0.categoryID == "vegetables" }
        #expect(vegetables?.winsOnMissedDays == 1)
        let weeks = adherence.summaries(by: .week)
        #expect(weeks.map(\.start.description) == ["2026-11-16"])
        #expect(weeks.first?.met == 6 && weeks.first?.counted == 7)
    }

    @Test func aWeeksBudgetBanksAndShowsTheOverspentDay() {
        let budget = book.budgets[0]  // 7 treats a week from Monday
        // Mon 16th 0, Tue 1, Wed 3 (overspent day), Thu 0; as of Thu 19th.
        let used: [LocalDate: Double] = [LocalDate(iso: "2026-11-17")!: 1, LocalDate(iso: "2026-11-18")!: 3]
        let status = BudgetLedger.status(
            of: budget, asOf: LocalDate(iso: "2026-11-19")!, usedByDay: used,
            trackedFrom: LocalDate(iso: "2026-11-02")!)
        #expect(status.first.description == "2026-11-16" && status.last.description == "2026-11-22")
        #expect(status.usedTotal == 4)
        #expect(status.left == 3)
        #expect(status.remainingDays == 4, "Thursday to Sunday")
        #expect(status.perRemainingDay == 0.75)
        #expect(status.banked == -1, "three days at a share of 1 each, 4 used")
        #expect(!status.isOverspent)
        let blown = BudgetLedger.status(
            of: budget, asOf: LocalDate(iso: "2026-11-19")!,
            usedByDay: used.merging([LocalDate(iso: "2026-11-19")!: 5]) { $1 },
            trackedFrom: LocalDate(iso: "2026-11-02")!)
        #expect(blown.isOverspent && blown.left == -2 && blown.perRemainingDay == 0)
    }

    /// Days before anything was logged saved nothing: on the first day logged, nothing is
    /// banked (not "4 banked before today" for Monday to Thursday never kept); from the second,
    /// only the days since count.
    @Test func aBudgetBanksNothingBeforeTheFirstDayLogged() {
        let budget = book.budgets[0]  // 7 treats a week from Monday
        let thursday = LocalDate(iso: "2026-11-19")!
        let firstDay = BudgetLedger.status(of: budget, asOf: thursday, usedByDay: [thursday: 1], trackedFrom: thursday)
        #expect(firstDay.bankedDays == 0 && firstDay.banked == 0)
        let text = PortionText(profile: RenderProfile(width: 80), unitSystem: nil)
        #expect(!text.budgetLine(firstDay, name: "Treats", unit: "portion").joined().contains("banked"))
        let friday = thursday.adding(days: 1)
        let next = BudgetLedger.status(of: budget, asOf: friday, usedByDay: [thursday: 0.5], trackedFrom: thursday)
        #expect(next.bankedDays == 1 && next.banked == 0.5, "one day at a share of 1, half used")
        let never = BudgetLedger.status(of: budget, asOf: thursday, usedByDay: [:], trackedFrom: nil)
        #expect(never.banked == 0)
    }

    @Test func budgetPeriodsHoldTheirDay() {
        let date = LocalDate(iso: "2026-11-19")!  // a Thursday
        #expect(BudgetLedger.period(.week(weekStart: 5), holding: date).first.description == "2026-11-13")
        #expect(BudgetLedger.period(.month, holding: date).last.description == "2026-11-30")
        #expect(
            BudgetLedger.period(.days(count: 14, anchor: LocalDate(iso: "2026-11-02")!), holding: date).first
                .description == "2026-11-16")
        #expect(
            BudgetLedger.period(.days(count: 10, anchor: LocalDate(iso: "2026-11-25")!), holding: date).first
                .description == "2026-11-15")
    }

    // MARK: Against a naive recomputation

    @Test func judgingMatchesANaiveRecomputation() async {
        let quarters = Gen.int(in: 0...24).array(of: 4...4).array(of: 1...40)
        await propertyCheck(count: 300, input: quarters, Gen.int(in: 0...12)) { days, extra in
            let first = LocalDate(iso: "2026-01-01")!
            var entries: [LedgerEntry] = []
            let series = ["vegetables", "dairy", "fats", "treats"]
            for (index, quarterCounts) in days.enumerated() {
                for (s, count) in zip(series, quarterCounts) where count > 0 {
                    // Split each total over two entries, one of them after midnight (the day before).
                    let date = first.adding(days: index)
                    let late = Int64((date.dayNumber + 1) * 86_400 + 3600 * (extra % 4))
                    entries.append(
                        LedgerEntry(
                            seriesID: s, value: Double(count - count / 2) * 0.25,
                            localStart: Int64(date.dayNumber * 86_400 + 9 * 3600)))
                    entries.append(LedgerEntry(seriesID: s, value: Double(count / 2) * 0.25, localStart: late))
                }
            }
            let last = first.adding(days: days.count - 1)
            let adherence = DayAdherence(
                days: ledger.days(entries, from: first, through: last), categories: book.enabledCategories)
            // Naive: totals straight from the generated quarters; rules written out by hand.
            let naive = days.map { q -> Bool in
                let v = Double(q[0]) / 4
                let d = Double(q[1]) / 4
                let f = Double(q[2]) / 4
                let t = Double(q[3]) / 4
                return v >= 3 && abs(d - 3) <= 0.25 && f >= 2 && f <= 3 && t <= 1
            }
            #expect(adherence.days.map(\.isOnTarget) == naive)
            var judgedDays = naive
            if judgedDays.last == false { judgedDays.removeLast() }
            var best = 0
            var run = 0
            for met in judgedDays {
                run = met ? run + 1 : 0
                best = max(best, run)
            }
            #expect(adherence.bestStreak == best)
            #expect(adherence.currentStreak == run)
            // The 7 days ending today, today left out while not on target.
            var window = Array(naive.suffix(7))
            if window.last == false { window.removeLast() }
            #expect(adherence.onTarget(last: 7) == (window.filter { $0 }.count, window.count))
            let months = adherence.summaries(by: .month)
            #expect(months.map(\.counted).reduce(0, +) == judgedDays.count)
            #expect(months.map(\.met).reduce(0, +) == judgedDays.filter { $0 }.count)
        }
    }

    @Test func budgetUseAddsUpOverAnyPeriod() async {
        let periods: [Budget.Period] = [
            .day, .week(weekStart: 1), .week(weekStart: 5), .month,
            .days(count: 10, anchor: LocalDate(iso: "2026-01-05")!),
        ]
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...1500), Gen.int(in: 0...4), Gen.int(in: 0...5).array(of: 60...60)
        ) { offset, which, uses in
            let asOf = LocalDate(iso: "2025-06-01")!.adding(days: offset)
            var budget = book.budgets[0]
            budget.period = periods[which]
            var used: [LocalDate: Double] = [:]
            for (i, u) in uses.enumerated() { used[asOf.adding(days: i - 40)] = Double(u) }
            let tracked = used.filter { $0.value > 0 }.keys.min()
            let status = BudgetLedger.status(of: budget, asOf: asOf, usedByDay: used, trackedFrom: tracked)
            #expect(status.first <= asOf && asOf <= status.last)
            // Naive: walk back from the as-of day while the period rule says "same period".
            var naiveUsed = 0.0
            var day = asOf
            while day >= status.first {
                naiveUsed += used[day] ?? 0
                day = day.adding(days: -1)
            }
            #expect(abs(status.usedTotal - naiveUsed) < 1e-9)
            #expect(abs(status.left - (7 - naiveUsed)) < 1e-9)
            // Banked: the even share of each day before the as-of day from the first day
            // anything was logged on, less what those days used.
            var bankedDays = 0
            var bankedUse = 0.0
            day = asOf.adding(days: -1)
            while day >= status.first, let tracked, day >= tracked {
                bankedDays += 1
                bankedUse += used[day] ?? 0
                day = day.adding(days: -1)
            }
            #expect(abs(status.banked - (status.dailyShare * Double(bankedDays) - bankedUse)) < 1e-9)
            switch budget.period {
            case .week(let start): #expect(status.first.isoWeekday == start && status.periodDays == 7)
            case .month: #expect(status.first.day == 1 && status.last.adding(days: 1).day == 1)
            case .days(let count, _): #expect(status.periodDays == count)
            case .day: #expect(status.periodDays == 1)
            }
        }
    }
}
