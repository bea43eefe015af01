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

    /// Inserts `row`; true when it was new, false when its natural key was already stored.
    func insert(_ row: HealthSampleRow) throws -> Bool {
        if let new = row.newOrigin {
            precondition(Int(row.origin) == origins.count, "origins arrive in order")
            origins.append(try inserter.origin(sourceVersion: new.sourceVersion, device: new.device))
        }
        return try inserter.insert(
            series: row.seriesID, subject: subjectID, start: row.start.utcSeconds, end: row.end.utcSeconds,
            utcOffset: Int64(row.start.offsetSeconds), value: row.value, category: row.category ?? "",
            tag: row.tag ?? "", source: row.source, note: nil, metadata: row.metadata,
            origin: row.origin >= 0 ? origins[Int(row.origin)] : nil, key: row.key)
    }
}
