import VitalsKit

/// What is due at a moment: milestones due soon or overdue, a missing weigh-in after an hour,
/// the day's portion targets still open after an hour with what would meet them, and budgets
/// spent — pure functions of what the store holds; `DueReader` reads it.
package struct DueItem: Sendable, Hashable {
    package enum Kind: String, Sendable {
        case milestone
        case weighIn = "weigh_in"
        case target, budget
    }
    package enum State: String, Sendable { case soon, due, overdue, open, spent }
    package var kind: Kind
    package var state: State
    package var subject: String
    package var text: String

    package var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)), ("state", .string(state.rawValue)),
            ("subject", .string(subject)), ("text", .string(text)),
        ])
    }
}

/// Which reminders are on and from when (the `reminders` setting:
/// `weigh_in 10:00, targets 18:00, milestones 7d`; `off` turns one off).
package struct ReminderSettings: Sendable, Hashable {
    /// Minutes after midnight from which a day without a weigh-in is due; nil: off.
    package var weighInFrom: Int? = 10 * 60
    /// Minutes after midnight from which open portion targets are due; nil: off.
    package var targetsFrom: Int? = 18 * 60
    /// Days ahead a milestone is "soon"; nil: milestones off.
    package var milestoneDays: Int? = 7

    package init() {}

    /// Reads the setting's text; nil when it is not understood.
    package init?(setting text: String) {
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            let words = part.split(separator: " ").map(String.init)
            guard words.count == 2 else { return nil }
            let off = words[1] == "off"
            switch words[0] {
            case "weigh_in":
                guard off || ClockTime(words[1]) != nil else { return nil }
                weighInFrom = off ? nil : ClockTime(words[1])?.minutesAfterMidnight
            case "targets":
                guard off || ClockTime(words[1]) != nil else { return nil }
                targetsFrom = off ? nil : ClockTime(words[1])?.minutesAfterMidnight
            case "milestones":
                let days = words[1].hasSuffix("d") ? Int(words[1].dropLast()) : nil
                guard off || (days.map { (0...365).contains($0) } ?? false) else { return nil }
                milestoneDays = off ? nil : days
            default: return nil
            }
        }
    }

    /// The canonical text of the setting.
    package var settingText: String {
        func clock(_ minutes: Int?) -> String {
            minutes.map { (($0 / 60) < 10 ? "0" : "") + "\($0 / 60):" + (($0 % 60) < 10 ? "0" : "") + "\($0 % 60)" }
                ?? "off"
        }
        return
            "weigh_in \(clock(weighInFrom)), targets \(clock(targetsFrom)), milestones \(milestoneDays.map { "\($0)d" } ?? "off")"
    }
}

package enum DueCheck {
    /// Milestones not done that are due within `days` (soon), today (due) or before (overdue),
    /// in the words of `Words.current` (the language of the screen they are on).
    package static func milestones(_ milestones: [Milestone], subject: String, today: LocalDate, days: Int) -> [DueItem]
    {
        milestones.compactMap { milestone in
            guard milestone.done == nil else { return nil }
            let until = today.days(to: milestone.due)
            let name = Sanitize.inline(milestone.name)
            let date = milestone.due.description
            func span(_ n: Int) -> String { Words.count(n, one: "count.day_one", other: "count.days") }
            if until < 0 {
                return DueItem(
                    kind: .milestone, state: .overdue, subject: subject,
                    text: "\(name): " + Words.text("due.overdue", ["date": date, "days": span(-until)]))
            }
            if until == 0 {
                return DueItem(
                    kind: .milestone, state: .due, subject: subject, text: "\(name): " + Words.text("due.today"))
            }
            guard until <= days else { return nil }
            let within = Words.text("milestone.in", ["days": span(until)])
            return DueItem(
                kind: .milestone, state: .soon, subject: subject,
                text: "\(name): " + Words.text("due.soon", ["date": date, "in": within]))
        }
    }

    /// A weigh-in is due when the clock is past `from` and the last one is not from today.
    package static func weighIn(last: LocalDate?, subject: String, today: LocalDate, minutes: Int, from: Int)
        -> DueItem?
    {
        guard minutes >= from, last != today else { return nil }
        let since = last.map { " (last on \($0))" } ?? " (none yet)"
        return DueItem(kind: .weighIn, state: .due, subject: subject, text: "no weigh-in today\(since)")
    }

    /// The day's enabled categories not on target yet, after `from`, with what would meet them.
    package static func targets(
        _ day: PortionDay, categories: [PortionCategory], subject: String, minutes: Int,
        from: Int, numbers: NumberStyle = .standard
    ) -> [DueItem] {
        guard minutes >= from else { return [] }
        return categories.compactMap { category in
            let total = day.total(category.id)
            guard !category.target.isMet(by: total) else { return nil }
            let unit = category.unit == .portion ? "portion" : category.unit.rawValue
            func amount(_ value: Double) -> String {
                let text = numbers.format(value, maxFractionDigits: 2)
                return PortionNoun.amount(text, unit)
            }
            let need: String
            switch category.target {
            case .atLeast(let value): need = "\(amount(value - total)) more"
            case .exact(let value, let tolerance):
                guard total < value - tolerance else { return nil }  // over an exact target: nothing to add
                need = "\(amount(value - total)) more"
            case .range(let low, _):
                guard total < low else { return nil }
                need = "\(amount(low - total)) more"
            case .atMost: return nil  // over a limit: nothing eaten later meets it
            }
            return DueItem(
                kind: .target, state: .open, subject: subject,
                text: "\(Sanitize.inline(category.name)): \(amount(total)) so far, \(need) meets the target")
        }
    }

    /// Budgets spent (nothing left for the rest of their period).
    package static func budgets(_ statuses: [(name: String, status: BudgetStatus)], subject: String) -> [DueItem] {
        statuses.compactMap { name, status in
            guard status.left <= 1e-9 else { return nil }
            let through = status.last == status.asOf ? "today" : "through \(status.last)"
            return DueItem(
                kind: .budget, state: .spent, subject: subject,
                text:
                    "\(Sanitize.inline(name)): spent \(status.isOverspent ? "and over " : "")for the period (\(through))"
            )
        }
    }
}
