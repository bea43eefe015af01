/// Measured values against a reference band (lower/upper curve, shaded) with a dashed centre
/// line; x is age in weeks — since birth unless the series names its axis ("weeks of
/// pregnancy", from the reference's YAML). With a reference but no measurements it draws the
/// reference alone, followed by the empty message.
public struct GrowthCurveChart: ChartKind {
    public static let id = "growth_curve"
    public static let summary = "Measured values against a reference band by age, with a dashed centre line."
    public static let data = ChartData.growth
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        guard let growth = input.growth, !growth.measured.isEmpty || growth.reference.count > 1 else {
            return context.emptyState("No measurements yet")
        }
        // A point that is not a number is left out; a huge one is drawn at ±1e15.
        let measured = growth.measured.filter { $0.week.isFinite && !$0.value.isNaN }
            .map { GrowthPoint(week: $0.week, value: ChartNumbers.clamped($0.value)) }.sorted { $0.week < $1.week }
        let reference = growth.reference.filter {
            $0.week.isFinite && !$0.lower.isNaN && !$0.centre.isNaN && !$0.upper.isNaN
        }
        .map {
            ReferencePoint(
                week: ChartNumbers.clamped($0.week), lower: ChartNumbers.clamped($0.lower),
                centre: ChartNumbers.clamped($0.centre), upper: ChartNumbers.clamped($0.upper))
        }
        .sorted { $0.week < $1.week }
        let weeks = measured.map(\.week) + reference.map(\.week)
        let values = measured.map(\.value) + reference.flatMap { [$0.lower, $0.upper] }
        guard !measured.isEmpty || reference.count > 1,
            let lowest = values.min(), let highest = values.max(),
            let earliest = weeks.min(), let latest = weeks.max()
        else {
            return context.emptyState("No measurements yet")
        }
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: growth.referenceLabel)
        let scale = NiceScale(min: lowest, max: highest, includeZero: true)
        let frame = context.addPlotFrame(to: &canvas, scale: scale)
        let braille = context.glyphs.isUnicode
        var grid = DotGrid(columns: frame.columns, rows: frame.rows, layers: 2, braille: braille)
        let firstWeek = min(0, earliest)
        let lastWeek = max(latest, firstWeek + 1)
        func x(_ week: Double) -> Int {
            let column = Int(
                plotting: ((week - firstWeek) / (lastWeek - firstWeek) * Double(grid.dotColumns - 1)).rounded())
            return max(0, min(grid.dotColumns - 1, column))
        }
        func y(_ value: Double) -> Int {
            Int(plotting: ((1 - max(0, min(1, scale.fraction(value)))) * Double(grid.dotRows - 1)).rounded())
        }

        // Band: shade the cells the interpolated band covers for at least 30 %.
        if reference.count > 1 {
            let rowValue = (scale.high - scale.low) / Double(frame.rows)
            for column in 0..<frame.columns {
                let week = firstWeek + (Double(column) + 0.5) / Double(frame.columns) * (lastWeek - firstWeek)
                guard let bounds = Self.interpolate(reference, at: week) else { continue }
                for row in 0..<frame.rows {
                    let cellTop = scale.high - Double(row) * rowValue
                    let overlap = min(cellTop, bounds.upper) - max(cellTop - rowValue, bounds.lower)
                    if overlap >= rowValue * 0.3 {
                        canvas.write(
                            context.glyphs.shades[0], row: frame.top + row,
                            column: frame.left + column,
                            style: Style(foreground: context.accentColor.mixed(with: .white, amount: 0.45)))
                    }
                }
            }
        }
        for pair in zip(reference, reference.dropFirst()) {
            grid.line(
                from: (x(pair.0.week), y(pair.0.centre)), to: (x(pair.1.week), y(pair.1.centre)),
                layer: 1, dotted: true)
        }
        for pair in zip(measured, measured.dropFirst()) {
            grid.line(
                from: (x(pair.0.week), y(pair.0.value)), to: (x(pair.1.week), y(pair.1.value)),
                layer: 0)
        }
        if measured.count == 1 { grid.set(x: x(measured[0].week), y: y(measured[0].value), layer: 0) }
        grid.draw(
            on: &canvas, top: frame.top, left: frame.left,
            styles: [Style(foreground: context.accentColor, bold: true), context.targetStyle],
            asciiMarks: ["*", "-"])

        let tickStep = NiceScale.niceStep((lastWeek - firstWeek) / 6)
        var labels: [(center: Int, text: String)] = []
        var week = (firstWeek / tickStep).rounded(.up) * tickStep
        let cellWidth = braille ? 2 : 1
        while week <= lastWeek + 1e-9, labels.count < 64 {
            labels.append((frame.left + x(week) / cellWidth, context.number(week)))
            week += tickStep
        }
        context.addXLabels(labels, frame: frame, on: &canvas)
        guard let latest = measured.last else {
            if input.captions {
                context.addText(
                    "\(context.glyphs.missing) \(input.emptyMessage.map(Sanitize.inline) ?? "No measurements yet")",
                    to: &canvas, style: context.muted, indent: 2)
            }
            return canvas
        }
        guard input.captions else { return canvas }
        var parts = [
            Sanitize.inline(growth.axisTitle ?? "weeks since birth"),
            "latest \(context.quantity(latest.value)) at \(context.number(latest.week)) wk",
        ]
        if let bounds = Self.interpolate(reference, at: latest.week), bounds.centre > 0 {
            let percent = Int(plotting: ((latest.value / bounds.centre - 1) * 100).rounded())
            parts.append("\(percent >= 0 ? "+" : "")\(percent) % vs reference")
        }
        context.addText(
            parts.joined(separator: " \(context.glyphs.separator) "), to: &canvas,
            style: context.muted)
        let band = context.glyphs.shades[0]
        context.addText(
            "\(braille ? "⣀⣀" : "**") measured  \(braille ? "⠒⠂" : "- ") reference  \(band)\(band) band",
            to: &canvas, style: context.muted)
        return canvas
    }

    /// The band at `week`, linearly interpolated; nil outside the reference's weeks.
    static func interpolate(_ reference: [ReferencePoint], at week: Double) -> ReferencePoint? {
        guard let first = reference.first, let last = reference.last,
            week >= first.week - 1e-9, week <= last.week + 1e-9
        else { return nil }
        for pair in zip(reference, reference.dropFirst()) where week <= pair.1.week + 1e-9 {
            let span = pair.1.week - pair.0.week
            let t = span > 0 ? (week - pair.0.week) / span : 0
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
            return ReferencePoint(
                week: week, lower: mix(pair.0.lower, pair.1.lower),
                centre: mix(pair.0.centre, pair.1.centre),
                upper: mix(pair.0.upper, pair.1.upper))
        }
        return first
    }
}
