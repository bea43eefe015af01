import Foundation

extension MetricQuery {
    /// The latest value on or before the as-of day and the one before it, in the display unit
    /// (a stat, the Gezondheid hero card: current weight, its date, the change since the last).
    ///
    /// For an aggregate that picks a day's value from its samples (`first`, `last`, `mean`, the
    /// weigh-in policies), a day stands for one value: the latest day's, as that day's point on
    /// the chart has it (its samples in `SampleOrder`, by real instant), and before it the same
    /// for the previous day with samples; `at` is when the weigh-in used was made (for a mean,
    /// the day's last). For other aggregates, the latest sample and the one before it, which may
    /// be from the same day, in wall-clock order. Returns nil when there is no sample.
    public func fetchLatest(from store: SampleStore) throws -> LatestValue? {
        let bound = asOfCutoff
        if let policy = WeighInPolicy(aggregate: aggregate) {
            guard let day = try newestDay(before: bound, in: store),
                let latest = try picked(policy, on: day, in: store)
            else { return nil }
            let before = try newestDay(before: localBound(day), in: store)
            let previous = try before.flatMap { try picked(policy, on: $0, in: store) }
            return LatestValue(
                value: toDisplay(latest.value), date: day, at: latest.at,
                previous: previous.map { toDisplay($0.value) }, previousDate: previous == nil ? nil : before,
                unit: displayUnit.symbol)
        }
        let rows = try store.inSnapshot { db in
            try db.fetchAll(
                """
                SELECT start, utc_offset, local_start, value FROM sample AS o
                WHERE \(sampleFilter(alias: .o))\(countedSourceFilter())
                ORDER BY o.local_start DESC, \(SampleOrder.sql(.o, descending: true)) LIMIT 2
                """)
        }
        guard let latest = rows.first else { return nil }
        func day(_ row: StoreRow) -> LocalDate { self.day(localStart: row["local_start"]) }
        let previous = rows.count > 1 ? rows[1] : nil
        return LatestValue(
            value: toDisplay(latest["value"]), date: day(latest),
            at: Date(timeIntervalSince1970: TimeInterval(latest["start"] as Int64)),
            previous: previous.map { toDisplay($0["value"]) },
            previousDate: previous.map(day), unit: displayUnit.symbol)
    }

    /// The samples of `day` (the query's series, subject and categories; the day by the query's
    /// cutoff), with their source and origin, in `SampleOrder`: a day's weigh-ins as listed.
    public func fetchDaySamples(on day: LocalDate, from store: SampleStore) throws -> [Sample] {
        try store.inSnapshot { db in
            try db.fetchAll(
                """
                SELECT series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata,
                    sample_origin.source_version, sample_origin.device
                FROM sample LEFT JOIN sample_origin ON sample_origin.id = sample.origin
                WHERE \(sampleFilter(from: .value(localBound(day)), before: .value(localBound(day.adding(days: 1)))))
                ORDER BY \(SampleOrder.sql())
                """
            ).map(SampleStore.sample(from:))
        }
    }

    /// The day of the newest sample whose `local_start` is below `bound`; nil when none.
    func newestDay(before bound: Int, in store: SampleStore) throws -> LocalDate? {
        try store.inSnapshot { db in
            try db.fetchValue(
                Int64.self,
                """
                SELECT local_start FROM sample WHERE \(sampleFilter(before: .value(bound))) ORDER BY local_start DESC LIMIT 1
                """)
        }.map { day(localStart: $0) }
    }

    /// `policy`'s value of `day` in the series' base unit and when the sample used was made.
    func picked(_ policy: WeighInPolicy, on day: LocalDate, in store: SampleStore) throws -> (value: Double, at: Date)?
    {
        let samples = try fetchDaySamples(on: day, from: store)
        guard let value = policy.pick(samples.map(\.value)), let used = policy == .first ? samples.first : samples.last
        else { return nil }
        return (value, used.start)
    }
}

extension MetricQuery {
    /// The day of the series' newest sample for the subject (in the query's category filter),
    /// whatever the as-of day and range; nil when the store has none. Tells an empty range
    /// from an empty store.
    public func fetchNewestDay(from store: SampleStore) throws -> LocalDate? {
        try store.inSnapshot { db in
            try db.fetchValue(
                Int64.self,
                "SELECT local_start FROM sample WHERE \(sampleFilter(pastAsOf: true)) ORDER BY local_start DESC LIMIT 1"
            )
        }.map { day(localStart: $0) }
    }
}

extension MetricQuery {
    /// The day of the series' earliest sample for the subject (for sleep, the first night of
    /// any category), whatever the as-of day and range; nil when the store has none.
    public func fetchEarliestDay(from store: SampleStore) throws -> LocalDate? {
        try earliestDay(in: store)
    }
}
