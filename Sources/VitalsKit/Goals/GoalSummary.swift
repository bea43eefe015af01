/// The goal, the trend, its weekly rate and where that rate leads, as lines of text in the
/// person's units ("78.4 kg", "172.8 lb", "12 st 5 lb"; rates in kg or lb a week).
package struct GoalSummary: Sendable {
    package var goal: WeightGoal?
    package var trend: WeightTrend
    package var asOf: LocalDate
    /// How a weight is shown (`UnitSystem.display(for: .kg)`).
    package var display: DisplayUnit
    package var numbers: NumberStyle

    package init(
        goal: WeightGoal?, trend: WeightTrend, asOf: LocalDate, display: DisplayUnit = DisplayUnit(.kilogram),
        numbers: NumberStyle = .standard
    ) {
        self.goal = goal
        self.trend = trend
        self.asOf = asOf
        self.display = display
        self.numbers = numbers
    }

    /// Where the trend stands against the goal; nil without a goal or a trend.
    package var progress: GoalProgress? {
        guard let goal, let latest = trend.latest else { return nil }
        return GoalProgress(trend: latest, rate: trend.weeklyRate, goal: goal.kilograms, asOf: asOf)
    }

    package func weight(_ kilograms: Double) -> String {
        display.written(KnownUnit.kilogram.convert(kilograms, to: display.unit) ?? kilograms, numbers: numbers)
    }

    /// A small weight as exactly as it is meant ("0.25 kg", "0.55 lb"): the rule's own number.
    func tolerance(_ kilograms: Double) -> String {
        let value = KnownUnit.kilogram.convert(kilograms, to: display.unit) ?? kilograms
        return numbers.format(value, maxFractionDigits: 2) + " " + display.unit.symbol
    }

    /// "−0.32 kg a week", "+0.7 lb a week".
    func rate(_ kilogramsPerWeek: Double) -> String {
        let value = KnownUnit.kilogram.convert(kilogramsPerWeek, to: display.unit) ?? kilogramsPerWeek
        return Words.text(
            "goal.a_week", ["rate": numbers.formatDelta(value, unit: display.unit.symbol, fractionDigits: 2)])
    }

    /// The lines `vitals goal` prints and the body screen shows, in the current language
    /// (`Words`: the `goal.*` keys).
    package var lines: [String] {
        var lines: [String] = []
        if let goal {
            lines.append(
                goal.by.map { Words.text("goal.goal_by", ["weight": weight(goal.kilograms), "date": $0.description]) }
                    ?? Words.text("goal.goal", ["weight": weight(goal.kilograms)]))
        } else {
            lines.append(Words.text("goal.none"))
        }
        guard let latest = trend.latest, let last = trend.days.last(where: { $0.weight != nil }),
            let weighed = last.weight
        else {
            lines.append(Words.text("goal.no_weigh_ins"))
            return lines
        }
        lines.append(
            Words.text(
                "goal.trend", ["trend": weight(latest), "weight": weight(weighed), "date": last.date.description]))
        if let weekly = trend.weeklyRate {
            lines.append(Words.text("goal.rate", ["rate": rate(weekly), "days": String(WeightTrend.rateWindow)]))
        }
        if let line = progressLine { lines.append(line) }
        return lines
    }
}

extension GoalSummary {
    /// Where the rate leads: "At this rate: 72 kg around 2027-03-02 (in 14 weeks)", "Moving
    /// away from it: …", "At your goal: …" (in the current language); nil without a goal or a
    /// trend.
    package var progressLine: String? {
        guard let goal, let progress, let latest = trend.latest else { return nil }
        switch progress {
        case .reached:
            return Words.text("goal.reached", ["tolerance": tolerance(GoalProgress.reachedWithin)])
        case .noRate:
            return Words.text("goal.no_rate", ["days": String(WeightTrend.rateWindow)])
        case .holdingSteady:
            return Words.text("goal.holding_steady")
        case .movingAway:
            return Words.text("goal.moving_away")
        case .onTrack(_, let days, let date):
            let when =
                days >= 14
                ? Words.text("goal.in_weeks", ["n": String(days / 7)])
                : Words.count(days, one: "goal.in_day_one", other: "goal.in_days")
            var line = Words.text(
                "goal.on_track", ["weight": weight(goal.kilograms), "date": date.description, "when": when])
            if let by = goal.by {
                if date <= by {
                    line += Words.text("goal.before", ["date": by.description])
                } else if by > asOf {
                    let needed = (goal.kilograms - latest) / Double(asOf.days(to: by)) * 7
                    line += Words.text("goal.after", ["date": by.description, "rate": rate(needed)])
                } else {
                    line += Words.text("goal.passed", ["date": by.description])
                }
            }
            return line
        }
    }
}

extension WeightTrend {
    /// The trend of `subject`'s `body_mass` up to `asOf`, each day's weigh-in picked by
    /// `weighIn` (first by default); empty when the catalog has no `body_mass` series.
    package static func read(
        from store: SampleStore, catalog: Catalog, subject: String, asOf: LocalDate,
        weighIn: WeighInPolicy?
    ) throws -> WeightTrend {
        guard let series = catalog.series("body_mass") else { return WeightTrend(weighIns: [:], through: asOf) }
        let policy = weighIn ?? .standard
        let query = try MetricQuery(
            binding: MetricBinding(seriesID: series.id, aggregate: policy.aggregate, bucket: .day, range: .all),
            series: series, subjectID: subject, asOf: asOf)
        var weighIns: [LocalDate: Double] = [:]
        for bucket in try query.fetchBuckets(from: store).buckets {
            if let value = bucket.value { weighIns[bucket.start] = value }
        }
        return WeightTrend(weighIns: weighIns, through: asOf)
    }
}
