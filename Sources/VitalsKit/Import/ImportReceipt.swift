/// What an import stored (or, for `--dry-run`, would store): per series and source how many
/// samples were new, already stored, or repeated within the file, and what was left out,
/// grouped by reason. A re-import of the same export has 0 new and says so.
public struct ImportReceipt: Sendable, Hashable {
    /// One line of the receipt: a series and the source that wrote into it.
    public struct Line: Sendable, Hashable, Comparable {
        public var seriesID: String
        public var source: String

        public init(seriesID: String, source: String) {
            self.seriesID = seriesID
            self.source = source
        }

        public static func < (a: Line, b: Line) -> Bool { (a.seriesID, a.source) < (b.seriesID, b.source) }
    }

    public struct Counts: Sendable, Hashable {
        public var new = 0
        /// Stored before this import (a re-import, an overlapping export).
        public var present = 0
        /// Twice in this file, stored once.
        public var repeated = 0

        public init(new: Int = 0, present: Int = 0, repeated: Int = 0) {
            self.new = new
            self.present = present
            self.repeated = repeated
        }

        public mutating func count(_ outcome: SampleInsertOutcome, _ change: Int = 1) {
            switch outcome {
            case .new: new += change
            case .present: present += change
            case .repeated: repeated += change
            }
        }
    }

    /// The importer's id (`health-connect`).
    public var importer: String = ""
    /// The file as given.
    public var file: String = ""
    public var stored: [Line: Counts] = [:]
    /// Records left out, by reason.
    public var skipped: [String: Int] = [:]
    /// Whether nothing was stored (`--dry-run`): the counts are what an import would store.
    public var dryRun = false
    /// More the importer has to say (an export's quirks), one line each.
    public var notes: [String] = []

    public init() {}

    public var totalNew: Int { stored.values.reduce(0) { $0 + $1.new } }
    public var totalPresent: Int { stored.values.reduce(0) { $0 + $1.present } }
    public var totalRepeated: Int { stored.values.reduce(0) { $0 + $1.repeated } }
    public var totalSkipped: Int { skipped.values.reduce(0, +) }

    public mutating func skip(_ reason: String, count: Int = 1) { skipped[reason, default: 0] += count }

    /// The receipt as printed: a table of series and sources, the skips by reason, the totals.
    /// Series, sources and reasons come from the file: callers print them through `Sanitize`.
    public func lines() -> [String] {
        var lines: [String] = []
        let rows = stored.sorted { $0.key < $1.key }
        let seriesWidth = min(40, max(6, rows.map(\.key.seriesID.count).max() ?? 0))
        let sourceWidth = min(48, max(6, rows.map(\.key.source.count).max() ?? 0))
        func cell(_ text: String, _ width: Int) -> String {
            text.count > width
                ? String(text.prefix(width - 1)) + "…" : text.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        func number(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        if !rows.isEmpty {
            lines.append(
                cell("series", seriesWidth) + "  " + cell("source", sourceWidth)
                    + (dryRun ? "  would add" : "        new") + "    present   repeated")
            for (line, counts) in rows {
                lines.append(
                    cell(line.seriesID, seriesWidth) + "  " + cell(line.source, sourceWidth)
                        + number(counts.new, 11) + number(counts.present, 11) + number(counts.repeated, 11))
            }
        }
        for (reason, count) in skipped.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            lines.append("skipped \(count): \(reason)")
        }
        lines.append(contentsOf: notes)
        let read = totalNew + totalPresent + totalRepeated
        let repeated = totalRepeated > 0 ? ", \(totalRepeated) repeated in the file (stored once)" : ""
        let totals = "\(totalPresent) already stored\(repeated), \(totalSkipped) skipped"
        if dryRun {
            lines.append("dry run: would store \(totalNew) new samples; \(totals); nothing was stored")
        } else if totalNew == 0 && read > 0 {
            lines.append("nothing new: all \(read) samples were stored before; \(totalSkipped) skipped")
        } else {
            lines.append("\(totalNew) new, \(totals)")
        }
        return lines
    }
}
