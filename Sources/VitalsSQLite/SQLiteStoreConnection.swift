import Foundation
import GRDB
import GRDBSQLite
import VitalsKit

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

/// The statements of one SQLite snapshot or transaction: GRDB's `Database`, the `?` of a
/// `SQLStatement` bound as they are.
struct SQLiteStatements: StoreStatements {
    let db: Database

    var dialect: SQLDialect { .sqlite }

    /// Steps the statement and reads each column where SQLite keeps it into a `StoreRow`.
    func fetchAll(_ statement: SQLStatement) throws -> [StoreRow] {
        let prepared = try prepare(statement)
        let names = prepared.columnNames
        var rows: [StoreRow] = []
        try step(prepared) { handle in
            rows.append(StoreRow(names: names, values: (0..<Int32(names.count)).map { Self.value(handle, $0) }))
        }
        return rows
    }

    func execute(_ statement: SQLStatement) throws -> Int {
        try db.execute(sql: statement.text, arguments: statement.databaseArguments)
        return db.changesCount
    }

    /// Steps the C statement and reads each column where SQLite keeps it: `Row.fetchAll` copied
    /// every row and decoded each column by name (a tenth of `render protein`).
    func forEachRow(_ statement: SQLStatement, _ body: (any StoreRowCursor) throws -> Void) throws {
        let prepared = try prepare(statement)
        // Boxed once, not per row.
        let cursor: any StoreRowCursor = SQLiteCursor(
            handle: prepared.sqliteStatement, columnNames: prepared.columnNames)
        try step(prepared) { _ in try body(cursor) }
    }

    /// `statement` compiled, its arguments bound through GRDB.
    private func prepare(_ statement: SQLStatement) throws -> Statement {
        let prepared = try db.makeStatement(sql: statement.text)
        try prepared.setArguments(statement.databaseArguments)
        return prepared
    }

    /// Steps `prepared` to its end, calling `row` at each row; reset afterwards.
    private func step(_ prepared: Statement, _ row: (OpaquePointer) throws -> Void) throws {
        try withExtendedLifetime(prepared) {
            let handle = prepared.sqliteStatement
            defer { sqlite3_reset(handle) }
            while true {
                switch sqlite3_step(handle) {
                case SQLITE_ROW:
                    try row(handle)
                case SQLITE_DONE:
                    return
                case let code:
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
            }
        }
    }

    /// Column `column` of the current row, in its storage class.
    static func value(_ handle: OpaquePointer, _ column: Int32) -> StoreValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        }
    }

    func makeInserter() throws -> any SampleStaging { try SampleInserter(db: db) }

    /// A 16 MiB page cache (SQLite's default is 2 MiB) keeps the two indexes' hot pages in
    /// memory once the table outgrows the default (still far under the import's 64 MB
    /// budget), restored afterwards; rows write their own
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
        try body(
            UnsafeRawBufferPointer(
                start: sqlite3_column_text(handle, Int32(column)),
                count: Int(sqlite3_column_bytes(handle, Int32(column)))))
    }
}

extension StoreValue {
    /// The value as GRDB binds it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let value): return value.databaseValue
        case .real(let value): return value.databaseValue
        case .text(let value): return value.databaseValue
        case .blob(let value): return value.databaseValue
        }
    }
}

extension SQLStatement {
    /// The arguments as GRDB binds them to the `?` of the text.
    var databaseArguments: StatementArguments { StatementArguments(arguments.map(\.databaseValue)) }
}

extension SampleStore {
    /// `statement` with its arguments written in as SQLite quotes them (`sqlite3_expanded_sql`),
    /// for running in the `sqlite3` tool (benchmarks).
    static func expandedSQL(_ statement: SQLStatement) throws -> String {
        try inMemory().read { db in
            let prepared = try db.makeStatement(sql: statement.text)
            try prepared.setArguments(statement.databaseArguments)
            guard let expanded = sqlite3_expanded_sql(prepared.sqliteStatement) else { return statement.text + ";" }
            defer { sqlite3_free(expanded) }
            return String(cString: expanded) + ";"
        }
    }
}
