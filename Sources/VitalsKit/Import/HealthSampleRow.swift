import Foundation

/// One sample ready for the `sample` table: what the mapping thread hands the writer.
struct HealthSampleRow: Sendable {
    /// The HealthKit type it came from, for the per-type counts: an index into the mapper's
    /// `typeNames` (the writer counts by index, without hashing a String per row).
    var type: Int32
    var seriesID: String
    var start: HealthDate
    var end: HealthDate
    var value: Double
    var category: String?
    var tag: String?
    /// `apple-health:<sourceName>`.
    var source: String
    var metadata: String?
    /// The source version and device, as an index into the import's list of pairs (-1: none,
    /// or kept in `metadata`); the first row of a pair carries it as `newOrigin`.
    var origin: Int32 = -1
    var newOrigin: HealthOrigin?
    /// `SampleKey.value` of the row (made on the reading thread, off the writer's path).
    var key: Int64 = 0
}

/// A record's source app version and (compacted) device, stored once in `sample_origin`.
struct HealthOrigin: Sendable, Equatable {
    var sourceVersion: String?
    var device: String?
}
