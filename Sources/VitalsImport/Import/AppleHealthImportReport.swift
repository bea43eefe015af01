import Foundation
import VitalsKit

/// What an Apple Health import did: per HealthKit type, how many samples were new, already
/// present or skipped (with reasons), and what the export held besides.
package struct AppleHealthImportReport: Sendable {
    /// Counts for one HealthKit type (or `Workout`, `ActivitySummary`, `Me`).
    package struct Counts: Sendable, Hashable {
        package var new = 0
        package var present = 0
        /// Read again within the same export and stored once: a record inside a correlation
        /// and its top-level twin, or a record the export lists twice.
        package var repeated = 0
        package var skipped = 0
    }

    /// Per HealthKit type.
    package var byType: [String: Counts] = [:]
    /// The series each type went into (its own identifier when no series names it).
    package var seriesByType: [String: String] = [:]
    /// Skipped samples per reason (`HKQuantityTypeIdentifierBodyMass: unit mL does not convert to kg`).
    package var skippedReasons: [String: Int] = [:]
    /// What the scanner found (quirks, unsupported elements, bytes read).
    package var statistics = HealthScanStatistics()
    package var profile: HealthProfile?
    package var source: HealthExportSource?
    /// Wall-clock seconds the import took.
    package var elapsed: TimeInterval = 0
    /// Whether the rows were written under a rollback journal (a first import into an empty
    /// store, see `SampleStore.withBulkLoadJournal`) rather than the WAL.
    package var rollbackJournal = false

    package init() {}

    package var totalNew: Int { byType.values.reduce(0) { $0 + $1.new } }
    package var totalPresent: Int { byType.values.reduce(0) { $0 + $1.present } }
    package var totalSkipped: Int { byType.values.reduce(0) { $0 + $1.skipped } }
    package var totalRepeated: Int { byType.values.reduce(0) { $0 + $1.repeated } }
    /// Samples read (new, present, repeated or skipped).
    package var totalRead: Int { totalNew + totalPresent + totalRepeated + totalSkipped }

    mutating func skip(_ type: String, reason: String) {
        byType[type, default: Counts()].skipped += 1
        skippedReasons["\(type): \(reason)", default: 0] += 1
    }

    /// The summary printed after an import: one line per type, then totals, skips and quirks.
    ///
    /// Type names come from the file, so callers print these lines through `Sanitize`.
    package func summaryLines() -> [String] {
        var lines: [String] = []
        let width = min(60, byType.keys.map(\.count).max() ?? 0)
        lines.append(
            "type".padding(toLength: width, withPad: " ", startingAt: 0) + "        new    present  skipped  series")
        for (type, counts) in byType.sorted(by: {
            ($0.value.new + $0.value.present, $1.key) > ($1.value.new + $1.value.present, $0.key)
        }) {
            let name =
                type.count > width
                ? String(type.prefix(width - 1)) + "…" : type.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                name + pad(counts.new, 11) + pad(counts.present, 11) + pad(counts.skipped, 9)
                    + "  " + (seriesByType[type] ?? "-"))
        }
        let rate = elapsed > 0 ? Double(totalRead) / elapsed : 0
        let repeats = totalRepeated > 0 ? "\(totalRepeated) repeated in the export (stored once), " : ""
        lines.append(
            "\(totalNew) new, \(totalPresent) already present, \(repeats)\(totalSkipped) skipped; "
                + "\(totalRead) samples in \(String(format: "%.1f", elapsed)) s (\(rate.isFinite ? Int(min(rate, 1e12)) : 0) /s)"
        )
        for (reason, count) in skippedReasons.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            lines.append("skipped \(count): \(reason)")
        }
        return lines + noteLines()
    }

    /// What the export held besides its samples (correlations, quirks, unsupported elements,
    /// the profile): the last lines of the summary, and the notes of a receipt.
    package func noteLines() -> [String] {
        var lines: [String] = []
        if statistics.correlationChildRecords > 0 {
            lines.append(
                "\(statistics.correlations) correlations hold \(statistics.correlationChildRecords) records: "
                    + "each is kept once (a record that repeats a top-level one counts as repeated)")
        }
        if statistics.metadataCaseCollisions > 0 {
            lines.append(
                "\(statistics.metadataCaseCollisions) samples have metadata keys differing only in case (kept both: "
                    + statistics.metadataCaseCollisionExamples.joined(separator: ", ") + ")")
        }
        if statistics.valuesWithControlCharacters > 0 {
            lines.append(
                "\(statistics.valuesWithControlCharacters) distinct values hold control characters (kept; hidden on display)"
            )
        }
        if statistics.recoveredBrokenDTD { lines.append("the export's DTD is broken; it was skipped") }
        for (name, count) in statistics.unsupportedElements.sorted(by: { $0.key < $1.key }) {
            lines.append("not imported: \(count) \(name) element\(count == 1 ? "" : "s")")
        }
        if let profile {
            let parts = [profile.birthDate.map { "born \($0)" }, profile.biologicalSex].compactMap { $0 }
            if !parts.isEmpty { lines.append("Me: " + parts.joined(separator: ", ")) }
        }
        return lines
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
