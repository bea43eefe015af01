import Foundation
import GRDB
import VitalsKit

/// The SQLite backend of `SampleStore`: files (WAL, busy timeout, the checks that refuse a
/// file before anything writes to it), in-memory stores, and the escape hatches (`read`,
/// `write`) that hand out GRDB's `Database` for pragmas, benchmarks and tests.
extension SampleStore {
    /// A store on a SQLite connection; `createdNow` when this process made the file.
    convenience init(path: String?, writer: any DatabaseWriter, createdNow: Bool = false) {
        self.init(path: path, connection: SQLiteStoreConnection(writer: writer, path: path, createdNow: createdNow))
    }

    /// The SQLite connection, or an error naming the store when it runs on another backend.
    private func sqlite() throws -> SQLiteStoreConnection {
        guard let sqlite = connection as? SQLiteStoreConnection else {
            throw StoreError.needsSQLiteFile(location: location)
        }
        return sqlite
    }

    /// The SQLite connection(s); only SQLite paths use it.
    var writer: any DatabaseWriter {
        guard let sqlite = connection as? SQLiteStoreConnection else {
            preconditionFailure("a SQLite-only path was taken on a store of another backend")
        }
        return sqlite.writer
    }

    /// Opens (creating if needed) the database at `path` and migrates it.
    ///
    /// The parent directory must exist unless `createDirectory` is true.
    public static func open(path: String, createDirectory: Bool = false) throws -> SampleStore {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        try refuseNonRegular(path)
        if !FileManager.default.fileExists(atPath: directory) {
            guard createDirectory else {
                throw StoreError.missingDirectory(path: path, directory: directory)
            }
            do {
                try PrivateFile.createDirectory(directory)
            } catch {
                throw StoreError.cannotCreateDirectory(directory: directory, reason: error.reason)
            }
        }
        try refuseNonSQLite(path)
        // Everything that refuses the file is found before anything writes to it: another
        // program's database, a newer schema, a damaged file stay byte for byte as they were.
        try StoreInspection.refuseBeforeWriting(path)
        // A new file is made 0600 here, before SQLite creates it with the umask's mode; SQLite
        // gives its -wal and -shm files the database file's mode.
        let createdNow: Bool
        do {
            createdNow = try PrivateFile.createEmptyIfMissing(path)
        } catch {
            throw StoreError.notWritable(path: path, reason: error.reason)
        }
        // Several processes creating one new file at once can meet SQLITE_BUSY where SQLite
        // calls no busy handler (switching the new file to WAL, a reader during another's
        // WAL recovery): open again after a short pause, within the writers' busy timeout.
        let deadline = Date().addingTimeInterval(busyTimeout)
        for attempt in 1... {
            do {
                let store = SampleStore(
                    path: path, writer: try openWriter(path: path, createdNow: createdNow),
                    createdNow: createdNow)
                try store.migrate()
                return store
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && Date() < deadline
            {
                Thread.sleep(forTimeInterval: 0.01 * Double(min(attempt, 20)))
            } catch let error as DatabaseError {
                throw describe(error, path: path)
            }
        }
        fatalError("unreachable: the loop above returns or throws")
    }

    /// How long a reader waits for a write lock held by another process: only a first import
    /// (rollback journal, see `withBulkLoadJournal`) takes one that blocks readers; WAL writers
    /// never do. Past it, the reader says that an import is running.
    public static let readerBusyTimeout: TimeInterval = 2

    /// Opens the existing database at `path` for reading only: the file is never written (no
    /// migration, no journal-mode change), so a read-only file or directory is fine.
    ///
    /// A database written by an older vitals is refused with an explanation (the next
    /// writing command upgrades it); a file that holds no schema at all (created empty) reads
    /// as an empty store.
    public static func openForReading(path: String) throws -> SampleStore {
        try refuseNonRegular(path)
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StoreError.unreadable(path: path, reason: "permission denied")
        }
        try refuseNonSQLite(path)
        var config = Configuration()
        addTrace(to: &config, readOnly: true)
        config.readonly = true
        config.busyMode = .timeout(readerBusyTimeout)
        config.label = "vitals-reader"
        do {
            func open(_ location: String) throws -> DatabaseQueue {
                let queue = try DatabaseQueue(path: location, configuration: config)
                _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
                return queue
            }
            let queue: DatabaseQueue
            do {
                queue = try open(path)
            } catch let error as DatabaseError where StoreInspection.sharedMemoryFailure(error) {
                // A WAL database whose -shm file this user cannot create (a directory it cannot
                // write, a full disk). When the -wal file holds nothing, the database file is
                // all there is and reading it as immutable (no locks, no -shm) reads it whole.
                // When the -wal holds commits, immutable would silently show older data:
                // refused with the reason instead.
                if StoreInspection.walHoldsCommits(path) {
                    throw StoreError.walUnreadable(path: path, reason: error.message ?? "cannot open \(path)-shm")
                }
                guard let uri = immutableURI(path) else { throw error }
                queue = try open(uri)
            }
            let store = SampleStore(path: path, writer: queue)
            let migrator = Schema.migrator
            let (applied, superseded, hasSamples, completed) = try store.read { db in
                (
                    try migrator.appliedIdentifiers(db), try migrator.hasBeenSuperseded(db),
                    try db.tableExists("sample"), try migrator.hasCompletedMigrations(db)
                )
            }
            if superseded {
                throw StoreError.newerSchema(path: path, schema: MigrationOrder.latest(applied) ?? "?")
            }
            if applied.isEmpty, !hasSamples {
                try queue.close()
                return try inMemory()
            }
            if !completed {
                let missing = migrator.migrations.filter { !applied.contains($0) }
                throw StoreError.olderSchema(
                    path: path, schema: MigrationOrder.latest(applied) ?? "?",
                    readsSchema: migrator.migrations.last ?? "?", missingMigrations: missing)
            }
            return store
        } catch let error as DatabaseError {
            throw describeForReading(error, path: path)
        }
    }

    /// Refuses a directory, a FIFO (whose `open` would wait forever for a writer), a device or
    /// a socket where the database file should be.
    package static func refuseNonRegular(_ path: String) throws {
        switch FileKind(atPath: path) {
        case .missing, .regular: return
        case .directory: throw StoreError.isADirectory(path: path)
        case let kind: throw StoreError.notARegularFile(path: path, kind: kind.described)
        }
    }

    /// `file:/path?immutable=1`, for SQLite's URI filenames.
    private static func immutableURI(_ path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return absolute.addingPercentEncoding(withAllowedCharacters: allowed).map { "file:\($0)?immutable=1" }
    }

    static func describeForReading(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .lockedByImport(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL:
            // Reading never writes the database: a failure here is one to read it.
            return .unreadable(path: path, reason: error.message ?? "permission denied")
        default:
            return describe(error, path: path)
        }
    }

    /// An empty in-memory store (tests, the embedded demo data set).
    public static func inMemory() throws -> SampleStore {
        let queue = try DatabaseQueue(configuration: configuration(traced: false))
        let store = SampleStore(path: nil, writer: queue)
        try store.migrate()
        return store
    }

    /// A store written by one plain connection without WAL (used to build byte-identical demo
    /// files); call `finish()` before using the file elsewhere.
    package static func openForBulkWrite(path: String) throws -> SampleStore {
        try PrivateFile.createEmptyIfMissing(path)
        var config = configuration(traced: false)
        config.journalMode = .default
        let queue = try DatabaseQueue(path: path, configuration: config)
        let store = SampleStore(path: path, writer: queue)
        try store.migrate()
        return store
    }

    /// The connection a writing command uses. A file made by this open gets a pool in WAL mode
    /// (GRDB switches it and writes a first transaction, so that the pool's read-only
    /// connections find a -wal file). An existing file gets one read-write connection that
    /// leaves its journal mode as it is: a pool would write that first transaction (a table
    /// created and dropped) whenever the -wal file is missing or empty — after every close —
    /// so a command that then stores nothing, such as an import that fails or an `undo` with
    /// nothing to undo, would still change the file's header (change counter, schema cookie)
    /// and the order of its schema records.
    private static func openWriter(path: String, createdNow: Bool) throws -> any DatabaseWriter {
        if createdNow { return try DatabasePool(path: path, configuration: configuration()) }
        var config = configuration()
        config.journalMode = .default
        let queue = try DatabaseQueue(path: path, configuration: config)
        // A file that is still empty (made by someone else, or left by a killed first run)
        // becomes a WAL database like a new one.
        let empty = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") == 0 }
        if empty {
            try queue.close()
            return try DatabasePool(path: path, configuration: configuration())
        }
        return queue
    }

    /// `traced`: part of a command's statement trace (VITALS_TRACE_SQL); not the demo data
    /// built into memory or into its cache file, which are not the command's database.
    static func configuration(traced: Bool = true) -> Configuration {
        var config = Configuration()
        if traced { addTrace(to: &config, readOnly: false) }
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.label = "vitals"
        // 16 KiB pages for a file created from now on (an existing file keeps its page size):
        // a quarter as many pages to write, log and checkpoint when an import adds its rows;
        // chart queries read no slower (bench/store.sh q1–q4).
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = 16384") }
        return config
    }

    private func migrate() throws {
        let migrator = Schema.migrator
        let superseded = try writer.read { db in try migrator.hasBeenSuperseded(db) }
        if superseded {
            let known = try writer.read { db in try migrator.appliedIdentifiers(db) }
            throw StoreError.newerSchema(path: path, schema: MigrationOrder.latest(known) ?? "?")
        }
        // GRDB reads the applied migrations before running each one in its own transaction,
        // so two processes creating the same new file can both try one; the loser fails on
        // "table already exists". Look again and retry until the schema is complete.
        for attempt in 1... {
            do {
                try migrator.migrate(writer)
                return
            } catch let error as DatabaseError {
                if (try? writer.read({ db in try migrator.hasCompletedMigrations(db) })) == true { return }
                if attempt >= 40 { throw error }
                Thread.sleep(forTimeInterval: 0.025 * Double(min(attempt, 8)))
            }
        }
    }

    /// Checks the first bytes of an existing, non-empty file for the SQLite header.
    private static func refuseNonSQLite(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }
        if header != Data("SQLite format 3\0".utf8) {
            throw StoreError.notSQLite(path: path)
        }
    }

    package static func describe(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .damaged(path: path)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
            return .notWritable(path: path, reason: error.message ?? "read-only location")
        default:
            return .failed(path: path, reason: error.message ?? "\(error)")
        }
    }

    /// Checkpoints a SQLite store's WAL and truncates it to zero bytes (after a failed write,
    /// whose rolled-back frames would otherwise keep their space); nothing on PostgreSQL or
    /// when another connection holds the WAL.
    public func truncateWAL() {
        guard let writer = (connection as? SQLiteStoreConnection)?.writer else { return }
        try? writer.writeWithoutTransaction { db in
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" else { return }
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// Runs `body` in a read-only snapshot of a SQLite store (GRDB's `Database`).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try sqlite().read(body)
    }

    /// Runs `body` in one immediate write transaction (all or nothing) of a SQLite store.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try sqlite().write(body)
    }

    /// Runs `body`, a bulk load, with SQLite's rollback journal instead of the WAL when the store
    /// holds no samples yet in a file this process created (a first import), and switches back
    /// to WAL afterwards; `body` is told which journal it runs under. An existing file is left in
    /// WAL mode, so that a load that fails leaves it byte for byte as it was (switching journals
    /// and back rewrites its header); a new file a failed load leaves is removed
    /// (`DatabaseLocation.writing`).
    ///
    /// The WAL writes every page twice: into the log while the transaction runs, then into the
    /// database by the checkpoint at commit, after all other work is done. With a rollback journal, pages added past the file's
    /// old end are written once, while the transaction runs, and are not journaled at all (a
    /// rollback truncates the file). Atomicity is the same: a killed process leaves a hot
    /// journal that the next connection rolls back. Synchronous is FULL meanwhile, which a
    /// rollback journal needs to survive a power cut.
    ///
    /// The price is that other connections wait (busy timeout) instead of reading an older
    /// snapshot while the load runs, which is why only a load into an empty store is done this
    /// way: later imports, into a store people are looking at, stay in WAL mode.
    static func withBulkLoadJournal<T>(
        _ writer: any DatabaseWriter, path: String, createdNow: Bool,
        _ body: (_ rollbackJournal: Bool) throws -> T
    ) throws -> T {
        guard createdNow, let pool = writer as? DatabasePool else { return try body(false) }
        pool.releaseMemory()  // closes this process's idle readers
        let previousSynchronous = try mapErrors(path: path) {
            try pool.writeWithoutTransaction { db -> Int? in
                guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM sample)") == true else { return nil }
                let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous")
                guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE"))??.lowercased() == "delete" else {
                    return nil
                }
                try db.execute(sql: "PRAGMA synchronous = FULL")
                return synchronous
            }
        }
        defer {
            if let previousSynchronous {
                // Back to WAL for everyone else. Should another process hold the file past the
                // busy timeout, this fails, and the next vitals to open it switches it back.
                pool.writeWithoutTransaction { db in
                    guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")) == "wal" else { return }
                    try? db.execute(sql: "PRAGMA synchronous = \(previousSynchronous)")
                    // The pool's read-only connections cannot open a WAL database whose -wal
                    // file is missing or empty, so write one empty transaction into it.
                    try? db.inTransaction {
                        try db.execute(sql: "CREATE TABLE vitals_wal_start (x); DROP TABLE vitals_wal_start")
                        return .commit
                    }
                }
            }
        }
        return try body(previousSynchronous != nil)
    }

    private static func mapErrors<T>(path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DatabaseError {
            throw SampleStore.describe(error, path: path)
        }
    }
}
