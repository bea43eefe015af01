/// How the DragonHealth screens write amounts, rules and budgets, in the profile's numbers
/// and glyphs.
public struct PortionText: Sendable {
    public let profile: RenderProfile

    /// The unit system drinks are shown in (`--units`); nil keeps litres.
    public let unitSystem: UnitSystem?

    public init(profile: RenderProfile, unitSystem: UnitSystem? = nil) {
        self.profile = profile
        self.unitSystem = unitSystem
    }

    /// The display of a category's litres in `unitSystem` (fl oz, ml said in pints); nil for
    /// litres, and for every other unit (portions and minutes are the same everywhere).
    var fluidDisplay: DisplayUnit? {
        guard let system = unitSystem, system != .metric else { return nil }
        return UnitTable.display(.fluid, in: system)
    }

    /// `value` (in `unit`) converted for display, with the symbol shown.
    func shown(_ value: Double, unit: BaseUnit) -> (value: Double, symbol: String) {
        guard unit == .L, let display = fluidDisplay,
            let converted = unit.known.convert(value, to: display.unit)
        else { return (value, unit.rawValue) }
        return (converted, display.unit.symbol)
    }

    var glyphs: Glyphs { profile.glyphs }

    /// "2.25", "1.8 L", "45 min" (portions go without a unit: the column says it).
    public func amount(_ value: Double, unit: BaseUnit) -> String {
        guard unit != .portion else { return profile.numbers.compact(value) }
        let (converted, symbol) = shown(value, unit: unit)
        if unit == .L, let spoken = fluidDisplay?.spokenText(converted, numbers: profile.numbers) { return spoken }
        return "\(profile.numbers.compact(converted)) \(symbol)"
    }

    /// "≥ 3", "= 3 ± 0.25", "2–3", "≤ 1", with the unit for litres and minutes.
    public func rule(_ target: Target, unit: BaseUnit) -> String {
        let suffix = unit == .portion ? "" : " \(shown(1, unit: unit).symbol)"
        let n = { (value: Double) in profile.numbers.compact(shown(value, unit: unit).value) }
        switch target {
        case .atLeast(let value): return "\(glyphs.atLeast) \(n(value))\(suffix)"
        case .atMost(let value): return "\(glyphs.atMost) \(n(value))\(suffix)"
        case .exact(let value, let tolerance): return "= \(n(value)) \(glyphs.plusMinus) \(n(tolerance))\(suffix)"
        case .range(let low, let high): return "\(n(low))\(glyphs.rangeDash)\(n(high))\(suffix)"
        }
    }

    /// "✓ met", "0.75 to go", "1 over", "0.5 left" (for a limit not yet reached).
    public func status(_ result: CategoryResult, target: Target, unit: BaseUnit) -> String {
        switch result.verdict {
        case .met:
            if case .atMost(let limit) = target, limit - result.total > 1e-9 {
                return "\(glyphs.check) \(amount(limit - result.total, unit: unit)) left"
            }
            return "\(glyphs.check) met"
        case .under: return "\(amount(-result.distance, unit: unit)) to go"
        case .over: return "\(glyphs.cross) \(amount(result.distance, unit: unit)) over"
        }
    }

    /// "Mon 16 Nov" ("day N" in a shared copy whose dates are shifted).
    public static func shortDay(_ date: LocalDate) -> String { DateWords.weekdayDayMonth(date) }

    /// The parts of a budget's line: "Treats this week (Mon 16 Nov – Sun 22 Nov): 5 of 7 used",
    /// "2 left", "0.5 a day for the 4 days left", and what the days before banked.
    public func budgetLine(_ status: BudgetStatus, name: String, unit: String) -> [String] {
        let n = profile.numbers.compact
        let u = unit == "portion" || unit == "count" ? "" : " \(unit)"
        let span =
            status.periodDays == 1
            ? Self.shortDay(status.first)
            : "\(Self.shortDay(status.first)) \(glyphs.rangeDash) \(Self.shortDay(status.last))"
        var parts = ["\(name) (\(span)): \(n(status.usedTotal)) of \(n(status.amount))\(u) used"]
        if status.isOverspent {
            parts.append("\(glyphs.cross) \(n(-status.left))\(u) over")
        } else {
            parts.append("\(n(status.left))\(u) left")
            if status.remainingDays > 1 {
                parts.append("\(n(status.perRemainingDay))\(u) a day for the \(status.remainingDays) days left")
            }
        }
        let banked = status.banked
        if status.bankedDays > 0, abs(banked) > 1e-9 {
            parts.append(
                banked > 0
                    ? "\(n(banked))\(u) banked before today" : "\(n(-banked))\(u) over the even share before today")
        }
        return parts
    }
}

extension ScreenContext {
    /// The budget lines of `seriesIDs` (every budget when nil) for the as-of day, as one summary
    /// block; nil when there are none.
    public func budgetBlock(series seriesIDs: [String]? = nil, metricID: String? = nil) throws -> ScreenBlock? {
        let book = portions
        let budgets = book.budgets.filter { seriesIDs?.contains($0.seriesID) ?? true }
        guard !budgets.isEmpty else { return nil }
        let text = PortionText(profile: profile, unitSystem: request.unitSystem)
        var rows = [SummaryRow(["Budgets"], style: Style(bold: true))]
        var data: [JSONValue] = []
        for budget in budgets {
            let status = try BudgetLedger.status(
                of: budget, asOf: asOf, book: book, subjectID: screen.subjectID, store: store)
            let unit = catalog.series(budget.seriesID)?.unit.rawValue ?? ""
            rows.append(
                SummaryRow(
                    text.budgetLine(status, name: budget.name, unit: unit),
                    style: Style(hex: status.isOverspent ? "#D64545" : nil)))
            data.append(
                .object([
                    ("budget", .string(budget.id)), ("series", .string(budget.seriesID)),
                    ("first", .string(status.first.description)), ("last", .string(status.last.description)),
                    ("amount", .number(status.amount)), ("used", .number(status.usedTotal)),
                    ("left", .number(status.left)),
                    ("remaining_days", .number(Double(status.remainingDays))),
                    ("per_remaining_day", .number(status.perRemainingDay)), ("banked", .number(status.banked)),
                ]))
        }
        return ScreenBlock(
            kind: .summary, metricID: metricID, rows: ScreenText(profile: profile).summaryRows(rows),
            data: .object([("budgets", .array(data))]))
    }
}
