import Foundation
import GRDB
import VitalsKit

/// Looks at an existing database file without writing it: what a writing command must know
/// before it opens the file for writing (GRDB's pool switches a file to WAL, a migration
/// writes), so that a file vitals refuses is left byte for byte as it was.
enum StoreInspection {
    /// Throws when the file at `path` must not be written: another program's database (it has
    /// tables but none of vitals' migrations), one a newer vitals wrote, or one SQLite finds
    /// damaged. A missing or empty file, or one this user cannot open for reading, passes (the
    /// writer then says what is wrong).
    static func refuseBeforeWriting(_ path: String) throws {
        guard FileKind(atPath: path) == .regular,
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0
        else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(SampleStore.busyTimeout)
        config.label = "vitals-inspection"
        let facts: (tables: [String], migrations: [String])
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            defer { try? queue.close() }
            facts = try queue.read { db in
                let tables = try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                        """)
                let migrations =
                    tables.contains("grdb_migrations")
                    ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
                return (tables, migrations)
            }
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: throw StoreError.damaged(path: path)
            default: return
            }
        }
        if facts.tables.isEmpty { return }
        // Only GRDB's empty migrations table: another vitals is creating this store right now
        // (the table is made before the first migration commits); the migrator waits for it.
        if facts.tables == ["grdb_migrations"], facts.migrations.isEmpty { return }
        let known = Schema.migrator.migrations
        guard let first = known.first, facts.migrations.contains(first) else {
            throw StoreError.foreignDatabase(path: path, tables: facts.tables)
        }
        if let unknown = MigrationOrder.latest(facts.migrations.filter { !known.contains($0) }) {
            throw StoreError.newerSchema(path: path, schema: unknown)
        }
    }

    /// Whether opening a read-only connection failed because the -shm file could not be made
    /// or mapped (rather than the database file itself).
    static func sharedMemoryFailure(_ error: DatabaseError) -> Bool {
        [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_PERM].contains(error.resultCode)
    }

    /// Whether the WAL file next to `path` holds frames (commits not yet in the database file);
    /// a WAL of its 32-byte header only, or none, holds nothing.
    static func walHoldsCommits(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        return size > 32
    }
}
