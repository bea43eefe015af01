import Foundation
import VitalsKit

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
    /// The metadata JSON: these bytes of the batch's `text` (nil: none).
    var metadata: Range<Int>?
    /// The source version and device, as an index into the import's list of pairs (-1: none,
    /// or kept in `metadata`); the first row of a pair carries it as `newOrigin`.
    var origin: Int32 = -1
    var newOrigin: HealthOrigin?
    /// Whether the row may have a twin in the same export: `.inner` for a record inside a
    /// correlation, `.topLevel` for a record of a type that correlations hold (blood pressure,
    /// dietary), `.none` for everything else.
    var twin = HealthTwin.none
}

/// Where a row stands in a correlation, for telling a record and its twin apart (`SampleRowWriter`).
enum HealthTwin: UInt8, Sendable {
    case none, topLevel, inner
}

/// A record's source app version and (compacted) device, stored once in `sample_origin`.
struct HealthOrigin: Sendable, Equatable {
    var sourceVersion: String?
    var device: String?
}

/// Rows handed from the reading thread to the writer at once, with the metadata JSON of all of
/// them in one byte buffer: no allocation per row, and batches come back to the reader to be
/// refilled (`BoundedChannel.giveBack`), so after the first few none at all.
struct HealthRowBatch: Sendable {
    var rows: [HealthSampleRow] = []
    var text: [UInt8] = []

    /// Empties the batch, keeping its storage.
    mutating func removeAll() {
        rows.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }
}
