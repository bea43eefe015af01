import GRDB
import VitalsKit

/// The sink an export is read through: it hands everything on, and notes which series each
/// Health Connect data category fed and which sources wrote into each series, for the apps'
/// priority (`HealthConnectPriority`).
final class HealthConnectWrites: ImportSink {
    let sink: any ImportSink
    /// The data category of the rows being read (see `HealthConnectTable.category`).
    var category = 0
    private(set) var seriesByCategory: [Int: Set<String>] = [:]
    private(set) var sourcesBySeries: [String: Set<String>] = [:]
    private var last: (category: Int, series: String, source: String)?

    init(_ sink: any ImportSink) { self.sink = sink }

    func add(_ sample: ImportedSample) throws {
        try sink.add(sample)
        if let last, last.category == category, last.series == sample.seriesID, last.source == sample.source {
            return
        }
        seriesByCategory[category, default: []].insert(sample.seriesID)
        sourcesBySeries[sample.seriesID, default: []].insert(sample.source)
        last = (category, sample.seriesID, sample.source)
    }

    func skip(_ reason: String, count: Int) { sink.skip(reason, count: count) }
    func note(_ line: String) { sink.note(line) }
    func rankSources(_ sources: [String], seriesID: String) throws {
        try sink.rankSources(sources, seriesID: seriesID)
    }
}

/// Health Connect's app priority per data category (`health_data_category_priority_table`:
/// the category and its apps' `application_info_table` ids in order, first preferred), which
/// Health Connect itself uses where two apps write the same thing.
///
/// Each category's order becomes the stored ranking of every series the category's record
/// tables fed in this import (steps and active energy from activity, weight from body
/// measurements…), for `overlapping_sources: priority`. The receipt says, for each series two
/// or more sources wrote into, which one counts.
struct HealthConnectPriority {
    static let table = "health_data_category_priority_table"
    static let categoryNames: [Int64: String] = [
        1: "activity", 2: "body measurements", 3: "cycle tracking", 4: "nutrition", 5: "sleep",
        6: "vitals", 7: "wellness",
    ]

    let reader: HealthConnectReader
    let writes: HealthConnectWrites
    /// The catalog's series, for their `overlapping_sources` and `source_priority`.
    let series: [String: Series]

    /// Notes each category's order, stores it for the series the category fed, and adds the
    /// receipt's lines on which source counts.
    func apply() throws {
        var rankings: [String: [String]] = [:]
        if reader.tables.contains(Self.table) {
            try reader.requireColumns(Self.table, ["health_data_category", "app_id_priority_order"])
            for row in try Row.fetchAll(
                reader.db, sql: "SELECT health_data_category, app_id_priority_order FROM \(Self.table) ORDER BY 1")
            {
                guard let category = HealthConnectReader.int(row, 0), let order = HealthConnectReader.text(row, 1)
                else { continue }
                let ids = order.split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                guard !ids.isEmpty else { continue }
                let sources = ids.map { reader.source($0) }
                writes.note(
                    "Health Connect's priority for \(Self.categoryNames[category] ?? "category \(category)"): "
                        + sources.joined(separator: " > "))
                for seriesID in writes.seriesByCategory[Int(clamping: category)] ?? [] {
                    rankings[seriesID] = sources
                }
            }
        }
        for seriesID in rankings.keys.sorted() { try writes.rankSources(rankings[seriesID]!, seriesID: seriesID) }
        for (seriesID, sources) in writes.sourcesBySeries.sorted(by: { $0.key < $1.key }) where sources.count > 1 {
            writes.note(
                Self.counted(seriesID, sources: sources, series: series[seriesID], exported: rankings[seriesID]))
        }
    }

    /// The receipt's line on which of `sources` (two or more wrote into the series) counts.
    static func counted(_ seriesID: String, sources: Set<String>, series: Series?, exported: [String]?) -> String {
        let names = sources.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        switch series?.overlappingSources {
        case .priority?:
            let (ranking, why) =
                series?.sourcePriority.map { ($0, "source_priority in the YAML") }
                ?? exported.map { ($0, "Health Connect's priority") } ?? ([], "")
            let ranked = ranking.filter(sources.contains)
            guard let first = ranked.first else {
                return "\(seriesID): each hour the source with the largest total counts (no ranking names "
                    + names.joined(separator: ", ") + ")"
            }
            let rest = Array(ranked.dropFirst()) + names.filter { !ranked.contains($0) }
            return "\(seriesID): \(first) preferred over \(rest.joined(separator: ", ")), \(why)"
        case .hourlyMax?:
            return "\(seriesID): each hour the source with the largest total counts (hourly_max) of "
                + names.joined(separator: ", ")
        case nil:
            return "\(seriesID): " + names.joined(separator: ", ")
                + " all add up (the series declares no overlapping_sources)"
        }
    }
}
