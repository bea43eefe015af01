/// The JSON a screen writes of how its periods met their target, one shape for every screen
/// (Protein, Vegetables, History, the reports), so a consumer of `--format json` reads a
/// streak or an on-target window the same way wherever it comes from.
extension JSONValue {
    /// `{"current": …, "best": …}`: the current and the best streak of periods on target.
    public static func streak(current: Int, best: Int) -> JSONValue {
        .object([("current", .number(Double(current))), ("best", .number(Double(best)))])
    }

    /// `{"last_7_days": {"met": …, "days": …, "percent": …}, …}`: for each window of days
    /// ending on the as-of day, the days on target and the days counted in it
    /// (`TargetSummary.daysOnTarget(last:)`, `DayAdherence.onTarget(last:)`), and their
    /// percent (`TargetTally.percent(met:counted:)`).
    public static func onTarget(_ windows: [(days: Int, met: Int, counted: Int)]) -> JSONValue {
        .object(
            windows.map { window in
                (
                    "last_\(window.days)_days",
                    .object([
                        ("met", .number(Double(window.met))), ("days", .number(Double(window.counted))),
                        ("percent", .number(TargetTally.percent(met: window.met, counted: window.counted))),
                    ])
                )
            })
    }
}
