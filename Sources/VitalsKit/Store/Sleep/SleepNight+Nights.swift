extension SleepNight {
    /// Cuts a series of recordings into nights and merges each night, so that every moment
    /// is counted at most once across all nights.
    ///
    /// A night is the local day it ends on after the day cutoff (`dayShiftSeconds`, as
    /// `MetricQuery` shifts local time before taking the date: 6 h for an 18:00 cutoff). A
    /// recording that crosses the cutoff is split there, each part counting for its own
    /// night, at the recording's own UTC offset. When recordings at different offsets make
    /// two nights claim the same moment (only possible within the offsets' difference of the
    /// cutoff), the earlier night keeps it. Nights come back oldest first, empty ones left out.
    public static func nights(from intervals: [Interval], dayShiftSeconds: Int) -> [SleepNight] {
        let shift = Int64(dayShiftSeconds)
        var parts: [Int: [Interval]] = [:]
        for interval in intervals where interval.end > interval.start && knownCategories.contains(interval.category) {
            let offset = Int64(interval.utcOffsetSeconds)
            var start = interval.start
            while start < interval.end {
                let day = floorDivision(start + offset + shift, 86_400)
                let boundary = (day + 1) * 86_400 - offset - shift
                var part = interval
                part.start = start
                part.end = min(interval.end, boundary)
                parts[Int(day), default: []].append(part)
                start = part.end
            }
        }
        var nights: [SleepNight] = []
        var claimed: [(day: Int, spans: [(start: Int64, end: Int64)])] = []
        for (day, intervals) in parts.sorted(by: { $0.key < $1.key }) {
            var night = SleepNight(date: LocalDate(dayNumber: day), intervals: intervals)
            // Offsets differ by at most 26 hours, so only the last few nights can overlap.
            let earlier = claimed.filter { $0.day >= day - 3 }.flatMap(\.spans)
            if !earlier.isEmpty { night.pieces = subtract(earlier, from: night.pieces) }
            claimed.append((day, night.pieces.map { ($0.start, $0.end) }))
            if claimed.count > 8 { claimed.removeFirst() }
            if !night.pieces.isEmpty { nights.append(night) }
        }
        return nights
    }

    /// `pieces` without the moments in `spans`.
    static func subtract(_ spans: [(start: Int64, end: Int64)], from pieces: [Piece]) -> [Piece] {
        var result: [Piece] = []
        for piece in pieces {
            var remaining = [piece]
            for span in spans where span.end > piece.start && span.start < piece.end {
                remaining = remaining.flatMap { part -> [Piece] in
                    guard span.end > part.start, span.start < part.end else { return [part] }
                    var kept: [Piece] = []
                    if part.start < span.start {
                        var left = part
                        left.end = span.start
                        kept.append(left)
                    }
                    if part.end > span.end {
                        var right = part
                        right.start = span.end
                        kept.append(right)
                    }
                    return kept
                }
            }
            result += remaining
        }
        return result
    }

    /// ⌊a / b⌋ for a positive `b`.
    static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
