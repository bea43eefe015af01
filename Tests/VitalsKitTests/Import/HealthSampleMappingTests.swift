import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

@Suite("Apple Health sample mapping")
struct HealthSampleMappingTests {
    private static let location = SourceLocation(file: "series.yaml", line: 1, column: 1)

    private static func series(_ id: String, _ kind: Series.Kind, _ unit: BaseUnit, _ types: [String]) -> Series {
        Series(
            id: id, kind: kind, unit: unit, categories: [], min: nil, max: nil, rangeByKind: [:],
            healthKit: types, description: nil, location: location)
    }

    private let mapping = HealthSampleMapping(series: [
        series("body_mass", .quantity, .kg, ["HKQuantityTypeIdentifierBodyMass"]),
        series("body_fat", .quantity, .percent, ["HKQuantityTypeIdentifierBodyFatPercentage"]),
        series("protein", .quantity, .g, ["HKQuantityTypeIdentifierDietaryProtein"]),
        series("caffeine", .quantity, .g, ["HKQuantityTypeIdentifierDietaryCaffeine"]),
        series("water", .quantity, .L, ["HKQuantityTypeIdentifierDietaryWater"]),
        series("waist", .quantity, .cm, ["HKQuantityTypeIdentifierWaistCircumference"]),
        series("heart_rate", .quantity, .bpm, ["HKQuantityTypeIdentifierHeartRate"]),
        series("sleep_analysis", .category, .min, ["HKCategoryTypeIdentifierSleepAnalysis"]),
        series("mindful_minutes", .quantity, .min, ["HKCategoryTypeIdentifierMindfulSession"]),
        series("stand_hours", .quantity, .count, ["HKCategoryTypeIdentifierAppleStandHour"]),
        series("daylight", .quantity, .min, ["HKQuantityTypeIdentifierTimeInDaylight"]),
    ])

    private func record(_ type: String, _ value: HealthValue, _ unit: String? = nil, minutes: Int64 = 0) -> HealthRecord
    {
        let start = HealthDate(utcSeconds: 1_600_000_000, offsetSeconds: 7200)
        let end = HealthDate(utcSeconds: start.utcSeconds + minutes * 60, offsetSeconds: 7200)
        return HealthRecord(type: type, sourceName: "s", unit: unit, value: value, startDate: start, endDate: end)
    }

    private func value(_ type: String, _ number: Double, _ unit: String) -> Double? {
        if case .series(_, let value, _) = mapping.map(record(type, .number(number), unit)) { return value }
        return nil
    }

    @Test("quantities convert to the series' base unit")
    func units() throws {
        #expect(abs(try #require(value("HKQuantityTypeIdentifierBodyMass", 150, "lb")) - 68.0388555) < 1e-6)
        #expect(value("HKQuantityTypeIdentifierBodyMass", 70.5, "kg") == 70.5)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierBodyFatPercentage", 0.215, "%")) - 21.5) < 1e-9)
        #expect(value("HKQuantityTypeIdentifierDietaryProtein", 31.5, "g") == 31.5)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierDietaryCaffeine", 95, "mg")) - 0.095) < 1e-12)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierDietaryCaffeine", 95_000, "mcg")) - 0.095) < 1e-12)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierDietaryWater", 250, "mL")) - 0.25) < 1e-12)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierDietaryWater", 8, "fl_oz_us")) - 0.2365882) < 1e-6)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierWaistCircumference", 32, "in")) - 81.28) < 1e-9)
        #expect(abs(try #require(value("HKQuantityTypeIdentifierWaistCircumference", 0.8, "m")) - 80) < 1e-9)
        #expect(value("HKQuantityTypeIdentifierHeartRate", 72, "count/min") == 72)
        #expect(value("HKQuantityTypeIdentifierTimeInDaylight", 2, "hr") == 120)
        #expect(value("HKQuantityTypeIdentifierTimeInDaylight", 2, "h") == 120)
        #expect(
            mapping.map(record("HKQuantityTypeIdentifierBodyMass", .number(3), "mL"))
                == .skipped(reason: "unit mL does not convert to kg"))
    }

    @Test("sleep analysis values become the Sleep screen's categories, valued in minutes")
    func sleepStages() {
        let cases: [(String, String)] = [
            ("HKCategoryValueSleepAnalysisInBed", "in_bed"),
            ("HKCategoryValueSleepAnalysisAsleep", "asleep_unspecified"),
            ("HKCategoryValueSleepAnalysisAsleepUnspecified", "asleep_unspecified"),
            ("HKCategoryValueSleepAnalysisAsleepCore", "core"), ("HKCategoryValueSleepAnalysisAsleepDeep", "deep"),
            ("HKCategoryValueSleepAnalysisAsleepREM", "rem"), ("HKCategoryValueSleepAnalysisAwake", "awake"),
        ]
        for (value, stage) in cases {
            #expect(
                mapping.map(record("HKCategoryTypeIdentifierSleepAnalysis", .category(value), minutes: 95))
                    == .series(seriesID: "sleep_analysis", value: 95, category: stage))
        }
        #expect(
            mapping.map(record("HKCategoryTypeIdentifierSleepAnalysis", .category("HKCategoryValueSleepAnalysisNap")))
                == .skipped(reason: "unknown sleep value HKCategoryValueSleepAnalysisNap"))
    }

    @Test("category types bound to quantity series: sessions count minutes, stood hours count once")
    func categoryIntoQuantity() {
        #expect(
            mapping.map(record("HKCategoryTypeIdentifierMindfulSession", .none, minutes: 10))
                == .series(seriesID: "mindful_minutes", value: 10, category: nil))
        #expect(
            mapping.map(
                record(
                    "HKCategoryTypeIdentifierAppleStandHour", .category("HKCategoryValueAppleStandHourStood"),
                    minutes: 60))
                == .series(seriesID: "stand_hours", value: 1, category: nil))
        #expect(
            mapping.map(
                record(
                    "HKCategoryTypeIdentifierAppleStandHour", .category("HKCategoryValueAppleStandHourIdle"),
                    minutes: 60))
                == .series(seriesID: "stand_hours", value: 0, category: nil))
    }

    @Test("types no series names are kept under their own identifier")
    func unmapped() {
        #expect(
            mapping.map(record("HKQuantityTypeIdentifierOxygenSaturation", .number(0.97), "%"))
                == .unmapped(seriesID: "HKQuantityTypeIdentifierOxygenSaturation", value: 0.97, category: nil))
        #expect(
            mapping.map(
                record("HKCategoryTypeIdentifierHeadache", .category("HKCategoryValueSeverityMild"), minutes: 30))
                == .unmapped(
                    seriesID: "HKCategoryTypeIdentifierHeadache", value: 30, category: "HKCategoryValueSeverityMild"))
    }

    @Test("HealthKit dates parse with their own offsets")
    func dates() throws {
        let summer = try #require(HealthDate("2019-08-12 07:41:22 -0700"))
        #expect(summer.utcSeconds == 1_565_620_882 && summer.offsetSeconds == -25_200)
        #expect(summer.description == "2019-08-12 07:41:22 -0700")
        #expect(HealthDate("2019-08-12T14:41:22Z")?.utcSeconds == 1_565_620_882)
        #expect(HealthDate("2019-08-12 16:41:22 +02:00")?.utcSeconds == 1_565_620_882)
        #expect(HealthDate("1969-12-31 23:59:59 +0000")?.utcSeconds == -1)
        #expect(HealthDate("2019-13-12 07:41:22 -0700") == nil)
        #expect(HealthDate("2019-08-12 07:41:22 -07") == nil)
        #expect(HealthDate("yesterday") == nil)
    }
}
