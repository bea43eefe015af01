extension ScreenContext {
    /// The weight goal under a body-weight chart: the Hacker's Diet trend, its weekly rate and
    /// where that leads (`GoalSummary`), in the chart's units; nil unless `metric` reads a body
    /// weight (`body_mass`), the screen's subject has a goal (`ScreenRequest.goals`) and is not
    /// pregnant (a pregnancy keeps its IOM band).
    package func goalBlock(for metric: DisplayMetric) throws -> ScreenBlock? {
        guard let goal = request.goals[screen.subjectID], metric.binding.seriesID == "body_mass",
            let subject = catalog.subject(screen.subjectID), subject.pregnancy == nil
        else { return nil }
        let trend = try WeightTrend.read(
            from: store, catalog: catalog, subject: subject.id, asOf: asOf, weighIn: request.weighIn)
        guard trend.latest != nil else { return nil }
        let display = try query(for: metric).display
        let summary = GoalSummary(
            goal: goal, trend: trend, asOf: asOf,
            display: display.unit.dimension == .mass ? display : DisplayUnit(.kilogram),
            numbers: profile.numbers)
        let lines = summary.lines
        let rows = ScreenText(profile: profile).rows(
            lines.enumerated().map { index, line in
                (line, index == 0 ? Style(bold: true) : ScreenText.muted)
            })
        var data: [(String, JSONValue)] = [
            ("goal_kg", .number(goal.kilograms)), ("by", .date(goal.by)),
            ("trend_kg", .number(trend.latest)), ("weekly_rate_kg", .number(trend.weeklyRate)),
        ]
        switch summary.progress {
        case .onTrack(_, let days, let date)?:
            data += [("state", .string("on_track")), ("days", .number(Double(days))), ("reached_on", .date(date))]
        case .reached?: data.append(("state", .string("reached")))
        case .holdingSteady?: data.append(("state", .string("holding_steady")))
        case .movingAway?: data.append(("state", .string("moving_away")))
        case .noRate?, nil: data.append(("state", .string("no_rate")))
        }
        return ScreenBlock(kind: .summary, metricID: metric.id, rows: rows, data: .object(data))
    }
}
