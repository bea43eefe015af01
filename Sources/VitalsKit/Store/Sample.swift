import Foundation

/// One measurement or event: a value in its series' base unit (or a category), over a time span.
///
/// Times are stored as whole seconds since 1970 (UTC); `utcOffsetSeconds` remembers the wall
/// clock it was recorded at, so its local day never depends on the machine reading it.
/// Two samples with the same natural key (series, subject, start, end, value, category, tag,
/// source) are the same sample: inserting one again changes nothing.
public struct Sample: Sendable, Hashable {
    public var seriesID: String
    public var subjectID: String
    public var start: Date
    public var end: Date
    public var utcOffsetSeconds: Int
    /// The value in the series' base unit; for a category sample, its length or count.
    public var value: Double
    public var category: String?
    /// A meal slot (`breakfast`, `lunch`, `dinner`, `snack`) or another grouping label.
    public var tag: String?
    /// Where it came from: `manual`, `csv`, `demo`, `apple-health` …
    public var source: String
    public var note: String?
    /// A JSON object with anything else the source knew, or nil.
    public var metadata: String?

    public init(
        seriesID: String, subjectID: String = "me", start: Date, end: Date? = nil,
        utcOffsetSeconds: Int, value: Double, category: String? = nil, tag: String? = nil,
        source: String = "manual", note: String? = nil, metadata: String? = nil
    ) {
        self.seriesID = seriesID
        self.subjectID = subjectID
        self.start = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down))
        self.end = Date(timeIntervalSince1970: (end ?? start).timeIntervalSince1970.rounded(.down))
        self.utcOffsetSeconds = utcOffsetSeconds
        self.value = value
        self.category = category
        self.tag = tag
        self.source = source
        self.note = note
        self.metadata = metadata
    }

    /// The local date of the start, at the recorded offset, with no day cutoff.
    public var localDate: LocalDate { LocalDate(start, utcOffsetSeconds: utcOffsetSeconds) }
}

/// A milestone (vaccination, deworming …) marked done for a subject on a date.
public struct MilestoneRecord: Sendable, Hashable {
    public var subjectID: String
    public var milestoneID: String
    public var doneOn: LocalDate
    public var note: String?

    public init(subjectID: String, milestoneID: String, doneOn: LocalDate, note: String? = nil) {
        self.subjectID = subjectID
        self.milestoneID = milestoneID
        self.doneOn = doneOn
        self.note = note
    }
}
