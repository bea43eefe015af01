import Foundation
import GRDB
import GRDBSQLite

/// Inserts samples one by one inside the caller's write transaction, skipping any whose natural
/// key is already stored; the one write path of `SampleStore.insert` and the importers.
///
/// A sample goes in with `INSERT OR IGNORE` under the unique `key_hash` (`SampleKey`). When
/// that integer is taken, the stored row's columns are compared: equal means already stored; a
/// different row is a hash collision and the sample is stored with a NULL `key_hash`. Rows
/// with a NULL `key_hash` are checked by their columns first, but only while the database has
/// any (almost never). Values are bound through the SQLite C API from one reused buffer:
/// GRDB's `StatementArguments` box every value, and this runs for every record of an export.
final class SampleInserter {
    private let db: Database
    private let insertKeyed: Statement
    private let insertUnkeyed: Statement
    private let findKeyed: Statement
    private let findUnkeyed: Statement
    private var hasUnkeyedRows: Bool
    private var texts = TextBuffer()

    init(db: Database) throws {
        self.db = db
        let columns = #"series, subject, start, "end", utc_offset, value, category, tag, source, note, metadata, local_start, origin"#
        insertKeyed = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO sample (\(columns), key_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertUnkeyed = try db.makeStatement(sql: """
            INSERT INTO sample (\(columns), key_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)
            """)
        let sameColumns = #"series = ? AND subject = ? AND start = ? AND "end" = ? AND value = ? AND category = ? AND tag = ? AND source = ?"#
        findKeyed = try db.makeStatement(sql: "SELECT 1 FROM sample WHERE key_hash = ? AND \(sameColumns)")
        findUnkeyed = try db.makeStatement(sql: "SELECT 1 FROM sample WHERE key_hash IS NULL AND \(sameColumns)")
        hasUnkeyedRows = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sample WHERE key_hash IS NULL)") ?? false
    }

    deinit { texts.deallocate() }

    /// Inserts one sample; true when it was new, false when its natural key was already stored.
    /// `key` is `SampleKey.value` of the same fields (callers may compute it on another thread);
    /// `origin` is a `sample_origin` id (see `origin(sourceVersion:device:)`).
    func insert(series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
                category: String, tag: String, source: String, note: String?, metadata: String?,
                origin: Int64? = nil, key: Int64) throws -> Bool {
        // A local copy of the buffer's pointer and size, written back at the end: each access
        // to a class's stored property pays a run-time exclusivity check, and this runs per row.
        var texts = self.texts
        defer { self.texts = texts }
        texts.reset()
        let series = texts.append(series), subject = texts.append(subject), category = texts.append(category)
        let tag = texts.append(tag), source = texts.append(source)
        let note = note.map { texts.append($0) }, metadata = metadata.map { texts.append($0) }

        func bindKey(_ statement: Statement, from first: Int32) {
            let handle = statement.sqliteStatement
            texts.bind(handle, first, series)
            texts.bind(handle, first + 1, subject)
            sqlite3_bind_int64(handle, first + 2, start)
            sqlite3_bind_int64(handle, first + 3, end)
            sqlite3_bind_double(handle, first + 4, value)
            texts.bind(handle, first + 5, category)
            texts.bind(handle, first + 6, tag)
            texts.bind(handle, first + 7, source)
        }
        func bindRow(_ statement: Statement) {
            let handle = statement.sqliteStatement
            texts.bind(handle, 1, series)
            texts.bind(handle, 2, subject)
            sqlite3_bind_int64(handle, 3, start)
            sqlite3_bind_int64(handle, 4, end)
            sqlite3_bind_int64(handle, 5, utcOffset)
            sqlite3_bind_double(handle, 6, value)
            texts.bind(handle, 7, category)
            texts.bind(handle, 8, tag)
            texts.bind(handle, 9, source)
            texts.bind(handle, 10, note)
            texts.bind(handle, 11, metadata)
            // Wall-clock start (schema v2), written here so the fill-in trigger never runs.
            sqlite3_bind_int64(handle, 12, start + utcOffset)
            if let origin { sqlite3_bind_int64(handle, 13, origin) } else { sqlite3_bind_null(handle, 13) }
        }

        if hasUnkeyedRows {
            bindKey(findUnkeyed, from: 1)
            if try step(findUnkeyed) { return false }
        }
        bindRow(insertKeyed)
        sqlite3_bind_int64(insertKeyed.sqliteStatement, 14, key)
        _ = try step(insertKeyed)
        if sqlite3_changes(db.sqliteConnection) > 0 { return true }
        sqlite3_bind_int64(findKeyed.sqliteStatement, 1, key)
        bindKey(findKeyed, from: 2)
        if try step(findKeyed) { return false }
        bindRow(insertUnkeyed)
        _ = try step(insertUnkeyed)
        hasUnkeyedRows = true
        return true
    }

    /// Runs `body` — a bulk insert that writes every row's `local_start` itself — without
    /// schema v2's fill-in trigger, which otherwise runs a sub-program per inserted row
    /// (about 8 % of an import's insert time). The trigger is dropped and created again inside
    /// the caller's transaction: if `body` throws, the caller rolls back and it is back too;
    /// no other connection ever sees it missing.
    static func withoutFillTrigger<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        precondition(db.isInsideTransaction, "the trigger may only be left out inside a transaction")
        guard let definition = try String.fetchOne(db, sql: """
            SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'sample_fill_local_start'
            """) else { return try body() }
        try db.execute(sql: "DROP TRIGGER sample_fill_local_start")
        let result = try body()
        try db.execute(sql: definition)
        return result
    }

    /// The `sample_origin` row for a source version and device, added when new.
    func origin(sourceVersion: String?, device: String?) throws -> Int64 {
        let arguments: StatementArguments = [sourceVersion, device]
        if let id = try Int64.fetchOne(db, sql: """
            SELECT id FROM sample_origin WHERE source_version IS ? AND device IS ? ORDER BY id LIMIT 1
            """, arguments: arguments) {
            return id
        }
        try db.execute(sql: "INSERT INTO sample_origin (source_version, device) VALUES (?, ?)", arguments: arguments)
        return db.lastInsertedRowID
    }

    /// Runs `statement` to its first row; true when there was one. Leaves it reset.
    private func step(_ statement: Statement) throws -> Bool {
        let handle = statement.sqliteStatement
        let code = sqlite3_step(handle)
        defer { sqlite3_reset(handle) }
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
    }
}

/// The texts of one row, copied into one growing buffer and bound from there without another
/// copy (SQLITE_STATIC: the buffer is not touched until the statement has run).
private struct TextBuffer {
    struct Slice { var offset: Int; var count: Int }

    private var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    private var capacity = 4096
    private var count = 0

    /// Starts a row; slices are offsets, valid until the next reset even if the buffer grows.
    mutating func reset() { count = 0 }

    mutating func append(_ text: String) -> Slice {
        var text = text
        return text.withUTF8 { utf8 in
            reserve(utf8.count)
            if utf8.count > 0 { (base + count).update(from: utf8.baseAddress!, count: utf8.count) }
            defer { count += utf8.count }
            return Slice(offset: count, count: utf8.count)
        }
    }

    func bind(_ handle: OpaquePointer, _ index: Int32, _ slice: Slice?) {
        guard let slice else {
            sqlite3_bind_null(handle, index)
            return
        }
        let pointer = UnsafeRawPointer(base + slice.offset).assumingMemoryBound(to: CChar.self)
        sqlite3_bind_text(handle, index, pointer, Int32(slice.count), nil)
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    func deallocate() { base.deallocate() }
}
