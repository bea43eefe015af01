import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Issue #27 item 17: blood glucose in mmol/L and mg/dL (and HealthKit's molar
/// `mmol<180.1558800000541>/L`), converted by the molar mass of glucose, 180.156 g/mol:
/// 1 mmol/L = 18.0156 mg/dL.
@Suite("Blood glucose units")
struct GlucoseUnitTests {
    /// The conversion done independently, in decimal arithmetic: mg/dL → mg/L (× 10) → mmol/L
    /// (÷ 180.156 mg per mmol).
    private static func millimolesPerLiter(milligramsPerDeciliter value: Double) -> Double {
        let milligramsPerLiter = Decimal(string: String(value))! * 10
        return NSDecimalNumber(decimal: milligramsPerLiter / Decimal(string: "180.156")!).doubleValue
    }

    private static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

    @Test("mg/dL and mmol/L convert by 180.156 g/mol, both ways, against a decimal computation")
    func conversion() throws {
        var random = SplitMix(seed: 17)
        let mgdl = try #require(KnownUnit.named("mg/dL"))
        let mmol = try #require(KnownUnit.named("mmol/L"))
        for _ in 0..<500 {
            let value = Double(Int.random(in: 1...60_000, using: &random)) / 100  // 0.01 … 600 mg/dL
            let converted = try #require(mgdl.convert(value, to: mmol))
            #expect(Self.close(converted, Self.millimolesPerLiter(milligramsPerDeciliter: value)), "\(value) mg/dL")
            #expect(Self.close(try #require(mmol.convert(converted, to: mgdl)), value), "\(value) mg/dL and back")
        }
        #expect(Self.close(try #require(mmol.convert(1, to: mgdl)), 18.0156))
        #expect(KnownUnit.named("mg/dl") == mgdl && KnownUnit.named("MMOL/L") == mmol)
        // Glucose is its own dimension: a concentration is no mass.
        #expect(mgdl.convert(1, to: .milligram) == nil)
    }

    @Test("HealthKit's units: mg/dL, mmol/L and the molar mmol<180.15588…>/L; another molar mass is refused")
    func healthKitUnits() throws {
        #expect(HealthKitUnit.convert(5.4, from: "mmol<180.1558800000541>/L", to: .mmolPerL) == 5.4)
        #expect(HealthKitUnit.convert(97, from: "mg/dL", to: .mgPerdL) == 97)
        let fromMolar = try #require(HealthKitUnit.convert(5.4, from: "mmol<180.1558800000541>/L", to: .mgPerdL))
        #expect(Self.close(fromMolar, 5.4 * 18.0156))
        let fromMass = try #require(HealthKitUnit.convert(97, from: "mg/dL", to: .mmolPerL))
        #expect(Self.close(fromMass, Self.millimolesPerLiter(milligramsPerDeciliter: 97)))
        // Millimoles of something else (cholesterol: 386.65 g/mol) are not glucose.
        #expect(HealthKitUnit.convert(5.4, from: "mmol<386.65>/L", to: .mmolPerL) == nil)
        #expect(HealthKitUnit.convert(5.4, from: "mmol<>/L", to: .mmolPerL) == nil)
        #expect(HealthKitUnit.convert(5.4, from: "mg/dL", to: .count) == nil)
    }

    @Test("an import stores each reading in the series' base unit, whatever unit the export wrote")
    func importConverts() throws {
        let records = [
            ("mmol<180.1558800000541>/L", "5.4"), ("mg/dL", "97"), ("mmol/L", "6.1"), ("mmol<386.65>/L", "4.2"),
        ]
        .enumerated().map { index, pair in
            let time = "2024-03-0\(index + 1) 08:00:00 +0100"
            return #"<Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Meter" unit="\#(pair.0)" "#
                + #"startDate="\#(time)" endDate="\#(time)" value="\#(pair.1)"/>"#
        }
        let xml = HealthExportFixtures.export(records.joined(separator: "\n"))
        for base in [BaseUnit.mmolPerL, .mgPerdL] {
            let directory = try HealthExportFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("export.xml").path
            try xml.write(toFile: path, atomically: true, encoding: .utf8)
            let series = Series(
                id: "glucose", kind: .quantity, unit: base, categories: [], min: nil, max: nil,
                rangeByKind: [:], healthKit: ["HKQuantityTypeIdentifierBloodGlucose"], description: nil,
                location: SourceLocation(file: "series.yaml", line: 1, column: 1))
            let store = try SampleStore.inMemory()
            let report = try AppleHealthImporter(mapping: HealthSampleMapping(series: [series])).importExport(
                at: path, into: store)
            let stored = try store.samples(series: "glucose").map(\.value)
            let inMmol = [5.4, Self.millimolesPerLiter(milligramsPerDeciliter: 97), 6.1]
            let expected = base == .mmolPerL ? inMmol : inMmol.map { $0 * 180.156 / 10 }
            #expect(stored.count == 3 && zip(stored, expected).allSatisfy { Self.close($0, $1) }, "\(base): \(stored)")
            #expect(
                report.skippedReasons == [
                    "HKQuantityTypeIdentifierBloodGlucose: unit mmol<386.65>/L does not convert to \(base.rawValue)": 1
                ])
        }
    }

    @Test("vitals log takes mg/dL into a mmol/L series and the reverse")
    func logging() throws {
        var catalog = Catalog()
        let here = SourceLocation(file: "<test>", line: 1, column: 1)
        catalog.add(
            Series(
                id: "glucose", kind: .quantity, unit: .mmolPerL, categories: [], min: 1, max: 40,
                rangeByKind: [:], healthKit: [], description: nil, location: here))
        catalog.add(
            Series(
                id: "glucose_us", kind: .quantity, unit: .mgPerdL, categories: [], min: 18, max: 720,
                rangeByKind: [:], healthKit: [], description: nil, location: here))
        let validator = SampleValidator(
            catalog: catalog,
            time: TimeParser(
                timeZone: TimeZone(secondsFromGMT: 3600)!, now: Date(timeIntervalSince1970: 1_800_000_000)))
        let fromMass = try validator.sample(from: SampleInput(seriesID: "glucose", value: "126", unit: "mg/dL"))
        #expect(Self.close(fromMass.value, Self.millimolesPerLiter(milligramsPerDeciliter: 126)))
        let fromMolar = try validator.sample(from: SampleInput(seriesID: "glucose_us", value: "7", unit: "mmol/L"))
        #expect(Self.close(fromMolar.value, 7 * 18.0156))
        #expect(try validator.sample(from: SampleInput(seriesID: "glucose", value: "5.5")).value == 5.5)
        #expect(throws: EntryError.self) {
            try validator.sample(from: SampleInput(seriesID: "glucose", value: "5.5", unit: "kg"))
        }
    }
}
