extension TargetSummary {
    /// How many of the last `window` days were on target and how many were counted: the same
    /// days `percentOnTarget7/30/90` use (ending today once today is met, else yesterday;
    /// days before the first evaluated day are left out). "5 of 7 days" on a summary line.
    public func daysOnTarget(last window: Int) -> (met: Int, counted: Int) {
        guard let newest = days.last, let first = days.first?.date, window > 0 else { return (0, 0) }
        let lastCounted = newest.isMet ? newest.date : newest.date.adding(days: -1)
        let from = max(first, lastCounted.adding(days: -(window - 1)))
        let counted = days.filter { $0.date >= from && $0.date <= lastCounted }
        return (counted.filter(\.isMet).count, counted.count)
    }
}
