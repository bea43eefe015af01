import VitalsKit

extension GezondheidPage {
    /// "Over Gewicht" with the metric's `about_what` and `about_why` under the Dutch labels
    /// "Wat" and "Waarom"; nil when the metric has neither.
    func aboutBlock(for metric: DisplayMetric) -> ScreenBlock? {
        let parts = [("Wat", metric.aboutWhat), ("Waarom", metric.aboutWhy)]
            .compactMap { label, text in text.map { (label, $0) } }
        guard !parts.isEmpty else { return nil }
        let width = context.profile.width
        var canvas = TextCanvas(width: width)
        canvas.addLine(DisplayWidth.truncate("Over \(Sanitize.inline(metric.displayName))", to: width,
                                             ellipsis: context.profile.glyphs.ellipsis),
                       style: Style(bold: true))
        let labelWidth = 9
        for (label, body) in parts {
            for (index, line) in ScreenText.wrap(body, width: width - labelWidth).enumerated() {
                let row = canvas.addRow()
                if index == 0 { canvas.write("  " + label, row: row, column: 0, style: ScreenText.muted) }
                canvas.write(line, row: row, column: labelWidth)
            }
        }
        return ScreenBlock(kind: .about, metricID: metric.id, lines: canvas.lines(colorLevel: context.profile.colorLevel),
                           data: .object([("what", .string(metric.aboutWhat)), ("why", .string(metric.aboutWhy))]))
    }
}
