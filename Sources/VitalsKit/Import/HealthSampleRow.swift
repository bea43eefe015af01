import Foundation

/// One sample ready for the `sample` table: what the mapping thread hands the writer.
struct HealthSampleRow: Sendable {
    /// The HealthKit type it came from, for the per-type counts.
    var type: String
    var seriesID: String
    var start: HealthDate
    var end: HealthDate
    var value: Double
    var category: String?
    var tag: String?
    /// `apple-health:<sourceName>`.
    var source: String
    var metadata: String?
    /// `SampleKey.value` of the row (made on the reading thread, off the writer's path).
    var key: Int64 = 0
}
