/// What reading an export found, besides the elements delivered: counts and the quirks met.
public struct HealthScanStatistics: Sendable, Hashable {
    /// Top-level records delivered, in total and per HealthKit type.
    public var records = 0
    public var recordsByType: [String: Int] = [:]
    public var correlations = 0
    /// Records inside correlations: they repeat top-level records and are counted once.
    public var correlationChildRecords = 0
    public var workouts = 0
    public var activitySummaries = 0
    public var sawProfile = false
    /// Elements left out, per reason (`Record: missing attribute startDate`).
    public var skipped: [String: Int] = [:]
    /// Top-level elements Vitals does not import (`ClinicalRecord`, `Audiogram` …), per name.
    public var unsupportedElements: [String: Int] = [:]
    /// Elements whose metadata has keys that differ only in case (both are kept).
    public var metadataCaseCollisions = 0
    /// A few such key pairs, for the summary (`meal / Meal`).
    public var metadataCaseCollisionExamples: [String] = []
    /// Distinct values holding raw control characters such as U+000B (kept as they are).
    public var valuesWithControlCharacters = 0
    /// Distinct UTC offsets seen in start dates (more than one: daylight saving or travel).
    public var offsetsSeen: Set<Int32> = []
    /// Whether the DOCTYPE was broken and the scanner recovered at the first element.
    public var recoveredBrokenDTD = false
    /// `ExportDate` and the `HealthData` locale, when present.
    public var exportDate: HealthDate?
    public var locale: String?
    /// Bytes of XML read.
    public var bytesRead: Int64 = 0

    public init() {}

    /// Total elements skipped.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
