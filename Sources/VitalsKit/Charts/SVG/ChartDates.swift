/// The one place the HTML backend writes a chart's dates (`ChartInput` keeps them as
/// `LocalDate`s): as they are (`YYYY-MM-DD`), or as "day 12" counted from `dayOne` while a
/// shifted report is drawn.
public enum ChartDates {
    /// Day 1 of a report whose dates are shifted (`Disclosure.current`); nil: dates are
    /// written as they are.
    public static var dayOne: LocalDate? { Disclosure.current.dayOne }

    /// The day of a chart date; nil when it is not one.
    public static func day(_ date: String?) -> LocalDate? { date.flatMap { LocalDate(iso: $0) } }

    /// The day of a chart date.
    public static func day(_ date: LocalDate?) -> LocalDate? { date }

    /// A chart date as the report writes it.
    public static func text(_ date: LocalDate?) -> String {
        guard let date else { return "" }
        if let dayOne { return shifted(date, from: dayOne) }
        return date.description
    }

    /// A bucket's axis label, or its shifted first day.
    public static func label(_ label: String, date: LocalDate?) -> String {
        if dayOne != nil, date != nil { return text(date) }
        return Sanitize.inline(label)
    }

    /// A date written as text elsewhere (a stat's date label) as the report writes it.
    public static func text(_ date: String?) -> String {
        guard let date else { return "" }
        if let dayOne, let day = day(date) { return shifted(day, from: dayOne) }
        return Sanitize.inline(date)
    }

    /// A bucket's axis label, or its shifted first day.
    public static func label(_ label: String, date: String?) -> String {
        if dayOne != nil, date.flatMap({ day($0) }) != nil { return text(date) }
        return Sanitize.inline(label)
    }

    /// Whether dates are being shifted (month names are left out then).
    public static var isShifting: Bool { dayOne != nil }

    /// "day 1" for `dayOne`, "day 0" the day before, "day -3" …
    public static func shifted(_ day: LocalDate, from dayOne: LocalDate) -> String {
        Words.text("date.shifted_day", ["n": String(dayOne.days(to: day) + 1)])
    }
}
