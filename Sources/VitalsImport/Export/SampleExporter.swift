import Foundation
import VitalsKit

/// Writes stored samples as CSV or JSON, so users own their data.
///
/// CSV columns: `series,subject,start,end,value,unit,category,tag,source,note` with times
/// as ISO 8601 at the recorded offset and values in the series' base unit; the file reads
/// back with `vitals import csv` unchanged. JSON is `{"samples": [ … ]}` with the same fields
/// plus `metadata`.
package enum SampleExporter {
    package enum Format: String, Sendable, CaseIterable { case csv, json }

    /// The selection: nil fields mean "all"; `from`/`to` are local days, inclusive.
    package struct Filter: Sendable {
        package var series: String?
        package var subject: String?
        package var from: LocalDate?
        package var to: LocalDate?
        package init(series: String? = nil, subject: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) {
            self.series = series
            self.subject = subject
            self.from = from
            self.to = to
        }
    }

    /// Samples matching `filter`, by series, subject and time (local days at each sample's offset).
    package static func samples(in store: SampleStore, filter: Filter) throws -> [Sample] {
        let margin: TimeInterval = 18 * 3600
        let from = filter.from.map { Date(timeIntervalSince1970: TimeInterval($0.dayNumber * 86_400) - margin) }
        let to = filter.to.map { Date(timeIntervalSince1970: TimeInterval(($0.dayNumber + 1) * 86_400) + margin) }
        return try store.samples(series: filter.series, subject: filter.subject, from: from, to: to).filter { sample in
            let day = sample.localDate
            return (filter.from.map { day >= $0 } ?? true) && (filter.to.map { day <= $0 } ?? true)
        }
    }

    /// The samples in `format`, as text ending with a newline. JSON also lists `milestones`
    /// (`{"subject", "milestone", "done_on", "note"}`) when any are given.
    package static func render(
        _ samples: [Sample], as format: Format, catalog: Catalog? = nil,
        milestones: [MilestoneRecord] = []
    ) -> String {
        func unit(_ sample: Sample) -> String { catalog?.series(sample.seriesID)?.unit.rawValue ?? "" }
        switch format {
        case .csv:
            var out = "series,subject,start,end,value,unit,category,tag,source,note\n"
            for s in samples {
                let fields = [
                    s.seriesID, s.subjectID,
                    TimeParser.format(s.start, utcOffsetSeconds: s.utcOffsetSeconds),
                    TimeParser.format(s.end, utcOffsetSeconds: s.utcOffsetSeconds),
                    number(s.value), unit(s), s.category ?? "", s.tag ?? "", s.source, s.note ?? "",
                ]
                out += fields.map(CSVReader.escape).joined(separator: ",") + "\n"
            }
            return out
        case .json:
            var out = "{\"samples\": ["
            for (index, s) in samples.enumerated() {
                var fields: [(String, String)] = [
                    ("series", json(s.seriesID)), ("subject", json(s.subjectID)),
                    ("start", json(TimeParser.format(s.start, utcOffsetSeconds: s.utcOffsetSeconds))),
                    ("end", json(TimeParser.format(s.end, utcOffsetSeconds: s.utcOffsetSeconds))),
                    // JSON has no infinity: a value that is not a finite number is null.
                    ("value", s.value.isFinite ? number(s.value) : "null"), ("unit", json(unit(s))),
                ]
                if let c = s.category { fields.append(("category", json(c))) }
                if let t = s.tag { fields.append(("tag", json(t))) }
                fields.append(("source", json(s.source)))
                if let n = s.note { fields.append(("note", json(n))) }
                if let m = s.metadata, (try? JSONSerialization.jsonObject(with: Data(m.utf8))) != nil {
                    fields.append(("metadata", m))
                }
                out +=
                    (index == 0 ? "\n  {" : ",\n  {") + fields.map { "\(json($0.0)): \($0.1)" }.joined(separator: ", ")
                    + "}"
            }
            out += samples.isEmpty ? "]" : "\n]"
            if !milestones.isEmpty {
                out +=
                    ", \"milestones\": ["
                    + milestones.map { m in
                        "\n  {\"subject\": \(json(m.subjectID)), \"milestone\": \(json(m.milestoneID)), \"done_on\": \(json(m.doneOn.description))"
                            + (m.note.map { ", \"note\": \(json($0))" } ?? "") + "}"
                    }.joined(separator: ",") + "\n]"
            }
            return out + "}\n"
        }
    }

    /// A number without a trailing `.0`, to 12 significant digits (no binary noise).
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.12g", value)
    }

    private static func json(_ text: String) -> String { JSONString.quote(text) }
}
