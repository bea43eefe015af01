/// A reference as a rule: the recommended weight gain over a pregnancy by the pre-pregnancy
/// BMI class (the Institute of Medicine's 2009 ranges in the shipped catalog), read from YAML.
///
/// Up to `firstTrimesterWeek` the band grows in proportion to the week, from 0 to the
/// first-trimester range; from there it runs linearly to the class's total range at
/// `termWeek`. The band at week w ≤ 13 is (w/13)·low … (w/13)·high.
public struct GestationalGainRule: Sendable, Hashable {
    /// One BMI class: from `minBMI` (inclusive) up to the next class's `minBMI`.
    public struct BMIClass: Sendable, Hashable {
        /// "underweight", "normal", "overweight", "obese".
        public var name: String
        /// The lowest BMI of the class, inclusive; nil for the first class.
        public var minBMI: Double?
        /// The recommended total gain by `termWeek`, kg.
        public var totalKg: ClosedRange<Double>

        public init(name: String, minBMI: Double?, totalKg: ClosedRange<Double>) {
            self.name = name
            self.minBMI = minBMI
            self.totalKg = totalKg
        }
    }

    /// Classes in increasing `minBMI`, the first without one.
    public var classes: [BMIClass]
    /// The gain by the end of the first trimester, kg (0.45…2.0).
    public var firstTrimesterKg: ClosedRange<Double>
    /// The week the first trimester ends (13).
    public var firstTrimesterWeek: Double
    /// The week the total applies at (40).
    public var termWeek: Double

    public init(
        classes: [BMIClass], firstTrimesterKg: ClosedRange<Double>, firstTrimesterWeek: Double = 13,
        termWeek: Double = 40
    ) {
        self.classes = classes
        self.firstTrimesterKg = firstTrimesterKg
        self.firstTrimesterWeek = firstTrimesterWeek
        self.termWeek = termWeek
    }

    /// The class `bmi` falls in: the last whose `minBMI` is at or below it (within 1e-9, so
    /// 47.36 kg at 1.60 m, 18.499999999999996 in floating point, is 18.5 and normal).
    public func bmiClass(for bmi: Double) -> BMIClass? {
        classes.last { ($0.minBMI ?? -.infinity) <= bmi + 1e-9 }
    }

    /// The recommended gain at `week` for `bmiClass`: lower, middle and upper, kg. Before
    /// week 0 there is none; after the term week the total holds.
    public func band(atWeek week: Double, for bmiClass: BMIClass) -> ReferencePoint? {
        guard week >= 0, week.isFinite else { return nil }
        let lower: Double
        let upper: Double
        if week <= firstTrimesterWeek {
            let share = week / firstTrimesterWeek
            lower = share * firstTrimesterKg.lowerBound
            upper = share * firstTrimesterKg.upperBound
        } else {
            let share = min(1, (week - firstTrimesterWeek) / (termWeek - firstTrimesterWeek))
            lower = firstTrimesterKg.lowerBound + share * (bmiClass.totalKg.lowerBound - firstTrimesterKg.lowerBound)
            upper = firstTrimesterKg.upperBound + share * (bmiClass.totalKg.upperBound - firstTrimesterKg.upperBound)
        }
        return ReferencePoint(week: week, lower: lower, centre: (lower + upper) / 2, upper: upper)
    }

    /// The band's corners (weeks 0, the end of the first trimester and term) for drawing:
    /// between them the band is linear, so the chart's interpolation draws it exactly.
    public func bands(for bmiClass: BMIClass) -> [ReferencePoint] {
        [0, firstTrimesterWeek, termWeek].compactMap { band(atWeek: $0, for: bmiClass) }
    }
}
