import Foundation
import VitalsKit

/// Cronometer's exports (Settings → Account → Export Data): `servings.csv`, one row per food
/// eaten (day, time, meal group, food, amount, 60+ nutrients with their unit in the header),
/// and `dailysummary.csv`, one row per day whose `Completed` flag tells a full day from a
/// partial one. Recognised by their headers.
///
/// A serving's protein, fibre, energy, water and caffeine go to the series of the HealthKit
/// dietary types (the catalog's `healthkit:`), tagged with the meal; servings of one minute are stored
/// a second apart (two with the same amount of a nutrient stay two samples). Of the daily summary only the
/// flag is stored (`cronometer_day_completed`: 1 complete, 0 partial): its totals are the
/// servings' sums. Times have no offset: they are read in the context's time zone.
package struct CronometerImporter: Importer {
    package static let id = "cronometer"
    package static let name = "Cronometer (servings.csv or dailysummary.csv)"
    static let source = "cronometer"
    static let completedSeries = "cronometer_day_completed"

    /// Nutrient columns read from a serving, as HealthKit types and the unit of the column.
    static let nutrients: [(column: String, type: String, unit: String)] = [
        ("protein (g)", "HKQuantityTypeIdentifierDietaryProtein", "g"),
        ("fiber (g)", "HKQuantityTypeIdentifierDietaryFiber", "g"),
        ("energy (kcal)", "HKQuantityTypeIdentifierDietaryEnergyConsumed", "kcal"),
        ("water (g)", "HKQuantityTypeIdentifierDietaryWater", "mL"),
        ("caffeine (mg)", "HKQuantityTypeIdentifierDietaryCaffeine", "mg"),
    ]

    let mapping: HealthSampleMapping
    let timeZone: TimeZone

    package init(context: ImportContext) throws {
        mapping = HealthSampleMapping(
            series: context.catalog.series,
            subjectKind: context.catalog.subject(context.subjectID)?.kind ?? .human)
        timeZone = context.timeZone
    }

    package init(mapping: HealthSampleMapping, timeZone: TimeZone) {
        self.mapping = mapping
        self.timeZone = timeZone
    }

    static func isServings(_ header: String) -> Bool { header.lowercased().hasPrefix("day,time,group,food name") }
    static func isSummary(_ header: String) -> Bool {
        let lower = header.lowercased()
        return lower.hasPrefix("date,energy (kcal)") && lower.contains("completed")
    }

    package static func recognises(_ source: ImportSource) -> Bool {
        guard !source.isZip, !source.isSQLite, !source.isDirectory else { return false }
        return isServings(source.firstLine) || isSummary(source.firstLine)
    }

    package func read(_ source: ImportSource, into sink: any ImportSink) throws {
        let text = try CSVFileImporter.text(of: source.path)
        let table = try CSVTable(text: text, file: source.path)
        var emit = HealthKitEmitter(mapping: mapping, sink: sink)
        let header = String(text.prefix { $0 != "\n" && $0 != "\r\n" })
        if Self.isServings(header) {
            try servings(table, &emit)
        } else if Self.isSummary(header) {
            try summary(table, sink)
        } else {
            throw ImporterError.unexpected(
                file: source.path,
                expected: "the header of servings.csv (Day,Time,Group,Food Name,…) "
                    + "or dailysummary.csv (Date,Energy (kcal),…,Completed)", found: "'\(header.prefix(60))'")
        }
        sink.note("Cronometer times have no offset: read in \(timeZone.identifier)")
    }

    /// Local midnight of `day` plus `seconds`, in the time zone, with its offset.
    func local(_ day: LocalDate, seconds: Int) -> (date: Date, offset: Int) {
        let guess = Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + seconds))
        let offset = timeZone.secondsFromGMT(
            for: guess.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess))))
        return (guess.addingTimeInterval(-TimeInterval(offset)), offset)
    }

    /// `08:15`, `8:15 AM`, `20:15:00` as seconds after midnight; nil for none.
    static func clock(_ text: String?) -> Int? {
        guard var text = text?.uppercased().trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        var pm: Bool?
        if text.hasSuffix("AM") || text.hasSuffix("PM") {
            pm = text.hasSuffix("PM")
            text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }), var hour = parts[0],
            let minute = parts[1], (0...59).contains(minute)
        else { return nil }
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        let second = parts.count == 3 ? parts[2]! : 0
        guard (0...23).contains(hour), (0...59).contains(second) else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    static func meal(_ group: String?) -> String? {
        switch group?.lowercased() {
        case "breakfast": return "breakfast"
        case "lunch": return "lunch"
        case "dinner": return "dinner"
        case "snack", "snacks": return "snack"
        default: return nil
        }
    }

    private func servings(_ table: CSVTable, _ emit: inout HealthKitEmitter) throws {
        try table.require(["day", "group", "food name"])
        var seen: [String: Int] = [:]
        for record in table.records {
            guard let dayText = table.field(record, "day"), let day = LocalDate(iso: dayText) else {
                emit.sink.skip("servings.csv: no day")
                continue
            }
            let seconds = Self.clock(table.field(record, "time")) ?? 12 * 3600
            let food = table.field(record, "food name") ?? ""
            let amount = table.field(record, "amount") ?? ""
            // Servings of one minute are a second apart: two foods with the same amount of a
            // nutrient are two samples, not one (the natural key has no food).
            let key = "\(dayText) \(seconds)"
            let repeatIndex = seen[key, default: 0]
            seen[key] = repeatIndex + 1
            let (date, offset) = local(day, seconds: seconds)
            let at = date.addingTimeInterval(TimeInterval(repeatIndex))
            let tag = Self.meal(table.field(record, "group"))
            let metadata = "{\"food\":" + JSONBytes.quoted(food) + ",\"amount\":" + JSONBytes.quoted(amount) + "}"
            for nutrient in Self.nutrients {
                guard let value = try table.number(record, nutrient.column) else { continue }
                try emit.emit(
                    nutrient.type, unit: nutrient.unit, value: .number(value), start: at, offset: offset,
                    source: Self.source, tag: tag, metadata: metadata)
            }
        }
    }

    private func summary(_ table: CSVTable, _ sink: any ImportSink) throws {
        try table.require(["date", "completed"])
        for record in table.records {
            guard let dayText = table.field(record, "date"), let day = LocalDate(iso: dayText) else {
                sink.skip("dailysummary.csv: no date")
                continue
            }
            let flag = table.field(record, "completed")?.lowercased()
            guard flag == "true" || flag == "false" else {
                sink.skip("dailysummary.csv: Completed is neither true nor false")
                continue
            }
            let (start, offset) = local(day, seconds: 0)
            let from = Int64(start.timeIntervalSince1970)
            try sink.add(
                ImportedSample(
                    seriesID: Self.completedSeries, start: from, end: from + 86_399, utcOffset: offset,
                    value: flag == "true" ? 1 : 0, category: nil, source: Self.source))
        }
        sink.note("dailysummary.csv: only the Completed flag is stored (its totals are the servings' sums)")
    }
}
