import VitalsKit

/// A health milestone the screen's config declares: when it is due, counted from birth.
public struct MilestonePlan: Sendable, Hashable {
    public enum Due: Sendable, Hashable {
        /// Weeks after birth; fractions allowed (8.5 weeks).
        case week(Double)
        /// Whole calendar months after birth.
        case month(Int)
    }

    /// The id `vitals milestone done ID` records.
    public var id: String
    public var name: String
    public var due: Due
    /// A done date written in the config (for what happened before tracking started); a
    /// date recorded in the store wins.
    public var done: LocalDate?

    public init(id: String, name: String, due: Due, done: LocalDate? = nil) {
        self.id = id
        self.name = name
        self.due = due
        self.done = done
    }

    /// The due date for a subject born on `birth`: `due_week × 7` days, half days rounded up
    /// (8.5 weeks is 59.5 days, so day 60), or the same day `due_month` months later
    /// (clamped to the month's last day).
    public func dueDate(birth: LocalDate) -> LocalDate {
        switch due {
        case .week(let weeks): return birth.adding(days: Int((weeks * 7).rounded(.toNearestOrAwayFromZero)))
        case .month(let months): return birth.adding(months: months)
        }
    }
}

/// A milestone placed on the calendar with its status on the as-of date.
public struct MilestoneState: Sendable, Hashable {
    public var plan: MilestonePlan
    public var dueDate: LocalDate
    public var doneOn: LocalDate?
    public var status: MilestoneStatus

    /// The milestones in due-date order (ties keep the config's order) with their status on
    /// `asOf`: done when done on or before `asOf`; overdue when due before `asOf` and not
    /// done; the first other one is next, the rest future.
    public static func schedule(
        _ plans: [MilestonePlan], birth: LocalDate, done records: [String: LocalDate],
        asOf: LocalDate
    ) -> [MilestoneState] {
        let ordered = plans.enumerated().sorted { a, b in
            let (dueA, dueB) = (a.element.dueDate(birth: birth), b.element.dueDate(birth: birth))
            return dueA != dueB ? dueA < dueB : a.offset < b.offset
        }.map(\.element)
        var nextTaken = false
        return ordered.map { plan in
            let due = plan.dueDate(birth: birth)
            let doneOn = (records[plan.id] ?? plan.done).flatMap { $0 <= asOf ? $0 : nil }
            let status: MilestoneStatus
            if doneOn != nil {
                status = .done
            } else if due < asOf {
                status = .overdue
            } else if !nextTaken {
                status = .next
                nextTaken = true
            } else {
                status = .future
            }
            return MilestoneState(plan: plan, dueDate: due, doneOn: doneOn, status: status)
        }
    }

    /// The chart-data form (ISO dates).
    public var milestone: Milestone {
        Milestone(name: plan.name, due: dueDate, done: doneOn, status: status)
    }

    /// The Dutch status text on `asOf`: "gedaan op 14 mrt", "volgende · over 5 dagen",
    /// "over 188 dagen", "65 dagen te laat"; `short` drops the done date.
    public func statusWords(asOf: LocalDate, separator: String, short: Bool = false) -> String {
        let days = asOf.days(to: dueDate)
        switch status {
        case .done:
            guard let doneOn, !short else { return Words.text("milestone.done") }
            return Words.text("milestone.done_on", ["date": GezondheidWords.shortDate(doneOn)])
        case .overdue: return Words.text("milestone.late", ["days": GezondheidWords.days(-days, short: short)])
        case .next:
            let when =
                days == 0
                ? Words.text("chart.today")
                : Words.text("milestone.in", ["days": GezondheidWords.days(days, short: short)])
            return short ? when : "\(Words.text("milestone.next")) \(separator) \(when)"
        case .future:
            return days == 0
                ? Words.text("chart.today")
                : Words.text("milestone.in", ["days": GezondheidWords.days(days, short: short)])
        }
    }

    /// "gedaan", "volgende", "gepland", "te laat".
    public static func statusName(_ status: MilestoneStatus) -> String {
        switch status {
        case .done: return Words.text("milestone.done")
        case .next: return Words.text("milestone.next")
        case .future: return Words.text("milestone.planned")
        case .overdue: return Words.text("milestone.overdue")
        }
    }
}
