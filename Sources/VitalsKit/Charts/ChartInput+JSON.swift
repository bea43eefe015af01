extension ChartInput {
    /// The chart's content as data (`vitals render --format json`): the common fields and
    /// whichever data shapes are filled, values in the display unit, nil as null.
    public func json(chartTypeID: String) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("title", .string(title)),
            ("chart_type", .string(chartTypeID)),
            ("unit", .string(unit)),
            ("target", target.map(Self.json) ?? .null),
        ]
        if let tally = targetTally {
            var entry: [(String, JSONValue)] = [
                ("period", .string(tallyNoun)), ("met", .number(Double(tally.met))),
                ("counted", .number(Double(tally.counted))), ("current_streak", .number(Double(tally.currentStreak))),
                ("best_streak", .number(Double(tally.bestStreak))),
            ]
            if let tallyWindow { entry.append(("best_streak_window", .string(tallyWindow))) }
            pairs.append(("on_target", .object(entry)))
        }
        if !points.isEmpty {
            pairs.append(
                (
                    "points",
                    .array(
                        points.enumerated().map { index, point in
                            var entry: [(String, JSONValue)] = [
                                ("label", .string(point.label)), ("date", .date(point.date)),
                                ("value", .number(point.value)),
                            ]
                            if index < rollingMean.count { entry.append(("rolling_mean", .number(rollingMean[index]))) }
                            return .object(entry)
                        })
                ))
        }
        if let stacked {
            pairs.append(("categories", .array(stacked.categories.map { .string($0) })))
            pairs.append(
                (
                    "buckets",
                    .array(
                        stacked.buckets.map { bucket in
                            .object([
                                ("label", .string(bucket.label)), ("date", .date(bucket.date)),
                                (
                                    "values",
                                    bucket.values.map { values in
                                        .object(
                                            stacked.categories.compactMap { name in
                                                values[name].map { (name, .number($0)) }
                                            })
                                    } ?? .null
                                ),
                                ("total", .number(bucket.total)),
                            ])
                        })
                ))
        }
        if let growth {
            pairs.append(
                (
                    "measured",
                    .array(
                        growth.measured.map {
                            .object([("week", .number($0.week)), ("value", .number($0.value))])
                        })
                ))
            pairs.append(
                (
                    "reference",
                    .array(
                        growth.reference.map {
                            .object([
                                ("week", .number($0.week)), ("lower", .number($0.lower)),
                                ("centre", .number($0.centre)), ("upper", .number($0.upper)),
                            ])
                        })
                ))
            if let axis = growth.axisTitle { pairs.append(("axis", .string(axis))) }
        }
        if !milestones.isEmpty {
            pairs.append(
                (
                    "milestones",
                    .array(
                        milestones.map {
                            .object([
                                ("name", .string($0.name)), ("due", .date($0.due)), ("done", .date($0.done)),
                                ("status", .string($0.status.rawValue)),
                            ])
                        })
                ))
        }
        if !sleep.isEmpty {
            let summary = SleepSummary(sleep)
            pairs.append(("night", .date(asOf)))
            pairs.append(
                (
                    "segments",
                    .array(
                        sleep.map {
                            .object([
                                ("stage", .string($0.stage.rawValue)),
                                ("start_minute", .number(Double($0.startMinute))),
                                ("end_minute", .number(Double($0.endMinute))),
                                ("clock_shift_minutes", .number(Double($0.clockShiftMinutes))),
                            ])
                        })
                ))
            pairs.append(
                (
                    "minutes_by_stage",
                    .object(
                        SleepStage.allCases.map {
                            ($0.rawValue, .number(Double(summary.minutesByStage[$0] ?? 0)))
                        })
                ))
            pairs.append(
                (
                    "percent_by_stage",
                    .object(
                        SleepStage.lanes.map {
                            ($0.rawValue, .number(Double(summary.percent($0))))
                        })
                ))
            pairs.append(("asleep_minutes", .number(Double(summary.asleepMinutes))))
            pairs.append(("in_bed_minutes", .number(Double(summary.inBedMinutes))))
        }
        if let stat {
            pairs.append(("value", .number(stat.value)))
            pairs.append(("date", .date(stat.date)))
            pairs.append(("delta", .string(stat.deltaText)))
        }
        if !progress.isEmpty {
            pairs.append(
                (
                    "progress",
                    .array(
                        progress.map {
                            .object([
                                ("name", .string($0.name)), ("value", .number($0.value)),
                                ("target", Self.json($0.target)), ("unit", .string($0.unit ?? unit)),
                            ])
                        })
                ))
        }
        if !calendar.isEmpty {
            pairs.append(
                (
                    "days",
                    .array(
                        calendar.map {
                            .object([("date", .date($0.date)), ("state", .string($0.state.rawValue))])
                        })
                ))
        }
        if let relation { pairs.append(("relation", relation.json)) }
        if let payload { pairs.append(("data", payload.json)) }
        return .object(pairs)
    }

    /// A target as `{"rule": …, "value"/"min"/"max"/"tolerance": …}`.
    public static func json(_ target: Target) -> JSONValue {
        switch target {
        case .exact(let value, let tolerance):
            return .object([
                ("rule", .string(target.rule)), ("value", .number(value)), ("tolerance", .number(tolerance)),
            ])
        case .atLeast(let value), .atMost(let value):
            return .object([("rule", .string(target.rule)), ("value", .number(value))])
        case .range(let low, let high):
            return .object([("rule", .string(target.rule)), ("min", .number(low)), ("max", .number(high))])
        }
    }
}

extension JSONValue {
    /// A date as its ISO text (`2026-11-20`), or null for nil.
    static func date(_ value: LocalDate?) -> JSONValue { value.map { .string($0.description) } ?? .null }
}
