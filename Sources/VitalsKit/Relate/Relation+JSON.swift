extension RelationSeries {
    /// The relation as data (`render --format json`, `correlate --format json`): both sides,
    /// the lag, every pair and the finding with its numbers.
    public var json: JSONValue {
        func side(_ side: RelationSide) -> JSONValue {
            .object([("name", .string(side.name)), ("unit", .string(side.unit)), ("event", .bool(side.isEvent))])
        }
        return .object([
            ("x", side(x)), ("y", side(y)), ("lag_days", .number(Double(lagDays))),
            (
                "pairs",
                .array(pairs.map { .object([("date", .date($0.date)), ("x", .number($0.x)), ("y", .number($0.y))]) })
            ),
            ("finding", finding.json),
        ])
    }
}

extension RelationFinding {
    /// `{"kind": "correlation", "n": 23, "clear": false, "pearson": {"value", "low", "high"}, …}`.
    public var json: JSONValue {
        func estimate(_ estimate: Estimate) -> JSONValue {
            .object([
                ("value", .number(estimate.value)), ("low", .number(estimate.interval.low)),
                ("high", .number(estimate.interval.high)),
            ])
        }
        var pairs: [(String, JSONValue)] = [("n", .number(Double(count))), ("clear", .bool(isClear))]
        switch self {
        case .tooFewPairs(_, let needed):
            pairs.insert(("kind", .string("too_few_pairs")), at: 0)
            pairs.append(("needed", .number(Double(needed))))
        case .noVariation(_, let side):
            pairs.insert(("kind", .string("no_variation")), at: 0)
            pairs.append(("flat_side", .string(side)))
        case .correlation(_, let pearson, let spearman, let slope, let intercept):
            pairs.insert(("kind", .string("correlation")), at: 0)
            pairs += [
                ("pearson", estimate(pearson)), ("spearman", estimate(spearman)),
                ("fit", .object([("slope", .number(slope)), ("intercept", .number(intercept))])),
            ]
        case .groups(_, let comparison):
            pairs.insert(("kind", .string("groups")), at: 0)
            pairs += [
                ("days_with", .number(Double(comparison.daysWith))),
                ("days_without", .number(Double(comparison.daysWithout))),
                ("mean_with", .number(comparison.meanWith)), ("mean_without", .number(comparison.meanWithout)),
                ("difference", estimate(comparison.difference)),
                ("degrees_of_freedom", .number(comparison.degreesOfFreedom)),
            ]
        case .tooFewInGroup(_, let with, let without, let needed):
            pairs.insert(("kind", .string("too_few_in_group")), at: 0)
            pairs += [
                ("days_with", .number(Double(with))), ("days_without", .number(Double(without))),
                ("needed", .number(Double(needed))),
            ]
        }
        return .object(pairs)
    }
}
