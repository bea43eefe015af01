import Foundation
import VitalsKit

extension StoreConformance {
    /// The stored order of a series' sources (`source_rank`): replaced as a whole, per subject,
    /// all or nothing with its transaction; and a sum under `overlapping_sources: priority`
    /// (its SQL form and the one read in Swift) against a naive recomputation.
    func sourceRankingsReplaceAndRank() throws {
        let store = try makeStore()
        defer { try? store.close() }
        try store.inTransaction { db in
            try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["watch", "phone", "watch"])
            try db.replaceSourceRanking(subject: "ollie", series: "steps", sources: ["phone"])
        }
        try expect(try store.sourceRanking(subject: "me", series: "steps"), ["watch", "phone"], "ranking read back")
        do {
            try store.inTransaction { db -> Void in
                try db.replaceSourceRanking(subject: "me", series: "steps", sources: ["ring"])
                throw Undo()
            }
        } catch is Undo {}
        try expect(
            try store.sourceRanking(subject: "me", series: "steps"), ["watch", "phone"],
            "a thrown transaction's ranking")
        try expect(try store.sourceRanking(subject: "ollie", series: "steps"), ["phone"], "another subject's ranking")

        // Hours of the same day (UTC): watch 300 and phone 900; phone 400; ring 50 and band 70.
        let day = 1_790_000_000 - 1_790_000_000 % 86_400
        let rows: [(hour: Int, value: Double, source: String)] = [
            (8, 300, "watch"), (8, 900, "phone"), (9, 400, "phone"), (10, 50, "ring"), (10, 70, "band"),
        ]
        try store.insert(
            rows.map {
                Sample(
                    seriesID: "steps", start: Date(timeIntervalSince1970: Double(day + $0.hour * 3600 + 60)),
                    utcOffsetSeconds: 0, value: $0.value, source: $0.source)
            })
        var series = Series(
            id: "steps", kind: .quantity, unit: .count,
            location: SourceLocation(file: "conformance", line: 1, column: 1))
        series.overlappingSources = .priority
        let query = try MetricQuery(
            binding: MetricBinding(seriesID: "steps", aggregate: .sum, bucket: .day, range: .days(1)),
            series: series, asOf: LocalDate(dayNumber: day / 86_400))
        // Watch's 300 (ranked first), phone's 400, band's 70 (unranked: the larger).
        try expect(try query.fetchBuckets(from: store).buckets.map(\.value), [770], "a priority sum")
        try expect(
            try query.fetchSplit(from: store, by: .tag).buckets.map(\.total), [770], "a priority sum, split")
        guard let statement = try query.bucketStatement() else { throw Failure(description: "no statement") }
        try expect(
            try store.inSnapshot { db in try db.fetchAll(statement).map { $0["v"] as Double? } }, [770],
            "a priority sum in SQL")
    }
}
