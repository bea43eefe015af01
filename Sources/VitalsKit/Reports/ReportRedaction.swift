import Foundation

/// What a report leaves out for sharing (`--redact`) and how it writes dates (`--shift-dates`).
///
/// Redacted: the names of the catalog's subjects (people and animals) become "Subject", and
/// every row saying where a value came from (a device, an app, an import, a typed-in note)
/// is removed. Shifted: every date is written as "day N" counted from the period's first day
/// (or the earliest date in the report), in text and in charts.
public struct ReportRedaction: Sendable {
    public var removesPersonal = false
    public var shiftsDates = false
    /// The subjects' names, longest first.
    let names: [String]
    /// Sources and devices the documents name (their data's `source` values), found by `prepare`.
    public private(set) var sources: [String] = []
    let period: ReportPeriod
    /// Day 1 when dates are shifted.
    public private(set) var dayOne: LocalDate

    public init(catalog: Catalog, period: ReportPeriod) {
        names = catalog.subjects.map(\.name).filter { $0.count > 1 && $0.lowercased() != "me" }
            .sorted { $0.count > $1.count }
        self.period = period
        dayOne = period.firstDay ?? period.asOf
    }

    /// Words that mark a row about where a value came from, or a note.
    static let sourceMarks = ["imported from", "typed in", "from the demo data", "from a csv", "source", "device", "note:"]

    /// Sets day 1 to the earliest date the documents show when the period has no first day.
    public mutating func prepare(_ documents: [ScreenDocument]) {
        var found = Set<String>()
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let pairs):
                for (key, inner) in pairs {
                    if key == "source" || key.hasSuffix("_source") || key == "device", case .string(let text) = inner,
                       text.count > 2, !["manual", "demo", "csv", "per_kg", "fixed", "target"].contains(text) {
                        found.insert(text.hasPrefix("apple-health:") ? String(text.dropFirst(13)) : text)
                    }
                    collect(inner)
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        for document in documents { document.blocks.forEach { collect($0.data) } }
        sources = found.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        guard period.firstDay == nil else { return }
        var earliest = period.asOf
        // The earliest date any block's data holds (charts, milestones, weigh-ins, birth dates).
        func visit(_ value: JSONValue) {
            switch value {
            case .string(let text) where text.count == 10:
                if let day = LocalDate(iso: text), day < earliest { earliest = day }
            case .object(let pairs): pairs.forEach { visit($0.1) }
            case .array(let items): items.forEach(visit)
            default: break
            }
        }
        for document in documents {
            for block in document.blocks {
                visit(block.data)
                guard case .chart(let figure) = block.content else { continue }
                let input = figure.input
                let dates = input.points.compactMap(\.date) + (input.stacked?.buckets.compactMap(\.date) ?? [])
                    + input.calendar.map(\.date) + input.milestones.flatMap { [$0.due] + ($0.done.map { [$0] } ?? []) }
                for day in dates where day < earliest { earliest = day }
            }
        }
        dayOne = earliest
    }

    /// The notice under the report's title, nil when nothing is left out.
    public var notice: String? {
        switch (removesPersonal, shiftsDates) {
        case (true, true): return "Shared copy: names, devices, sources and notes removed; dates counted from day 1."
        case (true, false): return "Shared copy: names, devices, sources and notes removed."
        case (false, true): return "Dates counted from day 1 (\(dayOneWords))."
        case (false, false): return nil
        }
    }

    private var dayOneWords: String { "the period's first day" }

    /// The document without the rows about sources and notes (when redacting).
    public func apply(_ document: ScreenDocument) -> ScreenDocument {
        guard removesPersonal else { return document }
        var out = document
        out.blocks = document.blocks.compactMap { block in
            var block = block
            switch block.content {
            case .text(let rows):
                let kept = rows.filter { !mentionsSource($0) }
                if kept.isEmpty && !rows.isEmpty { return nil }
                block.content = .text(kept)
            case .chart(var figure):
                figure.notes = figure.notes.filter { !mentionsSource($0) }
                block.content = .chart(figure)
            case .header(var header):
                header.context = text(header.context)
                header.name = text(header.name)
                header.description = header.description.map(text)
                block.content = .header(header)
            case .drawing:
                break
            }
            return block
        }
        out.name = text(out.name)
        return out
    }

    func mentionsSource(_ row: TextRow) -> Bool {
        let words: String
        switch row {
        case .wrapped(let text, _, _), .paragraph(let text, _), .heading(let text, _): words = text
        case .parts(let parts, _, _): words = parts.joined(separator: " ")
        case .labelled(let label, let text, _): words = label + " " + text
        }
        let lower = words.lowercased()
        return Self.sourceMarks.contains { lower.contains($0) } || sources.contains { words.contains($0) }
    }

    /// `text` with the subjects' names replaced (when redacting) and its dates shifted (when
    /// shifting): ISO dates and "5 Mar" / "5 Mar 2026" dates.
    public func text(_ text: String) -> String {
        var out = text
        if removesPersonal {
            for name in names { out = out.replacingOccurrences(of: name, with: "Subject") }
            for source in sources { out = out.replacingOccurrences(of: source, with: "a source") }
        }
        if shiftsDates { out = shiftDates(in: out) }
        return out
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Dutch abbreviations (the Gezondheid screen's dates).
    static let dutchMonths = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"]
    static let isoPattern = try! NSRegularExpression(pattern: "\\b(\\d{4})-(\\d{2})-(\\d{2})\\b")
    static let shortPattern = try! NSRegularExpression(
        pattern: "\\b(\\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec)( (\\d{4}))?\\b")

    func shiftDates(in text: String) -> String {
        var out = replace(Self.isoPattern, in: text) { groups in
            guard let year = Int(groups[1]), let month = Int(groups[2]), let day = Int(groups[3]),
                  (1...12).contains(month), (1...31).contains(day) else { return nil }
            return ChartDates.shifted(LocalDate(year: year, month: month, day: day), from: dayOne)
        }
        out = replace(Self.shortPattern, in: out) { groups in
            guard let day = Int(groups[1]),
                  let month = Self.months.firstIndex(of: groups[2]) ?? Self.dutchMonths.firstIndex(of: groups[2]) else { return nil }
            var date = LocalDate(year: Int(groups[4]) ?? period.asOf.year, month: month + 1, day: min(day, 28))
            if groups[4].isEmpty, date > period.asOf { date = LocalDate(year: period.asOf.year - 1, month: month + 1, day: min(day, 28)) }
            if day > 28 { date = date.adding(days: day - 28) }
            return ChartDates.shifted(date, from: dayOne)
        }
        return out
    }

    private func replace(_ pattern: NSRegularExpression, in text: String, with make: ([String]) -> String?) -> String {
        let ns = text as NSString
        var out = ""
        var last = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let groups = (0..<match.numberOfRanges).map { index -> String in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : ns.substring(with: range)
            }
            guard let replacement = make(groups) else { continue }
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last)) + replacement
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }
}
