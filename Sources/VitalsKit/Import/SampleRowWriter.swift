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

    /// Inserts the batch's rows, a group of `SampleInserter.groupSize` at a time;
    /// `counted(type, isNew)` is called for each row, in order: isNew is false when its natural
    /// key was already stored.
    func insert(_ batch: HealthRowBatch, counted: (_ type: Int32, _ isNew: Bool) -> Void) throws {
        // Through buffer pointers, rows are read in place: `rows[index]` would copy each row,
        // retaining and releasing its strings on this thread while the reading thread uses
        // the same (interned) strings, and those reference counts would bounce between cores.
        try batch.text.withUnsafeBufferPointer { text in
            try batch.rows.withUnsafeBufferPointer { rows in
                var groupStart = 0
                for index in rows.indices {
                    try stage(rows.baseAddress! + index, text)
                    if inserter.isGroupFull {
                        try inserter.flush { counted(rows[groupStart + $0].type, $1) }
                        groupStart = index + 1
                    }
                }
                try inserter.flush { counted(rows[groupStart + $0].type, $1) }
            }
        }
    }

    private func stage(_ row: UnsafePointer<HealthSampleRow>, _ text: UnsafeBufferPointer<UInt8>) throws {
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
    }
}
