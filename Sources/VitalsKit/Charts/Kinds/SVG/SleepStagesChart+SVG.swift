extension SleepStagesChart {
    /// The hypnogram: one lane per stage, a bar for each stretch, the clock under it.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? {
        let chart = SVGChart(input, size)
        let segments = input.sleep.filter { $0.endMinute > $0.startMinute }
        guard let start = segments.map(\.startMinute).min(), let end = segments.map(\.endMinute).max() else {
            return chart.empty()
        }
        let lanes = SleepStage.lanes.filter { lane in lane != .asleep || segments.contains { $0.stage == .asleep } }
        let laneHeight = 26.0
        let left = 70.0
        let right = size.width - 12
        let top = 8.0
        let height = top + Double(lanes.count) * laneHeight + 48
        var svg = chart.newDrawing(height: height)
        func x(_ minute: Int) -> Double { left + Double(minute - start) / Double(max(1, end - start)) * (right - left) }
        let colors: [SleepStage: String] = [
            .awake: "#F5A623", .rem: "#50B4E3", .core: "#4A90D9", .deep: "#2C4F9E",
            .asleep: "#7B8FB8", .inBed: SVGColors.noData,
        ]
        for (index, lane) in lanes.enumerated() {
            let y = top + Double(index) * laneHeight
            svg.text(lane.laneLabel, x: left - 8, y: y + laneHeight / 2 + 4, anchor: .end, size: 11)
            svg.line(x1: left, y1: y + laneHeight, x2: right, y2: y + laneHeight, stroke: "#EEEEEE")
            for segment in segments where segment.stage == lane {
                svg.rect(
                    x: x(segment.startMinute), y: y + 4, width: x(segment.endMinute) - x(segment.startMinute),
                    height: laneHeight - 8, fill: colors[lane] ?? chart.accent,
                    title:
                        "\(lane.label) \(Self.clock(segment.startMinute + segment.clockShiftMinutes))–\(Self.clock(segment.endMinute + segment.clockShiftMinutes)), \(segment.endMinute - segment.startMinute) min"
                )
            }
        }
        let bottom = top + Double(lanes.count) * laneHeight
        var hour = (start + 59) / 60 * 60
        let every = (end - start) > 8 * 60 ? 120 : 60
        while hour <= end {
            if hour % every == 0 {
                svg.text(Self.clock(hour), x: x(hour), y: bottom + 14, anchor: .middle, size: 10, fill: "#666666")
                svg.line(x1: x(hour), y1: top, x2: x(hour), y2: bottom, stroke: "#F0F0F0")
            }
            hour += 60
        }
        let summary = SleepSummary(segments)
        svg.legend(
            lanes.map { lane in
                LegendEntry(
                    name: "\(lane.label) \(summary.minutesByStage[lane] ?? 0) min (\(summary.percent(lane)) %)",
                    color: colors[lane] ?? chart.accent)
            }, y: bottom + 36)
        return svg.svg(label: chart.label)
    }

}
