import Foundation

/// Styles, text and layout pieces every chart kind shares for one input and profile.
public struct ChartContext {
    public let input: ChartInput
    public let profile: RenderProfile

    /// The metric colour (or a calm blue), for bars, lines and marks.
    public let accent: Style
    public let accentColor: RGB
    public let muted = Style(dim: true)
    public let titleStyle = Style(bold: true)
    public let targetStyle = Style(foreground: RGB(hex: "#C9A227"))
    public let good = Style(foreground: RGB(hex: "#2E9E5B"))
    public let bad = Style(foreground: RGB(hex: "#D64545"))

    public static let defaultColor = RGB(red: 0x4A, green: 0x90, blue: 0xD9)

    public init(_ input: ChartInput, _ profile: RenderProfile) {
        self.input = input
        self.profile = profile
        accentColor = input.color.flatMap(RGB.init(hex:)) ?? Self.defaultColor
        accent = Style(foreground: accentColor)
    }

    public var glyphs: Glyphs { profile.glyphs }

    /// The metric colour greyed out, for values that miss the target.
    public var accentOffTarget: Style {
        Style(foreground: accentColor.mixed(with: RGB(red: 128, green: 128, blue: 128), amount: 0.55))
    }

    /// A colour per segment: the metric colour, then lighter tints of it.
    public func segmentStyle(_ index: Int) -> Style {
        Style(foreground: accentColor.mixed(with: .white, amount: Double(index % 4) * 0.22))
    }

    /// A fill glyph per segment, distinct without colour.
    public func segmentGlyph(_ index: Int) -> String {
        let fills = glyphs.isUnicode ? ["█", "▓", "▒", "░", "▚", "╳"] : ["#", "=", "+", "o", "%", "x"]
        return fills[index % fills.count]
    }
    public var width: Int { max(profile.width, RenderProfile.minimumWidth) }
    public var unit: String? { input.unit.map(Sanitize.inline).flatMap { $0.isEmpty ? nil : $0 } }

    public func newCanvas() -> TextCanvas { TextCanvas(width: width) }

    /// `value` in the profile's number style.
    public func number(_ value: Double) -> String { profile.numbers.compact(value) }

    /// `value` with the unit: "132 g", "1 portion", "3,5 portions".
    public func quantity(_ value: Double, unit: String? = nil) -> String {
        if unit == nil, let spoken = input.spokenUnit?.spokenText(value, numbers: profile.numbers) { return spoken }
        guard let symbol = unit ?? self.unit else { return number(value) }
        return PortionNoun.amount(number(value), symbol)
    }

    /// "target ≥ 120 g", "target 2–3 portion", "target 3 ± 0.25".
    public func targetText(_ target: Target? = nil, unit: String? = nil) -> String? {
        guard let target = target ?? input.target else { return nil }
        // The unit follows the number next to it; a range's upper end is never "1" alone.
        let nearest: String
        switch target {
        case .atLeast(let v), .atMost(let v), .exact(let v, _): nearest = number(v)
        case .range: nearest = ""
        }
        let suffix = (unit ?? self.unit).map { " " + PortionNoun.unit($0, after: nearest) } ?? ""
        switch target {
        case .atLeast(let v): return "target \(glyphs.atLeast) \(number(v))\(suffix)"
        case .atMost(let v): return "target \(glyphs.atMost) \(number(v))\(suffix)"
        case .range(let low, let high):
            return "target \(number(low))\(glyphs.rangeDash)\(number(high))\(suffix)"
        case .exact(let v, let tolerance):
            return "target \(number(v)) \(glyphs.plusMinus) \(number(tolerance))\(suffix)"
        }
    }

    /// The values a target line or band is drawn at (one for a bound, two for a band).
    public func targetLevels(_ target: Target? = nil) -> [Double] {
        switch target ?? input.target {
        case .none: return []
        case .atLeast(let v)?, .atMost(let v)?: return [v]
        case .range(let low, let high)?: return [low, high]
        case .exact(let v, let tolerance)?: return tolerance > 0 ? [v - tolerance, v + tolerance] : [v]
        }
    }

    /// The title line: bold title with the unit, `right` aligned to the right edge.
    public func addHeader(to canvas: inout TextCanvas, right: String? = nil) {
        let row = canvas.addRow()
        let title = Sanitize.inline(input.title)
        let unitText = unit.map { " (\($0))" } ?? ""
        var rightText = right.map(Sanitize.inline) ?? ""
        let rightWidth = DisplayWidth.of(rightText)
        if !rightText.isEmpty, DisplayWidth.of(title + unitText) + rightWidth + 2 > width,
            width - rightWidth - 2 < 16
        {
            rightText = ""
        }
        let room = rightText.isEmpty ? width : width - DisplayWidth.of(rightText) - 2
        if !rightText.isEmpty {
            canvas.writeRightAligned(rightText, row: row, end: width, style: muted)
        }
        if DisplayWidth.of(title + unitText) <= room {
            let column = canvas.write(title, row: row, column: 0, style: titleStyle)
            canvas.write(unitText, row: row, column: column, style: muted)
            return
        }
        // Too wide: the title wraps at spaces ("Steps per day, monthly means" keeps its
        // regrouping note), the unit follows its last line when it fits there.
        var titleLines = TextWrap.lines(title, width: room)
        if titleLines.count > 1 {
            let rest = titleLines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            titleLines = [titleLines[0]] + TextWrap.lines("  " + rest, width: width, continuation: 0)
        }
        for (index, line) in titleLines.enumerated() {
            let lineRow = index == 0 ? row : canvas.addRow()
            var column = canvas.write(line, row: lineRow, column: 0, style: titleStyle)
            if index == titleLines.count - 1 {
                // The first line shares its row with the right-hand text.
                let limit = index == 0 ? room : width
                if column + DisplayWidth.of(unitText) > limit, !unitText.isEmpty {
                    column = 2
                    canvas.write(unitText.dropFirst().description, row: canvas.addRow(), column: column, style: muted)
                } else {
                    canvas.write(unitText, row: lineRow, column: column, style: muted)
                }
            }
        }
    }

    /// Adds text, word-wrapped to the width (continuation lines indented by two) instead of cut.
    public func addText(
        _ text: String, to canvas: inout TextCanvas, style: Style = .plain,
        indent: Int = 0
    ) {
        for line in TextWrap.lines(Sanitize.inline(text), width: width - indent) {
            let row = canvas.addRow()
            canvas.write(line, row: row, column: indent, style: style)
        }
    }

    /// The chart's empty state: the title line and the empty message.
    public func emptyState(_ fallbackMessage: String = "No data yet") -> TextCanvas {
        var canvas = newCanvas()
        addHeader(to: &canvas, right: targetText())
        let message = input.emptyMessage.map(Sanitize.inline) ?? fallbackMessage
        addText("\(glyphs.missing) \(message)", to: &canvas, style: muted, indent: 2)
        return canvas
    }

    /// Whether `value` meets the metric's target (true when there is no target).
    public func meets(_ value: Double) -> Bool { input.target?.isMet(by: value) ?? true }

    /// Places axis labels centred on columns without overlap, newest first, and returns
    /// the indices placed. Every `step`-th label (counted from the newest) is tried.
    @discardableResult
    public func placeLabels(
        _ labels: [(center: Int, text: String)], on canvas: inout TextCanvas,
        row: Int, from minColumn: Int, to maxColumn: Int,
        style: Style = Style(dim: true)
    ) -> [Int] {
        guard !labels.isEmpty else { return [] }
        let texts = labels.map {
            DisplayWidth.truncate(
                Sanitize.inline($0.text), to: 10,
                ellipsis: glyphs.ellipsis)
        }
        let widest = texts.map { DisplayWidth.of($0) }.max() ?? 1
        var spacing = maxColumn - minColumn
        if labels.count > 1 {
            spacing = max(1, (labels[labels.count - 1].center - labels[0].center) / (labels.count - 1))
        }
        let step = max(1, Int((Double(widest + 1) / Double(spacing)).rounded(.up)))
        var rightLimit = maxColumn + 1
        var placed: [Int] = []
        for index in stride(from: labels.count - 1, through: 0, by: -1)
        where (labels.count - 1 - index) % step == 0 {
            let w = DisplayWidth.of(texts[index])
            guard w > 0, w <= maxColumn - minColumn else { continue }
            let start = min(max(minColumn, labels[index].center - (w - 1) / 2), maxColumn - w)
            guard start + w + 1 <= rightLimit else { continue }
            canvas.write(texts[index], row: row, column: start, style: style)
            rightLimit = start
            placed.append(index)
        }
        return placed.reversed()
    }
}

/// Round tick values for an axis: a step of 1, 2, 2.5 or 5 times a power of ten.
public struct NiceScale {
    public let low: Double, high: Double, step: Double
    /// Number of steps between `low` and `high` (2…5).
    public let intervals: Int
    /// Fraction digits that show every tick exactly.
    public let decimals: Int

    public init(min minimum: Double, max maximum: Double, includeZero: Bool) {
        var lo = includeZero ? Swift.min(0, minimum) : minimum
        var hi = includeZero ? Swift.max(0, maximum) : maximum
        if lo.isNaN || hi.isNaN || lo > hi {
            lo = 0
            hi = 1
        }
        lo = ChartNumbers.clamped(lo)
        hi = ChartNumbers.clamped(hi)
        if hi - lo < 1e-9 {
            let pad = abs(hi) > 1e-9 ? abs(hi) * 0.1 : 1
            hi += pad
            if !(includeZero && lo == 0) { lo -= pad }
        }
        var step = Self.niceStep((hi - lo) / 4)
        var low = (lo / step).rounded(.down) * step
        var high = (hi / step).rounded(.up) * step
        while ((high - low) / step).rounded() > 5 {
            step = Self.niceStep(step * 1.5)
            low = (lo / step).rounded(.down) * step
            high = (hi / step).rounded(.up) * step
        }
        if ((high - low) / step).rounded() < 2 { high = low + 2 * step }
        self.low = low
        self.high = high
        self.step = step
        intervals = Swift.max(1, Int(plotting: ((high - low) / step).rounded()))
        var digits = 0
        var scaled = step
        while digits < 4, abs(scaled - scaled.rounded()) > 1e-6 {
            scaled *= 10
            digits += 1
        }
        decimals = digits
    }

    public static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let exponent = (log10(rough)).rounded(.down)
        let power = pow(10, exponent)
        let fraction = rough / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    /// Plot rows per interval so ticks fall on row edges (8–10 rows in all).
    public var rowsPerInterval: Int { Swift.max(1, 10 / intervals) }
    public var rows: Int { intervals * rowsPerInterval }

    public func tick(_ k: Int) -> Double { low + Double(k) * step }

    /// Where `value` falls, from 0 (low) to 1 (high).
    public func fraction(_ value: Double) -> Double { (value - low) / (high - low) }
}
