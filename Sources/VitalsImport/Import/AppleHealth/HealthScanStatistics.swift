import VitalsKit

/// What reading an export found, besides the elements delivered: counts and the quirks met.
package struct HealthScanStatistics: Sendable, Hashable {
    /// Top-level records delivered, in total and per HealthKit type.
    package var records = 0
    package var recordsByType: [String: Int] = [:]
    package var correlations = 0
    /// Records inside correlations: they repeat top-level records and are counted once.
    package var correlationChildRecords = 0
    package var workouts = 0
    package var activitySummaries = 0
    package var sawProfile = false
    /// Elements left out, per reason (`Record: missing attribute startDate`).
    package var skipped: [String: Int] = [:]
    /// Top-level elements Vitals does not import (`ClinicalRecord`, `Audiogram` …), per name.
    package var unsupportedElements: [String: Int] = [:]
    /// Elements whose metadata has keys that differ only in case (both are kept).
    package var metadataCaseCollisions = 0
    /// A few such key pairs, for the summary (`meal / Meal`).
    package var metadataCaseCollisionExamples: [String] = []
    /// Distinct values holding raw control characters such as U+000B (kept as they are).
    package var valuesWithControlCharacters = 0
    /// Distinct UTC offsets seen in start dates (more than one: daylight saving or travel).
    package var offsetsSeen: Set<Int32> = []
    /// Whether the DOCTYPE was broken and the scanner recovered at the first element.
    package var recoveredBrokenDTD = false
    /// `ExportDate` and the `HealthData` locale, when present.
    package var exportDate: HealthDate?
    package var locale: String?
    /// Bytes of XML read.
    package var bytesRead: Int64 = 0

    package init() {}

    /// Total elements skipped.
    package var skippedCount: Int { skipped.values.reduce(0, +) }
}
