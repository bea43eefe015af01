/// A hypnogram: one lane per stage (Awake, REM, Core, Deep, and plain Asleep on nights that
/// have it) across the night, with minutes and share per stage.
///
/// The night is laid out by elapsed time, so a daylight-saving night is as wide as it was
/// long (25 or 23 hours of clock), and labelled with the clock times read at each moment
/// (`SleepSegment.clockShiftMinutes`): a fall-back night shows 02:00 twice, a spring-forward
/// night jumps from 02:00 to 03:00 with no empty hour. A cell is filled when its stage covers
/// at least half of the cell's minutes and shaded when it covers less, so short wake-ups
/// stay visible. Shares add up to 100 %; "in bed" counts every segment (`SleepSummary`).
public struct SleepStagesChart: ChartKind {
    public static let id = "sleep_stages_horizontal"
    public static let summary = "A hypnogram of the latest night: one lane per sleep stage, with minutes and share."
    public static let data = ChartData.sleepNight
    public init() {}

    static let stageColors: [SleepStage: String] = [
        .awake: "#F28B30", .rem: "#5BC0EB", .core: "#3A7BD5", .deep: "#4B3F9E", .asleep: "#7F8FA6",
    ]

    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        let context = ChartContext(input, profile)
        let segments = input.sleep.filter { $0.minutes > 0 }.sorted { $0.startMinute < $1.startMinute }
        guard let first = segments.first, let last = segments.max(by: { $0.endMinute < $1.endMinute }),
            last.endMinute > first.startMinute
        else {
            return context.emptyState("No sleep recorded")
        }
        let (start, end) = (first.startMinute, last.endMinute)
        /// The clock reading (minutes after the evening's midnight) at an elapsed minute.
        func clock(at minute: Int) -> Int {
            minute + (segments.last { $0.startMinute <= minute } ?? first).clockShiftMinutes
        }
        let summary = SleepSummary(segments)
        var canvas = context.newCanvas()
        context.addHeader(
            to: &canvas,
            right: "\(Self.clock(clock(at: start)))\(context.glyphs.rangeDash)"
                + "\(Self.clock(end + last.clockShiftMinutes))")
        let stages = SleepStage.lanes.filter { $0 != .asleep || (summary.minutesByStage[$0] ?? 0) > 0 }
        let minuteTexts = stages.map { "\(summary.minutesByStage[$0] ?? 0) min" }
        let minuteWidth = minuteTexts.map { DisplayWidth.of($0) }.max() ?? 0
        let rights = stages.indices.map { index in
            DisplayWidth.pad(minuteTexts[index], to: minuteWidth, alignment: .right) + " "
                + DisplayWidth.pad("\(summary.percent(stages[index])) %", to: 5, alignment: .right)
        }
        let rightWidth = rights.map { DisplayWidth.of($0) }.max() ?? 0
        let rightPadded = rights.map { DisplayWidth.pad($0, to: rightWidth, alignment: .right) }
        let labelWidth = stages.map { DisplayWidth.of($0.laneLabel) }.max() ?? 5
        let laneLeft = labelWidth + 2
        let laneWidth = max(1, context.width - laneLeft - rightWidth - 2)
        let minutesPerCell = Double(end - start) / Double(laneWidth)

        for (stageIndex, stage) in stages.enumerated() {
            let row = canvas.addRow()
            canvas.write(stage.laneLabel, row: row, column: 0, style: context.muted)
            canvas.write(context.glyphs.axisVertical, row: row, column: laneLeft - 1, style: context.muted)
            let color =
                input.color == nil
                ? Style(hex: Self.stageColors[stage])
                : Style(
                    foreground: stage == .awake
                        ? RGB(hex: "#F28B30")
                        : context.accentColor.mixed(
                            with: stageIndex == 1 || stage == .asleep ? .white : .black,
                            amount: stageIndex == 2 ? 0 : 0.35))
            let lane = segments.filter { $0.stage == stage }
            for column in 0..<laneWidth {
                let cellStart = Double(start) + Double(column) * minutesPerCell
                let cellEnd = cellStart + minutesPerCell
                let covered = lane.reduce(0.0) { total, segment in
                    total
                        + max(0, min(cellEnd, Double(segment.endMinute)) - max(cellStart, Double(segment.startMinute)))
                }
                guard covered > 1e-9 else { continue }
                let glyph = covered >= minutesPerCell / 2 ? context.glyphs.shades[3] : context.glyphs.shades[1]
                canvas.write(glyph, row: row, column: laneLeft + column, style: color)
            }
            canvas.write(context.glyphs.axisVertical, row: row, column: laneLeft + laneWidth, style: context.muted)
            canvas.writeRightAligned(rightPadded[stageIndex], row: row, end: context.width)
        }

        // Clock axis: full hours, as many labels as fit.
        let axis = canvas.addRow()
        canvas.write(context.glyphs.axisCorner, row: axis, column: laneLeft - 1, style: context.muted)
        canvas.write(
            String(repeating: context.glyphs.axisHorizontal, count: laneWidth),
            row: axis, column: laneLeft, style: context.muted)
        let cellsPerHour = 60 / minutesPerCell
        let hourStep = [1, 2, 3, 4, 6, 12].first { Double($0) * cellsPerHour >= 6 } ?? 12
        var labels: [(center: Int, text: String)] = []
        // A night is at most a few days long; anything longer gets no hour labels.
        for minute in start...(end - start <= 20_160 ? end : start) {
            let reading = clock(at: minute)
            guard reading % 60 == 0, (reading / 60) % hourStep == 0 else { continue }
            let column = laneLeft + Int((Double(minute - start) / minutesPerCell).rounded())
            labels.append((min(column, laneLeft + laneWidth - 1), Self.clock(reading)))
        }
        let labelRow = canvas.addRow()
        for index in context.placeLabels(labels, on: &canvas, row: labelRow, from: 0, to: context.width) {
            canvas.write(context.glyphs.axisTickX, row: axis, column: labels[index].center, style: context.muted)
        }

        var parts = ["asleep \(Self.duration(summary.asleepMinutes))", "in bed \(Self.duration(summary.inBedMinutes))"]
        if let target = input.target {
            let asleep = Double(summary.asleepMinutes) / (context.unit == "h" ? 60 : 1)
            parts.append(
                target.isMet(by: asleep)
                    ? "\(context.glyphs.check) \(context.targetText() ?? "")"
                    : "\(context.glyphs.cross) \(context.targetText() ?? "")")
        }
        context.addText(parts.joined(separator: " \(context.glyphs.separator) "), to: &canvas, style: context.muted)
        return canvas
    }

    /// `HH:mm` for minutes after the evening's midnight.
    static func clock(_ minute: Int) -> String {
        let m = ((minute % 1440) + 1440) % 1440
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(m / 60)):\(two(m % 60))"
    }

    /// "7 h 05", "45 min".
    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }
}

extension SleepStagesChart {
    /// The night's span beside the title: its first segment's start to its last one's end.
    public func headline(_ input: ChartInput) -> String? {
        guard let first = input.sleep.map(\.startMinute).min(), let last = input.sleep.map(\.endMinute).max(),
            let firstSegment = input.sleep.first(where: { $0.startMinute == first }),
            let lastSegment = input.sleep.last(where: { $0.endMinute == last })
        else { return nil }
        return Self.clock(first + firstSegment.clockShiftMinutes) + "–"
            + Self.clock(last + lastSegment.clockShiftMinutes)
    }

    /// Time asleep and in bed over the night's segments.
    public func caption(_ input: ChartInput) -> String? {
        guard !input.sleep.isEmpty else { return nil }
        let summary = SleepSummary(input.sleep.filter { $0.minutes > 0 })
        return Words.text(
            "chart.sleep_summary",
            [
                "asleep": Self.duration(summary.asleepMinutes),
                "in_bed": Self.duration(summary.inBedMinutes),
            ])
    }
}
