#if PostgreSQL
    import ArgumentParser
    import Foundation
    import VitalsCLI
    import VitalsKit
    import VitalsPostgres

    /// `vitals pull --from postgres://…`: brings the server's samples and milestones the local file lacks.
    struct PullCommand: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Bring the samples and milestones a PostgreSQL server holds that the local database lacks.",
            discussion: """
                Only the subjects the login may read come down (row-level security on the server). \
                Idempotent and resumable: each batch is stored locally together with how far the pull \
                got; a sample the file holds already is counted, not stored twice.
                """)

        @Option(
            help: ArgumentHelp(
                "The server database, postgres://USER@HOST:PORT/DBNAME (password from PGPASSWORD, ~/.pgpass or a service file).",
                valueName: "URL"))
        var from: String

        @OptionGroup var store: StoreOptions

        @Option(help: .hidden) var batchSize: Int = 5_000

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let location = try store.location(extensions.storeBackends)
                let summary = try SyncPuller(batchSize: batchSize)
                    .pull(
                        from: from, into: location.path,
                        createDirectory: location.origin == .xdg || location.origin == .home)
                try say(summary.line)
            }
        }
    }
#endif
