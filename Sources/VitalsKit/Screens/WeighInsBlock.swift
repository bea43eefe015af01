import Foundation

/// The weigh-ins of the latest day on a weight screen, with the one used marked and where
/// each came from (Corgina's several-samples-a-day pattern and "Show source"):
///
/// ```
/// Weigh-ins on Tue 24 Nov: 2
///   ▸ 07:12  63.4 kg  from Withings   used
///     21:40  64.0 kg  typed in
///   Morning weight is used for tracking.
/// ```
/// With one weigh-in that day it is one line: "Latest: 63.4 kg at 07:12 on Tue 24 Nov, from
/// Withings."
extension ScreenContext {
    /// The block for `metric` when it reads weigh-ins and has one by the as-of day; nil
    /// otherwise (not a weight metric, nothing weighed, or an explorer drill-down elsewhere).
    public func weighInsBlock(for metric: DisplayMetric) throws -> ScreenBlock? {
        guard let policy = weighInPolicy(for: metric) else { return nil }
        let query = try query(for: metric)
        guard let latest = try query.fetchLatest(from: store) else { return nil }
        let day = latest.date
        // Every weigh-in of the day, whatever offset each was written at, in the order the
        // chart and "Latest" pick from (`SampleOrder`: by real instant, a total order).
        let samples = try query.fetchDaySamples(on: day, from: store)
        guard !samples.isEmpty else { return nil }
        let scale = query.series.unit.known.convert(1, to: query.displayUnit) ?? 1
        let unit = query.displayUnit.symbol
        let values = samples.map { $0.value * scale }
        let usedIndex: Int? = policy == .first ? 0 : policy == .last ? samples.count - 1 : nil
        let used = policy.pick(values) ?? values[0]
        let numbers = profile.numbers
        // As the chart's footer says it: "12 st 4 lb" in UK units, else the number and unit.
        func amount(_ value: Double) -> String {
            query.display.written(value, numbers: numbers)
        }
        // Each at its own wall clock; when the day's weigh-ins were written at different
        // offsets (a scale in UTC, a phone in local time), with the offset, as the list's order
        // is the real one ("08:00 +01:00" before "07:30 +00:00").
        let mixedOffsets = Set(samples.map(\.utcOffsetSeconds)).count > 1
        func time(_ sample: Sample) -> String {
            let local = Int(sample.start.timeIntervalSince1970) + sample.utcOffsetSeconds
            let minutes = ((local % 86_400) + 86_400) % 86_400 / 60
            let clock = String(format: "%02d:%02d", minutes / 60, minutes % 60)
            guard mixedOffsets else { return clock }
            let offset = abs(sample.utcOffsetSeconds) / 60
            return clock
                + String(format: " %@%02d:%02d", sample.utcOffsetSeconds < 0 ? "-" : "+", offset / 60, offset % 60)
        }
        let text = ScreenText(profile: profile)
        var rows: [(text: String, style: Style)] = []
        var items: [JSONValue] = []
        for (index, sample) in samples.enumerated() {
            items.append(
                .object([
                    ("time", .string(time(sample))), ("value", .number(values[index])),
                    ("source", .string(sample.source)),
                    ("source_text", .string(SampleSourceWords.describe(sample))),
                    ("used", .bool(index == usedIndex)),
                ]))
        }
        if samples.count == 1 {
            let sample = samples[0]
            rows.append(
                (
                    "Latest: \(amount(values[0])) at \(time(sample)) on "
                        + "\(PortionText.shortDay(day)), \(SampleSourceWords.describe(sample)).", ScreenText.muted
                ))
        } else {
            rows.append(("Weigh-ins on \(PortionText.shortDay(day)): \(samples.count)", Style(bold: true)))
            let marker = profile.glyphs.isUnicode ? "▸" : ">"
            let shown = values.map(amount)
            let width = shown.map(DisplayWidth.of).max() ?? 0
            for (index, sample) in samples.enumerated() {
                let mark = index == usedIndex ? marker : " "
                let padded = String(repeating: " ", count: width - DisplayWidth.of(shown[index])) + shown[index]
                let line = "  \(mark) \(time(sample))  \(padded)  \(SampleSourceWords.describe(sample))"
                rows.append(
                    (index == usedIndex ? line + "   used" : line, index == usedIndex ? Style(bold: true) : .plain))
            }
            if policy == .mean {
                rows.append(("    mean   \(amount(used))", Style(bold: true)))
            }
            rows.append(("  \(policy.usedSentence).", ScreenText.muted))
        }
        let data: JSONValue = .object([
            ("date", .string(day.description)), ("policy", .string(policy.rawValue)),
            ("used_value", .number(used)), ("unit", .string(unit)),
            ("weigh_ins", .array(items)),
        ])
        return ScreenBlock(kind: .summary, metricID: metric.id, rows: text.rows(rows), data: data)
    }
}
