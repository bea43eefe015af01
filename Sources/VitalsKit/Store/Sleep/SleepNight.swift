/// One night's sleep with overlapping recordings merged so that no minute counts twice.
///
/// Several sources often record the same night (a watch with stages, a phone app with
/// "in bed" or plain "asleep"). Every sleep number Vitals shows comes from merged nights:
/// the hypnogram, nightly totals, stage splits, calendars and streaks.
///
/// Precedence, for each moment covered by more than one recording: staged data (awake,
/// core, deep, REM) wins over plain asleep (`asleep_unspecified`), which wins over `in_bed`;
/// between two recordings of the same kind, the source with the most staged time that night
/// wins, then the source name, then the earlier start, the earlier end and the category
/// name (so the result never depends on the order samples were read in). Adjacent pieces of
/// the same category and source are joined.
///
/// Minutes: a piece from instant `a` to `b` (seconds since 1970) covers the whole UTC
/// minutes `⌊b/60⌋ − ⌊a/60⌋`, so adjacent pieces add up exactly and stage minutes always sum
/// to the night's total. Asleep is core + deep + REM + plain asleep; time in bed is every
/// merged minute (in bed, awake, asleep). A night holding nothing but `in_bed` counts its
/// time in bed (`onlyInBed`). Each piece keeps the UTC offset its sample was recorded at,
/// for clock times.
public struct SleepNight: Sendable, Hashable {
    /// A recorded interval of one category from one source.
    public struct Interval: Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var utcOffsetSeconds: Int
        public var category: String
        public var source: String

        public init(start: Int64, end: Int64, utcOffsetSeconds: Int = 0, category: String, source: String) {
            self.start = start
            self.end = end
            self.utcOffsetSeconds = utcOffsetSeconds
            self.category = category
            self.source = source
        }
    }

    /// A stretch of the merged night in one category.
    public struct Piece: Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var utcOffsetSeconds: Int
        public var category: String
        public var source: String

        /// Whole UTC minutes covered (see the type's summary).
        public var minutes: Int { Int(SleepNight.minute(end) - SleepNight.minute(start)) }
    }

    /// The categories that count as asleep.
    public static let asleepCategories: Set<String> = ["asleep_unspecified", "core", "deep", "rem"]
    /// The categories of staged data (a watch's hypnogram).
    public static let stagedCategories: Set<String> = ["awake", "core", "deep", "rem"]
    /// Every sleep analysis category, in the order Apple Health numbers them.
    public static let categories = ["in_bed", "asleep_unspecified", "awake", "core", "deep", "rem"]
    public static let knownCategories = Set(categories)

    /// The day the night ends on.
    public var date: LocalDate
    /// The merged night in time order, without overlaps.
    public var pieces: [Piece]

    /// Merges `intervals`, all counted for this night (unknown categories and empty
    /// intervals are left out). `nights(from:dayShiftSeconds:)` first cuts a series of
    /// recordings into nights.
    public init(date: LocalDate, intervals: [Interval]) {
        self.date = date
        let usable = intervals.filter { $0.end > $0.start && Self.knownCategories.contains($0.category) }
        var stagedBySource: [String: Int64] = [:]
        for interval in usable where Self.stagedCategories.contains(interval.category) {
            stagedBySource[interval.source, default: 0] += interval.end - interval.start
        }
        let ranked = usable.sorted { a, b in
            Self.outranks(a, b, staged: (stagedBySource[a.source] ?? 0, stagedBySource[b.source] ?? 0))
        }
        let bounds = Set(usable.flatMap { [$0.start, $0.end] }).sorted()
        var pieces: [Piece] = []
        for (from, to) in zip(bounds, bounds.dropFirst()) {
            guard let best = ranked.first(where: { $0.start <= from && $0.end >= to }) else { continue }
            if var last = pieces.last, last.end == from, last.category == best.category, last.source == best.source {
                last.end = to
                pieces[pieces.count - 1] = last
            } else {
                pieces.append(
                    Piece(
                        start: from, end: to, utcOffsetSeconds: best.utcOffsetSeconds,
                        category: best.category, source: best.source))
            }
        }
        self.pieces = pieces
    }

    /// Whether `a` wins over `b` where both recorded (`staged`: their sources' staged seconds).
    static func outranks(_ a: Interval, _ b: Interval, staged: (Int64, Int64)) -> Bool {
        let (rankA, rankB) = (rank(a.category), rank(b.category))
        if rankA != rankB { return rankA > rankB }
        if staged.0 != staged.1 { return staged.0 > staged.1 }
        if a.source != b.source { return a.source < b.source }
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        return a.category < b.category
    }

    /// 2 for staged data, 1 for plain asleep, 0 for in bed.
    public static func rank(_ category: String) -> Int {
        stagedCategories.contains(category) ? 2 : category == "asleep_unspecified" ? 1 : 0
    }

    /// The UTC minute an instant falls in (rounded down, also before 1970).
    static func minute(_ instant: Int64) -> Int64 {
        instant >= 0 ? instant / 60 : -((-instant + 59) / 60)
    }

    // MARK: Totals

    /// Whole minutes in `categories`.
    public func minutes(in categories: Set<String>) -> Int {
        pieces.filter { categories.contains($0.category) }.reduce(0) { $0 + $1.minutes }
    }

    public func minutes(_ category: String) -> Int { minutes(in: [category]) }

    /// Core + deep + REM + plain asleep.
    public var asleepMinutes: Int { minutes(in: Self.asleepCategories) }
    /// Time in bed: every merged minute, whether in bed, awake or asleep.
    public var inBedMinutes: Int { minutes(in: Self.knownCategories) }
    public var hasStages: Bool { pieces.contains { ["core", "deep", "rem"].contains($0.category) } }
    /// Nothing but `in_bed`: the night's total is time in bed.
    public var onlyInBed: Bool { !pieces.isEmpty && pieces.allSatisfy { $0.category == "in_bed" } }
    /// The minutes this night counts: asleep, or time in bed for an in-bed-only night.
    public var totalMinutes: Int { onlyInBed ? inBedMinutes : asleepMinutes }
    /// The sources that contributed a piece, by name.
    public var sources: [String] { Set(pieces.map(\.source)).sorted() }

    // MARK: Clock times

    /// Going to bed: the start of the first piece (in bed, awake or asleep), in minutes
    /// after midnight of the evening before `date` (23:10 is 1390, 00:20 is 1460).
    public var bedtimeMinute: Int? { pieces.first.map { minute($0.start, offset: $0.utcOffsetSeconds) } }

    /// Waking up: the end of the last asleep piece (the last piece for an in-bed-only
    /// night), in minutes after midnight of the evening before `date` (07:05 is 1865).
    public var wakeMinute: Int? {
        let asleep = pieces.last { Self.asleepCategories.contains($0.category) } ?? (onlyInBed ? pieces.last : nil)
        return asleep.map { minute($0.end, offset: $0.utcOffsetSeconds) }
    }

    /// Clock minutes after midnight of the evening's date for an instant at a UTC offset.
    func minute(_ instant: Int64, offset: Int) -> Int {
        Int(Self.minute(instant + Int64(offset)) - Int64(date.adding(days: -1).dayNumber) * 1440)
    }

    /// The hypnogram: one segment per piece, laid out by elapsed time. Minute 0 is midnight
    /// before the night at the first piece's UTC offset, so on a night without a clock change
    /// the minutes are the clock's; a piece recorded at another offset (after a daylight
    /// saving change) keeps its elapsed place and carries the difference for its labels.
    ///
    /// A recording keeps the offset of its start, so the change happened somewhere in the
    /// piece before the first one at the new offset; clocks change on a whole UTC hour, so the
    /// latest whole hour in that piece is taken as the moment (the piece is split there).
    public var segments: [SleepSegment] {
        guard let first = pieces.first else { return [] }
        let origin = Self.minute(Int64(date.adding(days: -1).dayNumber) * 86_400 - Int64(first.utcOffsetSeconds))
        var segments: [SleepSegment] = []
        for piece in pieces {
            guard let stage = SleepStage(category: piece.category) else { continue }
            let segment = SleepSegment(
                stage: stage, startMinute: Int(Self.minute(piece.start) - origin),
                endMinute: Int(Self.minute(piece.end) - origin),
                clockShiftMinutes: (piece.utcOffsetSeconds - first.utcOffsetSeconds) / 60)
            if var previous = segments.last, previous.clockShiftMinutes != segment.clockShiftMinutes {
                // The latest whole UTC hour after the previous piece's start, up to this one's.
                let hour = Int(Self.floorDivision(origin + Int64(segment.startMinute), 60) * 60 - origin)
                if hour > previous.startMinute, hour < previous.endMinute {
                    var after = previous
                    after.startMinute = hour
                    after.clockShiftMinutes = segment.clockShiftMinutes
                    previous.endMinute = hour
                    segments[segments.count - 1] = previous
                    segments.append(after)
                }
            }
            segments.append(segment)
        }
        return segments
    }
}
