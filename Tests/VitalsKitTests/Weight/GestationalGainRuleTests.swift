import PropertyBased
import Testing

@testable import VitalsKit

/// The recommended gain over a pregnancy (IOM 2009), checked against numbers worked out
/// another way: per-week rates after the first trimester, written out by hand.
@Suite struct GestationalGainRuleTests {
    /// The IOM ranges as a fixture (the shipped screen's YAML must say the same; see
    /// `testTheShippedScreenDeclaresTheIOMRanges`).
    static let iom = GestationalGainRule(
        classes: [
            .init(name: "underweight", minBMI: nil, totalKg: 12.7...18.1),
            .init(name: "normal", minBMI: 18.5, totalKg: 11.3...15.9),
            .init(name: "overweight", minBMI: 25, totalKg: 6.8...11.3),
            .init(name: "obese", minBMI: 30, totalKg: 5.0...9.1),
        ], firstTrimesterKg: 0.45...2.0, firstTrimesterWeek: 13, termWeek: 40)

    /// Total gain by week 40 per class, from the IOM table.
    static let totals: [String: (Double, Double)] = [
        "underweight": (12.7, 18.1), "normal": (11.3, 15.9), "overweight": (6.8, 11.3), "obese": (5.0, 9.1),
    ]

    /// The second way: the first trimester's gain spread evenly over 13 weeks (kg a week),
    /// then the rest of the total spread evenly over the 27 weeks from 13 to 40.
    static func expected(week: Double, total: (Double, Double)) -> (Double, Double) {
        if week <= 13 {
            return (week * (0.45 / 13), week * (2.0 / 13))
        }
        let lowPerWeek = (total.0 - 0.45) / 27
        let highPerWeek = (total.1 - 2.0) / 27
        return (0.45 + lowPerWeek * (week - 13), 2.0 + highPerWeek * (week - 13))
    }

    @Test(arguments: ["underweight", "normal", "overweight", "obese"])
    func theBandAtWeeks10_13_23_40(className: String) throws {
        let bmiClass = try #require(Self.iom.classes.first { $0.name == className })
        let total = try #require(Self.totals[className])
        for week in [10.0, 13, 23, 40] {
            let band = try #require(Self.iom.band(atWeek: week, for: bmiClass))
            let want = Self.expected(week: week, total: total)
            #expect(abs(band.lower - want.0) < 1e-9, "\(className) week \(week) lower \(band.lower) vs \(want.0)")
            #expect(abs(band.upper - want.1) < 1e-9, "\(className) week \(week) upper \(band.upper) vs \(want.1)")
        }
        // Fixed points: week 13 is the first trimester's range, week 40 the class total.
        let w13 = try #require(Self.iom.band(atWeek: 13, for: bmiClass))
        #expect(abs(w13.lower - 0.45) < 1e-12 && abs(w13.upper - 2.0) < 1e-12)
        let w40 = try #require(Self.iom.band(atWeek: 40, for: bmiClass))
        #expect(abs(w40.lower - total.0) < 1e-12 && abs(w40.upper - total.1) < 1e-12)
    }

    /// Week 10 and week 23 for a normal BMI, in digits: 10/13 of 0.45 and 2.0; 0.45 + 10/27
    /// of 10.85 and 2.0 + 10/27 of 13.9.
    @Test func normalBMIInDigits() throws {
        let normal = try #require(Self.iom.bmiClass(for: 22))
        let w10 = try #require(Self.iom.band(atWeek: 10, for: normal))
        #expect(abs(w10.lower - 0.346154) < 1e-6 && abs(w10.upper - 1.538462) < 1e-6)
        let w23 = try #require(Self.iom.band(atWeek: 23, for: normal))
        #expect(abs(w23.lower - 4.468519) < 1e-6 && abs(w23.upper - 7.148148) < 1e-6)
    }

    @Test func bmiClassBoundaries() {
        let cases: [(Double, String)] = [
            (15, "underweight"), (18.49, "underweight"), (18.5, "normal"), (24.99, "normal"), (25, "overweight"),
            (29.99, "overweight"), (30, "obese"), (45, "obese"),
        ]
        for (bmi, name) in cases {
            #expect(Self.iom.bmiClass(for: bmi)?.name == name, "BMI \(bmi)")
        }
    }

    /// BMI from weight and height lands in the class by the same boundaries: 1.60 m and
    /// 47.36 kg is 18.5 exactly, 64 kg is 25, 76.8 kg is 30.
    @Test func bmiFromWeightAndHeight() {
        func bmiClass(_ kg: Double) -> String? {
            let pregnancy = Pregnancy(
                prePregnancyWeightKg: kg, heightCm: 160, dueDate: LocalDate(year: 2027, month: 1, day: 1))
            return Self.iom.bmiClass(for: pregnancy.bmi)?.name
        }
        #expect(bmiClass(47.36) == "normal")
        #expect(bmiClass(47.3) == "underweight")
        #expect(bmiClass(64) == "overweight")
        #expect(bmiClass(63.9) == "normal")
        #expect(bmiClass(76.8) == "obese")
        #expect(bmiClass(76.7) == "overweight")
    }

    /// At any week from 0 to 40, for any class: the band matches the second way, its lower
    /// edge is below its upper edge, and neither shrinks from one week to a later one.
    @Test func anyWeekMatchesTheSecondWayAndGrows() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...40), Gen.double(in: 0...40), Gen.int(in: 0...3)) {
            a, b, index in
            let bmiClass = Self.iom.classes[index]
            let total = Self.totals[bmiClass.name]!
            guard let band = Self.iom.band(atWeek: a, for: bmiClass),
                let later = Self.iom.band(atWeek: max(a, b), for: bmiClass)
            else {
                Issue.record("no band at \(a)")
                return
            }
            let want = Self.expected(week: a, total: total)
            #expect(abs(band.lower - want.0) < 1e-9 && abs(band.upper - want.1) < 1e-9)
            #expect(band.lower <= band.upper)
            #expect(later.lower >= band.lower - 1e-12 && later.upper >= band.upper - 1e-12)
        }
    }

    /// The drawn corners (0, 13, 40) interpolate to the band at every week: the chart draws
    /// the rule exactly.
    @Test func theCornersDrawTheBand() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0...40), Gen.int(in: 0...3)) { week, index in
            let bmiClass = Self.iom.classes[index]
            let corners = Self.iom.bands(for: bmiClass)
            #expect(corners.map(\.week) == [0, 13, 40])
            guard let pair = zip(corners, corners.dropFirst()).first(where: { week <= $0.1.week }),
                let band = Self.iom.band(atWeek: week, for: bmiClass)
            else { return }
            let t = (week - pair.0.week) / (pair.1.week - pair.0.week)
            #expect(abs(pair.0.lower + t * (pair.1.lower - pair.0.lower) - band.lower) < 1e-9)
            #expect(abs(pair.0.upper + t * (pair.1.upper - pair.0.upper) - band.upper) < 1e-9)
        }
    }

    @Test func beforeWeek0ThereIsNoBandAndAfterTermTheTotalHolds() throws {
        let normal = try #require(Self.iom.bmiClass(for: 22))
        #expect(Self.iom.band(atWeek: -1, for: normal) == nil)
        let late = try #require(Self.iom.band(atWeek: 42, for: normal))
        #expect(late.lower == 11.3 && late.upper == 15.9)
    }
}
