/// The JSON a screen writes of how its periods met their target, one shape for every screen
/// (Protein, Vegetables, History, the reports), so a consumer of `--format json` reads a
/// streak or an on-target window the same way wherever it comes from.
extension JSONValue {
    /// `{"current": …, "best": …}`: the current and the best streak of periods on target.
    public static func streak(current: Int, best: Int) -> JSONValue {
        .object([("current", .number(Double(current))), ("best", .number(Double(best)))])
    }

    /// `{"last_7_days": {"met": …, "days": …, "percent": …}, …}`: for each window of days
    /// ending on the as-of day, the days on target and the days counted as `tally` gives them
    /// (`TargetSummary.daysOnTarget(last:)`, `DayAdherence.onTarget(last:)`), and their
    /// percent (0 when none counted).
    public static func onTarget(windows: [Int], _ tally: (Int) -> (met: Int, counted: Int)) -> JSONValue {
        .object(
            windows.map { window in
                let (met, counted) = tally(window)
                return (
                    "last_\(window)_days",
                    .object([
                        ("met", .number(Double(met))), ("days", .number(Double(counted))),
                        ("percent", .number(counted == 0 ? 0 : Double(met) * 100 / Double(counted))),
                    ])
                )
            })
    }
}
