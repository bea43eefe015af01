/// Why the database could not be opened, read or written.
public enum StoreError: VitalsError, Equatable {
    /// `open` without `createDirectory`: the directory the file would go in does not exist.
    case missingDirectory(path: String, directory: String)
    /// The directory for a new database could not be made.
    case cannotCreateDirectory(directory: String, reason: String)
    /// The file exists but cannot be read (permissions, a directory SQLite cannot open it in).
    case unreadable(path: String, reason: String)
    /// A directory stands where the database file should be.
    case isADirectory(path: String)
    /// A FIFO, socket or device where the database file should be (`kind` says which).
    case notARegularFile(path: String, kind: String)
    /// `--db`, `$VITALS_DB` or the settings file (`origin`) names a file that does not exist:
    /// a reading command neither invents data nor creates it.
    case missingDatabase(path: String, origin: String)
    /// An SQLite database of another program (its tables are not vitals'), never written.
    case foreignDatabase(path: String, tables: [String])
    /// A WAL database whose latest commits are in its -wal file, which this user cannot read
    /// without creating the -shm file (a directory it cannot write, a full disk).
    case walUnreadable(path: String, reason: String)
    /// The file does not start with SQLite's header.
    case notSQLite(path: String)
    /// SQLite says the file is not a database or is corrupt.
    case damaged(path: String)
    /// A newer vitals has migrated the file past what this one knows; `path` nil for in-memory.
    case newerSchema(path: String?, schema: String)
    /// An older vitals wrote the file; a reader never migrates, the next writer does.
    case olderSchema(path: String, schema: String, readsSchema: String, missingMigrations: [String])
    /// A first import holds the file's write lock (rollback journal) past the reader's wait.
    case lockedByImport(path: String)
    /// The file or its directory is read-only, or SQLite cannot open it for writing.
    case notWritable(path: String, reason: String)
    /// Any other SQLite error, with SQLite's message.
    case failed(path: String, reason: String)
    /// Work that needs a SQLite file was asked of a store on another backend.
    case needsSQLiteFile(location: String)

    public var message: String {
        switch self {
        case .missingDirectory(let path, let directory):
            return "cannot create the database \(path): directory \(directory) does not exist"
        case .cannotCreateDirectory(let directory, let reason):
            return "cannot create the directory \(directory) for the database: \(reason)"
        case .unreadable(let path, let reason):
            return "cannot read the database \(path): \(reason)"
        case .isADirectory(let path):
            return "\(path) is a directory, not a database file"
        case .notARegularFile(let path, let kind):
            return "\(path) is \(kind), not a database file"
        case .missingDatabase(let path, let origin):
            return "no database at \(path) (named by \(origin))"
        case .foreignDatabase(let path, let tables):
            return
                "\(path) is an SQLite database of another program (tables: \(tables.prefix(5).joined(separator: ", "))"
                + (tables.count > 5 ? ", …" : "") + "), not a vitals database; it was not changed"
        case .walUnreadable(let path, let reason):
            return "cannot read the database \(path): its latest changes are in \(path)-wal, and reading them "
                + "needs \(path)-shm, which cannot be created (\(reason))"
        case .notSQLite(let path):
            return "\(path) is not a vitals database (not an SQLite file)"
        case .damaged(let path):
            return "the database \(path) is damaged: SQLite reports it as corrupt"
        case .newerSchema(let path, let schema):
            return "\(path ?? "the database") was written by a newer version of vitals (schema \(schema))"
        case .olderSchema(let path, let schema, let readsSchema, _):
            return "\(path) was written by an older version of vitals (schema \(schema); "
                + "this one reads \(readsSchema)); reading commands never change it"
        case .lockedByImport(let path):
            return "\(path) is locked by another vitals: an import into an empty database is running"
        case .notWritable(let path, let reason):
            return "cannot write the database \(path): \(reason)"
        case .failed(let path, let reason):
            return "database \(path): \(reason)"
        case .needsSQLiteFile(let location):
            return "\(location): this operation needs a SQLite database file"
        }
    }

    public var hints: [String] {
        switch self {
        case .notSQLite, .notARegularFile:
            return ["point --db at another file, or move this one away"]
        case .missingDatabase(let path, let origin):
            return [
                "`vitals import …`, `vitals log …` or `vitals demo --db \(path)` create it; check \(origin) for a typo",
                "only without --db, $VITALS_DB and a settings db do reading commands show the embedded demo data",
            ]
        case .foreignDatabase:
            return ["point --db at a vitals database, or at a new file to create one"]
        case .walUnreadable(let path, _):
            return [
                "run vitals as a user who can write the directory of \(path), or have its owner run any vitals command "
                    + "on it (which folds the -wal file into the database)"
            ]
        case .damaged(let path):
            return [
                "restore \(path) from a backup (a copy, or a `vitals export csv` to import into a new file); "
                    + "`sqlite3 \(path) .recover` may save what is left", "vitals did not change it",
            ]
        case .newerSchema:
            return ["upgrade vitals, or point --db at another file"]
        case .olderSchema(_, _, _, let missing):
            return [
                "the next command that writes (vitals import, vitals log …) upgrades it in place "
                    + "(\(missing.joined(separator: ", ")))"
            ]
        case .lockedByImport:
            return ["try again when it has finished; later imports never block reading"]
        case .notWritable:
            return ["choose a writable location with --db PATH or $VITALS_DB"]
        default:
            return []
        }
    }

    /// Reading that cannot happen now is `.cannotRun`. The rest is `.refused` as vitals has
    /// always reported it (exit 1), though a missing directory or a read-only location is
    /// rather a place the command cannot run in.
    public var kind: VitalsErrorKind {
        switch self {
        case .unreadable, .lockedByImport, .missingDatabase, .walUnreadable: return .cannotRun
        default: return .refused
        }
    }
}
