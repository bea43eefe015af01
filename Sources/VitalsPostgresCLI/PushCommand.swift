#if PostgreSQL
    import ArgumentParser
    import Foundation
    import VitalsCLI
    import VitalsKit
    import VitalsPostgres

    /// `vitals push --to postgres://…`: sends the local file's new samples and milestones to a server.
    struct PushCommand: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "push",
            abstract: "Send the local database's samples and milestones that a PostgreSQL server lacks.",
            discussion: """
                Idempotent and resumable: samples go in batches, each in one server transaction, and a \
                push that was interrupted sends the rest when run again; a sample the server holds \
                already (by its natural key) is counted, not stored twice. Only additions travel: a \
                sample deleted or edited locally after a push stays as it was on the server.
                """)

        @Option(
            help: ArgumentHelp(
                "The server database, postgres://USER@HOST:PORT/DBNAME (password from PGPASSWORD, ~/.pgpass or a service file).",
                valueName: "URL"))
        var to: String

        @OptionGroup var store: StoreOptions

        @Option(help: .hidden) var batchSize: Int = 5_000

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let file = try store.location(extensions.storeBackends).path
                let summary = try SyncPusher(batchSize: batchSize).push(file: file, to: to)
                if summary.restarted {
                    try say("the local file changed below the last push's mark (an undo); everything was offered again")
                }
                try say(summary.line)
            }
        }
    }
#endif
