import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Issue #27 item 1: a food record inside a correlation and the top-level record it repeats
/// are one reading, whichever of them carries the meal (the tag is part of the natural key).
@Suite("Apple Health import: correlation twins stored once, with the meal")
struct CorrelationTwinTests {
    typealias F = HealthExportFixtures

    private static let importer = AppleHealthImporter(
        mapping: HealthSampleMapping(series: [
            Series(
                id: "protein", kind: .quantity, unit: .g, categories: [], min: 0, max: 300, rangeByKind: [:],
                healthKit: ["HKQuantityTypeIdentifierDietaryProtein"], description: nil,
                location: SourceLocation(file: "series.yaml", line: 1, column: 1))
        ]))

    /// Where a reading's meal is written.
    enum MealPlace: CaseIterable { case nowhere, topLevel, innerRecord, correlation, everywhere }

    /// One protein reading as a generated export holds it.
    struct Reading {
        var minute: Int
        var grams: Double
        var meal: String
        var topLevel: Bool
        var inCorrelation: Bool
        var place: MealPlace

        var time: String {
            String(format: "2024-05-%02d %02d:%02d:00 +0200", 1 + minute / 1440, minute / 60 % 24, minute % 60)
        }
        /// The meal the store should keep: the slot, when any copy names it.
        var storedMeal: String? {
            switch place {
            case .nowhere: return nil
            case .topLevel: return topLevel ? meal.lowercased() : nil
            case .innerRecord, .correlation: return inCorrelation ? meal.lowercased() : nil
            case .everywhere: return meal.lowercased()
            }
        }

        private func record(meal: Bool) -> String {
            let entry = meal ? #"<MetadataEntry key="meal" value="\#(self.meal)"/>"# : ""
            return #"<Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="MyFitnessPal" unit="g" "#
                + #"startDate="\#(time)" endDate="\#(time)" value="\#(grams)">\#(entry)</Record>"#
        }

        /// The elements of the export for this reading.
        var elements: [String] {
            var elements: [String] = []
            if topLevel { elements.append(record(meal: place == .topLevel || place == .everywhere)) }
            if inCorrelation {
                let entry =
                    place == .correlation || place == .everywhere
                    ? #"<MetadataEntry key="meal" value="\#(meal)"/>"# : ""
                elements.append(
                    #"<Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFitnessPal" "#
                        + #"startDate="\#(time)" endDate="\#(time)">\#(entry)"#
                        + record(meal: place == .innerRecord || place == .everywhere) + "</Correlation>")
            }
            return elements
        }
    }

    private static func readings(_ random: inout SplitMix) -> [Reading] {
        let meals = ["Breakfast", "Lunch", "Dinner", "Snack"]
        var minute = 0
        return (0..<Int.random(in: 1...24, using: &random)).map { _ in
            minute += Int.random(in: 1...600, using: &random)
            let copies = Int.random(in: 0...2, using: &random)  // 0: both, 1: top level only, 2: inner only
            return Reading(
                minute: minute, grams: Double(Int.random(in: 1...800, using: &random)) / 4,
                meal: meals.randomElement(using: &random)!, topLevel: copies != 2, inCorrelation: copies != 1,
                place: MealPlace.allCases.randomElement(using: &random)!)
        }
    }

    private func importing(_ xml: String, into store: SampleStore) throws -> AppleHealthImportReport {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return try Self.importer.importExport(at: path, into: store)
    }

    @Test("twins with the meal on either side, both or neither, in any order: each reading kept once, with its meal")
    func twinsProperty() throws {
        var random = SplitMix(seed: 27_01)
        for round in 0..<60 {
            let readings = Self.readings(&random)
            let xml = F.export(readings.flatMap(\.elements).shuffled(using: &random).joined(separator: "\n"))
            let store = try SampleStore.inMemory()
            let report = try importing(xml, into: store)
            let stored = try store.samples(series: "protein")
            // The naive answer: one row per reading, its grams, and the meal any copy names.
            let expected = readings.map { "\($0.minute) \($0.grams) \($0.storedMeal ?? "-")" }.sorted()
            let found = stored.map { "\(Self.minute($0.start)) \($0.value) \($0.tag ?? "-")" }.sorted()
            #expect(found == expected, "round \(round): \(xml)")
            #expect(stored.map(\.value).reduce(0, +) == readings.map(\.grams).reduce(0, +), "round \(round)")
            let copies = readings.reduce(0) { $0 + ($1.topLevel ? 1 : 0) + ($1.inCorrelation ? 1 : 0) }
            #expect(
                report.totalNew == readings.count && report.totalRepeated == copies - readings.count,
                "round \(round): \(report.totalNew) new, \(report.totalRepeated) repeated")
            // A re-import finds every reading present and adds nothing.
            let again = try importing(xml, into: store)
            #expect(again.totalNew == 0 && again.totalPresent == readings.count, "round \(round) re-import")
            #expect(try store.count() == readings.count)
        }
    }

    /// Minutes since 2024-05-01 00:00 +02:00 of `date`.
    private static func minute(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 - 1_714_514_400) / 60)
    }

    @Test("the common case: the meal only on the correlation, which comes after the top-level record")
    func mealOnCorrelationOnly() throws {
        let reading = Reading(
            minute: 750, grams: 31.5, meal: "Lunch", topLevel: true, inCorrelation: true, place: .correlation)
        let store = try SampleStore.inMemory()
        let report = try importing(F.export(reading.elements.joined(separator: "\n")), into: store)
        let stored = try store.samples(series: "protein")
        #expect(stored.map(\.value) == [31.5])
        #expect(stored.map(\.tag) == ["lunch"])
        #expect(report.totalNew == 1 && report.totalRepeated == 1)
    }

    @Test("two copies naming different meals are two readings")
    func differentMealsAreNotTwins() throws {
        var top = Reading(minute: 750, grams: 20, meal: "Lunch", topLevel: true, inCorrelation: false, place: .topLevel)
        var inner = top
        (inner.topLevel, inner.inCorrelation, inner.meal, inner.place) = (false, true, "Dinner", .innerRecord)
        top.place = .topLevel
        let store = try SampleStore.inMemory()
        _ = try importing(F.export((top.elements + inner.elements).joined(separator: "\n")), into: store)
        #expect(try store.samples(series: "protein").compactMap(\.tag).sorted() == ["dinner", "lunch"])
    }
}
