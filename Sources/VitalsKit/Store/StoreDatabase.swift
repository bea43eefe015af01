import Foundation
import GRDB

/// The statements of one read (a snapshot) or one write transaction, on whichever backend the
/// store runs: what the store's readers and writers see instead of a GRDB `Database`.
///
/// Statements are written as on SQLite, with `?` placeholders or as GRDB `SQL` literals (whose
/// interpolations become arguments); the backend translates them. Where the SQL itself must
/// differ, callers take the piece from `dialect` (never the backend's name).
public struct StoreDatabase {
    let statements: any StoreStatements

    /// The statements of a backend (a `StoreConnection` makes one per snapshot or transaction).
    public init(_ statements: any StoreStatements) {
        self.statements = statements
    }

    public var dialect: SQLDialect { statements.dialect }

    // MARK: Reading

    public func fetchAll(_ literal: SQL) throws -> [StoreRow] {
        let (sql, arguments) = try build(literal)
        return try fetchAll(sql: sql, arguments: arguments)
    }

    public func fetchAll(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [StoreRow] {
        try statements.fetchAll(sql: sql, arguments: arguments)
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

    /// Hands each row of `literal` to `body` as it is read, by column position (no row is
    /// copied on SQLite: the hot scans of a render read this way).
    public func forEachRow(_ literal: SQL, _ body: (any StoreRowCursor) throws -> Void) throws {
        let (sql, arguments) = try build(literal)
        try statements.forEachRow(sql: sql, arguments: arguments, body)
    }

    // MARK: Writing

    /// Runs one statement; returns how many rows it changed.
    @discardableResult
    public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws -> Int {
        try statements.execute(sql: sql, arguments: arguments)
    }

    @discardableResult
    public func execute(_ literal: SQL) throws -> Int {
        let (sql, arguments) = try build(literal)
        return try execute(sql: sql, arguments: arguments)
    }

    /// The inserter of this backend, for this transaction.
    func makeInserter() throws -> any SampleStaging { try statements.makeInserter() }

    /// The inserter for many rows (COPY on PostgreSQL).
    package func makeBulkInserter() throws -> any SampleStaging { try statements.makeBulkInserter() }

    /// Runs `body`, a bulk load's inserts, with the backend's settings for one.
    package func bulkInserting<T>(_ body: () throws -> T) throws -> T { try statements.bulkInserting(body) }

    // MARK: Building

    /// The SQL text and arguments of a literal, as GRDB builds them for SQLite.
    func build(_ literal: SQL) throws -> (String, StatementArguments) { try statements.build(literal) }
}
