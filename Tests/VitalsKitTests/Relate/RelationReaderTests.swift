import Foundation
import TestSupport
import Testing

@testable import VitalsKit

/// `RelationReader` pairs two series day by day, y some days later, as a naive pairing of the
/// samples does: random weigh-ins (some days several, some none) against random drinks (most
/// days none), with a lag of 0 to 3 days.
@Suite struct RelationReaderTests {
    typealias F = StoreFixtures
    static let alcohol = F.series("alcohol", .quantity, .count, min: 0, max: 30)
    static let symptoms = F.series("symptoms", .category, .count, categories: ["headache", "nausea"])

    @Test(arguments: StoreBackend.available) func pairsMatchANaivePairing(on backend: StoreBackend) throws {
        var random = SplitMix(seed: 29)
        let first = F.date("2026-09-01")
        for round in 0..<6 {
            var samples: [Sample] = []
            var weights: [LocalDate: [Double]] = [:]
            var drinks: [LocalDate: Double] = [:]
            var firstDrink: LocalDate?
            for offset in 0..<60 {
                let day = first.adding(days: offset)
                let count = Int.random(in: 0...2, using: &random)
                for index in 0..<count {
                    let value = (Double.random(in: 70...80, using: &random) * 10).rounded() / 10
                    samples.append(F.sample("body_mass", "\(day)T0\(7 + index):15:00+02:00", value))
                    weights[day, default: []].append(value)
                }
                if offset > 5, Int.random(in: 0...3, using: &random) == 0 {
                    let value = Double(Int.random(in: 1...4, using: &random))
                    samples.append(F.sample("alcohol", "\(day)T20:30:00+02:00", value))
                    drinks[day, default: 0] += value
                    firstDrink = firstDrink ?? day
                }
            }
            let store = try StoreFixtures.caseStore(on: backend)
            try store.insert(samples)
            let lag = round % 4
            let asOf = first.adding(days: 59)
            let x = try F.query(
                Self.alcohol, aggregate: .sum, range: .days(40), asOf: asOf.adding(days: -lag).description)
            let y = try F.query(F.bodyMass, aggregate: .mean, range: .days(40), asOf: asOf.description)
            let relation = try RelationReader.read(x: x, y: y, lagDays: lag, from: store)
            // Naive: each x day in the 40 days ending `lag` days before the as-of day, drinks (0 from
            // the first drink on, none before) against the mean weigh-in `lag` days later.
            var expected: [PairedValue] = []
            let xFirst = asOf.adding(days: -lag - 39)
            for offset in 0..<40 {
                let day = xFirst.adding(days: offset)
                guard let firstDrink, day >= firstDrink, let values = weights[day.adding(days: lag)] else { continue }
                expected.append(
                    PairedValue(date: day, x: drinks[day] ?? 0, y: values.reduce(0, +) / Double(values.count)))
            }
            #expect(relation.pairs.count == expected.count, "round \(round)")
            for (got, want) in zip(relation.pairs, expected) {
                #expect(
                    got.date == want.date && got.x == want.x && abs(got.y - want.y) < 1e-9,
                    "round \(round): \(got) vs \(want)")
            }
            #expect(relation.lagDays == lag && !relation.x.isEvent && !relation.y.isEvent)
            #expect(relation.y.unit == "kg" && relation.x.unit == nil)
        }
    }

    @Test(arguments: StoreBackend.available) func aCategorySeriesIsAnEventSide(on backend: StoreBackend) throws {
        let store = try StoreFixtures.emptyStore(on: backend)
        try store.insert([
            F.sample("symptoms", "2026-10-02T09:00:00+02:00", 1, category: "headache"),
            F.sample("symptoms", "2026-10-02T15:00:00+02:00", 1, category: "headache"),
            F.sample("symptoms", "2026-10-03T09:00:00+02:00", 1, category: "nausea"),
            F.sample("body_mass", "2026-10-02T07:00:00+02:00", 71),
            F.sample("body_mass", "2026-10-03T07:00:00+02:00", 72),
            F.sample("body_mass", "2026-10-04T07:00:00+02:00", 73),
        ])
        let x = try F.query(
            Self.symptoms, aggregate: .count, range: .days(7), asOf: "2026-10-04", categories: ["headache"])
        let y = try F.query(F.bodyMass, aggregate: .mean, range: .days(7), asOf: "2026-10-04")
        let relation = try RelationReader.read(x: x, y: y, lagDays: 0, from: store)
        #expect(relation.x.isEvent && relation.x.name == "headache")
        // Headache counted on 2 Oct (twice), none on the 3rd (nausea only) and 4th.
        #expect(relation.pairs.map(\.x) == [2, 0, 0])
        #expect(relation.pairs.map(\.y) == [71, 72, 73])
    }
}
