import Foundation
import VitalsKit

/// The Vegetables screen's headline numbers for one as-of day (DragonHealth's portion model).
///
/// Portions are banked across meal slots: only the day's total is judged, so 1 + 0.5 + 1.5
/// meets "at least 3" although no slot does. Values are judged and shown as logged: an entry
/// that is not a multiple of the portion step (0.3) is not rounded, because rounding would
/// make the shown sums disagree with the day's judgement (0.3 + 1 + 1.6 = 2.9 misses 3, while
/// its rounded parts 0.25 + 1 + 1.5 would not add up to it either way); instead a warning
/// line says how many entries of the last 90 days are off-step and names the latest.
public struct VegetablesNumbers: Sendable {
    public var unit: String
    public var step: Double
    /// The primary metric's target (at least 3 portions); nil when it has none.
    public var target: Target?
    /// Today's total as logged (0 when nothing is logged).
    public var today: Double
    public var isMetToday: Bool
    /// What is left today as logged (0 when met); nil without a target.
    public var remaining: Double?
    /// Today's portions per meal slot: the configured slots in order (nil when empty), then
    /// any other tag that has portions today.
    public var bySlot: [(slot: String, value: Double?)]
    /// Streaks and days on target; nil without a target.
    public var summary: TargetSummary?
    /// Entries in the last 90 days that are not a multiple of the step, oldest first.
    public var offStep: [MetricPoint]
    /// When the day starts, in minutes after midnight.
    public var dayCutoffMinutes: Int

    /// How far back off-step entries are looked for.
    static let offStepDays = 90

    static func read(_ query: MetricQuery, config: VegetablesConfig, context: ScreenContext) throws -> VegetablesNumbers
    {
        var daily = query
        daily.binding.bucket = .day
        daily.binding.rolling = nil
        daily.binding.range = .days(1)
        let split = try daily.fetchSplit(from: context.store, by: .tag)
        let todayValues = Dictionary(zip(split.keys, split.buckets.last?.values ?? []), uniquingKeysWith: { $1 })
        var bySlot = config.mealSlots.map { (slot: $0, value: todayValues[$0] ?? nil) }
        for key in split.keys where !config.mealSlots.contains(key) {
            if let value = todayValues[key] ?? nil { bySlot.append((slot: key, value: value)) }
        }
        let summary = try context.targetSummary(daily)
        let loggedToday = split.buckets.last?.total ?? 0

        var recent = daily
        recent.binding.range = .days(offStepDays)
        let offStep = try recent.fetchPoints(from: context.store).filter { !Self.isStep($0.value, config.portionStep) }
        return VegetablesNumbers(
            unit: daily.unitSymbol, step: config.portionStep, target: daily.displayTarget,
            today: summary?.today ?? loggedToday, isMetToday: summary?.days.last?.isMet ?? false,
            remaining: summary?.todayRemaining, bySlot: bySlot, summary: summary, offStep: offStep,
            // The day_cutoff setting replaces the screen's (the metrics follow it too).
            dayCutoffMinutes: context.request.dayCutoffMinutes == nil
                ? config.dayCutoffMinutes ?? daily.dayCutoffMinutes : daily.dayCutoffMinutes)
    }

    // MARK: Steps

    /// Whether `value` is a whole number of `step`s.
    static func isStep(_ value: Double, _ step: Double) -> Bool {
        abs(value / step - (value / step).rounded()) < 1e-6
    }

    // MARK: Block

    func block(_ context: ScreenContext, metricID: String) -> ScreenBlock {
        var rows: [SummaryRow] = []
        let atLeast: Bool = if case .atLeast? = target { true } else { false }
        let todayText = atLeast ? number(today, context) : amount(today, context)
        var todayParts = ["Today \(todayText)" + (target.map { goalPhrase($0, context) } ?? "")]
        if target != nil {
            todayParts.append(todayStatus(context))
        }
        rows.append(SummaryRow(todayParts, style: Style(hex: isMetToday ? "#2E9E5B" : nil, bold: true)))
        var slots = bySlot.map {
            "\(MealSlotNames.displayName($0.slot, in: context.catalog.portions)) \(number($0.value ?? 0, context))"
        }
        if !slots.isEmpty {
            slots[0] = "Banked: " + slots[0]
            slots[slots.count - 1] += " = \(amount(today, context))"
            rows.append(SummaryRow(slots, joiner: " + "))
        }
        if let summary {
            rows.append(
                SummaryRow(["Streak \(Self.days(summary.currentStreak))", "best ever \(Self.days(summary.bestStreak))"])
            )
            let windows = [7, 30, 90].map { window -> String in
                let (met, counted) = summary.daysOnTarget(last: window)
                return "\(window) days \(Self.percent(met, counted)) % (\(met)/\(counted))"
            }
            // The windows end today, as a chart of those days does; today counts once met.
            let pending = summary.tally().pendingWords("day").map { [$0] } ?? []
            rows.append(SummaryRow(["On target: " + windows[0]] + windows.dropFirst() + pending))
        }
        if dayCutoffMinutes > 0 {
            rows.append(
                SummaryRow(
                    [
                        "Days start at \(VegetablesConfig.clock(dayCutoffMinutes)):",
                        "entries before then", "count for the day before",
                    ],
                    style: ScreenText.muted, joiner: " "))
        }
        if let latest = offStep.last {
            let count = offStep.count == 1 ? "1 entry" : "\(offStep.count) entries"
            let stepText = number(step, context)
            rows.append(
                SummaryRow(
                    [
                        "! \(count) in the last \(Self.offStepDays) days", "not in \(stepText) steps",
                        "(latest \(number(latest.value, context)) on \(latest.date.description));",
                        "counted as logged",
                    ],
                    style: Style(hex: "#C9A227"), joiner: " "))
        }
        return ScreenBlock(
            kind: .summary, metricID: metricID,
            rows: ScreenText(profile: context.profile).summaryRows(rows), data: json)
    }

    /// The words for the target in this screen's amounts.
    func words(_ context: ScreenContext) -> TargetWords {
        TargetWords(glyphs: context.profile.glyphs, number: { number($0, context) }, amount: { amount($0, context) })
    }

    /// "✓ done", "34 g to go", or for a limit what is left or over.
    func todayStatus(_ context: ScreenContext) -> String {
        words(context).todayStatus(target, remaining: remaining, isMet: isMetToday, met: "done")
    }

    func goalPhrase(_ target: Target, _ context: ScreenContext) -> String { words(context).goalPhrase(target) }

    func describe(_ target: Target, _ context: ScreenContext) -> String { words(context).describe(target) }

    func number(_ value: Double, _ context: ScreenContext) -> String { context.profile.numbers.compact(value) }

    /// "1 portion", "1,25 portions"; other units as they are.
    func amount(_ value: Double, _ context: ScreenContext) -> String {
        PortionNoun.amount(number(value, context), unit)
    }

    static func percent(_ met: Int, _ counted: Int) -> Int { TargetWords.percent(met, counted) }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    // MARK: JSON

    var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("unit", .string(unit)),
            ("step", .number(step)),
            ("today", .number(today)),
            (
                "target",
                .object([
                    ("rule", .string(target?.rule)),
                    ("value", .number(target.map(Self.goal))),
                ])
            ),
            ("remaining", .number(remaining)),
            ("done", .bool(isMetToday)),
            ("by_slot", .object(bySlot.map { ($0.slot, .number($0.value)) })),
            ("day_cutoff", .string(VegetablesConfig.clock(dayCutoffMinutes))),
        ]
        if let summary {
            pairs.append(
                (
                    "streak",
                    .streak(current: summary.currentStreak, best: summary.bestStreak)
                ))
            pairs.append(
                (
                    "on_target",
                    .onTarget(
                        [7, 30, 90].map { days in
                            let (met, counted) = summary.daysOnTarget(last: days)
                            return (days, met, counted)
                        })
                ))
        }
        pairs.append(
            (
                "off_step_entries",
                .array(
                    offStep.map { point in
                        .object([
                            ("date", .string(point.date.description)), ("value", .number(point.value)),
                            ("tag", .string(point.tag)),
                        ])
                    })
            ))
        return .object(pairs)
    }

    static func goal(_ target: Target) -> Double {
        switch target {
        case .atLeast(let value), .atMost(let value), .exact(let value, _): return value
        case .range(let low, _): return low
        }
    }
}
