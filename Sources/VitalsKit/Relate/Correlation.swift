import Foundation

/// A two-sided confidence interval.
public struct ConfidenceInterval: Sendable, Hashable {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// Whether zero lies outside the interval (the data show a direction).
    public var excludesZero: Bool { low > 0 || high < 0 }
}

/// An estimate (r or ρ) with its 95 % interval.
public struct Estimate: Sendable, Hashable {
    public var value: Double
    public var interval: ConfidenceInterval

    public init(value: Double, interval: ConfidenceInterval) {
        self.value = value
        self.interval = interval
    }
}

/// Pearson's r and Spearman's ρ of paired values with 95 % intervals, and the least-squares
/// line — pure functions of the numbers, no store.
///
/// - Pearson's interval is Fisher's: z = atanh r, standard error 1/√(n−3), back through tanh.
/// - Spearman's ρ is Pearson's r of the ranks, ties given their average rank. Its interval
///   uses Fisher's z with the Bonett–Wright variance (1 + ρ²/2)/(n−3) (Bonett & Wright 2000),
///   wider than Pearson's because ranks carry less information.
/// - Fewer than `minimumPairs` pairs are not computed: eight points cannot tell a relation
///   from chance, and the intervals' approximations need n > 3 anyway.
package enum Correlation {
    /// The fewest pairs a correlation is computed from.
    package static let minimumPairs = 8
    /// The confidence level of every interval.
    package static let level = 0.95

    /// z of the two-sided `level` interval (1.95996… for 95 %).
    package static var normalZ: Double { Distributions.normalQuantile(0.5 + level / 2) }

    /// Pearson's r; nil when fewer than two pairs or when either side does not vary.
    package static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
        precondition(x.count == y.count, "paired values")
        guard x.count >= 2, let sx = moments(x), let sy = moments(y) else { return nil }
        var sxy = 0.0
        for (a, b) in zip(sx.centred, sy.centred) { sxy += a * b }
        return max(-1, min(1, sxy / (sx.squares.squareRoot() * sy.squares.squareRoot())))
    }

    /// The values divided by their largest magnitude (r and the line's shape do not change
    /// with scale, and no square or sum of values near the largest Double overflows), then
    /// centred on their mean: the scale, the scaled mean, the centred values and the sum of
    /// their squares. Nil when the values do not vary: none but zero, or a spread that is
    /// rounding noise (all equal up to the last bits, relative to the mean's square, and at
    /// least 1e-24 per value in the values' own units).
    private static func moments(_ values: [Double]) -> (
        scale: Double, mean: Double, centred: [Double], squares: Double
    )? {
        let scale = values.reduce(0) { max($0, abs($1)) }
        guard scale > 0, scale.isFinite else { return nil }
        let n = Double(values.count)
        let scaled = values.map { $0 / scale }
        let mean = scaled.reduce(0, +) / n
        let centred = scaled.map { $0 - mean }
        let squares = centred.reduce(0) { $0 + $1 * $1 }
        let floor = 1 / scale
        guard squares > max(floor * floor, mean * mean) * 1e-24 * n else { return nil }
        return (scale, mean, centred, squares)
    }

    /// The ranks 1…n of `values`, tied values sharing the mean of the ranks they span.
    package static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            let shared = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = shared }
            start = end + 1
        }
        return ranks
    }

    /// Spearman's ρ (Pearson's r of the average ranks); nil when either side does not vary.
    package static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
        pearson(ranks(x), ranks(y))
    }

    /// Fisher's 95 % interval of Pearson's r from `n` pairs (n > 3).
    package static func pearsonInterval(_ r: Double, n: Int) -> ConfidenceInterval {
        fisherInterval(r, standardError: 1 / Double(n - 3).squareRoot())
    }

    /// The 95 % interval of Spearman's ρ from `n` pairs (n > 3): Fisher's z with the
    /// Bonett–Wright variance (1 + ρ²/2)/(n−3).
    package static func spearmanInterval(_ rho: Double, n: Int) -> ConfidenceInterval {
        fisherInterval(rho, standardError: ((1 + rho * rho / 2) / Double(n - 3)).squareRoot())
    }

    /// tanh(atanh(`r`) ± z·`standardError`); r of ±1 gives the point itself.
    static func fisherInterval(_ r: Double, standardError: Double) -> ConfidenceInterval {
        guard abs(r) < 1 else { return ConfidenceInterval(low: r, high: r) }
        let z = atanh(r)
        let half = normalZ * standardError
        return ConfidenceInterval(low: tanh(z - half), high: tanh(z + half))
    }

    /// The least-squares line y = intercept + slope·x; nil when x does not vary.
    package static func fit(_ x: [Double], _ y: [Double]) -> (slope: Double, intercept: Double)? {
        guard x.count >= 2, let sx = moments(x) else { return nil }
        // y scaled the same way; a y that does not vary gives the flat line at its value.
        let yScale = y.reduce(0) { max($0, abs($1)) }
        guard yScale.isFinite else { return nil }
        let unit = yScale > 0 ? yScale : 1
        let yMean = y.reduce(0) { $0 + $1 / unit } / Double(y.count)
        var sxy = 0.0
        for (a, b) in zip(sx.centred, y) { sxy += a * (b / unit - yMean) }
        let scaledSlope = sxy / sx.squares
        return (scaledSlope * (unit / sx.scale), unit * (yMean - scaledSlope * sx.mean))
    }
}

/// Days with an event against days without: the difference of the means of the other series
/// with Welch's 95 % interval (unequal variances; the t quantile at Welch–Satterthwaite's
/// degrees of freedom, computed).
public struct GroupComparison: Sendable, Hashable {
    public var daysWith: Int
    public var daysWithout: Int
    public var meanWith: Double
    public var meanWithout: Double
    /// meanWith − meanWithout, with its interval.
    public var difference: Estimate
    /// Welch–Satterthwaite degrees of freedom.
    public var degreesOfFreedom: Double

    /// The fewest days on each side a comparison is computed from.
    package static let minimumPerGroup = 3

    /// Compares `with` and `without`; nil when a side has fewer than `minimumPerGroup` values.
    package static func welch(with: [Double], without: [Double]) -> GroupComparison? {
        guard with.count >= minimumPerGroup, without.count >= minimumPerGroup else { return nil }
        // In units of the largest magnitude, so no square of values near the largest Double
        // overflows; the degrees of freedom do not depend on the unit.
        let largest = (with + without).reduce(0) { max($0, abs($1)) }
        let unit = largest > 0 && largest.isFinite ? largest : 1
        func meanAndVariance(_ values: [Double]) -> (Double, Double) {
            let mean = values.reduce(0) { $0 + $1 / unit } / Double(values.count)
            let squares = values.reduce(0) { $0 + ($1 / unit - mean) * ($1 / unit - mean) }
            return (mean, squares / Double(values.count - 1))
        }
        let (s1, v1) = meanAndVariance(with)
        let (s2, v2) = meanAndVariance(without)
        let m1 = s1 * unit
        let m2 = s2 * unit
        let n1 = Double(with.count)
        let n2 = Double(without.count)
        let a = v1 / n1
        let b = v2 / n2
        let se = (a + b).squareRoot() * unit
        let difference = (s1 - s2) * unit
        guard se > 0 else {
            return GroupComparison(
                daysWith: with.count, daysWithout: without.count, meanWith: m1, meanWithout: m2,
                difference: Estimate(value: difference, interval: .init(low: difference, high: difference)),
                degreesOfFreedom: n1 + n2 - 2)
        }
        let df = (a + b) * (a + b) / (a * a / (n1 - 1) + b * b / (n2 - 1))
        let t = Distributions.studentTQuantile(0.5 + Correlation.level / 2, df: df)
        return GroupComparison(
            daysWith: with.count, daysWithout: without.count, meanWith: m1, meanWithout: m2,
            difference: Estimate(
                value: difference,
                interval: .init(low: difference - t * se, high: difference + t * se)),
            degreesOfFreedom: df)
    }
}
