import ArgumentParser
import Foundation
import VitalsKit

/// Where the database is (`--db`), shared by every command that reads or writes samples.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The database file (default: $VITALS_DB, else $XDG_DATA_HOME/vitals/vitals.sqlite, else ~/.local/share/vitals/vitals.sqlite).",
        valueName: "PATH"))
    var db: String?

    var location: DatabaseLocation { DatabaseLocation.resolve(option: db) }

    /// Runs a writing command's `body` with the store (created and migrated when missing); a
    /// database this created is removed again when `body` fails.
    func writing<T>(_ body: (SampleStore) throws -> T) throws -> T { try location.writing(body) }

    /// The store for a reading command: the file, or the embedded demo data (said on stderr).
    func openForReading(asOf: LocalDate = LocalDate.today()) throws -> SampleStore {
        let (store, notice) = try location.openForReading(asOf: asOf)
        if let notice { printError(notice) }
        return store
    }
}

/// How values without a unit are read and shown: `--units`, else `$VITALS_UNITS`, else metric.
struct UnitOptions: ParsableArguments {
    @Option(name: .customLong("units"), help: ArgumentHelp(
        "metric or imperial: the unit a value without one is in (default: $VITALS_UNITS, else metric).",
        valueName: "SYSTEM"))
    var units: String?

    /// The system values without a unit are read in (metric unless chosen).
    func unitSystem() throws -> UnitSystem { try chosenUnitSystem() ?? .metric }

    /// The system the user chose, or nil: pass it to `MetricQuery` so a metric's YAML `unit`
    /// applies unless the user asked for metric or imperial.
    func chosenUnitSystem() throws -> UnitSystem? {
        let environment = ProcessInfo.processInfo.environment["VITALS_UNITS"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = units ?? environment else { return nil }
        guard let system = UnitSystem(rawValue: text.lowercased()) else {
            throw CommandError("unknown unit system '\(text)': use metric or imperial", .usage)
        }
        return system
    }
}

/// Reads a `YYYY-MM-DD` option value.
func parseDate(_ text: String?, option: String) throws -> LocalDate? {
    guard let text else { return nil }
    if text == "today" { return LocalDate.today() }
    guard let date = LocalDate(iso: text) else {
        throw CommandError("\(option) expects a date as YYYY-MM-DD, got '\(Sanitize.inline(text))'", .usage)
    }
    return date
}
