import Foundation
import GRDB
import GRDBSQLite
import VitalsKit

/// Inserts samples inside the caller's write transaction, skipping any whose natural key is
/// already stored; the one write path of `SampleStore.insert` and the importers.
///
/// A sample goes in with `INSERT OR IGNORE` under the unique `key_hash` (`SampleKey`). When
/// that integer is taken, the stored row's columns are compared: equal means already stored; a
/// different row is a hash collision and the sample is stored with a NULL `key_hash`. Rows
/// with a NULL `key_hash` are checked by their columns first, but only while the database has
/// any (almost never). Values are bound through the SQLite C API from one reused buffer:
/// GRDB's `StatementArguments` box every value, and this runs for every record of an export.
///
/// Samples are staged (`stage`) and inserted `groupSize` at a time by one multi-row statement
/// (`flush`): per statement, SQLite opens its cursors, allocates and frees, and halts once, which
/// was a fifth of an import's writing time with one statement per row. When the statement
/// stores fewer rows than it was given, each row of the group is looked up to tell which were
/// new: rows stored by it have ids above the highest id before it.
package final class SampleInserter {
    /// Rows per multi-row INSERT; a shorter group is inserted row by row.
    package static let groupSize = 32
    private static let columnCount: Int32 = 14

    private let db: Database
    private let insertKeyed: Statement
    private let insertGroup: Statement
    private let insertUnkeyed: Statement
    private let findKeyed: Statement
    private let findUnkeyed: Statement
    private var hasUnkeyedRows: Bool
    private var texts = TextBuffer()
    private var staged: [Staged] = []
    /// No stored row has a larger id; rows inserted from now on get larger ones.
    private var highestRowID: Int64
    /// The highest id before this inserter stored anything: a row found above it was stored by
    /// this inserter (an import's record and its twin inside a correlation).
    private let firstRowID: Int64

    package typealias Outcome = SampleInsertOutcome

    /// One staged sample: numbers, and its texts as slices of `texts`.
    private struct Staged {
        var series, subject, category, tag, source: TextBuffer.Slice
        var note, metadata: TextBuffer.Slice?
        var start, end, utcOffset: Int64
        var value: Double
        var origin: Int64?
        var key: Int64
    }

    package init(db: Database) throws {
        self.db = db
        // The natural key's eight columns first, in `bindKey`'s order, then the others.
        let columns =
            #"series, subject, start, "end", value, category, tag, source, utc_offset, note, metadata, local_start, origin, key_hash"#
        let values = "(" + Array(repeating: "?", count: Int(Self.columnCount)).joined(separator: ", ") + ")"
        insertKeyed = try db.makeStatement(sql: "INSERT OR IGNORE INTO sample (\(columns)) VALUES \(values)")
        insertGroup = try db.makeStatement(
            sql: """
                INSERT OR IGNORE INTO sample (\(columns)) VALUES \(Array(repeating: values, count: Self.groupSize).joined(separator: ", "))
                """)
        insertUnkeyed = try db.makeStatement(sql: "INSERT INTO sample (\(columns)) VALUES \(values)")
        let sameColumns =
            #"series = ? AND subject = ? AND start = ? AND "end" = ? AND value = ? AND category = ? AND tag = ? AND source = ?"#
        findKeyed = try db.makeStatement(sql: "SELECT id FROM sample WHERE key_hash = ? AND \(sameColumns)")
        findUnkeyed = try db.makeStatement(sql: "SELECT id FROM sample WHERE key_hash IS NULL AND \(sameColumns)")
        hasUnkeyedRows =
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sample WHERE key_hash IS NULL)") ?? false
        highestRowID = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM sample") ?? 0
        firstRowID = highestRowID
        staged.reserveCapacity(Self.groupSize)
    }

    deinit { texts.deallocate() }

    /// Whether `groupSize` samples are staged: time to `flush`.
    package var isGroupFull: Bool { staged.count >= Self.groupSize }

    /// Stages one sample for the next `flush`, the metadata as UTF-8 bytes (`SampleStaging`
    /// gives the form taking a string). `key` is `SampleKey.value` of the same fields (callers
    /// may compute it on another thread); `origin` is a `sample_origin` id (see
    /// `origin(sourceVersion:device:)`). Strings and bytes are copied: callers may reuse theirs.
    package func stage(
        series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
        category: String, tag: String, source: String, note: String?, metadataBytes: UnsafeBufferPointer<UInt8>?,
        origin: Int64? = nil, key: Int64
    ) {
        // A local copy of the buffer's pointer and size, written back at the end: each access
        // to a class's stored property pays a run-time exclusivity check, and this runs per row.
        var texts = self.texts
        defer { self.texts = texts }
        if staged.isEmpty { texts.reset() }
        staged.append(
            Staged(
                series: texts.append(series), subject: texts.append(subject), category: texts.append(category),
                tag: texts.append(tag), source: texts.append(source), note: note.map { texts.append($0) },
                metadata: metadataBytes.map { texts.append(bytes: $0) }, start: start, end: end, utcOffset: utcOffset,
                value: value, origin: origin, key: key))
    }

    /// Inserts the staged samples; `outcome(index, outcome)` is called for each, in staging order.
    package func flush(_ outcome: (Int, Outcome) throws -> Void) throws {
        defer { staged.removeAll(keepingCapacity: true) }
        let texts = self.texts
        try staged.withUnsafeBufferPointer { rows in try flush(rows, texts, outcome) }
    }

    private func flush(
        _ rows: UnsafeBufferPointer<Staged>, _ texts: TextBuffer,
        _ outcome: (Int, Outcome) throws -> Void
    ) throws {
        guard rows.count == Self.groupSize, !hasUnkeyedRows else {
            for index in rows.indices { try outcome(index, try insertOne(rows[index], texts)) }
            return
        }
        let handle = insertGroup.sqliteStatement
        for index in rows.indices { bind(rows[index], texts, handle, first: Int32(index) * Self.columnCount + 1) }
        _ = try step(insertGroup)
        let stored = Int(sqlite3_changes(db.sqliteConnection))
        let before = highestRowID
        if stored > 0 { highestRowID = max(highestRowID, sqlite3_last_insert_rowid(db.sqliteConnection)) }
        if stored == rows.count {
            for index in rows.indices { try outcome(index, .new) }
            return
        }
        // Some were left out: each row's stored twin tells. One stored by this statement (id
        // above `before`) is new the first time a row finds it; an older one means already
        // stored; none means the key was taken by a different row (a collision): stored
        // without a key, as `insertOne` does.
        var claimed: Set<Int64> = []
        for index in rows.indices {
            let row = rows[index]
            sqlite3_bind_int64(findKeyed.sqliteStatement, 1, row.key)
            bindKey(row, texts, findKeyed.sqliteStatement, first: 2)
            if let id = try stepID(findKeyed) {
                try outcome(index, id > before && claimed.insert(id).inserted ? .new : found(id))
                continue
            }
            // A collision. The group ran with no unkeyed rows stored, so one found now was
            // stored by this loop, for an earlier repeat of this row.
            if hasUnkeyedRows {
                bindKey(row, texts, findUnkeyed.sqliteStatement, first: 1)
                if let id = try stepID(findUnkeyed) {
                    try outcome(index, found(id))
                    continue
                }
            }
            try outcome(index, try insertUnkeyed(row, texts))
        }
    }

    /// A stored row with the same natural key as the one being inserted: `.repeated` when this
    /// inserter stored it, `.present` when it was there before.
    private func found(_ id: Int64) -> Outcome { id > firstRowID ? .repeated : .present }

    private func insertOne(_ row: Staged, _ texts: TextBuffer) throws -> Outcome {
        if hasUnkeyedRows {
            bindKey(row, texts, findUnkeyed.sqliteStatement, first: 1)
            if let id = try stepID(findUnkeyed) { return found(id) }
        }
        bind(row, texts, insertKeyed.sqliteStatement, first: 1)
        _ = try step(insertKeyed)
        if sqlite3_changes(db.sqliteConnection) > 0 {
            highestRowID = max(highestRowID, sqlite3_last_insert_rowid(db.sqliteConnection))
            return .new
        }
        sqlite3_bind_int64(findKeyed.sqliteStatement, 1, row.key)
        bindKey(row, texts, findKeyed.sqliteStatement, first: 2)
        if let id = try stepID(findKeyed) { return found(id) }
        return try insertUnkeyed(row, texts)
    }

    /// Stores `row` with a NULL key_hash: its integer is taken by a different sample.
    private func insertUnkeyed(_ row: Staged, _ texts: TextBuffer) throws -> Outcome {
        bind(row, texts, insertUnkeyed.sqliteStatement, first: 1)
        sqlite3_bind_null(insertUnkeyed.sqliteStatement, Self.columnCount)
        _ = try step(insertUnkeyed)
        highestRowID = max(highestRowID, sqlite3_last_insert_rowid(db.sqliteConnection))
        hasUnkeyedRows = true
        return .new
    }

    /// The natural key's eight columns, from parameter `first` on (the `find…` statements).
    private func bindKey(_ row: Staged, _ texts: TextBuffer, _ handle: OpaquePointer, first: Int32) {
        texts.bind(handle, first, row.series)
        texts.bind(handle, first + 1, row.subject)
        sqlite3_bind_int64(handle, first + 2, row.start)
        sqlite3_bind_int64(handle, first + 3, row.end)
        sqlite3_bind_double(handle, first + 4, row.value)
        texts.bind(handle, first + 5, row.category)
        texts.bind(handle, first + 6, row.tag)
        texts.bind(handle, first + 7, row.source)
    }

    /// All `columnCount` columns of a row, from parameter `first` on: the key's, then the others.
    private func bind(_ row: Staged, _ texts: TextBuffer, _ handle: OpaquePointer, first: Int32) {
        bindKey(row, texts, handle, first: first)
        sqlite3_bind_int64(handle, first + 8, row.utcOffset)
        texts.bind(handle, first + 9, row.note)
        texts.bind(handle, first + 10, row.metadata)
        // Wall-clock start (schema v2), written here so the fill-in trigger never runs.
        sqlite3_bind_int64(handle, first + 11, row.start + row.utcOffset)
        if let origin = row.origin {
            sqlite3_bind_int64(handle, first + 12, origin)
        } else {
            sqlite3_bind_null(handle, first + 12)
        }
        sqlite3_bind_int64(handle, first + 13, row.key)
    }

    /// Runs `body` — a bulk insert that writes every row's `local_start` itself — without
    /// schema v2's fill-in trigger, which otherwise runs a sub-program per inserted row. The trigger is dropped and created again inside
    /// the caller's transaction: if `body` throws, the caller rolls back and it is back too;
    /// no other connection ever sees it missing.
    package static func withoutFillTrigger<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        precondition(db.isInsideTransaction, "the trigger may only be left out inside a transaction")
        guard
            let definition = try String.fetchOne(
                db,
                sql: """
                    SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'sample_fill_local_start'
                    """)
        else { return try body() }
        try db.execute(sql: "DROP TRIGGER sample_fill_local_start")
        let result = try body()
        try db.execute(sql: definition)
        return result
    }

    /// The `sample_origin` row for a source version and device, added when new.
    package func origin(sourceVersion: String?, device: String?) throws -> Int64 {
        let arguments: StatementArguments = [sourceVersion, device]
        if let id = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM sample_origin WHERE source_version IS ? AND device IS ? ORDER BY id LIMIT 1
                """, arguments: arguments)
        {
            return id
        }
        try db.execute(sql: "INSERT INTO sample_origin (source_version, device) VALUES (?, ?)", arguments: arguments)
        return db.lastInsertedRowID
    }

    /// Runs `statement` to its first row and returns its first column; nil when there was no row.
    private func stepID(_ statement: Statement) throws -> Int64? {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return sqlite3_column_int64(handle, 0)
        case SQLITE_DONE: return nil
        case let code:
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
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
    package struct Slice {
        var offset: Int
        var count: Int
    }

    private var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    private var capacity = 4096
    private var count = 0

    /// Starts a row; slices are offsets, valid until the next reset even if the buffer grows.
    package mutating func reset() { count = 0 }

    package mutating func append(_ text: String) -> Slice {
        text.withUTF8Bytes { append(bytes: $0) }
    }

    package mutating func append(bytes utf8: UnsafeBufferPointer<UInt8>) -> Slice {
        reserve(utf8.count)
        if utf8.count > 0 { (base + count).update(from: utf8.baseAddress!, count: utf8.count) }
        defer { count += utf8.count }
        return Slice(offset: count, count: utf8.count)
    }

    package func bind(_ handle: OpaquePointer, _ index: Int32, _ slice: Slice?) {
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

    package func deallocate() { base.deallocate() }
}

extension SampleInserter: SampleStaging {
    package var groupSize: Int { Self.groupSize }
}
