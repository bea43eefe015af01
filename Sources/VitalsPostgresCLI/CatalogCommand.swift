#if PostgreSQL
    import ArgumentParser
    import Foundation
    import VitalsCLI
    import VitalsKit
    import VitalsPostgres

    /// `vitals catalog push --to postgres://…`: the catalog as tables on a PostgreSQL server.
    struct CatalogCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalog",
            abstract: "The catalog as PostgreSQL tables (display_screens, display_metrics, …).",
            discussion: "--catalog postgres://… on other commands reads the tables back.",
            subcommands: [Push.self])

        struct Push: VitalsCommand {
            static let configuration = CommandConfiguration(
                commandName: "push",
                abstract: "Replace the catalog tables of a PostgreSQL database with this catalog, in one transaction.",
                discussion: """
                    Writes pillars, subjects, series, display_screens, display_metrics and the portion \
                    lists (categories, meal_slots, foods, budgets), one column per YAML key. The catalog \
                    must validate first. Exit 0: written; 1: the catalog has errors (nothing written); \
                    2: the server could not be reached or refused the write (nothing written).
                    """)

            @Option(
                help: ArgumentHelp(
                    "The database to write: postgres://user@host:port/dbname (passwords from PGPASSWORD, ~/.pgpass or a service file).",
                    valueName: "URL"))
            var to: String

            @OptionGroup var catalog: CatalogOptions

            func validate() throws {
                guard PostgresTarget.isURL(to) else {
                    throw ValidationError("--to takes a postgres:// URL, got '\(Sanitize.inline(to))'")
                }
            }

            func run(with extensions: Extensions) throws {
                try reportingErrors {
                    let loaded = try catalog.loadValidCatalog(extensions, withSources: true)
                    let started = Date()
                    let session = try PostgresSession.open(
                        url: to, forWriting: false,
                        environment: ProcessInfo.processInfo.environment, checkSchema: false)
                    defer { session.close() }
                    let counts = try CatalogTableWriter.push(loaded, to: session)
                    let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
                    let tables = counts.map { "\($0.table) \($0.rows)" }.joined(separator: ", ")
                    try say("pushed the catalog to \(session.target.display) in \(milliseconds) ms: \(tables)")
                }
            }
        }
    }
#endif
