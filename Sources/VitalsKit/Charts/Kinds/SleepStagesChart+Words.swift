import Foundation

extension SleepStagesChart {
    /// The night's span beside the title: its first segment's start to its last one's end.
    public func headline(_ input: ChartInput) -> String? {
        guard let first = input.sleep.map(\.startMinute).min(), let last = input.sleep.map(\.endMinute).max(),
              let firstSegment = input.sleep.first(where: { $0.startMinute == first }),
              let lastSegment = input.sleep.last(where: { $0.endMinute == last }) else { return nil }
        return Self.clock(first + firstSegment.clockShiftMinutes) + "–" + Self.clock(last + lastSegment.clockShiftMinutes)
    }

    /// Time asleep and in bed over the night's segments.
    public func caption(_ input: ChartInput) -> String? {
        guard !input.sleep.isEmpty else { return nil }
        let summary = SleepSummary(input.sleep.filter { $0.minutes > 0 })
        return Words.text("chart.sleep_summary", ["asleep": Self.duration(summary.asleepMinutes),
                                                  "in_bed": Self.duration(summary.inBedMinutes)])
    }
}
