/// Two series related period by period: the `scatter` kind's data and `vitals correlate`'s.
///
/// `pairs` holds each period (day, usually) where both sides have a value, y taken `lagDays`
/// later than x. A side that is an event (a symptom, a food logged, a count of drinks:
/// `RelationSide.isEvent`) has its count there, 0 on a day without it, and the other side is
/// compared between days with and without it instead of correlated.
public struct RelationSeries: Sendable, Hashable {
    public var x: RelationSide
    public var y: RelationSide
    /// How many days after x's day y is read (0: the same day).
    public var lagDays: Int
    public var pairs: [PairedValue]

    public init(x: RelationSide, y: RelationSide, lagDays: Int = 0, pairs: [PairedValue]) {
        self.x = x
        self.y = y
        self.lagDays = lagDays
        self.pairs = pairs
    }

    /// What the data allow to be said (computed from `pairs`).
    public var finding: RelationFinding { RelationFinding(self) }
}

/// One side of a relation: what it is called and in which unit it is shown.
public struct RelationSide: Sendable, Hashable {
    /// "Body weight", "headache".
    public var name: String
    /// Display unit symbol; nil for a plain count.
    public var unit: String?
    /// Whether the side is an event compared as days with and without it.
    public var isEvent: Bool

    public init(name: String, unit: String? = nil, isEvent: Bool = false) {
        self.name = name
        self.unit = unit
        self.isEvent = isEvent
    }
}

/// One period's pair: x on `date`, y on `date` plus the lag.
public struct PairedValue: Sendable, Hashable {
    public var date: LocalDate
    public var x: Double
    public var y: Double

    public init(date: LocalDate, x: Double, y: Double) {
        self.date = date
        self.x = x
        self.y = y
    }
}

/// What a relation's pairs allow to be said.
public enum RelationFinding: Sendable, Hashable {
    /// Fewer pairs than `Correlation.minimumPairs`: nothing computed.
    case tooFewPairs(count: Int, needed: Int)
    /// One side has the same value on every day: nothing to relate.
    case noVariation(count: Int, side: String)
    /// Two quantities: r and ρ with their intervals, and the least-squares line.
    case correlation(count: Int, pearson: Estimate, spearman: Estimate, slope: Double, intercept: Double)
    /// An event side: the other side's mean on days with it against days without.
    case groups(count: Int, comparison: GroupComparison)
    /// An event side with too few days with (or without) it to compare.
    case tooFewInGroup(count: Int, daysWith: Int, daysWithout: Int, needed: Int)

    /// Computes what `series` allows to be said.
    public init(_ series: RelationSeries) {
        let count = series.pairs.count
        guard count >= Correlation.minimumPairs else {
            self = .tooFewPairs(count: count, needed: Correlation.minimumPairs)
            return
        }
        if series.x.isEvent || series.y.isEvent {
            // The event side groups the days; when both are events, x groups and y's counts are compared.
            let eventIsX = series.x.isEvent
            let with = series.pairs.filter { (eventIsX ? $0.x : $0.y) > 0 }.map { eventIsX ? $0.y : $0.x }
            let without = series.pairs.filter { (eventIsX ? $0.x : $0.y) <= 0 }.map { eventIsX ? $0.y : $0.x }
            guard let comparison = GroupComparison.welch(with: with, without: without) else {
                self = .tooFewInGroup(
                    count: count, daysWith: with.count, daysWithout: without.count,
                    needed: GroupComparison.minimumPerGroup)
                return
            }
            self = .groups(count: count, comparison: comparison)
            return
        }
        let x = series.pairs.map(\.x)
        let y = series.pairs.map(\.y)
        guard let r = Correlation.pearson(x, y), let rho = Correlation.spearman(x, y),
            let line = Correlation.fit(x, y)
        else {
            let flat = Correlation.pearson(x, x) == nil ? series.x.name : series.y.name
            self = .noVariation(count: count, side: flat)
            return
        }
        self = .correlation(
            count: count,
            pearson: Estimate(value: r, interval: Correlation.pearsonInterval(r, n: count)),
            spearman: Estimate(value: rho, interval: Correlation.spearmanInterval(rho, n: count)),
            slope: line.slope, intercept: line.intercept)
    }

    /// The number of pairs.
    public var count: Int {
        switch self {
        case .tooFewPairs(let count, _), .noVariation(let count, _), .correlation(let count, _, _, _, _),
            .groups(let count, _), .tooFewInGroup(let count, _, _, _):
            return count
        }
    }

    /// Whether the data show a relation beyond the noise: for two quantities, both r's and ρ's
    /// intervals exclude 0 on the same side; for an event, the difference's interval excludes 0.
    public var isClear: Bool {
        switch self {
        case .correlation(_, let pearson, let spearman, _, _):
            return pearson.interval.excludesZero && spearman.interval.excludesZero
                && (pearson.value > 0) == (spearman.value > 0)
        case .groups(_, let comparison): return comparison.difference.interval.excludesZero
        default: return false
        }
    }
}
