import ArgumentParser
import Foundation
import VitalsDemo
import VitalsKit

/// `vitals bench-store` (hidden): builds and times the store benchmark for bench/store.sh.
struct BenchStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-store",
        abstract: "Store benchmark: generate a synthetic database or time chart queries on one.",
        shouldDisplay: false,
        subcommands: [Generate.self, Query.self, ScreenSQL.self])

    static let asOf = LocalDate(year: 2026, month: 11, day: 20)

    struct Generate: VitalsCommand {
        static let configuration = CommandConfiguration(commandName: "generate")
        @Option(help: "The database file to create (must not exist).") var db: String
        @Option(help: "Years of data ending 2026-11-20.") var years = 10

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                guard !FileManager.default.fileExists(atPath: db) else { throw CommandError("\(db) already exists") }
                let store = try SampleStore.open(path: db)
                let start = Date()
                let count = try StoreBenchmark.generate(into: store, years: years, asOf: BenchStoreCommand.asOf) {
                    printError($0)
                }
                try store.write { db in try db.execute(sql: "ANALYZE") }
                try say(
                    "generated \(count) samples over \(years) years in \(String(format: "%.1f", Date().timeIntervalSince(start))) s"
                )
            }
        }
    }

    struct Query: VitalsCommand {
        static let configuration = CommandConfiguration(commandName: "query")
        @Option(help: "The database file.") var db: String
        @Option(help: "Timed runs per query.") var runs = 50
        @Option(
            name: .customLong("sql-dir"), help: "Write each query's SQL (arguments inlined) here as q1.sql, q2.sql …")
        var sqlDirectory: String?

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let store = try SampleStore.open(path: db)
                try say("samples: \(try store.count())")
                for (index, entry) in try StoreBenchmark.queries(asOf: BenchStoreCommand.asOf).enumerated() {
                    let times = try StoreBenchmark.time(entry.query, in: store, runs: runs)
                    let buckets = try entry.query.fetchBuckets(from: store)
                    var counting = entry.query
                    counting.binding.aggregate = .count
                    let rows = Int(try counting.fetchBuckets(from: store).buckets.compactMap(\.raw).reduce(0, +))
                    try say(
                        String(
                            format: "%-34@ median %7.3f ms  min %7.3f ms  p90 %7.3f ms  (%d buckets, %d samples)",
                            entry.name as NSString, times[times.count / 2], times[0], times[times.count * 9 / 10],
                            buckets.buckets.count, rows))
                    if let sqlDirectory {
                        try (try entry.query.inlineSQL() + "\n").write(
                            toFile: "\(sqlDirectory)/q\(index + 1).sql", atomically: true, encoding: .utf8)
                    }
                }
            }
        }
    }

    /// Writes the bucket SQL of every metric `vitals render SCREEN` draws (the primary) to
    /// DIR/<screen alias>.sql, for timing the same SQL in the sqlite3 tool.
    struct ScreenSQL: VitalsCommand {
        static let configuration = CommandConfiguration(commandName: "screen-sql")
        @Option(name: .customLong("sql-dir"), help: "Where to write <alias>.sql.") var sqlDirectory: String
        @Option(name: .customLong("as-of")) var asOf: String
        @OptionGroup var catalog: CatalogOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let loaded = try catalog.loadValidCatalog(extensions)
                let day = try parseDate(asOf, option: "--as-of") ?? BenchStoreCommand.asOf
                for screen in loaded.catalog.activeScreensInOrder {
                    guard let primary = loaded.catalog.primary(of: screen.id), primary.binding.seriesID != nil else {
                        continue
                    }
                    let query = try MetricQuery(metric: primary, catalog: loaded.catalog, asOf: day)
                    try (try query.inlineSQL() + "\n").write(
                        toFile: "\(sqlDirectory)/\(screen.alias).sql",
                        atomically: true, encoding: .utf8)
                }
            }
        }
    }
}
