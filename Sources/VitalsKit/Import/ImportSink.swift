/// One sample as an importer hands it over: its series, its value in the series' base unit,
/// its span in UTC seconds with the offset it was recorded at, and where it came from.
public struct ImportedSample: Sendable, Hashable {
    public var seriesID: String
    /// Seconds since 1970, UTC.
    public var start: Int64
    public var end: Int64
    /// The wall clock it was recorded at, seconds east of UTC (±18 h).
    public var utcOffset: Int
    /// In the series' base unit; for a category sample, its length or count.
    public var value: Double
    public var category: String?
    /// A meal slot or another grouping label.
    public var tag: String?
    /// Who wrote it, as `<importer>:<app or device>` (`health-connect:com.fitbit.FitbitMobile`).
    public var source: String
    public var note: String?
    /// A JSON object with anything else the file said, or nil.
    public var metadata: String?

    public init(
        seriesID: String, start: Int64, end: Int64? = nil, utcOffset: Int, value: Double,
        category: String? = nil, tag: String? = nil, source: String, note: String? = nil, metadata: String? = nil
    ) {
        self.seriesID = seriesID
        self.start = start
        self.end = end ?? start
        self.utcOffset = utcOffset
        self.value = value
        self.category = category
        self.tag = tag
        self.source = source
        self.note = note
        self.metadata = metadata
    }

    /// Why the store would refuse it (its schema's checks), or nil: such a sample is skipped
    /// with this reason instead of rolling the whole import back.
    public var refusal: String? {
        if !value.isFinite { return "value is not a finite number" }
        if end < start { return "ends before it starts" }
        if abs(utcOffset) > 18 * 3600 { return "UTC offset beyond ±18:00" }
        if seriesID.isEmpty { return "no series" }
        return nil
    }
}

/// Where an importer puts what it reads: samples, and the records it leaves out with the
/// reason (`unit mL does not convert to kg`, `not recorded`). Called on one thread.
public protocol ImportSink: AnyObject {
    func add(_ sample: ImportedSample) throws
    /// `count` records left out for `reason`; the receipt groups them by reason.
    func skip(_ reason: String, count: Int)
    /// One more line for the receipt (what the file said besides its samples).
    func note(_ line: String)
    /// The order the file states for the sources of `seriesID` (preferred first: Health
    /// Connect's priority list), which `overlapping_sources: priority` ranks by where the YAML
    /// gives no `source_priority`. Replaces the series' stored order, with the import.
    func rankSources(_ sources: [String], seriesID: String) throws
}

extension ImportSink {
    public func skip(_ reason: String) { skip(reason, count: 1) }
    public func note(_ line: String) {}
    public func rankSources(_ sources: [String], seriesID: String) throws {}
}

/// A sink that keeps everything (tests, and importers' own tests).
public final class CollectingSink: ImportSink {
    public private(set) var samples: [ImportedSample] = []
    public private(set) var skipped: [String: Int] = [:]
    public private(set) var notes: [String] = []
    /// The sources' order stated per series.
    public private(set) var rankings: [String: [String]] = [:]

    public init() {}

    public func note(_ line: String) { notes.append(line) }
    public func rankSources(_ sources: [String], seriesID: String) throws { rankings[seriesID] = sources }

    public func add(_ sample: ImportedSample) throws { samples.append(sample) }
    public func skip(_ reason: String, count: Int) { skipped[reason, default: 0] += count }
}
