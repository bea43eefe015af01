/// What `vitals correlate` relates: two sides named as the catalog names data, read over a
/// range ending on an as-of day, y some days after x.
///
/// A side is a display metric id (`BODY_WEIGHT_DAILY`: its series, aggregate, unit, categories
/// and day cutoff; its screen's subject), a series id (`steps`: a mean for measures that do
/// not add up — kg, %, cm, bpm, mmHg, ms, °C, glucose — else a sum; a category series counts samples), or
/// `series:category` for one category of a category series (`symptoms:headache`).
package struct RelationRequest: Sendable {
    package var x: String
    package var y: String
    package var asOf: LocalDate
    package var range: TimeRange
    package var subjectID: String?
    package var unitSystem: UnitSystem?
    package var weighIn: WeighInPolicy?
    package var dayCutoffMinutes: Int?

    package init(
        x: String, y: String, asOf: LocalDate, range: TimeRange = .days(90), subjectID: String? = nil,
        unitSystem: UnitSystem? = nil, weighIn: WeighInPolicy? = nil, dayCutoffMinutes: Int? = nil
    ) {
        self.x = x
        self.y = y
        self.asOf = asOf
        self.range = range
        self.subjectID = subjectID
        self.unitSystem = unitSystem
        self.weighIn = weighIn
        self.dayCutoffMinutes = dayCutoffMinutes
    }

    /// Reads the relation at each of `lags` (days y is read after x), in order.
    package func read(in catalog: Catalog, from store: SampleStore, lags: [Int]) throws -> [RelationSeries] {
        let (xBinding, xSubject, xName) = try side(x, in: catalog)
        let (yBinding, ySubject, yName) = try side(y, in: catalog)
        let subject = subjectID ?? xSubject ?? ySubject ?? "me"
        func query(_ binding: MetricBinding) throws -> MetricQuery {
            var binding = binding
            binding.range = range
            binding.bucket = .day
            var metric = DisplayMetric(
                id: "RELATE", screenID: "", displayName: "", chartTypeID: ScatterChart.id,
                isPrimary: false, isActive: true, parentID: nil, order: 0, aboutWhat: nil,
                aboutWhy: nil, color: nil, role: nil, binding: binding,
                location: SourceLocation(file: "<command line>", line: 1, column: 1))
            if let policy = weighIn, WeighInPolicy.applies(to: metric, in: catalog) {
                metric.binding.aggregate = policy.aggregate
            }
            var query = try MetricQuery(
                metric: metric, catalog: catalog, subjectID: subject, asOf: asOf, unitSystem: unitSystem)
            query.defaultDayCutoffMinutes = dayCutoffMinutes
            query.weighIn = weighIn
            return query
        }
        let xQuery = try query(xBinding)
        let yQuery = try query(yBinding)
        return try store.readingAsOneSnapshot {
            try lags.map {
                try RelationReader.read(x: xQuery, y: yQuery, lagDays: $0, xName: xName, yName: yName, from: store)
            }
        }
    }

    /// The binding a side names, its screen's subject (for a metric) and its name in words.
    func side(_ name: String, in catalog: Catalog) throws -> (MetricBinding, String?, String?) {
        if let metric = catalog.metric(name), let seriesID = metric.binding.seriesID {
            var binding = metric.binding
            binding.rolling = nil
            binding.target = nil
            binding.divideBy = nil
            binding.splitBy = nil
            binding.versus = nil
            binding.seriesID = seriesID
            return (binding, catalog.screen(metric.screenID)?.subjectID, metric.displayName)
        }
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        guard let seriesID = parts.first, let series = catalog.series(seriesID) else {
            throw RelateError.unknownSide(
                name,
                suggestions: Suggest.closest(to: name, in: catalog.series.map(\.id) + catalog.metrics.map(\.id)).map {
                    [$0]
                } ?? [])
        }
        var binding = MetricBinding(seriesID: series.id, aggregate: Self.defaultAggregate(series))
        if parts.count == 2 {
            guard series.kind == .category, series.categories.contains(parts[1]) else {
                throw RelateError.unknownCategory(parts[1], seriesID: series.id, known: series.categories)
            }
            binding.categories = [parts[1]]
        }
        return (binding, nil, nil)
    }

    /// How a bare series is read: samples counted for a category series that is not time (a
    /// symptom), minutes summed for sleep, a mean for measures that do not add up, else a sum.
    static func defaultAggregate(_ series: Series) -> Aggregate {
        if series.kind == .category { return series.unit.dimension == .duration ? .sum : .count }
        let averaged: Set<BaseUnit> = [.kg, .percent, .cm, .bpm, .mmHg, .ms, .degC, .mmolPerL, .mgPerdL]
        return averaged.contains(series.unit) ? .mean : .sum
    }
}

/// A side of `vitals correlate` that names nothing the catalog holds.
package enum RelateError: VitalsError, Equatable {
    case unknownSide(String, suggestions: [String])
    case unknownCategory(String, seriesID: String, known: [String])

    package var message: String {
        switch self {
        case .unknownSide(let name, _):
            return "'\(Sanitize.inline(name))' is neither a series nor a metric id"
        case .unknownCategory(let name, let seriesID, _):
            return "'\(Sanitize.inline(name))' is not a category of series '\(seriesID)'"
        }
    }

    package var hints: [String] {
        switch self {
        case .unknownSide(_, let suggestions):
            return (suggestions.isEmpty ? [] : ["did you mean: \(suggestions.joined(separator: ", "))?"])
                + [
                    "a side is a series id (steps), series:category (symptoms:headache) or a metric id (BODY_WEIGHT_DAILY)"
                ]
        case .unknownCategory(_, _, let known):
            return ["categories: " + (known.isEmpty ? "none (a quantity series)" : known.joined(separator: ", "))]
        }
    }

    package var kind: VitalsErrorKind { .refused }
}
