import Foundation
import GRDB
import GRDBSQLite

/// Inserts sample rows with one prepared `INSERT OR IGNORE`, inside the caller's transaction.
///
/// Values are bound through the SQLite C API: GRDB's `StatementArguments` box every value, and
/// this runs once per record of a multi-million-record export.
final class SampleRowWriter {
    private let db: Database
    private let statement: Statement
    private let subjectID: String

    init(db: Database, subjectID: String) throws {
        self.db = db
        self.subjectID = subjectID
        statement = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO sample
                (series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata, local_start)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)
            """)
    }

    /// Inserts `row`; true when it was new, false when its natural key was already stored.
    func insert(_ row: HealthSampleRow) throws -> Bool {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        bind(handle, 1, row.seriesID)
        bind(handle, 2, subjectID)
        sqlite3_bind_int64(handle, 3, row.start.utcSeconds)
        sqlite3_bind_int64(handle, 4, row.end.utcSeconds)
        sqlite3_bind_int64(handle, 5, Int64(row.start.offsetSeconds))
        sqlite3_bind_double(handle, 6, row.value)
        bind(handle, 7, row.category ?? "")
        bind(handle, 8, row.tag ?? "")
        bind(handle, 9, row.source)
        if let metadata = row.metadata { bind(handle, 10, metadata) } else { sqlite3_bind_null(handle, 10) }
        // Wall-clock start (schema v2), written here so the fill-in trigger never runs.
        sqlite3_bind_int64(handle, 11, row.start.utcSeconds + Int64(row.start.offsetSeconds))
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        return sqlite3_changes(db.sqliteConnection) > 0
    }

    private func bind(_ handle: OpaquePointer, _ index: Int32, _ text: String) {
        if text.isEmpty {
            sqlite3_bind_text(handle, index, "", 0, SampleRowWriter.transient)
            return
        }
        var text = text
        text.withUTF8 { utf8 in
            _ = sqlite3_bind_text(handle, index,
                                  UnsafeRawPointer(utf8.baseAddress!).assumingMemoryBound(to: CChar.self),
                                  Int32(utf8.count), SampleRowWriter.transient)
        }
    }

    /// SQLite's SQLITE_TRANSIENT: copy the bytes before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
