import Foundation
import GRDB

/// Writes the importer's sample rows through the store's inserter (`SampleInserter` on SQLite,
/// `PostgresSampleInserter` on PostgreSQL), inside the caller's transaction.
final class SampleRowWriter {
    private let inserter: any SampleStaging
    private let subjectID: String

    init(db: StoreDatabase, subjectID: String) throws {
        inserter = try db.makeBulkInserter()
        self.subjectID = subjectID
    }

    /// `sample_origin` ids by the reading thread's origin index.
    private var origins: [Int64] = []
    /// The natural keys of the rows that may have a twin (`HealthTwin`), and whether the first
    /// one seen was inside a correlation: a row whose key was first seen on the other side is
    /// that row's twin. It is not inserted at all (counted as repeated): a re-import counts
    /// the reading once as present, and no group of inserts is slowed down by a known twin.
    private var twinKeys: [Int64: Bool] = [:]

    /// Inserts the batch's rows, a group of the inserter's `groupSize` at a time;
    /// `counted(type, outcome)` is called once for each row.
    func insert(_ batch: HealthRowBatch, counted: (_ type: Int32, _ outcome: SampleInserter.Outcome) -> Void) throws {
        // Through buffer pointers, rows are read in place: `rows[index]` would copy each row,
        // retaining and releasing its strings on this thread while the reading thread uses
        // the same (interned) strings, and those reference counts would bounce between cores.
        try batch.text.withUnsafeBufferPointer { text in
            try batch.rows.withUnsafeBufferPointer { rows in
                // The rows of the group being staged, by their index in `rows`.
                var group: [Int] = []
                group.reserveCapacity(inserter.groupSize)
                let count = { (index: Int, outcome: SampleInserter.Outcome) in counted(rows[group[index]].type, outcome) }
                for index in rows.indices {
                    if try stage(rows.baseAddress! + index, text) {
                        group.append(index)
                    } else {
                        counted(rows[index].type, .repeated)
                    }
                    if inserter.isGroupFull {
                        try inserter.flush(count)
                        group.removeAll(keepingCapacity: true)
                    }
                }
                try inserter.flush(count)
            }
        }
    }

    /// Stages `row`; false (not staged) when it is the twin of a row seen before (see `twinKeys`).
    private func stage(_ row: UnsafePointer<HealthSampleRow>, _ text: UnsafeBufferPointer<UInt8>) throws -> Bool {
        if let new = row.pointee.newOrigin {
            precondition(Int(row.pointee.origin) == origins.count, "origins arrive in order")
            origins.append(try inserter.origin(sourceVersion: new.sourceVersion, device: new.device))
        }
        let origin = row.pointee.origin
        let start = row.pointee.start.utcSeconds, end = row.pointee.end.utcSeconds
        let category = row.pointee.category ?? "", tag = row.pointee.tag ?? ""
        // The key is hashed here rather than on the reading thread, which has more to do.
        let key = SampleKey.value(series: row.pointee.seriesID, subject: subjectID, start: start, end: end,
                                  value: row.pointee.value, category: category, tag: tag, source: row.pointee.source)
        if row.pointee.twin != .none {
            let inner = row.pointee.twin == .inner
            if let first = twinKeys[key] {
                if first != inner { return false }
            } else {
                twinKeys[key] = inner
            }
        }
        inserter.stage(
            series: row.pointee.seriesID, subject: subjectID, start: start, end: end,
            utcOffset: Int64(row.pointee.start.offsetSeconds), value: row.pointee.value, category: category, tag: tag,
            source: row.pointee.source, note: nil,
            metadataBytes: row.pointee.metadata.map { UnsafeBufferPointer(rebasing: text[$0]) },
            origin: origin >= 0 ? origins[Int(origin)] : nil, key: key)
        return true
    }
}
