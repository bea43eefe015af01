import Foundation

/// The lines `vitals entries`, `undo`, `delete` and `edit` print about stored entries: id,
/// local time, series, value with its unit, meal slot, source, and the food or note.
package enum EntryListing {
    package static func line(_ entry: StoredEntry, catalog: Catalog) -> String {
        let sample = entry.sample
        let unit = catalog.series(sample.seriesID)?.unit.rawValue ?? ""
        var value = PortionNoun.amount(PortionLogging.plain(sample.value), unit)
        if let category = sample.category { value = category + " " + value }
        let slot = sample.tag.map { slotName($0, in: catalog.portions) } ?? ""
        let time = TimeParser.format(sample.start, utcOffsetSeconds: sample.utcOffsetSeconds)
        let shownTime = String(time.prefix(16)).replacingOccurrences(of: "T", with: " ")
        var extra = food(of: sample) ?? sample.note ?? ""
        if entry.isImported { extra = ("imported: " + sample.source) + (extra.isEmpty ? "" : " · " + extra) }
        let columns = [
            pad(String(entry.id), 6, right: true), shownTime, pad(sample.seriesID, 16), pad(value, 14),
            pad(slot, 15), extra,
        ]
        let line = Sanitize.inline(columns.joined(separator: "  "))
        return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }

    /// The name a stored meal-slot tag is shown by (`late_night` → "Late Night", an alias by
    /// its slot's name); a tag that names no slot as it is.
    package static func slotName(_ tag: String, in book: PortionBook) -> String {
        (try? MealSlotNames.resolve(tag, in: book))?.name ?? tag
    }

    /// The food name a `vitals log food` entry carries in its metadata.
    package static func food(of sample: Sample) -> String? {
        guard let metadata = sample.metadata, let data = metadata.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["food"] as? String
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
        return right ? space + text : text + space
    }

    /// What deleting or editing an imported entry means, said before it is done.
    package static func importedWarning(_ entry: StoredEntry, verb: String) -> EntryError {
        .importedEntry(id: entry.id, source: entry.sample.source, verb: verb)
    }
}
