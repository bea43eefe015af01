import VitalsKit

/// How much of anything one export may hold before the import refuses it as absurd.
///
/// The import promises memory bounded by these, whatever the input, and time linear in its
/// size: a 40 KB zip can inflate to a record with 300,000 metadata entries, or to a million
/// nested elements, and nothing a phone writes comes near that. Each limit is far above what
/// real exports hold (noted beside it); passing one stops the import with
/// `HealthExportError.limitExceeded`, naming the element and its line.
package struct HealthExportLimits: Sendable, Hashable {
    /// Elements open at once (an export nests 4 deep: HealthData, Workout, WorkoutRoute, FileReference).
    package var depth = 64
    /// Attributes on one tag (a Record has 9, `Me` 6).
    package var attributesPerTag = 64
    /// Bytes in one attribute value, after unescaping (a device description: about 250).
    package var attributeValueLength = 64 << 10
    /// `MetadataEntry` children of one record, correlation or workout (real ones: a dozen).
    package var metadataEntriesPerElement = 1_000
    /// Other children of one element: beats of a heart-rate-variability record (about a
    /// hundred), records of a correlation, statistics, events and routes of a workout.
    package var childrenPerElement = 10_000
    /// Distinct record types in one export (HealthKit has about 200).
    package var distinctTypes = 10_000
    /// Distinct names of elements Vitals does not import that are counted by name; further
    /// names are counted together.
    package var namedUnsupportedElements = 100

    package init() {}

    /// The limits every import uses.
    package static let standard = HealthExportLimits()
}
