import VitalsKit

/// Why a CSV file was not imported (Apple Health exports have `HealthExportError`).
package enum ImportError: VitalsError, Equatable {
    /// Not even a header row.
    case emptyCSV
    /// A header column vitals does not read; `known` are the columns it does.
    case unknownColumn(String, known: [String])
    /// The header names no time column.
    case noTimeColumn(header: [String])
    /// Neither `--series` nor a `series` column.
    case noSeries
    /// A row whose time field is empty.
    case noTime
    /// Some rows are invalid, so none were imported; `errors` are the bad rows.
    case invalidRows(errors: [CSVImporter.RowError], rowCount: Int)

    /// How many bad rows the hints list before "… and N more".
    package static let rowsShown = 20

    package var message: String {
        switch self {
        case .emptyCSV: return "the CSV file is empty (it needs a header row)"
        case .unknownColumn(let name, _): return "unknown CSV column '\(Sanitize.inline(name))'"
        case .noTimeColumn: return "the CSV header has no time column (start or date)"
        case .noSeries: return "no series: give --series or a series column"
        case .noTime: return "no time"
        case .invalidRows(let errors, let rowCount):
            return "\(errors.count) of \(rowCount) rows are invalid; nothing was imported"
        }
    }

    package var hints: [String] {
        switch self {
        case .unknownColumn(let name, let known):
            return [
                didYouMean(name, among: known)
                    ?? "columns: start (or date), value, unit, end, category, tag, note, subject, series"
            ]
        case .noTimeColumn(let header):
            return ["header: " + header.joined(separator: ",")]
        case .invalidRows(let errors, _):
            let shown = errors.prefix(Self.rowsShown).map(\.description)
            let more = errors.count > Self.rowsShown ? ["… and \(errors.count - Self.rowsShown) more bad rows"] : []
            return shown + more + ["fix them, or pass --skip-invalid to import the good rows"]
        default:
            return []
        }
    }

    package var kind: VitalsErrorKind { .refused }
}
