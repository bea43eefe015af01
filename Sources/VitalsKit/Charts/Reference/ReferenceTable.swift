/// A reference as a table: a centre value at ages along the axis (weeks since birth for a
/// puppy), with a band of ± `tolerancePercent` around it, read from YAML (see
/// `ReferenceBand.decode`). A breed's growth curve or a child's growth chart is one of these.
///
/// Between two points the centre is interpolated linearly; outside the first and last point
/// there is no reference (nil).
public struct ReferenceTable: Sendable, Hashable {
    public struct Point: Sendable, Hashable {
        public var week: Double
        public var kg: Double
        public init(week: Double, kg: Double) {
            self.week = week
            self.kg = kg
        }
    }

    public var breed: String?
    /// `female` or `male`.
    public var sex: String?
    /// Half the band's width in percent of the centre (15 for ±15 %).
    public var tolerancePercent: Double
    /// Strictly increasing weeks.
    public var points: [Point]

    public init(breed: String? = nil, sex: String? = nil, tolerancePercent: Double, points: [Point]) {
        self.breed = breed
        self.sex = sex
        self.tolerancePercent = tolerancePercent
        self.points = points
    }

    /// The reference value at `week`, interpolated linearly; nil outside the points.
    public func centre(atWeek week: Double) -> Double? {
        guard let first = points.first, let last = points.last,
            week >= first.week, week <= last.week
        else { return nil }
        for (a, b) in zip(points, points.dropFirst()) where week <= b.week {
            return a.kg + (b.kg - a.kg) * (week - a.week) / (b.week - a.week)
        }
        return first.kg
    }

    /// The band at `week`: centre ± tolerance; nil outside the points.
    public func band(atWeek week: Double) -> ReferencePoint? {
        centre(atWeek: week).map { band(week: week, centre: $0) }
    }

    private func band(week: Double, centre: Double) -> ReferencePoint {
        let factor = tolerancePercent / 100
        return ReferencePoint(week: week, lower: centre * (1 - factor), centre: centre, upper: centre * (1 + factor))
    }

    /// The band at every point from the first up to `week` (and at `week` itself,
    /// interpolated), for drawing; every point when `week` is nil or past the last.
    public func bands(through week: Double? = nil) -> [ReferencePoint] {
        guard let week, let last = points.last, week < last.week else {
            return points.map { band(week: $0.week, centre: $0.kg) }
        }
        var out = points.filter { $0.week < week }.map { band(week: $0.week, centre: $0.kg) }
        if let edge = band(atWeek: week) { out.append(edge) }
        return out
    }

    /// Every value multiplied by `factor` (kg → lb for display).
    public func scaled(by factor: Double) -> ReferenceTable {
        var copy = self
        copy.points = points.map { .init(week: $0.week, kg: $0.kg * factor) }
        return copy
    }
}
