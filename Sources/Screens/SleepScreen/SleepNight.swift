import VitalsKit

/// One night's sleep with overlapping recordings merged so that no minute counts twice.
///
/// Several sources often record the same night (a watch with stages, a phone app with
/// "in bed" or plain "asleep"). Each moment of the night is given to one interval: staged
/// data (awake, core, deep, REM) wins over plain asleep (`asleep_unspecified`), which wins
/// over `in_bed`; between two sources of the same kind the one with the most staged time
/// that night wins (then the name, for a stable result). Adjacent pieces of the same
/// category are joined.
///
/// Totals: asleep is core + deep + REM + plain asleep; when a night holds nothing but
/// `in_bed`, its total is time in bed (`onlyInBed`). Times are seconds since 1970 (UTC);
/// each piece keeps the UTC offset its sample was recorded at, for clock times.
public struct SleepNight: Sendable, Hashable {
    /// A recorded interval of one category from one source.
    public struct Interval: Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var utcOffsetSeconds: Int
        public var category: String
        public var source: String

        public init(start: Int64, end: Int64, utcOffsetSeconds: Int = 0, category: String, source: String) {
            self.start = start; self.end = end; self.utcOffsetSeconds = utcOffsetSeconds
            self.category = category; self.source = source
        }
    }

    /// A stretch of the merged night in one category.
    public struct Piece: Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var utcOffsetSeconds: Int
        public var category: String
        public var source: String

        public var seconds: Int64 { end - start }
    }

    /// The categories that count as asleep.
    public static let asleepCategories: Set<String> = ["asleep_unspecified", "core", "deep", "rem"]
    /// The categories of staged data (a watch's hypnogram).
    public static let stagedCategories: Set<String> = ["awake", "core", "deep", "rem"]
    static let knownCategories: Set<String> = stagedCategories.union(["asleep_unspecified", "in_bed"])

    /// The day the night ends on.
    public var date: LocalDate
    /// The merged night in time order, without overlaps.
    public var pieces: [Piece]

    /// Merges `intervals` (unknown categories and empty intervals are left out).
    public init(date: LocalDate, intervals: [Interval]) {
        self.date = date
        let usable = intervals.filter { $0.end > $0.start && Self.knownCategories.contains($0.category) }
        var stagedBySource: [String: Int64] = [:]
        for interval in usable where Self.stagedCategories.contains(interval.category) {
            stagedBySource[interval.source, default: 0] += interval.end - interval.start
        }
        func outranks(_ a: Interval, _ b: Interval) -> Bool {
            let (rankA, rankB) = (Self.rank(a.category), Self.rank(b.category))
            if rankA != rankB { return rankA > rankB }
            let (stagedA, stagedB) = (stagedBySource[a.source] ?? 0, stagedBySource[b.source] ?? 0)
            if stagedA != stagedB { return stagedA > stagedB }
            if a.source != b.source { return a.source < b.source }
            return a.start < b.start
        }
        let bounds = Set(usable.flatMap { [$0.start, $0.end] }).sorted()
        var pieces: [Piece] = []
        for (from, to) in zip(bounds, bounds.dropFirst()) {
            let covering = usable.filter { $0.start <= from && $0.end >= to }
            guard let best = covering.min(by: outranks) else { continue }
            if var last = pieces.last, last.end == from, last.category == best.category, last.source == best.source {
                last.end = to
                pieces[pieces.count - 1] = last
            } else {
                pieces.append(Piece(start: from, end: to, utcOffsetSeconds: best.utcOffsetSeconds,
                                    category: best.category, source: best.source))
            }
        }
        self.pieces = pieces
    }

    /// 2 for staged data, 1 for plain asleep, 0 for in bed.
    static func rank(_ category: String) -> Int {
        stagedCategories.contains(category) ? 2 : category == "asleep_unspecified" ? 1 : 0
    }

    // MARK: Totals

    /// Whole minutes (rounded) in `categories`.
    public func minutes(in categories: Set<String>) -> Int {
        let seconds = pieces.filter { categories.contains($0.category) }.reduce(Int64(0)) { $0 + $1.seconds }
        return Int((Double(seconds) / 60).rounded())
    }

    public func minutes(_ category: String) -> Int { minutes(in: [category]) }

    /// Core + deep + REM + plain asleep.
    public var asleepMinutes: Int { minutes(in: Self.asleepCategories) }
    /// Everything recorded: in bed, awake and asleep.
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

    /// Minutes after midnight of the evening's date for an instant at a UTC offset.
    func minute(_ instant: Int64, offset: Int) -> Int {
        let eveningMidnight = Int64(date.adding(days: -1).dayNumber) * 86_400
        return Int(((Double(instant + Int64(offset) - eveningMidnight)) / 60).rounded(.down))
    }

    /// The hypnogram segments: staged pieces in their lane, plain asleep in the Core lane,
    /// in bed left out.
    public var segments: [SleepSegment] {
        pieces.compactMap { piece in
            let stage: SleepStage
            switch piece.category {
            case "awake": stage = .awake
            case "rem": stage = .rem
            case "deep": stage = .deep
            case "core", "asleep_unspecified": stage = .core
            default: return nil
            }
            return SleepSegment(stage: stage, startMinute: minute(piece.start, offset: piece.utcOffsetSeconds),
                                endMinute: minute(piece.end, offset: piece.utcOffsetSeconds))
        }
    }
}
