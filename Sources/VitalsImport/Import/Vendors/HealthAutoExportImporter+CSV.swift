import Foundation
import VitalsKit

/// Health Auto Export's CSV form: one row per date (per sample, hour or day, as the export was
/// aggregated), a `Date` (or `Date/Time`) column with dates as `2025-12-08 00:12:43 +0100`
/// (or without the offset, `2026-07-11 00:00:00`, read in the import's time zone and so noted),
/// then a column per metric with its unit in the header: `Step Count (count)`,
/// `Weight & Body Mass (kg)`, `Heart Rate [Avg] (count/min)`, `Blood Pressure [Systolic] (mmHg)`.
///
/// Recognised by that header: a first column `Date` and every other one `Name (unit)` — which
/// neither Vitals' own CSV (`start`, `value`, `unit` …) nor Cronometer's `dailysummary.csv` (its
/// `Completed` column has no unit) has. Each column is read as the JSON metric of the same name
/// (`Weight & Body Mass` is `weight_body_mass`), so a value lands where the JSON file's would;
/// the CSV names no source, so the source is `health-auto-export:unknown`, as for a JSON point
/// without one. An empty cell is no sample; a column Vitals does not know is counted as skipped.
extension HealthAutoExportImporter {
    /// Column names whose JSON metric is not the name in snake case.
    static let csvAliases: [String: String] = [
        "resting_energy": "basal_energy_burned",
        "water": "dietary_water",
        "caffeine": "dietary_caffeine",
        "energy_consumed": "dietary_energy",
    ]

    /// The header's fields, split at `,` (or at `;`, another locale's spreadsheet, which the
    /// reader then refuses by name), unquoted and trimmed.
    static func csvFields(_ line: String) -> [String] {
        let separator: Character = line.contains(",") ? "," : ";"
        return line.split(separator: separator, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"\r"))
        }
    }

    /// `Date,Step Count (count),Weight & Body Mass (kg)`: a `Date` column, then only `Name (unit)` columns.
    static func isCSVHeader(_ line: String) -> Bool {
        let line = line.hasPrefix("\u{FEFF}") ? String(line.dropFirst()) : line
        let fields = csvFields(line)
        guard fields.count >= 2, ["date", "date/time"].contains(fields[0].lowercased()) else { return false }
        return fields.dropFirst().allSatisfy { column(of: $0) != nil }
    }

    /// A header `Heart Rate [Avg] (count/min)` as its metric (`heart_rate`), field (`avg`) and unit.
    static func column(of header: String) -> (metric: String, field: String?, unit: String)? {
        guard header.hasSuffix(")"), let open = header.range(of: " (", options: .backwards) else { return nil }
        let unit = String(header[open.upperBound..<header.index(before: header.endIndex)])
        var name = String(header[..<open.lowerBound])
        var field: String?
        if name.hasSuffix("]"), let bracket = name.lastIndex(of: "[") {
            field = name[name.index(after: bracket)..<name.index(before: name.endIndex)].lowercased()
            name = String(name[..<bracket])
        }
        let words = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard !words.isEmpty, !unit.isEmpty else { return nil }
        let snake = words.joined(separator: "_")
        return (csvAliases[snake] ?? snake, field, unit)
    }

    func readCSV(_ source: ImportSource, into sink: any ImportSink) throws {
        let table = try CSVTable(text: try CSVFileImporter.text(of: source.path), file: source.path)
        let columns = table.names.enumerated().dropFirst().compactMap { index, header in
            Self.column(of: header).map {
                (index: index, header: header, metric: $0.metric, field: $0.field, unit: $0.unit)
            }
        }
        var emit = HealthKitEmitter(mapping: mapping, sink: sink)
        let source = "health-auto-export:unknown"
        var notedZone = false
        for record in table.records {
            let dateText = record.fields.first?.trimmingCharacters(in: .whitespaces) ?? ""
            guard let at = date(dateText) else {
                sink.skip("a row without a readable Date")
                continue
            }
            if !notedZone, !Self.statesOffset(dateText) {
                sink.note("Health Auto Export CSV times without an offset: read in \(timeZone.identifier)")
                notedZone = true
            }
            var pressure: [String: Any] = [:]
            var pressureUnit: String?
            for column in columns {
                guard let value = try table.number(record, at: column.index) else { continue }
                switch (column.metric, column.field) {
                case ("blood_pressure", "systolic"?), ("blood_pressure", "diastolic"?):
                    pressure[column.field!] = value
                    pressureUnit = column.unit
                case ("heart_rate", "min"?), ("heart_rate", "max"?):
                    continue  // the Avg is the value, as in the JSON file
                case ("sleep_analysis", _):
                    sink.skip("\(column.header) (a CSV has no sleepStart to place a night at)")
                case (_, nil), ("heart_rate", "avg"?):
                    try read(
                        column.metric, units: column.unit, point: ["qty": value], at: at, source: source, emit: &emit)
                default:
                    sink.skip("column \(column.header) (not known to vitals)")
                }
            }
            if !pressure.isEmpty {
                try read("blood_pressure", units: pressureUnit, point: pressure, at: at, source: source, emit: &emit)
            }
        }
    }
}
