/// A metric's binding that no query can be built from.
public enum QueryError: VitalsError, Equatable {
    /// The binding names a unit vitals does not know.
    case unknownUnit(String, seriesID: String)
    /// The binding's unit measures another dimension than the series' `storedIn` unit.
    case unitDoesNotFit(String, seriesID: String, storedIn: String)
    /// The metric binds no series, or one the catalog does not declare.
    case noSeries(metricID: String)

    public var message: String {
        switch self {
        case .unknownUnit(let unit, let series): return "unknown unit '\(unit)' for series \(series)"
        case .unitDoesNotFit(let unit, let series, let base):
            return "unit '\(unit)' does not fit series \(series) (stored in \(base))"
        case .noSeries(let metric): return "metric \(metric) has no known series"
        }
    }

    public var kind: VitalsErrorKind { .refused }
}
