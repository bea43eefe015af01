import Foundation

/// A chart's plot area: a y scale with rounded ticks and grid lines, labelled axes, and x
/// positions for buckets or a continuous axis. Margins leave room for the y labels on the
/// left, the x labels under the plot and a legend under those.
public struct SVGPlot {
    public let left = 56.0, top = 14.0, right: Double, bottom: Double
    public let low: Double, high: Double
    public let ticks: [Double]

    /// A plot in `size` whose y axis spans `values` (and zero when `fromZero`).
    public init(size: ChartSize, values: [Double], fromZero: Bool, legendRows: Int = 1) {
        right = size.width - 12
        bottom = size.height - 30 - Double(legendRows) * 16
        var finite = values.filter(\.isFinite).map(ChartNumbers.clamped)
        if fromZero { finite.append(0) }
        var low = finite.min() ?? 0
        var high = finite.max() ?? 1
        if high - low < 1e-9 { high = low + max(1, abs(low) * 0.1) }
        if !fromZero {
            let pad = (high - low) * 0.08
            // Values that are never negative (weights, counts) keep the axis at or above zero.
            low = low >= 0 ? max(0, low - pad) : low - pad
            high += pad
        }
        let step = Self.niceStep((high - low) / 4)
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        var ticks: [Double] = []
        var tick = low
        while tick <= high + step / 2, ticks.count < 12 {
            ticks.append(tick)
            tick += step
        }
        self.low = low
        self.high = high
        self.ticks = ticks
    }

    /// 1, 2 or 5 times a power of ten near `raw`.
    public static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    public var plotWidth: Double { right - left }
    public var plotHeight: Double { bottom - top }

    /// The y coordinate of `value`, kept inside the plot.
    public func y(_ value: Double) -> Double {
        let clamped = min(high, max(low, ChartNumbers.clamped(value)))
        return bottom - (clamped - low) / (high - low) * plotHeight
    }

    /// The left edge and width of bucket `index` of `count`.
    public func band(_ index: Int, of count: Int) -> (x: Double, width: Double) {
        let width = plotWidth / Double(max(1, count))
        return (left + Double(index) * width, width)
    }

    /// The x coordinate of `value` on a continuous axis from `from` to `to`.
    public func x(_ value: Double, from: Double, to: Double) -> Double {
        let span = to - from
        guard span > 0 else { return left + plotWidth / 2 }
        return left + (min(to, max(from, value)) - from) / span * plotWidth
    }

    /// Grid lines and y labels written with `format`, and the x axis line.
    public func drawAxes(on svg: inout SVGDrawing, format: (Double) -> String) {
        for tick in ticks {
            let y = self.y(tick)
            svg.line(x1: left, y1: y, x2: right, y2: y, stroke: "#E3E3E3")
            svg.text(format(tick), x: left - 6, y: y + 4, anchor: .end, size: 10, fill: "#666666")
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#888888")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#888888")
    }

    /// Bucket labels under the plot, thinned so they do not overlap.
    public func drawBucketLabels(_ labels: [String], on svg: inout SVGDrawing) {
        guard !labels.isEmpty else { return }
        let room = plotWidth / Double(labels.count)
        let longest = Double(labels.map(\.count).max() ?? 1) * 6.5 + 6
        let every = max(1, Int((longest / room).rounded(.up)))
        for (index, label) in labels.enumerated() where index % every == 0 || index == labels.count - 1 && every == 1 {
            let band = self.band(index, of: labels.count)
            svg.text(label, x: band.x + band.width / 2, y: bottom + 14, anchor: .middle, size: 10, fill: "#666666")
        }
    }

    /// The y position of the legend row `index`.
    public func legendY(_ index: Int = 0) -> Double { bottom + 32 + Double(index) * 16 }

    /// Dashed lines at the target's levels, titled with the target in words.
    public func drawTarget(_ levels: [Double], text: String?, on svg: inout SVGDrawing) {
        for level in levels where level >= low && level <= high {
            svg.line(
                x1: left, y1: y(level), x2: right, y2: y(level), stroke: SVGColors.target, width: 1.5,
                dashed: true, title: text)
        }
    }
}

/// The colours charts share with the terminal's (ChartContext).
public enum SVGColors {
    public static let target = "#C9A227"
    public static let good = "#2E9E5B"
    public static let bad = "#D64545"
    public static let muted = "#9A9A9A"
    public static let noData = "#E6E6E6"
    /// An as-of day in progress (not counted yet).
    public static let pending = "#F2D98A"
    /// Segment colours of stacked bars, after the metric's own.
    public static let segments = [
        "#4A90D9", "#F5A623", "#7ED321", "#BD10E0", "#50E3C2", "#D0021B", "#8B572A", "#9013FE",
    ]
}
