import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Issue #13 item 9: odd text anywhere in an export never traps or hangs the scanner, the
/// parser or the import, and nothing the store refuses reaches it (a mutated record is skipped
/// or the file refused with a `HealthExportError`, never a raw SQLite error).
@Suite("Apple Health import: mutated exports")
struct ImportMutationTests {
    typealias F = HealthExportFixtures

    /// The quirky export plus records whose attributes sit at the edges (offsets, dates,
    /// numbers, devices), so that a few byte changes reach every branch.
    static let seed = Array(
        (F.quirky.replacingOccurrences(
            of: "</HealthData>",
            with: """
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="S" device="&lt;&lt;HKDevice: 0x1&gt;, name:W&gt;" unit="kg" startDate="2024-03-01 08:00:00 +1800" endDate="2024-03-01 08:00:00 -1800" value="1e3"/>
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="S" unit="count" startDate="2024-02-29 23:59:59 +0000" endDate="2024-03-01 00:00:00 +0000" value="99999.99999999999999"/>
                 <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="O" startDate="2024-03-01 09:00:00 +0100" endDate="2024-03-01 09:00:00 +0100">
                  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="O" unit="mmHg" startDate="2024-03-01 09:00:00 +0100" endDate="2024-03-01 09:00:00 +0100" value="120"/>
                 </Correlation>
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="1" sourceName="W" startDate="2024-03-01 09:00:00 +0100" endDate="2024-03-01 09:30:00 +0100"/>
                 <ActivitySummary dateComponents="2024-03-01" activeEnergyBurned="1e308"/>
                </HealthData>
                """)).utf8)

    private static let mapping = HealthSampleMapping(series: [
        Series(
            id: "body_mass", kind: .quantity, unit: .kg, categories: [], min: 20, max: 200, rangeByKind: [:],
            healthKit: ["HKQuantityTypeIdentifierBodyMass"], description: nil,
            location: SourceLocation(file: "series.yaml", line: 1, column: 1)),
        Series(
            id: "sleep_analysis", kind: .category, unit: .min, categories: [], min: nil, max: nil, rangeByKind: [:],
            healthKit: ["HKCategoryTypeIdentifierSleepAnalysis"], description: nil,
            location: SourceLocation(file: "series.yaml", line: 1, column: 1)),
    ])

    @Test("3,000 mutations parse to elements or a HealthExportError, in any chunking")
    func parserNeverTraps() throws {
        var generator = SplitMix(seed: 13)
        let started = Date()
        var refused = 0
        for _ in 0..<3000 {
            let bytes = Mutator.mutate(Self.seed, using: &generator)
            let chunk = Int.random(in: 1...600, using: &generator)
            do {
                let parser = HealthExportParser(sink: CollectingHealthSink())
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + chunk)
                    try bytes[start..<end].withUnsafeBytes { try parser.feed($0) }
                    start = end
                }
                try parser.finish()
            } catch is HealthExportError {
                refused += 1
            }
        }
        #expect(refused > 0 && refused < 3000, "the mutations reach both outcomes")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test("300 mutated exports import or are refused; the store never sees a value it refuses")
    func importNeverHitsAConstraint() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        let importer = AppleHealthImporter(mapping: Self.mapping)
        var generator = SplitMix(seed: 1313)
        var imported = 0
        for _ in 0..<300 {
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(Mutator.mutate(Self.seed, using: &generator)))
            let store = try SampleStore.inMemory()
            do {
                let report = try importer.importExport(at: path, into: store)
                #expect(try store.count() == report.totalNew)
                imported += 1
            } catch let error as HealthExportError {
                #expect(try store.count() == 0, "refused, so nothing written: \(error)")
            }
        }
        #expect(imported > 0)
    }
}
