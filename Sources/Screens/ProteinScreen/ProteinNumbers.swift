import VitalsKit

/// The Protein screen's headline numbers, read from the store for one as-of day.
///
/// Days are judged against the target that applies today (a per-kg target moves with the
/// latest weight), so the summary, the bar colours and the target line agree.
public struct ProteinNumbers: Sendable {
    /// The display unit (`g` in every unit system, unless the YAML binds another mass unit).
    public var unit: String
    public var target: ProteinTarget
    /// Grams eaten on the as-of day (0 when nothing is logged).
    public var today: Double
    /// What is left to reach the target today (0 when met); nil without a target.
    public var remaining: Double?
    /// Whether today's total meets the target.
    public var isMetToday: Bool
    /// The mean of the days with something logged among the 7 ending on the as-of day.
    public var average7: Double?
    /// How many of those 7 days have something logged.
    public var daysLogged7: Int
    /// Each meal slot's share of that average (its 7-day total over the logged days), in meal
    /// order; the shares add up to `average7`.
    public var perMeal7: [(slot: String, average: Double)]
    /// Streaks and days on target; nil without a target.
    public var summary: TargetSummary?

    /// The numbers for the primary metric's `query` (any range, bucket or rolling it has is
    /// replaced by day totals) against `target`.
    static func read(_ query: MetricQuery, target: ProteinTarget, context: ScreenContext) throws -> ProteinNumbers {
        var daily = query
        daily.binding.bucket = .day
        daily.binding.rolling = nil
        daily.binding.range = .days(7)
        let week = try daily.fetchBuckets(from: context.store)
        let logged = week.buckets.compactMap(\.raw)
        let split = try daily.fetchSplit(from: context.store, by: .tag)
        let perMeal = zip(split.keys, split.totals).compactMap { key, total in
            total.map { (slot: key, average: $0 / Double(max(1, logged.count))) }
        }
        let summary = try target.target.flatMap { try context.targetSummary(daily, target: $0) }
        let today = summary?.today ?? week.buckets.last?.raw ?? 0
        return ProteinNumbers(
            unit: daily.unitSymbol, target: target, today: today, remaining: summary?.todayRemaining,
            isMetToday: summary?.days.last?.isMet ?? false,
            average7: logged.isEmpty ? nil : logged.reduce(0, +) / Double(logged.count),
            daysLogged7: logged.count, perMeal7: perMeal, summary: summary)
    }

    // MARK: Block

    /// The summary block: today against the target, where the target comes from, the 7-day
    /// average and its split over meals, days on target, and the streaks.
    func block(_ context: ScreenContext, metricID: String) -> ScreenBlock {
        var rows: [SummaryRow] = []

        var todayParts = ["Today \(amount(today, context))" + (target.target.map { goalPhrase($0, context) } ?? "")]
        if target.target != nil {
            todayParts.append(todayStatus(context))
        }
        rows.append(SummaryRow(todayParts, style: Style(hex: isMetToday ? "#2E9E5B" : nil, bold: true)))
        rows.append(SummaryRow(targetParts(context), style: ScreenText.muted, joiner: " "))

        if let average7 {
            let days = daysLogged7 == 7 ? "" : " (\(daysLogged7) of 7 days logged)"
            rows.append(SummaryRow(["7-day average \(amount(average7, context))\(days)"]))
        } else {
            rows.append(SummaryRow(["Nothing logged in the last 7 days"]))
        }
        if !perMeal7.isEmpty {
            let slots = perMeal7.map {
                "\(MealSlotNames.displayName($0.slot, in: context.catalog.portions)) \(amount($0.average, context))"
            }
            rows.append(SummaryRow(["Per meal: " + slots[0]] + slots.dropFirst(), joiner: " + "))
        }
        if let summary {
            let windows = [7, 30].map { window -> String in
                let (met, counted) = summary.daysOnTarget(last: window)
                return "\(window) days \(Self.percent(met, counted)) % (\(met)/\(counted))"
            }
            // The windows end today, as a chart of those days does; today counts once met.
            let pending = summary.tally().pendingWords("day").map { [$0] } ?? []
            rows.append(SummaryRow(["On target: " + windows[0]] + windows.dropFirst() + pending))
            rows.append(
                SummaryRow(["Streak \(Self.days(summary.currentStreak))", "best ever \(Self.days(summary.bestStreak))"])
            )
        }
        return ScreenBlock(
            kind: .summary, metricID: metricID,
            rows: ScreenText(profile: context.profile).summaryRows(rows), data: json)
    }

    /// Where the target comes from: "Target ≥ 120 g = 1.6 g/kg × 75.0 kg (weighed 2026-06-14)".
    func targetParts(_ context: ScreenContext) -> [String] {
        let numbers = context.profile.numbers
        guard let goal = target.target else { return ["No target: set per_kg or target_grams in the screen config"] }
        let head = "Target \(describe(goal, context))"
        switch target.source {
        case .metric:
            return [head + " (the metric's target)"]
        case .fixed:
            return [head + " (target_grams in the screen config)"]
        case .perKilogram(let perKg, let weight, let day):
            let product =
                "\(numbers.format(perKg, maxFractionDigits: 2)) g/kg \(context.profile.glyphs.isUnicode ? "×" : "x") "
                + numbers.format(weight, unit: "kg", fractionDigits: 1)
            let grams = unit == "g" ? "" : " (\(numbers.format(target.grams ?? 0, unit: "g", fractionDigits: 0)))"
            return [head + grams + " = " + product, "(weighed \(day.description))"]
        case .noWeight(let perKg):
            return [
                head + " (the metric's target):",
                "no body weight logged for \(numbers.format(perKg, maxFractionDigits: 2)) g/kg;",
                "log one: vitals log \(ProteinConfig.weightSeriesID) VALUE kg",
            ]
        }
    }

    /// The words for the target in this screen's amounts.
    func words(_ context: ScreenContext) -> TargetWords {
        TargetWords(glyphs: context.profile.glyphs, number: { number($0, context) }, amount: { amount($0, context) })
    }

    /// "✓ target met", "34 g to go", or for a limit what is left or over.
    func todayStatus(_ context: ScreenContext) -> String {
        words(context).todayStatus(target.target, remaining: remaining, isMet: isMetToday, met: "target met")
    }

    func goalPhrase(_ target: Target, _ context: ScreenContext) -> String { words(context).goalPhrase(target) }

    func describe(_ target: Target, _ context: ScreenContext) -> String { words(context).describe(target) }

    /// Whole grams; other units with the chart's compact decimals.
    func number(_ value: Double, _ context: ScreenContext) -> String {
        let numbers = context.profile.numbers
        return unit == "g" ? numbers.format(value, fractionDigits: 0) : numbers.compact(value)
    }

    func amount(_ value: Double, _ context: ScreenContext) -> String { "\(number(value, context)) \(unit)" }

    static func percent(_ met: Int, _ counted: Int) -> Int { TargetWords.percent(met, counted) }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    // MARK: JSON

    /// The same numbers for `--format json`.
    var json: JSONValue {
        var targetPairs: [(String, JSONValue)] = [
            ("rule", .string(target.target?.rule)),
            ("value", .number(target.target.flatMap(ProteinTarget.goal))),
            ("grams", .number(target.grams)),
        ]
        switch target.source {
        case .metric: targetPairs.append(("source", .string("metric")))
        case .fixed: targetPairs.append(("source", .string("target_grams")))
        case .perKilogram(let perKg, let weight, let day):
            targetPairs += [
                ("source", .string("per_kg")), ("grams_per_kg", .number(perKg)),
                ("weight_kg", .number(weight)), ("weight_date", .string(day.description)),
            ]
        case .noWeight(let perKg):
            targetPairs += [
                ("source", .string("metric")), ("grams_per_kg", .number(perKg)),
                ("weight_kg", .null), ("note", .string("no body weight logged")),
            ]
        }
        var pairs: [(String, JSONValue)] = [
            ("unit", .string(unit)),
            ("today", .number(today)),
            ("target", .object(targetPairs)),
            ("remaining", .number(remaining)),
            ("met_today", .bool(isMetToday)),
            ("average_7d", .number(average7)),
            ("days_logged_7d", .number(Double(daysLogged7))),
            ("per_meal_7d", .object(perMeal7.map { ($0.slot, .number($0.average)) })),
        ]
        if let summary {
            pairs.append(
                (
                    "on_target",
                    .onTarget(
                        [7, 30, 90].map { days in
                            let (met, counted) = summary.daysOnTarget(last: days)
                            return (days, met, counted)
                        })
                ))
            pairs.append(
                (
                    "streak",
                    .streak(current: summary.currentStreak, best: summary.bestStreak)
                ))
        }
        return .object(pairs)
    }
}
