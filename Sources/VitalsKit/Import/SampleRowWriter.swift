import Foundation
import GRDB

/// Writes the importer's sample rows through a `SampleInserter`, inside the caller's transaction.
final class SampleRowWriter {
    private let inserter: SampleInserter
    private let subjectID: String

    init(db: Database, subjectID: String) throws {
        inserter = try SampleInserter(db: db)
        self.subjectID = subjectID
    }

    /// `sample_origin` ids by the reading thread's origin index.
    private var origins: [Int64] = []
    /// The natural keys of the rows that may have a twin (`HealthTwin`), and whether the first
    /// one seen was inside a correlation: a row whose key was first seen on the other side is
    /// that row's twin, counted as repeated even when the store had the key before this import.
    private var twinKeys: [Int64: Bool] = [:]
    /// For the rows of the group being staged: whether each is a twin.
    private var twins: [Bool] = []

    /// Inserts the batch's rows, a group of `SampleInserter.groupSize` at a time;
    /// `counted(type, outcome)` is called for each row, in order.
    func insert(_ batch: HealthRowBatch, counted: (_ type: Int32, _ outcome: SampleInserter.Outcome) -> Void) throws {
        // Through buffer pointers, rows are read in place: `rows[index]` would copy each row,
        // retaining and releasing its strings on this thread while the reading thread uses
        // the same (interned) strings, and those reference counts would bounce between cores.
        try batch.text.withUnsafeBufferPointer { text in
            try batch.rows.withUnsafeBufferPointer { rows in
                var groupStart = 0
                let count = { (index: Int, outcome: SampleInserter.Outcome) in
                    let isTwin = self.twins[index] && outcome != .new
                    counted(rows[groupStart + index].type, isTwin ? .repeated : outcome)
                }
                twins.removeAll(keepingCapacity: true)
                for index in rows.indices {
                    twins.append(try stage(rows.baseAddress! + index, text))
                    if inserter.isGroupFull {
                        try inserter.flush(count)
                        twins.removeAll(keepingCapacity: true)
                        groupStart = index + 1
                    }
                }
                try inserter.flush(count)
            }
        }
    }

    /// Stages `row`; returns whether it is the twin of a row staged before (see `twinKeys`).
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
        inserter.stage(
            series: row.pointee.seriesID, subject: subjectID, start: start, end: end,
            utcOffset: Int64(row.pointee.start.offsetSeconds), value: row.pointee.value, category: category, tag: tag,
            source: row.pointee.source, note: nil,
            metadataBytes: row.pointee.metadata.map { UnsafeBufferPointer(rebasing: text[$0]) },
            origin: origin >= 0 ? origins[Int(origin)] : nil, key: key)
        guard row.pointee.twin != .none else { return false }
        let inner = row.pointee.twin == .inner
        guard let first = twinKeys[key] else {
            twinKeys[key] = inner
            return false
        }
        return first != inner
    }
}
