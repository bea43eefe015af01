import Foundation
import GRDB

/// The SQL dialect of a store's backend, where the two differ.
public enum StoreDialect: Sendable, Equatable {
    case sqlite, postgres
}

/// The statements of one read (a snapshot) or one write transaction, on either backend: what
/// the store's readers and writers see instead of a GRDB `Database`.
///
/// Statements are written as on SQLite, with `?` placeholders or as GRDB `SQL` literals (whose
/// interpolations become arguments); on PostgreSQL the placeholders are numbered `$1…$n` and the
/// arguments bound as bigint, double precision, text or bytea. Where the SQL itself differs,
/// callers look at `dialect`.
public struct StoreDatabase {
    enum Connection {
        case sqlite(Database)
        case postgres(PostgresSession)
    }

    let connection: Connection

    public var dialect: StoreDialect {
        switch connection {
        case .sqlite: return .sqlite
        case .postgres: return .postgres
        }
    }

    /// The GRDB connection on SQLite, nil on PostgreSQL (for SQLite-only paths such as the
    /// importer's C-level inserts).
    var sqlite: Database? {
        if case .sqlite(let db) = connection { return db }
        return nil
    }

    // MARK: Reading

    public func fetchAll(_ literal: SQL) throws -> [StoreRow] {
        let (sql, arguments) = try build(literal)
        return try fetchAll(sql: sql, arguments: arguments)
    }

    public func fetchAll(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [StoreRow] {
        switch connection {
        case .sqlite(let db):
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(StoreRow.init)
        case .postgres(let session):
            let (names, rows) = try session.queryWithColumns(PostgresPlaceholders.number(sql),
                                                              try Self.postgresValues(arguments))
            return rows.map { StoreRow(names: names, values: $0.map(\.databaseValue)) }
        }
    }

    public func fetchOne(_ literal: SQL) throws -> StoreRow? { try fetchAll(literal).first }

    public func fetchOne(sql: String, arguments: StatementArguments = StatementArguments()) throws -> StoreRow? {
        try fetchAll(sql: sql, arguments: arguments).first
    }

    /// The first column of the first row (nil for no row or NULL).
    public func fetchValue<T: DatabaseValueConvertible>(_ type: T.Type, _ literal: SQL) throws -> T? {
        try fetchOne(literal).flatMap { $0[0] as T? }
    }

    public func fetchValue<T: DatabaseValueConvertible>(_ type: T.Type, sql: String,
                                                        arguments: StatementArguments = StatementArguments()) throws -> T? {
        try fetchOne(sql: sql, arguments: arguments).flatMap { $0[0] as T? }
    }

    /// The first column of every row, NULLs left out.
    public func fetchValues<T: DatabaseValueConvertible>(_ type: T.Type, sql: String,
                                                         arguments: StatementArguments = StatementArguments()) throws -> [T] {
        try fetchAll(sql: sql, arguments: arguments).compactMap { $0[0] as T? }
    }

    // MARK: Writing

    /// Runs one statement; returns how many rows it changed.
    @discardableResult
    public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws -> Int {
        switch connection {
        case .sqlite(let db):
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount
        case .postgres(let session):
            return try session.run(PostgresPlaceholders.number(sql), try Self.postgresValues(arguments))
        }
    }

    @discardableResult
    public func execute(_ literal: SQL) throws -> Int {
        let (sql, arguments) = try build(literal)
        return try execute(sql: sql, arguments: arguments)
    }

    // MARK: Building

    /// The SQL text and arguments of a literal, as GRDB builds them for SQLite.
    func build(_ literal: SQL) throws -> (String, StatementArguments) {
        switch connection {
        case .sqlite(let db):
            return try literal.build(db)
        case .postgres:
            return try Self.builder().read { db in try literal.build(db) }
        }
    }

    /// An empty in-memory SQLite connection that only builds literals for PostgreSQL.
    private static func builder() throws -> DatabaseQueue {
        builderLock.lock()
        defer { builderLock.unlock() }
        if let made = madeBuilder { return made }
        let queue = try DatabaseQueue()
        madeBuilder = queue
        return queue
    }

    nonisolated(unsafe) private static var madeBuilder: DatabaseQueue?
    private static let builderLock = NSLock()

    /// GRDB's arguments as PostgreSQL values (positional arguments only).
    static func postgresValues(_ arguments: StatementArguments) throws -> [PostgresValue] {
        guard let values = Mirror(reflecting: arguments).descendant("values") as? [DatabaseValue] else {
            preconditionFailure("GRDB's StatementArguments no longer keeps its values in `values`")
        }
        return values.map(PostgresValue.init(databaseValue:))
    }
}

extension PostgresValue {
    init(databaseValue: DatabaseValue) {
        switch databaseValue.storage {
        case .null: self = .null
        case .int64(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .text(value)
        case .blob(let data): self = .bytes(Array(data))
        }
    }

    /// As SQLite would hold it: booleans as 0 and 1.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let value): return value.databaseValue
        case .double(let value): return value.databaseValue
        case .text(let value): return value.databaseValue
        case .bool(let value): return (value ? 1 : 0 as Int64).databaseValue
        case .bytes(let value): return Data(value).databaseValue
        }
    }
}
