import Foundation

/// The database of samples and milestones: a local SQLite file, an in-memory database, or a
/// database of another `StoreBackend` (a PostgreSQL server, with the `PostgreSQL` trait).
///
/// A file store uses WAL mode (readers never block the writer), a busy timeout (a second
/// writer waits instead of failing with "database is locked"), foreign keys and immediate
/// write transactions. Opening migrates the schema; a file that is not SQLite or was written
/// by a newer vitals is refused with a `StoreError`. Values are always in base units here.
///
/// Readers and writers reach any backend through `inSnapshot` and `inTransaction` (a
/// `StoreDatabase`); `read` and `write`, which hand out GRDB's `Database`, are for work that
/// needs a SQLite file (pragmas, the SQL of benchmarks, tests).
public final class SampleStore: Sendable {
    /// The database file, or nil for an in-memory store or another backend's database.
    public let path: String?
    /// The backend's open database.
    public let connection: any StoreConnection

    /// How long a writer waits for another process's write transaction before giving up.
    public static let busyTimeout: TimeInterval = 30

    /// A store on another backend's connection (`StoreBackend.open` makes one).
    public convenience init(connection: any StoreConnection) {
        self.init(path: nil, connection: connection)
    }

    /// A store on `connection`, whose file is `path` (nil when it has none).
    package init(path: String?, connection: any StoreConnection) {
        self.path = path
        self.connection = connection
    }

    /// How this store's backend spells the SQL that differs.
    public var dialect: SQLDialect { connection.dialect }

    /// The store as messages name it: the file, `:memory:`, or a URL without secrets.
    public var location: String { connection.location }

    /// Closes the connections; the store must not be used afterwards.
    public func close() throws { try connection.close() }

    /// Runs `body`'s statements as one read-only snapshot, on any backend: they all see the
    /// store as it was at the first one, whatever another process commits meanwhile. A write in
    /// it is refused with an error.
    public func inSnapshot<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try connection.snapshot(body)
    }

    /// Runs `body`, a whole reading command (every screen of a render, say), so that where the
    /// backend can (PostgreSQL) all its reads are one snapshot: each block of each screen sees
    /// the same data, and a render pays one BEGIN and COMMIT instead of two round trips for
    /// each of its reads. On SQLite each read stays its own snapshot (GRDB's reads do not nest).
    public func readingAsOneSnapshot<T>(_ body: () throws -> T) throws -> T {
        try connection.readingAsOneSnapshot(body)
    }

    /// Runs `body` in one write transaction (all or nothing), on any backend.
    public func inTransaction<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try connection.transaction(body)
    }

    /// Runs `body`, a bulk load, the fastest safe way the backend has (see the SQLite one,
    /// `withBulkLoadJournal(_:path:_:)`); `body` is told whether it runs under a rollback journal.
    public func withBulkLoadJournal<T>(_ body: (_ rollbackJournal: Bool) throws -> T) throws -> T {
        try connection.withBulkLoad(body)
    }
}
