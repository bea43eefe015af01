/// One bar per target (DragonHealth's Today): how far each item is, and what remains or is over.
///
/// Each bar is scaled to its own target, which is marked with a dashed line; an item whose
/// value passes an upper bound is drawn in the warning colour.
public struct ProgressChart: ChartKind {
    public static let id = "progress"
    public static let summary = "One bar per target: how far today's value is, and what remains or is over."
    public static let data = ChartData.progress
    public init() {}

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        guard !input.progress.isEmpty else { return context.emptyState() }
        var canvas = context.newCanvas()
        context.addHeader(to: &canvas, right: input.asOf.map(DateWords.iso))
        let names = input.progress.map { Sanitize.inline($0.name) }
        let nameWidth = min(context.width / 4, names.map { DisplayWidth.of($0) }.max() ?? 1)
        let rightLimit = context.width / 2 - 2
        var rights = input.progress.map { status(of: $0, context: context, withUnit: true) }
        if rights.contains(where: { DisplayWidth.of($0.text) > rightLimit }) {
            rights = input.progress.map { status(of: $0, context: context, withUnit: false) }
        }
        let rightWidth = min(rightLimit, rights.map { DisplayWidth.of($0.text) }.max() ?? 0)
        let barLeft = nameWidth + 1
        let barWidth = max(4, context.width - barLeft - rightWidth - 1)
        for (index, item) in input.progress.enumerated() {
            let row = canvas.addRow()
            canvas.write(
                DisplayWidth.pad(
                    names[index], to: nameWidth,
                    ellipsis: context.glyphs.ellipsis), row: row, column: 0)
            let goal = Self.goal(item.target)
            let scaleMax = max(goal * 1.25, item.value ?? 0, 1e-9)
            let color = item.color.flatMap(RGB.init(hex:)) ?? context.accentColor
            if let value = item.value {
                let eighths = Int(plotting: max(0, min(1, value / scaleMax)) * Double(barWidth) * 8 + 0.5)
                var bar = String(repeating: context.glyphs.horizontalEighths[8], count: eighths / 8)
                if eighths % 8 > 0 { bar += context.glyphs.horizontalEighths[eighths % 8] }
                canvas.write(
                    bar, row: row, column: barLeft,
                    style: rights[index].over ? context.bad : Style(foreground: color))
            } else {
                canvas.write(context.glyphs.missing, row: row, column: barLeft, style: context.muted)
            }
            let mark = barLeft + min(barWidth - 1, Int(plotting: (goal / scaleMax * Double(barWidth)).rounded()))
            if canvas.isBlank(row: row, column: mark) {
                canvas.write(
                    context.glyphs.dashVertical, row: row, column: mark,
                    style: context.targetStyle)
            }
            canvas.writeRightAligned(
                DisplayWidth.truncate(
                    rights[index].text, to: rightWidth,
                    ellipsis: context.glyphs.ellipsis),
                row: row, end: context.width, style: rights[index].style)
        }
        let met = input.progress.filter { $0.value.map($0.target.isMet(by:)) ?? false }.count
        context.addText(
            "\(met) of \(input.progress.count) targets met", to: &canvas,
            style: context.muted)
        return canvas
    }

    /// The value the bar's target mark stands for.
    static func goal(_ target: Target) -> Double {
        switch target {
        case .atLeast(let v), .atMost(let v), .exact(let v, _): return v
        case .range(_, let high): return high
        }
    }

    /// "3,5/4 portion · 0,5 left", and whether the item is over an upper bound.
    func status(
        of item: ProgressItem, context: ChartContext,
        withUnit: Bool
    ) -> (text: String, style: Style, over: Bool) {
        let unit = withUnit ? item.unit.map(Sanitize.inline) ?? context.unit : nil
        guard let value = item.value else { return ("no data", context.muted, false) }
        let amount = { (v: Double) in unit.map { "\(context.number(v)) \($0)" } ?? context.number(v) }
        let head = "\(context.number(value))/\(context.number(Self.goal(item.target)))"
        let check = context.glyphs.check
        let (tail, style, over): (String, Style, Bool)
        switch item.target {
        case .atLeast(let goal):
            (tail, style, over) =
                value >= goal - 1e-9
                ? ("\(check) met", context.good, false)
                : ("\(amount(goal - value)) left", .plain, false)
        case .atMost(let limit):
            (tail, style, over) =
                value <= limit + 1e-9
                ? ("\(amount(limit - value)) left", context.good, false)
                : ("\(amount(value - limit)) over", context.bad, true)
        case .exact(let goal, let tolerance):
            if abs(value - goal) <= tolerance + 1e-9 {
                (tail, style, over) = ("\(check) on target", context.good, false)
            } else if value < goal {
                (tail, style, over) = ("\(amount(goal - value)) left", .plain, false)
            } else {
                (tail, style, over) = ("\(amount(value - goal)) over", context.bad, true)
            }
        case .range(let low, let high):
            if value < low - 1e-9 {
                (tail, style, over) = ("\(amount(low - value)) to go", .plain, false)
            } else if value > high + 1e-9 {
                (tail, style, over) = ("\(amount(value - high)) over", context.bad, true)
            } else {
                (tail, style, over) = ("\(check) in range", context.good, false)
            }
        }
        return ("\(head) \(context.glyphs.separator) \(tail)", style, over)
    }
}
