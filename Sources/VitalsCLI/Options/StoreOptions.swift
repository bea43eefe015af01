import ArgumentParser
import Foundation
import VitalsKit
import VitalsSettings

/// Where the database is (`--db`), shared by every command that reads or writes samples: a
/// SQLite file, or a PostgreSQL database named by a `postgres://` URL.
package struct StoreOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The database file, or a PostgreSQL database as postgres://USER@HOST:PORT/DBNAME (password from PGPASSWORD or ~/.pgpass) (default: $VITALS_DB, else the settings file's db, else $XDG_DATA_HOME/vitals/vitals.sqlite, else ~/.local/share/vitals/vitals.sqlite).",
            valueName: "PATH"))
    package var db: String?

    /// `--db`, else `$VITALS_DB`, else the settings file's `db`, else the XDG data file; a URL
    /// is opened with the one of `backends` that serves it.
    package func location(_ backends: StoreBackends) throws -> DatabaseLocation {
        try Self.location(db: db, backends: backends)
    }

    /// Where `--db` (or, nil, the environment, the settings file, the default) says.
    package static func location(db: String?, backends: StoreBackends) throws -> DatabaseLocation {
        let environment = RunSettings.environment
        let file = try RunSettings.file(environment: environment)
        // A relative `db` (written by hand, or by an older `config set`) is relative to the
        // settings file's directory, never to the working directory of each command.
        let configured = file.entries[.db].map { entry in
            ConfigCommand.absoluteDatabasePath(
                entry.value, workingDirectory: (file.path as NSString).deletingLastPathComponent)
        }
        return DatabaseLocation.resolve(
            option: db, configured: configured, environment: environment, backends: backends)
    }

    /// Whether the data this command reads is the demo's (its subjects then exist).
    package func holdsDemoData(_ backends: StoreBackends) -> Bool { Self.holdsDemoData(db: db, backends: backends) }
    /// Whether the data read from `--db` (nil: the settings' database) is the demo's.
    package static func holdsDemoData(db: String?, backends: StoreBackends) -> Bool {
        (try? location(db: db, backends: backends).holdsDemoData(forWriting: false)) ?? false
    }
    /// Whether the database this command writes holds the demo data (`vitals demo` wrote it).
    package func writesDemoData(_ backends: StoreBackends) -> Bool {
        (try? location(backends).holdsDemoData(forWriting: true)) ?? false
    }

    /// Runs a writing command's `body` with the store (created and migrated when missing); a
    /// database this created is removed again when `body` fails.
    package func writing<T>(_ backends: StoreBackends, _ body: (SampleStore) throws -> T) throws -> T {
        try traced { try location(backends).writing(body) }
    }

    /// The store for a reading command: the file, or the embedded demo data (said on stderr).
    package func openForReading(_ backends: StoreBackends, asOf: LocalDate = LocalDate.today()) throws -> SampleStore {
        let (store, notice) = try traced { try location(backends).openForReading(asOf: asOf) }
        if let notice { printError(notice) }
        return store
    }

    /// For bench/render.sh (`VITALS_TRACE_SQL=FILE`): `body` with every statement of the store
    /// it opens, from its open on, written to FILE with its arguments inlined, so that
    /// `sqlite3` can run the same SQL (`SampleStore.tracingStatements`).
    private func traced<T>(_ body: () throws -> T) throws -> T {
        guard let file = ProcessInfo.processInfo.environment["VITALS_TRACE_SQL"], !file.isEmpty else {
            return try body()
        }
        guard FileManager.default.createFile(atPath: file, contents: nil),
            let handle = FileHandle(forWritingAtPath: file)
        else {
            throw CommandError("VITALS_TRACE_SQL: cannot write \(Sanitize.inline(file))", .usage)
        }
        return try SampleStore.tracingStatements(to: { sql in handle.write(Data((sql + "\n").utf8)) }, body)
    }
}

/// How values without a unit are read and shown: `--units`, else `$VITALS_UNITS`, else the
/// settings file's `units`, else the locale (en_US → us, en_GB → uk), else metric.
package struct UnitOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("units"),
        help: ArgumentHelp(
            "metric, us or uk (imperial = us): the units values are shown in, and a value without one is read in (default: $VITALS_UNITS, else the settings file, else the locale, else metric).",
            valueName: "SYSTEM"))
    package var units: String?

    /// The system values without a unit are read in (metric unless chosen).
    package func unitSystem() throws -> UnitSystem { try chosenUnitSystem() ?? .metric }

    /// The system a flag, the environment, the settings file or the locale chose, or nil:
    /// pass it to `MetricQuery` so a metric's YAML `unit` applies when nothing chose one.
    package func chosenUnitSystem() throws -> UnitSystem? {
        try RunSettings.resolve(units: units).chosenUnits
    }
}

/// Reads a `YYYY-MM-DD` option value.
package func parseDate(_ text: String?, option: String) throws -> LocalDate? {
    guard let text else { return nil }
    if text == "today" { return LocalDate.today() }
    guard let date = LocalDate(iso: text) else {
        throw CommandError("\(option) expects a date as YYYY-MM-DD, got '\(Sanitize.inline(text))'", .usage)
    }
    return date
}
