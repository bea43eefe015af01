import Foundation

@testable import VitalsKit

/// A straightforward recomputation of what `MetricQuery` answers, written from the
/// definitions with Foundation's calendars and none of the store's code: a sample's day is
/// the calendar date of its start at its own recorded UTC offset, moved back a day when its
/// clock time is before a morning cutoff (04:00) or forward a day when it is at or after an
/// evening one (18:00); weeks are ISO weeks (Monday); months are calendar months; a range
/// covers the buckets whose first day lies in it plus the one holding the as-of day.
struct NaiveMetric {
    struct Entry {
        var start: Date
        var offset: Int
        var value: Double
        var tag: String
        var source = "manual"
        /// `start + offset` as seconds: the local wall-clock time the store orders by.
        var wallClock: Int { Int(start.timeIntervalSince1970) + offset }
    }

    var entries: [Entry]
    var aggregate: Aggregate
    var bucket: Bucket
    var range: TimeRange
    var cutoffMinutes: Int
    var rolling: Int?
    var asOf: DateComponents
    /// The series counts several sources once per hour (`overlapping_sources: hourly_max`).
    var hourlyMax = false

    /// A calendar in UTC: dates here are plain days, never instants.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let iso: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func midnight(_ day: DateComponents) -> Date {
        utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
    }
    static func components(_ date: Date) -> DateComponents { utc.dateComponents([.year, .month, .day], from: date) }
    static func local(_ date: Date) -> LocalDate {
        let c = components(date)
        return LocalDate(year: c.year!, month: c.month!, day: c.day!)
    }
    static func plus(_ date: Date, days: Int) -> Date { utc.date(byAdding: .day, value: days, to: date)! }

    /// The day an entry counts for (midnight UTC of that calendar day).
    func day(_ entry: Entry) -> Date {
        let wall = Date(timeIntervalSince1970: TimeInterval(entry.wallClock))
        let clock = Self.utc.dateComponents([.hour, .minute, .second], from: wall)
        let secondOfDay = clock.hour! * 3600 + clock.minute! * 60 + clock.second!
        let date = Self.utc.startOfDay(for: wall)
        if cutoffMinutes > 0, cutoffMinutes < 720, secondOfDay < cutoffMinutes * 60 { return Self.plus(date, days: -1) }
        if cutoffMinutes >= 720, secondOfDay >= cutoffMinutes * 60 { return Self.plus(date, days: 1) }
        return date
    }

    var asOfDate: Date { Self.midnight(asOf) }

    /// The first day of the bucket holding `date`.
    func bucketStart(_ date: Date, _ kind: Bucket? = nil) -> Date {
        switch kind ?? bucket {
        case .day, .none: return date
        case .week: return Self.iso.dateInterval(of: .weekOfYear, for: date)!.start
        case .month:
            let c = Self.components(date)
            return Self.utc.date(from: DateComponents(year: c.year, month: c.month, day: 1))!
        }
    }

    func nextBucket(_ start: Date) -> Date {
        switch bucket {
        case .day, .none: return Self.plus(start, days: 1)
        case .week: return Self.plus(start, days: 7)
        case .month: return Self.utc.date(byAdding: .month, value: 1, to: start)!
        }
    }

    var earliestDay: Date? { entries.map(day).min() }

    /// The range's first day (nil for all: the earliest sample's).
    var rangeStart: Date? {
        switch range {
        case .days(let n): return Self.plus(asOfDate, days: -(n - 1))
        case .weeks(let n): return Self.plus(asOfDate, days: -(7 * n - 1))
        case .months(let n): return Self.plus(Self.utc.date(byAdding: .month, value: -n, to: asOfDate)!, days: 1)
        case .years(let n): return Self.plus(Self.utc.date(byAdding: .month, value: -12 * n, to: asOfDate)!, days: 1)
        case .all: return nil
        }
    }

    /// The buckets' first days over the range, oldest first.
    var bucketStarts: [Date] {
        var first: Date
        if let start = rangeStart {
            first = bucketStart(start)
            if first < start { first = nextBucket(first) }
        } else {
            guard let earliest = earliestDay, earliest <= asOfDate else { return [] }
            first = bucketStart(earliest)
        }
        return starts(from: first)
    }

    func starts(from first: Date) -> [Date] {
        var result: [Date] = []
        var cursor = first
        while cursor <= asOfDate {
            result.append(cursor)
            cursor = nextBucket(cursor)
        }
        return result
    }

    /// The entries in the bucket starting at `start` whose day is on or before the as-of day:
    /// what is logged after it is never counted, though the as-of week or month runs on.
    func members(_ start: Date, _ kind: Bucket? = nil) -> [Entry] {
        entries.filter { day($0) <= asOfDate && bucketStart(day($0), kind) == start }
    }

    /// The aggregate of some entries (nil when there are none).
    func value(of members: [Entry]) -> Double? {
        guard !members.isEmpty else { return nil }
        let values = members.map(\.value)
        switch aggregate {
        case .sum where hourlyMax:
            // Per real hour, each source's total; the largest one counts.
            var totals: [Int: [String: Double]] = [:]
            for entry in members {
                totals[Self.hour(entry), default: [:]][entry.source, default: 0] += entry.value
            }
            return totals.values.map { $0.values.max()! }.reduce(0, +)
        case .sum: return values.reduce(0, +)
        case .mean: return values.reduce(0, +) / Double(values.count)
        case .min: return values.min()
        case .max: return values.max()
        case .count: return Double(values.count)
        case .first: return members.min(by: Self.earlier)!.value
        case .last: return members.max(by: Self.earlier)!.value
        }
    }

    /// Whether `a` was recorded before `b` in real time; at the same instant the smaller value
    /// first, then by tag and source (the entries here have no end and no category).
    static func earlier(_ a: Entry, _ b: Entry) -> Bool {
        (a.start, a.value, a.tag, a.source) < (b.start, b.value, b.tag, b.source)
    }

    /// The real hour an entry starts in (hours since 1970, UTC): a repeated wall-clock hour
    /// is two hours, two offsets for the same minutes one.
    static func hour(_ entry: Entry) -> Int {
        Int((entry.start.timeIntervalSince1970 / 3600).rounded(.down))
    }

    /// The entries raw readings show: with `hourlyMax` and a sum, only each hour's source
    /// with the largest total (the first by name on a tie); else all.
    var countedEntries: [Entry] {
        guard hourlyMax, aggregate == .sum else { return entries }
        let byHour = Dictionary(grouping: entries, by: Self.hour)
        var winners: [Int: String] = [:]
        for (hour, inHour) in byHour {
            let totals = Dictionary(grouping: inHour, by: \.source).mapValues { $0.map(\.value).reduce(0, +) }
            winners[hour] = totals.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first!.key
        }
        return entries.filter { winners[Self.hour($0)] == $0.source }
    }

    /// (first day, raw value, rolling value) per bucket of the range.
    var buckets: [(start: Date, raw: Double?, value: Double?)] {
        let starts = bucketStarts
        guard let first = starts.first else { return [] }
        var before: [Date] = []
        var cursor = first
        for _ in 0..<max(0, (rolling ?? 1) - 1) {
            switch bucket {
            case .day, .none: cursor = Self.plus(cursor, days: -1)
            case .week: cursor = Self.plus(cursor, days: -7)
            case .month: cursor = Self.utc.date(byAdding: .month, value: -1, to: cursor)!
            }
            before.insert(cursor, at: 0)
        }
        let all = (before + starts).map { value(of: members($0)) }
        return starts.indices.map { index in
            let position = before.count + index
            let raw = all[position]
            guard let window = rolling, raw != nil else { return (starts[index], raw, raw) }
            let present = all[max(0, position - window + 1)...position].compactMap { $0 }
            return (starts[index], raw, present.reduce(0, +) / Double(present.count))
        }
    }

    /// Per bucket, each tag's aggregate ("untagged" for none).
    var split: [(start: Date, values: [String: Double])] {
        bucketStarts.map { start in
            let inBucket = members(start)
            var values: [String: Double] = [:]
            for tag in Set(inBucket.map(\.tag)) {
                values[tag.isEmpty ? "untagged" : tag] = value(of: inBucket.filter { $0.tag == tag })
            }
            return (start, values)
        }
    }

    /// Daily values judged against `target` from the first sample's day (or the as-of day,
    /// whichever is earlier) through the as-of day: nothing logged is 0 for sum and count.
    func judgedDays(_ target: Target) -> [(day: Date, value: Double?, met: Bool)] {
        var daily = self
        daily.bucket = .day
        // Nothing recorded on or before the as-of day: nothing is judged.
        guard let first = earliestDay, first <= asOfDate else { return [] }
        var result: [(Date, Double?, Bool)] = []
        var cursor = first
        while cursor <= asOfDate {
            var value = daily.value(of: daily.members(cursor, .day))
            if value == nil, aggregate == .sum || aggregate == .count { value = 0 }
            result.append((cursor, value, value.map { target.isMet(by: $0) } ?? false))
            cursor = Self.plus(cursor, days: 1)
        }
        return result
    }

    /// Current streak, best streak and (met, counted) over the last 7/30/90 days.
    func streaks(_ target: Target) -> (current: Int, best: Int, windows: [(Int, Int)]) {
        let days = judgedDays(target)
        let todayMet = days.last?.met ?? false
        let lastCounted = todayMet ? asOfDate : Self.plus(asOfDate, days: -1)
        let counted = days.filter { $0.day <= lastCounted }
        var current = 0
        for day in counted.reversed() { if day.met { current += 1 } else { break } }
        var best = 0
        var run = 0
        for day in counted {
            run = day.met ? run + 1 : 0
            best = max(best, run)
        }
        // The last n days end on the as-of day (the days a chart of them shows); an unmet
        // as-of day is not counted yet.
        let windows = [7, 30, 90].map { n -> (Int, Int) in
            let inWindow = counted.filter { $0.day > Self.plus(asOfDate, days: -n) }
            return (inWindow.filter(\.met).count, inWindow.count)
        }
        return (current, best, windows)
    }
}
