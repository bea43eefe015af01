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
}

/// A summary's numbers in words, in the person's units and number style.
package struct SummaryWords: Sendable {
    package var numbers: NumberStyle
    package var glyphs: Glyphs

    package init(numbers: NumberStyle = .standard, glyphs: Glyphs = .unicode) {
        self.numbers = numbers; self.glyphs = glyphs
    }

    static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// "Me · 2026-11-20 – 2026-11-26, against the 7 days before (2026-11-13 – 2026-11-19)".
    package func periodLine(_ summary: Summary) -> String {
        let window = summary.window
        return "\(summary.subjectName) \(glyphs.separator) \(window.text), against the \(Self.plural(window.days, "day")) "
            + "before (\(window.previous.text))"
    }

    /// "3 screens without data in this period are not shown."; nil when none.
    package func skippedLine(_ summary: Summary) -> String? {
        guard summary.skipped > 0 else { return nil }
        return "\(Self.plural(summary.skipped, "screen")) without data in this period \(summary.skipped == 1 ? "is" : "are") not shown."
    }

    /// The blocks: one per screen with data, then the whole days.
    package func sections(_ summary: Summary) -> [SummarySection] {
        var sections = summary.screens.map { screen in
            SummarySection(id: screen.screenID,
                           title: screen.name + (screen.alsoOn.isEmpty ? "" : " (also \(screen.alsoOn.joined(separator: ", ")))"),
                           icon: screen.icon,
                           context: [screen.pillarName, summary.subjectName].compactMap { $0 }.joined(separator: " \(glyphs.separator) "),
                           color: screen.color, lines: lines(screen, window: summary.window))
        }
        if let portions = summary.portions {
            sections.append(SummarySection(id: "SUMMARY_WHOLE_DAYS", title: "Whole days", icon: nil, context: summary.subjectName,
                                           color: nil, lines: lines(portions)))
        }
        return sections
    }

    /// A screen's lines: the change, the targets, the goal, the relations.
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
        return Self.amount(value, symbol: unit.flatMap { MetricChartBuilder.symbol($0.unit.symbol) }, numbers: numbers,
                           scale: scale, whole: whole)
    }

    /// `value` with its unit's symbol at the precision `amount` uses; "portion" counted.
    static func amount(_ value: Double, symbol: String?, numbers: NumberStyle, scale: Double? = nil,
                       whole: Bool = false) -> String {
        let magnitude = abs(scale ?? value)
        let number = magnitude >= 1000 || whole ? numbers.format(value, fractionDigits: 0)
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
        guard let current = change.current else { return "\(change.metricName): no data" }
        let values = [current] + (change.previous.map { [$0] } ?? [])
        let whole = values.allSatisfy { abs($0 - $0.rounded()) < 1e-9 }
        let scale = values.map(abs).max() ?? current
        func written(_ value: Double) -> String { amount(value, change.unit, scale: scale, whole: whole) }
        var value: String
        switch change.aggregate {
        case .sum, .count:
            value = "\(written(current)) in total"
            if let perDay = change.perDay {
                let mean = amount(perDay, change.unit, whole: abs(perDay - perDay.rounded()) < 1e-9)
                value += change.perDayNoun == "day with data" ? ", \(mean) a day with data" : ", \(mean) a \(change.perDayNoun)"
            }
        case .mean, .first, .last: value = "\(written(current)) on average"
        case .min: value = "lowest \(written(current))"
        case .max: value = "highest \(written(current))"
        }
        let before: String
        if let previous = change.previous, let difference = change.difference {
            before = "\(delta(difference, change.unit, scale: scale, whole: whole)) against the \(Self.plural(days, "day")) before "
                + "(\(written(previous)))"
        } else {
            before = "no data before"
        }
        return "\(change.metricName): \(value) (\(change.daysWithData) of \(Self.plural(days, "day"))); \(before)"
    }

    /// "Protein per day: on target 5 of 6 days with data (≥ 110 g) · streak 2 days, best 9".
    package func target(_ target: SummaryTarget) -> String {
        let numbers = self.numbers
        let unit = target.unit
        let words = TargetWords(glyphs: glyphs, number: { numbers.format($0, maxFractionDigits: 2) },
                                amount: { value in
                                    let number = numbers.format(value, maxFractionDigits: 2)
                                    guard let unit, !unit.isEmpty else { return number }
                                    if unit == "%" { return number + "%" }
                                    return PortionNoun.amount(number, unit)
                                })
        let record = target.record
        let rule = words.describe(target.target)
        let streak = "streak \(Self.plural(record.currentStreak, target.noun)), best \(record.bestStreak)"
        let pending = target.noun == "day" ? "today" : target.noun == "night" ? "last night" : "this \(target.noun)"
        guard record.withData > 0 || !record.pending else {
            return "\(target.metricName): \(pending) pending (\(rule)) \(glyphs.separator) \(streak)"
        }
        var line = "\(target.metricName): on target \(record.met) of \(Self.plural(record.withData, target.noun)) with data "
            + "(\(rule)) \(glyphs.separator) \(streak)"
        if record.pending { line += " \(glyphs.separator) \(pending) pending" }
        return line
    }

    /// "Weight trend 78.4 kg, −0.6 kg since 2026-11-19 (79.0 kg) · −0.32 kg a week" and the
    /// goal's line ("Goal 72 kg · At this rate: 72 kg around 2027-03-02 (in 14 weeks)").
    package func goal(_ goal: SummaryGoal, window: SummaryWindow) -> [String] {
        var summary = goal.summary
        summary.numbers = numbers
        guard let now = summary.trend.latest else { return [] }
        var first = "Weight trend \(summary.weight(now))"
        if let start = goal.trendAtStart {
            let kilograms = now - start
            let display = summary.display
            let change = KnownUnit.kilogram.convert(kilograms, to: display.unit) ?? kilograms
            var plain = display
            plain.spoken = .plain
            let scale = KnownUnit.kilogram.convert(now, to: display.unit) ?? now
            first += ", \(delta(change, plain, scale: scale)) since \(window.first.adding(days: -1)) (\(summary.weight(start)))"
        } else {
            first += " (the trend started in this period)"
        }
        if let rate = summary.trend.weeklyRate {
            let perWeek = KnownUnit.kilogram.convert(rate, to: summary.display.unit) ?? rate
            var plain = summary.display
            plain.spoken = .plain
            first += " \(glyphs.separator) \(delta(perWeek, plain)) a week"
        }
        var lines = [first]
        if let target = summary.goal, let progress = summary.progressLine {
            lines.append("Goal \(summary.weight(target.kilograms))" + (target.by.map { " by \($0)" } ?? "")
                         + " \(glyphs.separator) \(progress)")
        }
        return lines
    }

    /// The relations above the noise in the careful words of `RelationWords`; one line saying
    /// so when none is.
    package func relations(_ relations: [SummaryRelation]) -> [String] {
        let words = RelationWords(numbers: numbers, unicode: glyphs.isUnicode)
        let clear = relations.filter { $0.series.finding.isClear }
        guard !clear.isEmpty else {
            return ["No relation above the noise (\(relations.map(\.metricName).joined(separator: ", ")))"]
        }
        return clear.map { relation in
            "\(relation.metricName), \(MetricChartBuilder.words(relation.range)): "
                + words.sentence(relation.series.finding, relation.series)
        }
    }

    /// "Whole days on target: 3 of 6 · streak 1 day, best 4" and each category's days.
    package func lines(_ portions: SummaryPortions) -> [String] {
        ["Whole days on target: \(portions.met) of \(Self.plural(portions.counted, "day")) \(glyphs.separator) "
            + "streak \(Self.plural(portions.currentStreak, "day")), best \(portions.bestStreak)",
         "Categories on target: " + portions.categories.map { "\($0.name) \($0.met)/\($0.days)" }
            .joined(separator: " \(glyphs.separator) ")]
    }
}
