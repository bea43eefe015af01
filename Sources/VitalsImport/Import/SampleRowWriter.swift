import Foundation
import GRDB
import VitalsKit
import VitalsSQLite

/// Writes the importer's sample rows through the store's inserter (`SampleInserter` on SQLite,
/// `PostgresSampleInserter` on PostgreSQL), inside the caller's transaction.
///
/// A record inside a correlation and the top-level record it repeats (its twin) are stored
/// once, whichever comes first and whichever carries the meal: twins are matched by their
/// natural key without the tag (`HealthTwin`). The first one seen is stored; a later twin is
/// counted as repeated, except that a twin with a meal replaces a stored twin without one, so
/// the meal is kept. A re-import does the same, so it finds the stored row present.
final class SampleRowWriter {
    private let inserter: any SampleStaging
    private let db: StoreDatabase
    private let subjectID: String

    init(db: StoreDatabase, subjectID: String) throws {
        inserter = try db.makeBulkInserter()
        self.db = db
        self.subjectID = subjectID
    }

    /// How a row was counted: `change` is 1, or -1 when an earlier count is taken back (a
    /// stored twin replaced by one with a meal).
    typealias Counted = (_ row: UnsafePointer<HealthSampleRow>, _ outcome: SampleInserter.Outcome, _ change: Int) ->
        Void

    /// `sample_origin` ids by the reading thread's origin index.
    private var origins: [Int64] = []

    /// The twin stored for a natural key without its tag.
    private struct Twin {
        /// Whether it is the record inside a correlation.
        var inner: Bool
        var tag: String
        /// How its insert was counted; nil while it waits in the inserter's group.
        var outcome: SampleInserter.Outcome?
    }
    /// The twins seen, by the row's key with an empty tag.
    private var twins: [Int64: Twin] = [:]
    /// The twin key of each row in the inserter's current group (nil: not a twin-able row).
    private var groupTwinKeys: [Int64?] = []

    /// What `stage` did with a row.
    private enum Staging {
        case staged
        /// Its twin is stored: counted as repeated, not inserted.
        case twin
    }

    /// Inserts the batch's rows, a group of the inserter's `groupSize` at a time;
    /// `counted` is called for each row (and again for a count taken back).
    func insert(_ batch: HealthRowBatch, counted: Counted) throws {
        // Through buffer pointers, rows are read in place: `rows[index]` would copy each row,
        // retaining and releasing its strings on this thread while the reading thread uses
        // the same (interned) strings, and those reference counts would bounce between cores.
        try batch.text.withUnsafeBufferPointer { text in
            try batch.rows.withUnsafeBufferPointer { rows in
                // The rows of the group being staged, by their index in `rows`.
                var group: [Int] = []
                group.reserveCapacity(inserter.groupSize)
                func flush() throws {
                    try inserter.flush { index, outcome in
                        counted(rows.baseAddress! + group[index], outcome, 1)
                        if let key = groupTwinKeys[index], twins[key]?.outcome == nil { twins[key]?.outcome = outcome }
                    }
                    group.removeAll(keepingCapacity: true)
                    groupTwinKeys.removeAll(keepingCapacity: true)
                }
                for index in rows.indices {
                    switch try stage(rows.baseAddress! + index, text, counted: counted, flushGroup: flush) {
                    case .staged: group.append(index)
                    case .twin: counted(rows.baseAddress! + index, .repeated, 1)
                    }
                    if inserter.isGroupFull { try flush() }
                }
                try flush()
            }
        }
    }

    /// Stages `row`, or passes over it when its twin is stored (see `twins`). A row with a meal
    /// whose stored twin has none takes its place: the group is flushed when that twin is
    /// still in it, the twin's row deleted and its count taken back.
    private func stage(
        _ row: UnsafePointer<HealthSampleRow>, _ text: UnsafeBufferPointer<UInt8>,
        counted: Counted, flushGroup: () throws -> Void
    ) throws -> Staging {
        if let new = row.pointee.newOrigin {
            precondition(Int(row.pointee.origin) == origins.count, "origins arrive in order")
            origins.append(try inserter.origin(sourceVersion: new.sourceVersion, device: new.device))
        }
        let origin = row.pointee.origin
        let start = row.pointee.start.utcSeconds
        let end = row.pointee.end.utcSeconds
        let category = row.pointee.category ?? ""
        let tag = row.pointee.tag ?? ""
        let series = row.pointee.seriesID
        let value = row.pointee.value
        let source = row.pointee.source
        // The key is hashed here rather than on the reading thread, which has more to do.
        let key = SampleKey.value(
            series: series, subject: subjectID, start: start, end: end,
            value: value, category: category, tag: tag, source: source)
        var twinKey: Int64?
        if row.pointee.twin != .none {
            let inner = row.pointee.twin == .inner
            let untagged =
                tag.isEmpty
                ? key
                : SampleKey.value(
                    series: series, subject: subjectID, start: start,
                    end: end, value: value, category: category, tag: "",
                    source: source)
            if let twin = twins[untagged], twin.inner != inner, twin.tag == tag || tag.isEmpty || twin.tag.isEmpty {
                guard !tag.isEmpty, twin.tag.isEmpty else { return .twin }
                // This twin has the meal the stored one lacks: it replaces that one.
                if twin.outcome == nil { try flushGroup() }
                try deleteUntagged(
                    series: series, start: start, end: end, value: value, category: category,
                    source: source, key: untagged)
                if let outcome = twins[untagged]?.outcome { counted(row, outcome, -1) }
                counted(row, .repeated, 1)
                twins[untagged] = Twin(inner: inner, tag: tag, outcome: nil)
                twinKey = untagged
            } else if twins[untagged] == nil {
                twins[untagged] = Twin(inner: inner, tag: tag, outcome: nil)
                twinKey = untagged
            }
        }
        inserter.stage(
            series: series, subject: subjectID, start: start, end: end,
            utcOffset: Int64(row.pointee.start.offsetSeconds), value: value, category: category, tag: tag,
            source: source, note: nil,
            metadataBytes: row.pointee.metadata.map { UnsafeBufferPointer(rebasing: text[$0]) },
            origin: origin >= 0 ? origins[Int(origin)] : nil, key: key)
        groupTwinKeys.append(twinKey)
        return .staged
    }

    /// Deletes the stored row without a tag whose twin (with a meal) replaces it.
    private func deleteUntagged(
        series: String, start: Int64, end: Int64, value: Double, category: String,
        source: String, key: Int64
    ) throws {
        try db.execute(
            sql: """
                DELETE FROM sample WHERE (key_hash = ? OR key_hash IS NULL) AND series = ? AND subject = ?
                    AND start = ? AND "end" = ? AND value = ? AND category = ? AND tag = '' AND source = ?
                """, arguments: [key, series, subjectID, start, end, value, category, source])
    }
}
