#if PostgreSQL
    import Foundation
    import VitalsKit

    /// The PostgreSQL store backend: `postgres://` and `postgresql://` locations, a database on a
    /// server shared by a household or a coach (`VitalsCLI.main(storeBackends: [PostgresBackend.self])`).
    public enum PostgresBackend: StoreBackend {
        public static let name = "PostgreSQL"
        public static let schemes = ["postgres", "postgresql"]

        public static func display(_ location: String) -> String {
            (try? PostgresTarget(url: location, environment: [:]).display) ?? PasswordMask.masked(location)
        }

        public static func open(_ location: String, forWriting: Bool, environment: [String: String]) throws
            -> SampleStore
        {
            SampleStore(
                connection: PostgresStoreConnection(
                    session: try PostgresSession.open(url: location, forWriting: forWriting, environment: environment)))
        }

        public static func loadCatalog(from location: String, environment: [String: String]) throws -> LoadedCatalog? {
            try CatalogTableReader.load(url: location, environment: environment)
        }
    }

    /// A `SampleStore`'s connection to a PostgreSQL database: one `PostgresSession`.
    final class PostgresStoreConnection: StoreConnection {
        let session: PostgresSession

        init(session: PostgresSession) { self.session = session }

        var location: String { session.target.display }

        var dialect: SQLDialect { .postgres }

        /// One REPEATABLE READ, READ ONLY transaction; inside another snapshot or a transaction,
        /// that one.
        func snapshot<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
            try session.snapshot { try body(StoreDatabase(PostgresStatements(session: session))) }
        }

        /// Every read of the command in one snapshot: the same data for every block, and one BEGIN
        /// and COMMIT instead of two round trips per read.
        func readingAsOneSnapshot<T>(_ body: () throws -> T) throws -> T { try session.snapshot(body) }

        /// One transaction; inside another, a savepoint of it; inside a snapshot, refused.
        func transaction<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
            try session.transaction { try body(StoreDatabase(PostgresStatements(session: session))) }
        }

        func close() throws { session.close() }
    }

    /// The statements of one PostgreSQL snapshot or transaction: a `SQLStatement`'s placeholders
    /// numbered `$1…$n`, its arguments bound through `PostgresBindings` as bigint, double
    /// precision, text or bytea.
    struct PostgresStatements: StoreStatements {
        let session: PostgresSession

        var dialect: SQLDialect { .postgres }

        func fetchAll(_ statement: SQLStatement) throws -> [StoreRow] {
            let (sql, arguments) = try numbered(statement)
            let (names, rows) = try session.queryWithColumns(sql, arguments)
            return rows.map { StoreRow(names: names, values: $0.map(\.storeValue)) }
        }

        func execute(_ statement: SQLStatement) throws -> Int {
            let (sql, arguments) = try numbered(statement)
            return try session.run(sql, arguments)
        }

        /// The text with `$n` placeholders and the arguments as PostgreSQL values; a statement
        /// whose placeholders and arguments differ in number is refused before it is sent.
        func numbered(_ statement: SQLStatement) throws -> (String, [PostgresValue]) {
            let placeholders = statement.placeholderCount
            guard placeholders == statement.arguments.count else {
                throw PostgresStoreError.failed(
                    database: session.target.display,
                    reason: "a statement with \(placeholders) placeholders was given "
                        + "\(statement.arguments.count) arguments")
            }
            return (statement.numberedText(), statement.arguments.map(PostgresValue.init(storeValue:)))
        }

        func makeInserter() throws -> any SampleStaging { try PostgresSampleInserter(session: session) }

        /// COPY into a staging table, then one INSERT … SELECT per group (bench/postgres.sh times it
        /// against the multi-row INSERT path with `VITALS_PG_BULK_INSERT=insert`).
        func makeBulkInserter() throws -> any SampleStaging {
            if ProcessInfo.processInfo.environment["VITALS_PG_BULK_INSERT"] == "insert" { return try makeInserter() }
            return try PostgresCopyInserter(session: session)
        }
    }

    extension SQLDialect {
        /// PostgreSQL's: `vitals_json_field` (migration v2) reads a member of a text that may not
        /// be JSON.
        public static let postgres = SQLDialect(
            name: "PostgreSQL", nullSafeEquals: "IS NOT DISTINCT FROM",
            jsonTextField: { column, key in "vitals_json_field(\(column), '\(key)')" },
            loggedByThisLogin: "logged_by = session_user")
    }

    extension SampleStore {
        /// Connects to the PostgreSQL database `url` names: migrated for writing, checked for reading.
        public static func openPostgres(
            url: String, forWriting: Bool,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) throws -> SampleStore {
            try PostgresBackend.open(url, forWriting: forWriting, environment: environment)
        }

        /// The PostgreSQL connection, nil on another backend.
        public var postgres: PostgresSession? { (connection as? PostgresStoreConnection)?.session }
    }

    extension PostgresValue {
        init(storeValue: StoreValue) {
            switch storeValue {
            case .null: self = .null
            case .integer(let value): self = .integer(value)
            case .real(let value): self = .double(value)
            case .text(let value): self = .text(value)
            case .blob(let data): self = .bytes(Array(data))
            }
        }

        /// As SQLite would hold it: booleans as 0 and 1.
        var storeValue: StoreValue {
            switch self {
            case .null: return .null
            case .integer(let value): return .integer(value)
            case .double(let value): return .real(value)
            case .text(let value): return .text(value)
            case .bool(let value): return .integer(value ? 1 : 0)
            case .bytes(let value): return .blob(Data(value))
            }
        }
    }
#endif
