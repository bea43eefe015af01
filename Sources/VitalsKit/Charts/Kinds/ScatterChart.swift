/// Two series against each other, one dot per day (braille: 2×4 dots a cell), with the
/// least-squares line and, under the plot, what the data allow to be said: n, Pearson's r and
/// Spearman's ρ with 95 % intervals in words that claim no more than the intervals do
/// (`RelationWords`). When one side is an event (a symptom, a food), the other side's days
/// with and without it are drawn as two strips over one value axis, each with its mean,
/// and the difference of the means is stated with Welch's interval.
public struct ScatterChart: ChartKind {
    public static let id = "scatter"
    public static let summary =
        "Two series against each other, one dot per day, with the fitted line and the correlation in words."
    public static let data = ChartData.pairs
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        guard let relation = input.relation, !relation.pairs.isEmpty else {
            return context.emptyState("No days with both values yet")
        }
        let pairs = relation.pairs.filter { $0.x.isFinite && $0.y.isFinite }
            .map { PairedValue(date: $0.date, x: ChartNumbers.clamped($0.x), y: ChartNumbers.clamped($0.y)) }
        let shown = RelationSeries(x: relation.x, y: relation.y, lagDays: relation.lagDays, pairs: pairs)
        let finding = shown.finding
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas)
        if relation.x.isEvent || relation.y.isEvent {
            drawStrips(shown, context: context, on: &canvas)
        } else {
            drawScatter(shown, finding: finding, context: context, on: &canvas)
        }
        guard input.captions else { return canvas }
        let words = RelationWords(numbers: profile.numbers, unicode: context.glyphs.isUnicode)
        context.addText(words.sentence(finding, shown), to: &canvas)
        return canvas
    }

    /// "x: Energy (kcal) · y: Body weight (kg), 1 day later" (the lag left out with `lag` false).
    package static func axesText(_ relation: RelationSeries, separator: String, lag showsLag: Bool = true) -> String {
        func side(_ side: RelationSide) -> String {
            side.name + (side.unit.map { " (\($0))" } ?? "")
        }
        let lag =
            relation.lagDays == 0 || !showsLag
            ? "" : ", \(relation.lagDays) day\(relation.lagDays == 1 ? "" : "s") later"
        return "x: \(side(relation.x)) \(separator) y: \(side(relation.y))\(lag)"
    }

    // MARK: Two quantities

    func drawScatter(
        _ relation: RelationSeries, finding: RelationFinding, context: ChartContext,
        on canvas: inout TextCanvas
    ) {
        let xs = relation.pairs.map(\.x)
        let ys = relation.pairs.map(\.y)
        var line: (slope: Double, intercept: Double)?
        if case .correlation(_, _, _, let slope, let intercept) = finding { line = (slope, intercept) }
        let xScale = NiceScale(min: xs.min() ?? 0, max: xs.max() ?? 1, includeZero: false)
        var yValues = ys
        if let line {
            yValues += [line.intercept + line.slope * xScale.low, line.intercept + line.slope * xScale.high]
        }
        let yScale = NiceScale(min: yValues.min() ?? 0, max: yValues.max() ?? 1, includeZero: false)
        let frame = context.addPlotFrame(to: &canvas, scale: yScale)
        let braille = context.glyphs.isUnicode
        // The fit line first, then the days over it: a cell with a day shows only the day.
        var fitGrid = DotGrid(columns: frame.columns, rows: frame.rows, layers: 1, braille: braille)
        var grid = DotGrid(columns: frame.columns, rows: frame.rows, layers: 1, braille: braille)
        func dotX(_ value: Double) -> Int {
            let fraction = max(0, min(1, xScale.fraction(value)))
            return Int(plotting: (fraction * Double(grid.dotColumns - 1)).rounded())
        }
        func dotY(_ value: Double) -> Int {
            let fraction = max(0, min(1, yScale.fraction(value)))
            return Int(plotting: ((1 - fraction) * Double(grid.dotRows - 1)).rounded())
        }
        if let line {
            fitGrid.line(
                from: (dotX(xScale.low), dotY(line.intercept + line.slope * xScale.low)),
                to: (dotX(xScale.high), dotY(line.intercept + line.slope * xScale.high)), layer: 0, dotted: true)
            fitGrid.draw(
                on: &canvas, top: frame.top, left: frame.left, styles: [context.targetStyle], asciiMarks: ["."])
        }
        for pair in relation.pairs { grid.set(x: dotX(pair.x), y: dotY(pair.y), layer: 0) }
        grid.draw(
            on: &canvas, top: frame.top, left: frame.left,
            styles: [Style(foreground: context.accentColor, bold: true)], asciiMarks: ["o"])
        let cellWidth = braille ? 2 : 1
        let labels = (0...xScale.intervals).map { index -> (center: Int, text: String) in
            let tick = xScale.tick(index)
            return (
                frame.left + dotX(tick) / cellWidth, context.profile.numbers.format(tick, decimals: xScale.decimals)
            )
        }
        context.addXLabels(labels, frame: frame, on: &canvas)
        context.addText(Self.axesText(relation, separator: context.glyphs.separator), to: &canvas, style: context.muted)
        let dot = braille ? "⠂" : "o"
        let fit = braille ? "⠒⠂" : ". "
        context.addText(
            "\(dot) one day" + (line == nil ? "" : "  \(fit) fit (least squares)"),
            to: &canvas, style: context.muted)
    }

    // MARK: An event

    /// The compared side's values on days with the event (top strip) and without (bottom),
    /// over one value axis, each strip's mean marked.
    func drawStrips(_ relation: RelationSeries, context: ChartContext, on canvas: inout TextCanvas) {
        let eventIsX = relation.x.isEvent
        let event = eventIsX ? relation.x : relation.y
        let other = eventIsX ? relation.y : relation.x
        let with = relation.pairs.filter { (eventIsX ? $0.x : $0.y) > 0 }.map { eventIsX ? $0.y : $0.x }
        let without = relation.pairs.filter { (eventIsX ? $0.x : $0.y) <= 0 }.map { eventIsX ? $0.y : $0.x }
        let all = with + without
        let scale = NiceScale(min: all.min() ?? 0, max: all.max() ?? 1, includeZero: false)
        let braille = context.glyphs.isUnicode
        let names = [Sanitize.inline("with \(event.name)"), "without"]
        let labelWidth = min(max(names.map { DisplayWidth.of($0) }.max() ?? 7, 7), max(7, context.width / 3))
        let left = labelWidth + 2
        let columns = max(1, context.width - left - 1)
        let stripRows = 2
        for (index, values) in [with, without].enumerated() {
            var grid = DotGrid(columns: columns, rows: stripRows, layers: 1, braille: braille)
            var heights: [Int: Int] = [:]
            func dotX(_ value: Double) -> Int {
                Int(plotting: (max(0, min(1, scale.fraction(value))) * Double(grid.dotColumns - 1)).rounded())
            }
            for value in values.sorted() {
                let x = dotX(value)
                let height = heights[x, default: 0]
                heights[x] = height + 1
                grid.set(x: x, y: grid.dotRows - 1 - min(height, grid.dotRows - 1), layer: 0)
            }
            let top = canvas.height
            for _ in 0..<stripRows { _ = canvas.addRow() }
            let label = DisplayWidth.truncate(names[index], to: labelWidth, ellipsis: context.glyphs.ellipsis)
            canvas.write(label, row: top, column: 0, style: index == 0 ? context.titleStyle : context.muted)
            canvas.write("(\(values.count))", row: top + 1, column: 0, style: context.muted)
            grid.draw(
                on: &canvas, top: top, left: left, styles: [index == 0 ? context.accent : context.accentOffTarget],
                asciiMarks: ["o"])
            if !values.isEmpty {
                let mean = values.reduce(0, +) / Double(values.count)
                let column = left + dotX(mean) / (braille ? 2 : 1)
                // The mean over the dots: it matters more than the one dot it hides.
                for row in top..<(top + stripRows) {
                    canvas.write(context.glyphs.dashVertical, row: row, column: column, style: context.targetStyle)
                }
            }
        }
        let axis = canvas.addRow()
        canvas.write(
            String(repeating: context.glyphs.axisHorizontal, count: columns), row: axis, column: left,
            style: context.muted)
        let labelRow = canvas.addRow()
        let cellWidth = braille ? 2 : 1
        let dotColumns = columns * cellWidth
        let ticks = (0...scale.intervals).map { index -> (center: Int, text: String) in
            let tick = scale.tick(index)
            let x = Int(plotting: (max(0, min(1, scale.fraction(tick))) * Double(dotColumns - 1)).rounded())
            return (left + x / cellWidth, context.profile.numbers.format(tick, decimals: scale.decimals))
        }
        let placed = context.placeLabels(ticks, on: &canvas, row: labelRow, from: left - 1, to: context.width)
        for index in placed {
            canvas.write(context.glyphs.axisTickX, row: axis, column: ticks[index].center, style: context.muted)
        }
        let lag = relation.lagDays == 0 ? "" : ", \(relation.lagDays) day\(relation.lagDays == 1 ? "" : "s") after"
        context.addText(
            "\(other.name)\(other.unit.map { " (\($0))" } ?? "") on days with and without \(event.name)\(lag) "
                + "\(context.glyphs.separator) \(context.glyphs.dashVertical) mean",
            to: &canvas, style: context.muted)
    }
}
