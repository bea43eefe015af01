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

    /// Inserts `row`; true when it was new, false when its natural key was already stored.
    func insert(_ row: HealthSampleRow) throws -> Bool {
        try inserter.insert(series: row.seriesID, subject: subjectID, start: row.start.utcSeconds,
                            end: row.end.utcSeconds, utcOffset: Int64(row.start.offsetSeconds), value: row.value,
                            category: row.category ?? "", tag: row.tag ?? "", source: row.source, note: nil,
                            metadata: row.metadata, key: row.key)
    }
}
