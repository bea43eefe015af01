import Foundation

/// The statements of one read (a snapshot) or one write transaction, on whichever backend the
/// store runs: what the store's readers and writers see instead of a GRDB `Database`.
///
/// Statements are `SQLStatement`s, written with `?` placeholders and arguments or as string
/// literals whose interpolations become arguments; the backend binds them. Where the SQL itself must
/// differ, callers take the piece from `dialect` (never the backend's name).
public struct StoreDatabase {
    let statements: any StoreStatements

    /// The statements of a backend (a `StoreConnection` makes one per snapshot or transaction).
    public init(_ statements: any StoreStatements) {
        self.statements = statements
    }

    public var dialect: SQLDialect { statements.dialect }

    // MARK: Reading

    public func fetchAll(_ statement: SQLStatement) throws -> [StoreRow] {
        try statements.fetchAll(statement)
    }

    public func fetchAll(sql: String, arguments: StoreArguments = []) throws -> [StoreRow] {
        try fetchAll(SQLStatement(sql: sql, arguments: arguments))
    }

    public func fetchOne(_ statement: SQLStatement) throws -> StoreRow? { try fetchAll(statement).first }

    public func fetchOne(sql: String, arguments: StoreArguments = []) throws -> StoreRow? {
        try fetchAll(sql: sql, arguments: arguments).first
    }

    /// The first column of the first row (nil for no row or NULL).
    public func fetchValue<T: StoreValueConvertible>(_ type: T.Type, _ statement: SQLStatement) throws -> T? {
        try fetchOne(statement).flatMap { $0[0] as T? }
    }

    public func fetchValue<T: StoreValueConvertible>(_ type: T.Type, sql: String, arguments: StoreArguments = []) throws
        -> T?
    {
        try fetchValue(type, SQLStatement(sql: sql, arguments: arguments))
    }

    /// The first column of every row, NULLs left out.
    public func fetchValues<T: StoreValueConvertible>(_ type: T.Type, sql: String, arguments: StoreArguments = [])
        throws -> [T]
    {
        try fetchAll(sql: sql, arguments: arguments).compactMap { $0[0] as T? }
    }

    /// Hands each row of `statement` to `body` as it is read, by column position (no row is
    /// copied on SQLite: the hot scans of a render read this way).
    public func forEachRow(_ statement: SQLStatement, _ body: (any StoreRowCursor) throws -> Void) throws {
        try statements.forEachRow(statement, body)
    }

    // MARK: Writing

    /// Runs one statement; returns how many rows it changed.
    @discardableResult
    public func execute(_ statement: SQLStatement) throws -> Int {
        try statements.execute(statement)
    }

    @discardableResult
    public func execute(sql: String, arguments: StoreArguments = []) throws -> Int {
        try execute(SQLStatement(sql: sql, arguments: arguments))
    }

    /// The inserter of this backend, for this transaction.
    func makeInserter() throws -> any SampleStaging { try statements.makeInserter() }

    /// The inserter for many rows (COPY on PostgreSQL).
    package func makeBulkInserter() throws -> any SampleStaging { try statements.makeBulkInserter() }

    /// Runs `body`, a bulk load's inserts, with the backend's settings for one.
    package func bulkInserting<T>(_ body: () throws -> T) throws -> T { try statements.bulkInserting(body) }
}
