import Foundation
import Testing

@testable import VitalsKit

/// r, ρ, their intervals, the fit and Welch's interval against naive recomputations on random
/// samples (SplitMix), and against values published in textbooks and tables.
@Suite struct CorrelationTests {
    // MARK: Naive recomputations (written independently of the library)

    /// r from the textbook formula with sums of products (one pass, no centring).
    static func naivePearson(_ x: [Double], _ y: [Double]) -> Double {
        let n = Double(x.count)
        let sx = x.reduce(0, +)
        let sy = y.reduce(0, +)
        let sxx = x.map { $0 * $0 }.reduce(0, +)
        let syy = y.map { $0 * $0 }.reduce(0, +)
        let sxy = zip(x, y).map { $0 * $1 }.reduce(0, +)
        return (n * sxy - sx * sy) / ((n * sxx - sx * sx) * (n * syy - sy * sy)).squareRoot()
    }

    /// A value's rank: 1 + how many are smaller + half of the others equal to it.
    static func naiveRanks(_ values: [Double]) -> [Double] {
        values.map { value in
            let smaller = values.filter { $0 < value }.count
            let equal = values.filter { $0 == value }.count
            return Double(smaller) + Double(equal + 1) / 2
        }
    }

    /// Without ties, ρ = 1 − 6Σd²/(n(n²−1)).
    static func naiveSpearmanWithoutTies(_ x: [Double], _ y: [Double]) -> Double {
        let rx = naiveRanks(x)
        let ry = naiveRanks(y)
        let n = Double(x.count)
        let d2 = zip(rx, ry).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        return 1 - 6 * d2 / (n * (n * n - 1))
    }

    /// Random pairs with a chosen strength of relation; `ties` rounds the values to few levels.
    static func sample(_ random: inout SplitMix, n: Int, ties: Bool) -> ([Double], [Double]) {
        let slope = Double.random(in: -2...2, using: &random)
        var x: [Double] = []
        var y: [Double] = []
        for _ in 0..<n {
            var a = Double.random(in: 50...90, using: &random)
            var b = slope * a + Double.random(in: -30...30, using: &random)
            if ties {
                a = (a / 10).rounded() * 10
                b = (b / 20).rounded() * 20
            }
            x.append(a)
            y.append(b)
        }
        return (x, y)
    }

    // MARK: Against naive recomputation

    @Test func pearsonSpearmanAndFitMatchANaiveRecomputation() throws {
        var random = SplitMix(seed: 0x5EED_C0DE)
        for round in 0..<400 {
            let n = Int.random(in: 8...120, using: &random)
            let (x, y) = Self.sample(&random, n: n, ties: round % 2 == 0)
            guard let r = Correlation.pearson(x, y), let rho = Correlation.spearman(x, y),
                let line = Correlation.fit(x, y)
            else { continue }
            #expect(abs(r - Self.naivePearson(x, y)) < 1e-9, "r, round \(round)")
            #expect(Correlation.ranks(x) == Self.naiveRanks(x), "average ranks, round \(round)")
            #expect(abs(rho - Self.naivePearson(Self.naiveRanks(x), Self.naiveRanks(y))) < 1e-9, "ρ, round \(round)")
            if Set(x).count == n, Set(y).count == n {
                #expect(abs(rho - Self.naiveSpearmanWithoutTies(x, y)) < 1e-9, "ρ without ties, round \(round)")
            }
            // The least-squares line: the residuals sum to zero and are uncorrelated with x.
            let residuals = zip(x, y).map { $1 - (line.intercept + line.slope * $0) }
            let scale = y.map(abs).max() ?? 1
            #expect(abs(residuals.reduce(0, +)) < 1e-7 * scale * Double(n))
            #expect(abs(zip(x, residuals).map { $0 * $1 }.reduce(0, +)) < 1e-5 * scale * Double(n) * 90)
            // The intervals: Fisher's z by hand, with z = 1.959963985 (tables give 1.96).
            let z = 1.959963984540054
            let se = 1 / Double(n - 3).squareRoot()
            let pearson = Correlation.pearsonInterval(r, n: n)
            #expect(abs(pearson.low - tanh(atanh(r) - z * se)) < 1e-9)
            #expect(abs(pearson.high - tanh(atanh(r) + z * se)) < 1e-9)
            #expect(pearson.low <= r && r <= pearson.high && pearson.low >= -1 && pearson.high <= 1)
            let seRho = ((1 + rho * rho / 2) / Double(n - 3)).squareRoot()
            let spearman = Correlation.spearmanInterval(rho, n: n)
            #expect(abs(spearman.low - tanh(atanh(rho) - z * seRho)) < 1e-9)
            #expect(abs(spearman.high - tanh(atanh(rho) + z * seRho)) < 1e-9)
            // Bonett–Wright's interval is never narrower than Fisher's for the same value.
            let sameValue = Correlation.pearsonInterval(rho, n: n)
            #expect(spearman.high - spearman.low >= sameValue.high - sameValue.low - 1e-12)
        }
    }

    @Test func welchMatchesANaiveRecomputation() {
        var random = SplitMix(seed: 0xBEEF)
        for round in 0..<300 {
            let n1 = Int.random(in: 3...40, using: &random)
            let n2 = Int.random(in: 3...60, using: &random)
            let shift = Double.random(in: -2...2, using: &random)
            let a = (0..<n1).map { _ in 70 + shift + Double.random(in: -3...3, using: &random) }
            let b = (0..<n2).map { _ in 70 + Double.random(in: -1.5...1.5, using: &random) }
            guard let comparison = GroupComparison.welch(with: a, without: b) else {
                Issue.record("no comparison for \(n1) and \(n2)")
                continue
            }
            let m1 = a.reduce(0, +) / Double(n1)
            let m2 = b.reduce(0, +) / Double(n2)
            let v1 = a.map { ($0 - m1) * ($0 - m1) }.reduce(0, +) / Double(n1 - 1)
            let v2 = b.map { ($0 - m2) * ($0 - m2) }.reduce(0, +) / Double(n2 - 1)
            let se = (v1 / Double(n1) + v2 / Double(n2)).squareRoot()
            let df =
                pow(v1 / Double(n1) + v2 / Double(n2), 2)
                / (pow(v1 / Double(n1), 2) / Double(n1 - 1) + pow(v2 / Double(n2), 2) / Double(n2 - 1))
            #expect(abs(comparison.difference.value - (m1 - m2)) < 1e-9, "round \(round)")
            #expect(abs(comparison.degreesOfFreedom - df) < 1e-9)
            // The half-width is t·se with F(t) = 0.975: check F at the implied t by integrating
            // the t density numerically (Simpson's rule), not with the library's function.
            let t = (comparison.difference.interval.high - comparison.difference.value) / se
            #expect(abs(Self.simpsonTCDF(t, df: df) - 0.975) < 1e-6, "round \(round): t = \(t), df = \(df)")
            #expect(abs((comparison.difference.value - comparison.difference.interval.low) / se - t) < 1e-9)
        }
    }

    /// F(t) = ½ + ∫₀ᵗ density, the density c·(1 + u²/ν)^(−(ν+1)/2) with c from Γ.
    static func simpsonTCDF(_ t: Double, df: Double) -> Double {
        let c = exp(lgamma((df + 1) / 2) - lgamma(df / 2)) / (df * Double.pi).squareRoot()
        func density(_ u: Double) -> Double { c * pow(1 + u * u / df, -(df + 1) / 2) }
        let steps = 4000
        let h = t / Double(steps)
        var sum = density(0) + density(t)
        for i in 1..<steps { sum += density(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return 0.5 + sum * h / 3
    }

    // MARK: Textbook values

    /// Two-sided 95 % t values from printed tables (df 1, 2, 5, 10, 30, 120).
    /// Values near the largest Double (above 1e154 every square overflows): r, the line and
    /// Welch's difference are those of the same values scaled down by a power of two (exact),
    /// recomputed naively. (Values near the smallest are spread that is rounding noise: the
    /// guard of `pearson` counts spread under 1e-24 per value as none.) Scaled by 2^560 (about 1e168), a weak relation (r about 0.02) once
    /// came out as r = 1.00.
    @Test func hugeAndTinyValuesGiveTheRelationOfTheirUnscaledSelves() throws {
        var random = SplitMix(seed: 0x1E154)
        for round in 0..<100 {
            let n = Int.random(in: 8...60, using: &random)
            let (x, y) = Self.sample(&random, n: n, ties: round % 4 == 0)
            let expected = Self.naivePearson(x, y)
            for (kx, ky) in [(560, 560), (1000, 900), (900, 1000), (1010, 1010)] {
                let up = { (values: [Double], k: Int) in
                    values.map { $0 * Double(sign: .plus, exponent: k, significand: 1) }
                }
                let bigX = up(x, kx)
                let bigY = up(y, ky)
                #expect(bigX.allSatisfy(\.isFinite) && bigY.allSatisfy(\.isFinite))
                let r = try #require(Correlation.pearson(bigX, bigY), "round \(round) 2^\(kx), 2^\(ky)")
                #expect(abs(r - expected) < 1e-9, "round \(round) 2^\(kx), 2^\(ky): r \(r), expected \(expected)")
                let line = try #require(Correlation.fit(bigX, bigY))
                let small = try #require(Correlation.fit(x, y))
                let slopeUnit = Double(sign: .plus, exponent: ky - kx, significand: 1)
                #expect(abs(line.slope / slopeUnit - small.slope) <= 1e-9 * max(1, abs(small.slope)))
                let interceptUnit = Double(sign: .plus, exponent: ky, significand: 1)
                #expect(abs(line.intercept / interceptUnit - small.intercept) <= 1e-9 * max(1, abs(small.intercept)))
            }
            let half = n / 2
            let welch = try #require(
                GroupComparison.welch(
                    with: Array(x[..<half]).map { $0 * 0x1p1000 }, without: Array(x[half...]).map { $0 * 0x1p1000 }))
            let plain = try #require(GroupComparison.welch(with: Array(x[..<half]), without: Array(x[half...])))
            #expect(
                abs(welch.difference.value / 0x1p1000 - plain.difference.value) <= 1e-9
                    * max(1, abs(plain.difference.value)))
            #expect(
                abs(welch.difference.interval.high / 0x1p1000 - plain.difference.interval.high) <= 1e-9
                    * max(1, abs(plain.difference.interval.high)))
            #expect(abs(welch.degreesOfFreedom - plain.degreesOfFreedom) <= 1e-9 * plain.degreesOfFreedom)
        }
        // The case of the report: a weak relation, every value above 1e154.
        let x = (0..<40).map { Double($0 % 7) * 1e300 + 1e299 }
        let y = (0..<40).map { Double(($0 * 3) % 11) * 1e300 + 1e299 }
        let r = try #require(Correlation.pearson(x, y))
        #expect(abs(r - Self.naivePearson(x.map { $0 / 1e299 }, y.map { $0 / 1e299 })) < 1e-9)
        #expect(abs(r) < 0.5)
    }

    @Test func tQuantilesMatchTheTables() {
        let table: [(Double, Double)] = [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980)]
        for (df, value) in table {
            #expect(abs(Distributions.studentTQuantile(0.975, df: df) - value) < 0.0006, "df \(df)")
        }
        #expect(abs(Distributions.normalQuantile(0.975) - 1.959964) < 1e-6)
        #expect(abs(Distributions.studentTQuantile(0.025, df: 10) + 2.228) < 0.0006)
    }

    /// r = 0.5 from 30 pairs: 95 % interval 0.170 to 0.729 (the worked example of Fisher's z in
    /// most introductory texts); r = −0.3 from 50 pairs: −0.534 to −0.024.
    @Test func fisherIntervalsMatchWorkedExamples() {
        let a = Correlation.pearsonInterval(0.5, n: 30)
        #expect(abs(a.low - 0.170) < 0.0006 && abs(a.high - 0.729) < 0.0006)
        let b = Correlation.pearsonInterval(-0.3, n: 50)
        #expect(abs(b.low - -0.534) < 0.0006 && abs(b.high - -0.024) < 0.0006)
        #expect(b.excludesZero && !Correlation.pearsonInterval(0.12, n: 23).excludesZero)
    }

    /// A small data set worked by hand: x = 1…10, y with one tie, r and ρ known.
    @Test func aSmallDataSetWorkedByHand() throws {
        let x: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        let y: [Double] = [2, 1, 4, 3, 7, 5, 5, 9, 8, 10]
        // ranks of y: 2→2, 1→1, 4→4, 3→3, 7→7, 5→5.5, 5→5.5, 9→9, 8→8, 10→10
        #expect(Correlation.ranks(y) == [2, 1, 4, 3, 7, 5.5, 5.5, 9, 8, 10])
        // Σd² = 1+1+1+1+4+0.25+2.25+1+1+0 = 12.5 → ρ (ties ignored) = 1 − 75/990 ≈ 0.9242;
        // Pearson's r of the ranks (the tie-corrected ρ) is 0.924016, r of the values 0.909642
        // (both also what scipy.stats gives).
        let rho = try #require(Correlation.spearman(x, y))
        #expect(abs(rho - 0.924016) < 1e-5)
        let r = try #require(Correlation.pearson(x, y))
        #expect(abs(r - 0.909642) < 1e-5)
    }

    @Test func tooFewPairsAndFlatSidesAreNotComputed() {
        let side = RelationSide(name: "a")
        let other = RelationSide(name: "b")
        let seven = (0..<7).map { PairedValue(date: LocalDate(dayNumber: $0), x: Double($0), y: Double($0 * 2)) }
        #expect(RelationSeries(x: side, y: other, pairs: seven).finding == .tooFewPairs(count: 7, needed: 8))
        let flat = (0..<10).map { PairedValue(date: LocalDate(dayNumber: $0), x: 3, y: Double($0)) }
        #expect(RelationSeries(x: side, y: other, pairs: flat).finding == .noVariation(count: 10, side: "a"))
        #expect(Correlation.pearson([1, 1, 1], [1, 2, 3]) == nil)
    }
}
