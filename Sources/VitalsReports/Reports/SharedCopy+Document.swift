import Foundation
import VitalsKit

extension SharedCopy {
    /// Keys of the values behind a block that say where a value came from, or hold a note.
    static func isPersonalKey(_ key: String) -> Bool {
        ["source", "sources", "source_text", "device", "note", "notes", "metadata"].contains(key)
            || key.hasSuffix("_source")
    }

    /// The composed document as the shared copy (run under `disclosure(dayOne:)`, as it was
    /// composed): its values behind the blocks without sources, devices and notes and with
    /// dates shifted; a `YYYY-MM-DD` a module wrote into a text shifted as well.
    package func apply(_ document: ScreenDocument, subjectAliases: [String: String] = [:]) -> ScreenDocument {
        guard !isPlain else { return document }
        var out = document
        if withholdsPersonal { out.subjectID = subjectAliases[document.subjectID] ?? "subject" }
        out.blocks = document.blocks.map { block in
            var block = block
            block.data = data(block.data, key: nil, subjectAliases: subjectAliases)
            switch block.content {
            case .header(var header):
                header.name = text(header.name)
                header.context = text(header.context)
                header.description = header.description.map(text)
                block.content = .header(header)
            case .chart(var figure):
                figure.input = chart(figure.input)
                figure.notes = figure.notes.map(row)
                block.content = .chart(figure)
            case .text(let rows):
                block.content = .text(rows.map(row))
            case .table(var table):
                // Cells are text a module wrote (dates through `DateWords`); a date it wrote
                // as YYYY-MM-DD is shifted like any text.
                table.caption = table.caption.map(text)
                table.rows = table.rows.map {
                    $0.map { cell in
                        var cell = cell
                        cell.text = text(cell.text)
                        return cell
                    }
                }
                table.notes = table.notes.map(row)
                table.terminalRows = table.terminalRows.map(row)
                block.content = .table(table)
            case .drawing:
                // A module's drawing writes its dates with `DateWords` and its sources with
                // `SampleSourceWords` as it draws, under the same disclosure.
                break
            }
            return block
        }
        return out
    }

    /// Subject id → the id a shared copy's values show ("me", "subject_a" …).
    package func subjectAliases(_ catalog: Catalog) -> [String: String] {
        var out: [String: String] = [:]
        var others = 0
        for subject in catalog.subjects {
            if subject.id == "me" {
                out["me"] = "me"
                continue
            }
            out[subject.id] = Self.alias(others).lowercased().replacingOccurrences(of: " ", with: "_")
            others += 1
        }
        return out
    }

    func data(_ value: JSONValue, key: String?, subjectAliases: [String: String]) -> JSONValue {
        switch value {
        case .string(let text):
            if withholdsPersonal, let key {
                if Self.isPersonalKey(key) { return .string(Disclosure.withheld) }
                if key == "subject" || key == "subject_id" { return .string(subjectAliases[text] ?? "subject") }
            }
            return .string(self.text(text))
        case .object(let pairs):
            return .object(pairs.map { ($0.0, data($0.1, key: $0.0, subjectAliases: subjectAliases)) })
        case .array(let items):
            return .array(items.map { data($0, key: key, subjectAliases: subjectAliases) })
        default:
            return value
        }
    }

    func row(_ row: TextRow) -> TextRow {
        switch row {
        case .wrapped(let line, let style, let indent): return .wrapped(text(line), style, indent: indent)
        case .paragraph(let line, let style): return .paragraph(text(line), style)
        case .parts(let parts, let style, let joiner): return .parts(parts.map(text), style, joiner: joiner)
        case .heading(let line, let style): return .heading(text(line), style)
        case .labelled(let label, let line, let column):
            return .labelled(label: text(label), text: text(line), column: column)
        }
    }

    func chart(_ input: ChartInput) -> ChartInput {
        var input = input
        input.title = text(input.title)
        input.emptyMessage = input.emptyMessage.map(text)
        input.rollingLabel = input.rollingLabel.map(text)
        input.tallyWindow = input.tallyWindow.map(text)
        input.tallyBasis = input.tallyBasis.map(text)
        input.points = input.points.map { point in
            var point = point
            point.label = point.date.flatMap(DateWords.shifted) ?? text(point.label)
            return point
        }
        if var stacked = input.stacked {
            stacked.buckets = stacked.buckets.map { bucket in
                var bucket = bucket
                bucket.label = bucket.date.flatMap(DateWords.shifted) ?? text(bucket.label)
                return bucket
            }
            input.stacked = stacked
        }
        input.milestones = input.milestones.map { milestone in
            var milestone = milestone
            milestone.name = text(milestone.name)
            return milestone
        }
        input.progress = input.progress.map { item in
            var item = item
            item.name = text(item.name)
            return item
        }
        if var stat = input.stat {
            stat.deltaText = stat.deltaText.map(text)
            input.stat = stat
        }
        return input
    }

    /// `text` with each `YYYY-MM-DD` date written as "day N" (when dates are shifted).
    func text(_ text: String) -> String {
        guard shiftsDates, Disclosure.current.dayOne != nil, text.utf8.count >= 10 else { return text }
        let ns = text as NSString
        var out = ""
        var last = 0
        for match in Self.isoDate.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard let day = LocalDate(iso: ns.substring(with: match.range)), let shifted = DateWords.shifted(day) else {
                continue
            }
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last)) + shifted
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }

    static let isoDate = try! NSRegularExpression(pattern: "(?<![0-9])[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9])")
}
