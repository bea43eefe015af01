import Foundation

/// One open store database: what a `StoreBackend` hands `SampleStore`. The store's readers and
/// writers never see it; they run statements through `StoreDatabase` inside `snapshot` or
/// `transaction`.
public protocol StoreConnection: AnyObject, Sendable {
    /// The database as messages name it: a file, `:memory:`, a URL without secrets.
    var location: String { get }

    /// How this backend's SQL differs where it must.
    var dialect: SQLDialect { get }

    /// Runs `body`'s statements as one read-only snapshot: they all see the store as it was at
    /// the first one; a write in it is refused with an error.
    func snapshot<T>(_ body: (StoreDatabase) throws -> T) throws -> T

    /// Runs `body`, a whole reading command, so that its reads may share one snapshot where the
    /// backend can nest them (the default runs it as it is: each read its own snapshot).
    func readingAsOneSnapshot<T>(_ body: () throws -> T) throws -> T

    /// Whether several threads may read at once, each its own snapshot (SQLite's WAL), so that a
    /// command may draw screens in parallel; false where reads share one session (the default).
    var readsInParallel: Bool { get }

    /// Runs `body` in one write transaction, all or nothing.
    func transaction<T>(_ body: (StoreDatabase) throws -> T) throws -> T

    /// Runs `body`, a bulk load, the fastest safe way the backend has; tells `body` whether it
    /// runs under a rollback journal (SQLite's first import). The default runs it as it is.
    func withBulkLoad<T>(_ body: (_ rollbackJournal: Bool) throws -> T) throws -> T

    /// Closes the connection; the store must not be used afterwards.
    func close() throws
}

extension StoreConnection {
    public var readsInParallel: Bool { false }
    public func readingAsOneSnapshot<T>(_ body: () throws -> T) throws -> T { try body() }
    public func withBulkLoad<T>(_ body: (_ rollbackJournal: Bool) throws -> T) throws -> T { try body(false) }
}

/// The statements of one snapshot or transaction on one backend, behind `StoreDatabase`.
///
/// Statements arrive as `SQLStatement`s: SQL text with `?` placeholders and `StoreValue`
/// arguments; a backend binds them as it must (numbered placeholders, its value types) and
/// returns rows as `StoreRow`s.
public protocol StoreStatements {
    var dialect: SQLDialect { get }

    /// Every row of a query.
    func fetchAll(_ statement: SQLStatement) throws -> [StoreRow]

    /// Runs one statement; returns how many rows it changed.
    func execute(_ statement: SQLStatement) throws -> Int

    /// Hands each row of a query to `body` as it is read (the default reads them all first).
    func forEachRow(_ statement: SQLStatement, _ body: (any StoreRowCursor) throws -> Void) throws

    /// The sample inserter of this backend, for this transaction.
    func makeInserter() throws -> any SampleStaging

    /// The inserter for many rows (an import); the default is `makeInserter()`.
    func makeBulkInserter() throws -> any SampleStaging

    /// Runs `body`, the inserts of a bulk load in this transaction, with whatever settings make
    /// them faster (the default none).
    func bulkInserting<T>(_ body: () throws -> T) throws -> T
}

extension StoreStatements {
    public func forEachRow(_ statement: SQLStatement, _ body: (any StoreRowCursor) throws -> Void) throws {
        for row in try fetchAll(statement) { try body(StoreRowValues(row: row)) }
    }

    public func bulkInserting<T>(_ body: () throws -> T) throws -> T { try body() }

    public func makeBulkInserter() throws -> any SampleStaging { try makeInserter() }
}

/// One row of a query streamed by `forEachRow`, read by column position; valid only inside the
/// body it is handed to.
public protocol StoreRowCursor {
    var columnNames: [String] { get }
    func isNull(_ column: Int) -> Bool
    func int64(_ column: Int) -> Int64
    func double(_ column: Int) -> Double
    /// The text of a column as UTF-8 bytes (empty for NULL).
    func withUTF8<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T
}

/// A `StoreRowCursor` over a row already read.
struct StoreRowValues: StoreRowCursor {
    let row: StoreRow

    var columnNames: [String] { row.columnNames }
    func isNull(_ column: Int) -> Bool { row.value(at: column).isNull }
    func int64(_ column: Int) -> Int64 { Int64(storeValue: row.value(at: column)) ?? 0 }
    func double(_ column: Int) -> Double { Double(storeValue: row.value(at: column)) ?? 0 }
    func withUTF8<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        var text = String(storeValue: row.value(at: column)) ?? ""
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
