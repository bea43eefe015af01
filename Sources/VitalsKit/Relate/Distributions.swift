import Foundation

/// Quantiles of the standard normal and Student's t distributions, computed (not looked up in
/// a table), for the 95 % intervals of `Correlation` and `GroupComparison`.
///
/// The normal quantile inverts `0.5·erfc(−z/√2)` by bisection; Student's t distribution
/// function is written with the regularized incomplete beta function
/// (`F(t) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½)` for t ≥ 0), evaluated by its continued fraction, and
/// inverted by bisection. Both are accurate to about 1e-10, far below what two printed
/// decimals show.
package enum Distributions {
    /// The standard normal distribution function Φ(z).
    package static func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// The z with Φ(z) = `p` (0 < p < 1).
    package static func normalQuantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a probability strictly between 0 and 1")
        return bisect(lower: -40, upper: 40) { normalCDF($0) - p }
    }

    /// Student's t distribution function with `df` degrees of freedom (any real df > 0).
    package static func studentTCDF(_ t: Double, df: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 1 : 0 }
        let tail = 0.5 * regularizedIncompleteBeta(x: df / (df + t * t), a: df / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t with F(t) = `p` for `df` degrees of freedom (0 < p < 1, df > 0).
    package static func studentTQuantile(_ p: Double, df: Double) -> Double {
        precondition(p > 0 && p < 1 && df > 0, "a probability strictly between 0 and 1, df > 0")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -studentTQuantile(1 - p, df: df) }
        var upper = 2.0
        while studentTCDF(upper, df: df) < p, upper < 1e12 { upper *= 2 }
        return bisect(lower: 0, upper: upper) { studentTCDF($0, df: df) - p }
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 and a, b > 0.
    package static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = a * log(x) + b * log1p(-x) - logBeta(a, b)
        // The continued fraction converges fast for x below the mean a/(a+b) (roughly);
        // above it, the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) is used.
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * betaContinuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * betaContinuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a+b).
    static func logBeta(_ a: Double, _ b: Double) -> Double { lgamma(a) + lgamma(b) - lgamma(a + b) }

    /// The continued fraction of the incomplete beta function, by the modified Lentz method:
    /// 1/(1+ d₁/(1+ d₂/(1+ …))) with d_{2m} = m(b−m)x/((a+2m−1)(a+2m)) and
    /// d_{2m+1} = −(a+m)(a+b+m)x/((a+2m)(a+2m+1)).
    static func betaContinuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        func guarded(_ value: Double) -> Double { abs(value) < tiny ? tiny : value }
        var c = 1.0
        var d = 1 / guarded(1 - (a + b) * x / (a + 1))
        var result = d
        for m in 1...500 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 / guarded(1 + even * d)
            c = guarded(1 + even / c)
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 / guarded(1 + odd * d)
            c = guarded(1 + odd / c)
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }

    /// The root of an increasing `f` between `lower` and `upper`, to 1e-12 or 200 halvings.
    static func bisect(lower: Double, upper: Double, _ f: (Double) -> Double) -> Double {
        var low = lower
        var high = upper
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if f(middle) < 0 { low = middle } else { high = middle }
            if high - low < 1e-12 * max(1, abs(middle)) { break }
        }
        return (low + high) / 2
    }
}
