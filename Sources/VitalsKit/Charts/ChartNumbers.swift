/// Turning plotted values into columns, rows and cell counts without trapping.
///
/// A value reaching a chart may be anything a store holds: NaN, ±infinity, 1e308. `Int(_:)`
/// traps on the first three and on anything beyond ±9.2e18, so chart geometry converts
/// through `Int(plotting:)` instead, and scales clamp their bounds to `ChartNumbers.limit`.
public enum ChartNumbers {
    /// The largest magnitude a scale spans; values beyond it are drawn at the edge.
    public static let limit = 1e15

    /// `value` within ±`limit`; NaN stays NaN (callers treat it as missing).
    public static func clamped(_ value: Double) -> Double {
        value.isNaN ? value : Swift.max(-limit, Swift.min(limit, value))
    }
}

extension Int {
    /// `value` rounded toward zero as a chart coordinate: NaN is 0, and anything beyond
    /// ±2^52 (infinities included) is clamped there.
    public init(plotting value: Double) {
        let bound = 4_503_599_627_370_496.0  // 2^52
        if value.isNaN {
            self = 0
            return
        }
        self = Int(Swift.max(-bound, Swift.min(bound, value)))
    }
}
