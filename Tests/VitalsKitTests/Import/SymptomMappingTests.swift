import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Apple Health's symptom types go into the series naming them, the symptom as the category
/// (not the severity), and a "not present" sample is left out.
@Suite struct SymptomMappingTests {
    static let types = [
        "HKCategoryTypeIdentifierHeadache", "HKCategoryTypeIdentifierLowerBackPain",
        "HKCategoryTypeIdentifierAppetiteChanges", "HKCategoryTypeIdentifierMoodChanges",
    ]
    let mapping = HealthSampleMapping(series: [
        Series(
            id: "symptoms", kind: .category, unit: .count, categories: ["headache", "lower_back_pain"], min: nil,
            max: nil,
            rangeByKind: [:], healthKit: Self.types, description: nil,
            location: SourceLocation(file: "series.yaml", line: 1, column: 1))
    ])

    func map(_ type: String, _ value: String) -> HealthSampleMapping.Outcome {
        let start = HealthDate(utcSeconds: 1_790_000_000, offsetSeconds: 3600)
        return mapping.map(
            HealthRecord(type: type, sourceName: "Health", value: .category(value), startDate: start, endDate: start))
    }

    @Test func theTypeNamesTheSymptom() {
        #expect(
            map(Self.types[0], "HKCategoryValueSeverityModerate")
                == .series(seriesID: "symptoms", value: 1, category: "headache"))
        #expect(
            map(Self.types[1], "HKCategoryValueSeverityUnspecified")
                == .series(seriesID: "symptoms", value: 1, category: "lower_back_pain"))
        #expect(
            map(Self.types[3], "HKCategoryValuePresencePresent")
                == .series(seriesID: "symptoms", value: 1, category: "mood_changes"))
        #expect(
            map(Self.types[2], "HKCategoryValueAppetiteChangesIncreased")
                == .series(seriesID: "symptoms", value: 1, category: "appetite_changes"))
    }

    @Test func anAbsentSymptomIsNoSample() {
        #expect(
            map(Self.types[0], "HKCategoryValueSeverityNotPresent") == .skipped(reason: "symptom marked not present"))
        #expect(
            map(Self.types[3], "HKCategoryValuePresenceNotPresent") == .skipped(reason: "symptom marked not present"))
        #expect(
            map(Self.types[2], "HKCategoryValueAppetiteChangesNoChange")
                == .skipped(reason: "symptom marked not present"))
    }

    @Test func theShippedSeriesCategoriesAreTheNamesOfItsTypes() throws {
        // A property of the shipped catalog: every symptom type it imports lands in a category it declares.
        let loaded = try CatalogLoader.load(paths: [
            TestPaths.packageRoot.appendingPathComponent("metrics/series.yaml").path
        ])
        let symptoms = try #require(loaded.catalog.series("symptoms"))
        #expect(!symptoms.healthKit.isEmpty)
        for type in symptoms.healthKit {
            #expect(symptoms.categories.contains(SymptomCategory.name(ofType: type)), "\(type)")
        }
    }
}
