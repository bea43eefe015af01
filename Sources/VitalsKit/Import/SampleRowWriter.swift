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

    /// Inserts `rows`, a group of `SampleInserter.groupSize` at a time; `counted(type, isNew)`
    /// is called for each row, in order: isNew is false when its natural key was already stored.
    func insert(_ rows: [HealthSampleRow], counted: (_ type: Int32, _ isNew: Bool) -> Void) throws {
        var groupStart = 0
        for index in rows.indices {
            try stage(rows[index])
            if inserter.isGroupFull {
                try inserter.flush { counted(rows[groupStart + $0].type, $1) }
                groupStart = index + 1
            }
        }
        try inserter.flush { counted(rows[groupStart + $0].type, $1) }
    }

    private func stage(_ row: HealthSampleRow) throws {
        if let new = row.newOrigin {
            precondition(Int(row.origin) == origins.count, "origins arrive in order")
            origins.append(try inserter.origin(sourceVersion: new.sourceVersion, device: new.device))
        }
        inserter.stage(
            series: row.seriesID, subject: subjectID, start: row.start.utcSeconds, end: row.end.utcSeconds,
            utcOffset: Int64(row.start.offsetSeconds), value: row.value, category: row.category ?? "",
            tag: row.tag ?? "", source: row.source, note: nil, metadata: row.metadata,
            origin: row.origin >= 0 ? origins[Int(row.origin)] : nil, key: row.key)
    }
}
