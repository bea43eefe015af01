import Foundation
import Testing

@testable import VitalsKit

/// `MetricQuery.sampleFilter` writes a statement's `local_start` range as one lower and one
/// upper bound, the upper the earlier of the statement's own and the as-of cutoff, for a number
/// and for an SQL expression alike; the rows it selects are those a plain filter over the
/// samples picks: the query's series and subject, from the lower bound, before the upper, and
/// nothing logged after the as-of day unless `pastAsOf`. Random samples over three weeks (UTC
/// offsets from −12 h to +14 h, another series and another subject beside), random as-of days
/// and day cutoffs, bounds before, on and after the cutoff.
@Suite struct SampleFilterPropertyTests {
    static let firstDay = LocalDate(year: 2026, month: 3, day: 1)

    /// A bound as the filter takes it and as the plain filter compares with it.
    enum Choice {
        case none
        case value(Int)
        case sql(Int)
        var bound: MetricQuery.SampleBound? {
            switch self {
            case .none: return nil
            case .value(let bound): return .value(bound)
            // An expression SQL evaluates (`? + 0`), so the filter cannot fold it in Swift.
            case .sql(let bound): return .sql("\(bound) + 0")
            }
        }
        var number: Int? {
            switch self {
            case .none: return nil
            case .value(let bound), .sql(let bound): return bound
            }
        }
    }

    @Test(arguments: StoreBackend.available) func selectsWhatAPlainFilterSelects(on backend: StoreBackend) throws {
        var rng = SplitMix(seed: 41)
        let dayZero = Self.firstDay.dayNumber * 86_400
        var samples: [Sample] = []
        for index in 0..<600 {
            let series = index % 7 == 0 ? "water" : "steps"
            let subject = index % 11 == 0 ? "ollie" : "me"
            let offset = Int.random(in: -48...56, using: &rng) * 900
            let local = dayZero + Int.random(in: 0..<(21 * 86_400), using: &rng)
            samples.append(
                Sample(
                    seriesID: series, subjectID: subject,
                    start: Date(timeIntervalSince1970: TimeInterval(local - offset)), utcOffsetSeconds: offset,
                    value: Double(index), source: "test"))
        }
        let store = try StoreFixtures.emptyStore(on: backend)
        try store.insert(samples)
        var checked = 0
        for _ in 0..<120 {
            let asOf = Self.firstDay.adding(days: Int.random(in: 0...20, using: &rng))
            let cutoff = [0, 240, 1080][Int.random(in: 0...2, using: &rng)]
            let query = try MetricQuery(
                binding: MetricBinding(seriesID: "steps", bucket: .day, dayCutoffMinutes: cutoff),
                series: StoreFixtures.steps, asOf: asOf)
            let asOfCutoff = query.asOfCutoff
            // Bounds around the cutoff: well before it, just before, on it, after it.
            func choice() -> Choice {
                let near = [
                    dayZero + Int.random(in: 0..<(21 * 86_400), using: &rng), asOfCutoff - 1, asOfCutoff,
                    asOfCutoff + Int.random(in: 1...(3 * 86_400), using: &rng),
                ]
                let bound = near[Int.random(in: 0..<near.count, using: &rng)]
                switch Int.random(in: 0...2, using: &rng) {
                case 0: return .none
                case 1: return .value(bound)
                default: return .sql(bound)
                }
            }
            let lower = choice()
            let upper = choice()
            let pastAsOf = Int.random(in: 0...3, using: &rng) == 0
            let filter = query.sampleFilter(from: lower.bound, before: upper.bound, pastAsOf: pastAsOf)

            let ranges = filter.text.components(separatedBy: "local_start <").count - 1
            #expect(ranges == (upper.number == nil && pastAsOf ? 0 : 1), "\(filter.text)")
            #expect(filter.text.components(separatedBy: "local_start >=").count - 1 == (lower.number == nil ? 0 : 1))

            let selected = try store.inSnapshot { db in
                try db.fetchAll("SELECT value FROM sample WHERE \(filter) ORDER BY value").map { $0["value"] as Double }
            }
            let ceiling = [upper.number, pastAsOf ? nil : asOfCutoff].compactMap { $0 }.min()
            let expected = samples.filter { sample in
                let local = Int(sample.start.timeIntervalSince1970) + sample.utcOffsetSeconds
                return sample.seriesID == "steps" && sample.subjectID == "me"
                    && lower.number.map { local >= $0 } ?? true && ceiling.map { local < $0 } ?? true
            }.map(\.value).sorted()
            #expect(selected == expected, "lower \(lower), upper \(upper), pastAsOf \(pastAsOf), as of \(asOf)")
            if !pastAsOf { checked += 1 }
        }
        #expect(checked > 60)
    }
}
