import VitalsKit

/// One block of a summary in words: a screen (or the whole days), its title and a few lines.
/// The lines hold names from the catalog as they are: each backend makes them safe for its
/// format (`SummaryText`, `SummaryPage`).
package struct SummarySection: Sendable, Hashable {
    package var id: String
    package var title: String
    package var icon: String?
    /// "Healthful Nutrition · Me".
    package var context: String
    package var color: String?
    package var lines: [String]
    /// The language the lines are in (`en`, `nl`).
    package var language: String = "en"
}

/// A summary's numbers in words, in the person's units and number style. A screen's block is
/// in the screen's language (`language: nl`): its words come from that language's table by key
/// (`summary.*`, the counted periods `count.*`, the portion noun) and, for a language other than
/// English, its numbers are written that language's way, as `vitals render` draws the screen.
/// The page around the blocks (title, period, whole days) belongs to no screen: English.
package struct SummaryWords: Sendable {
    package var numbers: NumberStyle
    package var glyphs: Glyphs
    /// The catalog's own language tables, before the shipped ones (`Catalog.languages`).
    package var languages: [String: LanguageTable]

    package init(numbers: NumberStyle = .standard, glyphs: Glyphs = .unicode, languages: [String: LanguageTable] = [:])
    {
        self.numbers = numbers
        self.glyphs = glyphs
        self.languages = languages
    }

    static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// "Me · 2026-11-20 – 2026-11-26, against the 7 days before (2026-11-13 – 2026-11-19)".
    package func periodLine(_ summary: Summary) -> String {
        let window = summary.window
        return
            "\(summary.subjectName) \(glyphs.separator) \(window.text), against the \(Self.plural(window.days, "day")) "
            + "before (\(window.previous.text))"
    }

    /// "3 screens without data in this period are not shown."; nil when none.
    package func skippedLine(_ summary: Summary) -> String? {
        guard summary.skipped > 0 else { return nil }
        return
            "\(Self.plural(summary.skipped, "screen")) without data in this period \(summary.skipped == 1 ? "is" : "are") not shown."
    }

    /// `body` with the words of `language` (nil: English) and these words in its number style:
    /// the locale's for English, the language's own for any other.
    package func speaking<T>(_ language: String?, _ body: (SummaryWords) throws -> T) rethrows -> T {
        try Words.speaking(language.flatMap { languages[$0] } ?? LanguageTables.table(for: language)) {
            var words = self
            if !Words.isEnglish { words.numbers = Words.current.numbers }
            return try body(words)
        }
    }

    /// The blocks: one per screen with data (in the screen's language), then the whole days.
    package func sections(_ summary: Summary) -> [SummarySection] {
        var sections = summary.screens.map { screen in
            speaking(screen.language) { words in
                SummarySection(
                    id: screen.screenID,
                    title: screen.alsoOn.isEmpty
                        ? screen.name
                        : Words.text(
                            "summary.also", ["name": screen.name, "screens": screen.alsoOn.joined(separator: ", ")]),
                    icon: screen.icon,
                    context: [screen.pillarName, summary.subjectName].compactMap { $0 }.joined(
                        separator: " \(glyphs.separator) "),
                    color: screen.color, lines: words.lines(screen, window: summary.window),
                    language: Words.current.code)
            }
        }
        if let portions = summary.portions {
            sections.append(
                SummarySection(
                    id: "SUMMARY_WHOLE_DAYS", title: "Whole days", icon: nil, context: summary.subjectName,
                    color: nil, lines: lines(portions)))
        }
        return sections
    }

    /// "7 days", "1 week", "3 nights" in the current language: `noun` is day, night, week or month.
    static func counted(_ n: Int, _ noun: String) -> String {
        switch noun {
        case "night": return Words.count(n, one: "count.night_one", other: "count.nights")
        case "week": return Words.count(n, one: "count.week_one", other: "count.weeks")
        case "month": return Words.count(n, one: "count.month_one", other: "count.months")
        default: return Words.count(n, one: "count.day_one", other: "count.days")
        }
    }

    /// "the last 6 months" in the current language.
    static func rangeWords(_ range: TimeRange) -> String {
        switch range {
        case .days(let n): return Words.count(n, one: "summary.last_day", other: "summary.last_days")
        case .weeks(let n): return Words.count(n, one: "summary.last_week", other: "summary.last_weeks")
        case .months(let n): return Words.count(n, one: "summary.last_month", other: "summary.last_months")
        case .years(let n): return Words.count(n, one: "summary.last_year", other: "summary.last_years")
        case .all: return Words.text("summary.all_time")
        }
    }

    /// A screen's lines in the current language: the change, the targets, the goal, the relations.
    package func lines(_ screen: SummaryScreen, window: SummaryWindow) -> [String] {
        var lines = [change(screen.change, days: window.days)]
        lines += screen.targets.map(target)
        if let goal = screen.goal { lines += self.goal(goal, window: window) }
        if !screen.relations.isEmpty { lines += relations(screen.relations) }
        return lines
    }

    /// "58,210", "78.4 kg", "12 st 4 lb", "1.25 portions", "54.4 h" (minutes from three hours
    /// on): whole numbers from 1000, one decimal from 10, up to two below.
    /// `scale` (default: the value) picks the precision: a change is written as precisely as
    /// the values it is the difference of.
    /// Values that are all whole (minutes, steps, drinks) are written without decimals.
    package func amount(_ value: Double, _ unit: DisplayUnit?, scale: Double? = nil, whole: Bool = false) -> String {
        if let unit, let spoken = unit.spokenText(value, numbers: numbers) { return spoken }
        if let unit, unit.unit == .minute, abs(scale ?? value) >= 180 {
            return amount(value / 60, DisplayUnit(.hour), scale: (scale ?? value) / 60)
        }
        return Self.amount(
            value, symbol: unit.flatMap { MetricChartBuilder.symbol($0.unit.symbol) }, numbers: numbers,
            scale: scale, whole: whole)
    }

    /// `value` with its unit's symbol at the precision `amount` uses; "portion" counted.
    static func amount(
        _ value: Double, symbol: String?, numbers: NumberStyle, scale: Double? = nil,
        whole: Bool = false
    ) -> String {
        let magnitude = abs(scale ?? value)
        let number =
            magnitude >= 1000 || whole
            ? numbers.format(value, fractionDigits: 0)
            : magnitude >= 10 ? numbers.format(value, fractionDigits: 1) : numbers.format(value, maxFractionDigits: 2)
        guard let symbol, !symbol.isEmpty else { return number }
        if symbol == "%" { return number + "%" }
        return PortionNoun.amount(number, symbol)
    }

    /// "+3,400", "−0.4 kg", "±0 kg" (a change too small to show at the precision of `scale`,
    /// the values it is the difference of).
    package func delta(_ value: Double, _ unit: DisplayUnit?, scale: Double? = nil, whole: Bool = false) -> String {
        var plain = unit
        plain?.spoken = .plain
        let text = amount(abs(value), plain, scale: scale.map { max(abs($0), abs(value)) }, whole: whole)
        let number = text.prefix { $0 != " " && $0 != "%" }
        if !number.contains(where: { ("1"..."9").contains($0) }) { return glyphs.plusMinus + text }
        return (value < 0 ? (glyphs.isUnicode ? "−" : "-") : "+") + text
    }

    /// "Protein per day: 742 g in total (6 of 7 days); +38 g against the 7 days before (704 g)".
    package func change(_ change: PeriodChange, days: Int) -> String {
        guard let current = change.current else { return Words.text("summary.no_data", ["metric": change.metricName]) }
        let values = [current] + (change.previous.map { [$0] } ?? [])
        let whole = values.allSatisfy { abs($0 - $0.rounded()) < 1e-9 }
        let scale = values.map(abs).max() ?? current
        func written(_ value: Double) -> String { amount(value, change.unit, scale: scale, whole: whole) }
        var value: String
        switch change.aggregate {
        case .sum, .count:
            value = Words.text("summary.in_total", ["value": written(current)])
            if let perDay = change.perDay {
                let mean = amount(perDay, change.unit, whole: abs(perDay - perDay.rounded()) < 1e-9)
                let key =
                    change.perDayNoun == "day with data"
                    ? "summary.per_day_with_data"
                    : change.perDayNoun == "night" ? "summary.per_night" : "summary.per_day"
                value += ", " + Words.text(key, ["value": mean])
            }
        case .mean, .first, .last: value = Words.text("summary.on_average", ["value": written(current)])
        case .min: value = Words.text("summary.lowest", ["value": written(current)])
        case .max: value = Words.text("summary.highest", ["value": written(current)])
        }
        let before: String
        if let previous = change.previous, let difference = change.difference {
            before = Words.text(
                "summary.against",
                [
                    "change": delta(difference, change.unit, scale: scale, whole: whole),
                    "days": Self.counted(days, "day"), "value": written(previous),
                ])
        } else {
            before = Words.text("summary.no_data_before")
        }
        return Words.text(
            "summary.change",
            [
                "metric": change.metricName, "value": value, "count": String(change.daysWithData),
                "days": Self.counted(days, "day"), "before": before,
            ])
    }

    /// "Protein per day: on target 5 of 6 days with data (≥ 110 g) · streak 2 days, best 9".
    package func target(_ target: SummaryTarget) -> String {
        let numbers = self.numbers
        let unit = target.unit
        let words = TargetWords(
            glyphs: glyphs, number: { numbers.format($0, maxFractionDigits: 2) },
            amount: { value in
                let number = numbers.format(value, maxFractionDigits: 2)
                guard let unit, !unit.isEmpty else { return number }
                if unit == "%" { return number + "%" }
                return PortionNoun.amount(number, unit)
            })
        let record = target.record
        let rule = words.describe(target.target)
        let streak = Words.text(
            "summary.streak",
            [
                "periods": Self.counted(record.currentStreak, target.noun),
                "best": String(record.bestStreak),
            ])
        let pending = Words.text(
            target.noun == "day"
                ? "summary.today"
                : target.noun == "night"
                    ? "summary.last_night"
                    : target.noun == "week" ? "summary.this_week" : "summary.this_month")
        guard record.withData > 0 || !record.pending else {
            return Words.text(
                "summary.pending",
                [
                    "metric": target.metricName, "period": pending, "rule": rule,
                    "sep": glyphs.separator, "streak": streak,
                ])
        }
        var line = Words.text(
            "summary.on_target",
            [
                "metric": target.metricName, "met": String(record.met),
                "periods": Self.counted(record.withData, target.noun), "rule": rule,
                "sep": glyphs.separator, "streak": streak,
            ])
        if record.pending { line += " \(glyphs.separator) " + Words.text("summary.still_pending", ["period": pending]) }
        return line
    }

    /// "Weight trend 78.4 kg, −0.6 kg since 2026-11-19 (79.0 kg) · −0.32 kg a week" and the
    /// goal's line ("Goal 72 kg · At this rate: 72 kg around 2027-03-02 (in 14 weeks)").
    package func goal(_ goal: SummaryGoal, window: SummaryWindow) -> [String] {
        var summary = goal.summary
        summary.numbers = numbers
        guard let now = summary.trend.latest else { return [] }
        var first = Words.text("summary.trend", ["value": summary.weight(now)])
        if let start = goal.trendAtStart {
            let kilograms = now - start
            let display = summary.display
            let change = KnownUnit.kilogram.convert(kilograms, to: display.unit) ?? kilograms
            var plain = display
            plain.spoken = .plain
            let scale = KnownUnit.kilogram.convert(now, to: display.unit) ?? now
            first +=
                ", "
                + Words.text(
                    "summary.trend_since",
                    [
                        "change": delta(change, plain, scale: scale),
                        "date": DateWords.iso(window.first.adding(days: -1)),
                        "value": summary.weight(start),
                    ])
        } else {
            first += " " + Words.text("summary.trend_started")
        }
        if let rate = summary.trend.weeklyRate {
            let perWeek = KnownUnit.kilogram.convert(rate, to: summary.display.unit) ?? rate
            var plain = summary.display
            plain.spoken = .plain
            first += " \(glyphs.separator) " + Words.text("summary.a_week", ["change": delta(perWeek, plain)])
        }
        var lines = [first]
        if let target = summary.goal, let progress = summary.progressLine {
            let goal =
                target.by.map {
                    Words.text(
                        "summary.goal_by", ["value": summary.weight(target.kilograms), "date": DateWords.iso($0)])
                }
                ?? Words.text("summary.goal", ["value": summary.weight(target.kilograms)])
            lines.append(goal + " \(glyphs.separator) \(progress)")
        }
        return lines
    }

    /// The relations above the noise in the careful words of `RelationWords`; one line saying
    /// so when none is.
    package func relations(_ relations: [SummaryRelation]) -> [String] {
        let words = RelationWords(numbers: numbers, unicode: glyphs.isUnicode)
        let clear = relations.filter { $0.series.finding.isClear }
        guard !clear.isEmpty else {
            return [Words.text("summary.no_relation", ["metrics": relations.map(\.metricName).joined(separator: ", ")])]
        }
        return clear.map { relation in
            Words.text(
                "summary.relation",
                [
                    "metric": relation.metricName, "range": Self.rangeWords(relation.range),
                    "sentence": words.sentence(relation.series.finding, relation.series),
                ])
        }
    }

    /// "Whole days on target: 3 of 6 · streak 1 day, best 4" and each category's days.
    package func lines(_ portions: SummaryPortions) -> [String] {
        [
            "Whole days on target: \(portions.met) of \(Self.plural(portions.counted, "day")) \(glyphs.separator) "
                + "streak \(Self.plural(portions.currentStreak, "day")), best \(portions.bestStreak)",
            "Categories on target: "
                + portions.categories.map { "\($0.name) \($0.met)/\($0.days)" }
                .joined(separator: " \(glyphs.separator) "),
        ]
    }
}
