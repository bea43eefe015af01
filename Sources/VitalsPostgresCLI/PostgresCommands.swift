#if PostgreSQL
    import ArgumentParser
    import VitalsKit
    import VitalsCLI
    import VitalsPostgres

    /// The commands of the PostgreSQL backend, for `VitalsCLI.main(_:commands:)`: `push` and `pull`
    /// (sync with a local file), `grant` and `revoke` (share a subject), `catalog` (the catalog
    /// tables of a server).
    public enum PostgresCommands: CommandSet {
        public static let commands: [any ParsableCommand.Type] = [
            PushCommand.self, PullCommand.self, GrantCommand.self, RevokeCommand.self, CatalogCommand.self,
        ]

        /// The backend these commands go with.
        public static let extensions = Extensions(storeBackends: [PostgresBackend.self])
    }
#endif
