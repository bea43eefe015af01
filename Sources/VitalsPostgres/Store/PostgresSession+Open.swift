#if PostgreSQL
    import Foundation
    import VitalsKit

    extension PostgresSession {
        /// Connects to the database `url` names and prepares its schema: migrated when
        /// `forWriting`, checked otherwise (a reader never changes the server's schema).
        ///
        /// Refuses a database a newer vitals has migrated, and, for reading, one that holds no
        /// vitals schema yet or an older one.
        public static func open(
            url: String, forWriting: Bool,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            checkSchema: Bool = true
        ) throws -> PostgresSession {
            let target = try PostgresTarget(url: url, environment: environment)
            let session = try connect(target, environment: environment)
            guard checkSchema else { return session }
            do {
                if forWriting {
                    try PostgresSchema.migrate(session)
                } else {
                    try session.checkSchemaForReading()
                }
            } catch {
                session.close()
                throw error
            }
            return session
        }

        /// Refuses a schema this vitals cannot read: none, newer or older.
        func checkSchemaForReading() throws {
            guard let applied = try PostgresSchema.applied(self) else {
                throw PostgresStoreError.noSchema(database: target.display)
            }
            try PostgresSchema.refuseNewer(Set(applied), session: self)
            let missing = PostgresSchema.migrations.map(\.identifier).filter { !applied.contains($0) }
            if !missing.isEmpty {
                throw PostgresStoreError.olderSchema(
                    database: target.display, schema: applied.last ?? "?",
                    missingMigrations: missing)
            }
        }
    }
#endif
