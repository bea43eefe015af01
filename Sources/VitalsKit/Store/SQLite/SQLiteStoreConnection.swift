import Foundation
import GRDB
import GRDBSQLite

/// The SQLite backend's connection: a GRDB writer (a pool for a file, a queue in memory or for
/// a bulk write). Opening, migrating and the error words are `SampleStore`'s SQLite extension.
final class SQLiteStoreConnection: StoreConnection {
    let writer: any DatabaseWriter
    let path: String?
    /// Whether opening created the file (a first import may then use a rollback journal).
    let createdNow: Bool

    init(writer: any DatabaseWriter, path: String?, createdNow: Bool = false) {
        self.writer = writer
        self.path = path
        self.createdNow = createdNow
    }

    var location: String { path ?? ":memory:" }

    var dialect: SQLDialect { .sqlite }

    var readsInParallel: Bool { true }

    func snapshot<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try read { db in try body(StoreDatabase(SQLiteStatements(db: db))) }
    }

    func transaction<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try write { db in try body(StoreDatabase(SQLiteStatements(db: db))) }
    }

    func withBulkLoad<T>(_ body: (Bool) throws -> T) throws -> T {
        try SampleStore.withBulkLoadJournal(writer, path: location, createdNow: createdNow, body)
    }

    func close() throws { try writer.close() }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.read(body) } catch let error as DatabaseError {
            throw SampleStore.describeForReading(error, path: location)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.write(body) } catch let error as DatabaseError {
            throw SampleStore.describe(error, path: location)
        }
    }
}

/// The statements of one SQLite snapshot or transaction: GRDB's `Database`.
struct SQLiteStatements: StoreStatements {
    let db: Database

    var dialect: SQLDialect { .sqlite }

    func fetchAll(sql: String, arguments: StatementArguments) throws -> [StoreRow] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map(StoreRow.init)
    }

    func execute(sql: String, arguments: StatementArguments) throws -> Int {
        try db.execute(sql: sql, arguments: arguments)
        return db.changesCount
    }

    func build(_ literal: SQL) throws -> (String, StatementArguments) { try literal.build(db) }

    /// Steps the C statement and reads each column where SQLite keeps it: `Row.fetchAll` copied
    /// every row and decoded each column by name (a tenth of `render protein`).
    func forEachRow(sql: String, arguments: StatementArguments, _ body: (any StoreRowCursor) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        let cursor: any StoreRowCursor = SQLiteCursor(handle: handle, columnNames: statement.columnNames) // boxed once, not per row
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                try body(cursor)
            case SQLITE_DONE:
                return
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    func makeInserter() throws -> any SampleStaging { try SampleInserter(db: db) }

    /// A 16 MiB page cache (SQLite's default is 2 MiB) keeps the two indexes' hot pages in
    /// memory once the table outgrows the default (−18 % time on a 2M-record export, still far
    /// under the import's 64 MB budget), restored afterwards; rows write their own
    /// `local_start`, so the fill-in trigger is left out meanwhile.
    func bulkInserting<T>(_ body: () throws -> T) throws -> T {
        let previousCacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -16384")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(previousCacheSize)") }
        return try SampleInserter.withoutFillTrigger(db, body)
    }
}

/// The current row of a stepping SQLite statement.
private struct SQLiteCursor: StoreRowCursor {
    let handle: OpaquePointer
    let columnNames: [String]

    func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }
    func int64(_ column: Int) -> Int64 { sqlite3_column_int64(handle, Int32(column)) }
    func double(_ column: Int) -> Double { sqlite3_column_double(handle, Int32(column)) }
    func withUTF8<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: sqlite3_column_text(handle, Int32(column)),
                                        count: Int(sqlite3_column_bytes(handle, Int32(column)))))
    }
}
