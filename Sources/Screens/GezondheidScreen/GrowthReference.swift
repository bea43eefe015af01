import VitalsKit

/// A breed's reference weight by age in weeks, with a tolerance band of ± `tolerancePercent`
/// around it, read from the screen's `config: reference:` block.
///
/// Between two points the weight is interpolated linearly; outside the first and last point
/// there is no reference (nil).
public struct GrowthReference: Sendable, Hashable {
    public struct Point: Sendable, Hashable {
        public var week: Double
        public var kg: Double
        public init(week: Double, kg: Double) { self.week = week; self.kg = kg }
    }

    public var breed: String?
    /// `female` or `male`.
    public var sex: String?
    /// Half the band's width in percent of the centre (15 for ±15 %).
    public var tolerancePercent: Double
    /// Strictly increasing weeks.
    public var points: [Point]

    public init(breed: String? = nil, sex: String? = nil, tolerancePercent: Double, points: [Point]) {
        self.breed = breed; self.sex = sex; self.tolerancePercent = tolerancePercent; self.points = points
    }

    /// The reference weight at `week`, interpolated linearly; nil outside the points.
    public func centre(atWeek week: Double) -> Double? {
        guard let first = points.first, let last = points.last,
              week >= first.week, week <= last.week else { return nil }
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

    /// "Golden Retriever ♀ ±15 %" (ASCII: "Golden Retriever (teef) +/-15 %").
    public func label(glyphs: Glyphs) -> String {
        let sexText: String?
        switch sex {
        case "female": sexText = glyphs.isUnicode ? "♀" : "(teef)"
        case "male": sexText = glyphs.isUnicode ? "♂" : "(reu)"
        default: sexText = nil
        }
        let tolerance = "\(glyphs.plusMinus)\(DutchText.number(tolerancePercent)) %"
        return ([breed, sexText].compactMap { $0 } + [tolerance]).joined(separator: " ")
    }

    /// Where a weight at an age falls against the band.
    public func verdict(kg: Double, atWeek week: Double) -> GrowthVerdict? {
        guard let band = band(atWeek: week), band.centre > 0 else { return nil }
        let percent = (kg / band.centre - 1) * 100
        let position: GrowthVerdict.Position = kg < band.lower ? .under : kg > band.upper ? .above : .within
        return GrowthVerdict(position: position, percentFromCentre: percent, centre: band.centre,
                             lower: band.lower, upper: band.upper)
    }
}

/// A weight judged against the reference band.
public struct GrowthVerdict: Sendable, Hashable {
    public enum Position: String, Sendable { case under, within, above }

    public var position: Position
    /// The weight relative to the reference centre, in percent (−4.2 is 4.2 % lighter).
    public var percentFromCentre: Double
    public var centre: Double, lower: Double, upper: Double

    /// "binnen de marge", "onder de marge", "boven de marge".
    public var dutchPosition: String {
        switch position {
        case .under: return "onder de marge"
        case .within: return "binnen de marge"
        case .above: return "boven de marge"
        }
    }

    /// "4,2 % lichter dan", "3 % zwaarder dan", "precies op".
    public var dutchComparison: String {
        let rounded = (abs(percentFromCentre) * 10).rounded() / 10
        if rounded == 0 { return "precies op" }
        return "\(DutchText.number(rounded)) % \(percentFromCentre < 0 ? "lichter" : "zwaarder") dan"
    }
}
