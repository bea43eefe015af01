import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Issue #13 items 6–9: every reading kept exactly once, and a bad element skipped with a
/// reason instead of aborting the import or reaching the store.
@Suite("Apple Health import: every reading once, bad elements skipped")
struct ImportRobustnessTests {
    typealias F = HealthExportFixtures

    private static func series(
        _ id: String, _ unit: BaseUnit, _ type: String, min: Double? = nil, max: Double? = nil,
        byKind: [SubjectKind: ClosedRange<Double>] = [:]
    ) -> Series {
        Series(
            id: id, kind: .quantity, unit: unit, categories: [], min: min, max: max, rangeByKind: byKind,
            healthKit: [type], description: nil,
            location: SourceLocation(file: "series.yaml", line: 1, column: 1))
    }

    private static let catalogSeries = [
        series("body_mass", .kg, "HKQuantityTypeIdentifierBodyMass", min: 20, max: 200, byKind: [.dog: 0.1...100]),
        series("steps", .count, "HKQuantityTypeIdentifierStepCount", min: 0, max: 100_000),
        series("systolic", .mmHg, "HKQuantityTypeIdentifierBloodPressureSystolic", min: 60, max: 260),
        series("diastolic", .mmHg, "HKQuantityTypeIdentifierBloodPressureDiastolic", min: 30, max: 160),
    ]

    private func importing(
        _ body: String, kind: SubjectKind = .human, into store: SampleStore? = nil,
        times: Int = 1
    ) throws -> (AppleHealthImportReport, SampleStore) {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        try F.export(body).write(toFile: path, atomically: true, encoding: .utf8)
        let store = try store ?? SampleStore.inMemory()
        let importer = AppleHealthImporter(mapping: HealthSampleMapping(series: Self.catalogSeries, subjectKind: kind))
        var report = AppleHealthImportReport()
        for _ in 0..<times { report = try importer.importExport(at: path, into: store) }
        return (report, store)
    }

    private static func record(
        _ type: String, _ value: String, unit: String, at time: String = "2024-03-01 09:00:00 +0100",
        end: String? = nil, source: String = "Omron", extra: String = ""
    ) -> String {
        #"<Record type="HKQuantityTypeIdentifier\#(type)" sourceName="\#(source)" unit="\#(unit)" \#(extra)"#
            + #"startDate="\#(time)" endDate="\#(end ?? time)" value="\#(value)"/>"#
    }

    private static func bloodPressure(_ systolic: String, _ diastolic: String, at time: String) -> String {
        """
        <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="\(time)" endDate="\(time)">
         \(record("BloodPressureSystolic", systolic, unit: "mmHg", at: time))
         \(record("BloodPressureDiastolic", diastolic, unit: "mmHg", at: time))
        </Correlation>
        """
    }

    @Test("a correlation's records without a top-level twin are kept; a twin is counted once, on re-import too")
    func correlations() throws {
        // 09:00: the records are also listed at the top level (before the correlation, as the
        // Health app writes them); 10:00: only inside the correlation; 11:00: the top-level
        // twins come after the correlation.
        let body = [
            Self.record("BloodPressureSystolic", "121", unit: "mmHg"),
            Self.record("BloodPressureDiastolic", "79", unit: "mmHg"),
            Self.bloodPressure("121", "79", at: "2024-03-01 09:00:00 +0100"),
            Self.bloodPressure("135", "88", at: "2024-03-01 10:00:00 +0100"),
            Self.bloodPressure("118", "76", at: "2024-03-01 11:00:00 +0100"),
            Self.record("BloodPressureSystolic", "118", unit: "mmHg", at: "2024-03-01 11:00:00 +0100"),
            Self.record("BloodPressureDiastolic", "76", unit: "mmHg", at: "2024-03-01 11:00:00 +0100"),
        ].joined(separator: "\n")
        let (first, store) = try importing(body)
        #expect(try store.samples(series: "systolic").map(\.value) == [121, 135, 118])
        #expect(try store.samples(series: "diastolic").map(\.value) == [79, 88, 76])
        // Six readings, each counted once as new; the four twins as repeated.
        #expect(first.totalNew == 6 && first.totalRepeated == 4 && first.totalPresent == 0)
        #expect(first.byType["HKQuantityTypeIdentifierBloodPressureSystolic"] == .init(new: 3, present: 0, repeated: 2))
        let (second, _) = try importing(body, into: store)
        #expect(second.totalNew == 0 && second.totalPresent == 6 && second.totalRepeated == 4)
        #expect(try store.count() == 6)
    }

    @Test("a UTC offset beyond ±18:00 and a workout ending before it starts are skipped with a reason")
    func malformedElementsAreSkipped() throws {
        let body = [
            Self.record("BodyMass", "80", unit: "kg", at: "2024-03-01 08:00:00 +1900"),
            Self.record(
                "BodyMass", "80.5", unit: "kg", at: "2024-03-01 08:00:00 +0100", end: "2024-03-01 08:00:00 -2330"),
            Self.record("BodyMass", "81", unit: "kg", at: "2024-03-02 08:00:00 +0100"),
            #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2024-03-01 09:00:00 +0100" endDate="2024-03-01 08:00:00 +0100"/>"#,
            #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2024-03-02 09:00:00 +0100" endDate="2024-03-02 09:30:00 +0100"/>"#,
        ].joined(separator: "\n")
        let (report, store) = try importing(body)
        #expect(try store.samples(series: "body_mass").map(\.value) == [81])
        #expect(try store.samples(series: "HKWorkoutTypeIdentifier").map(\.value) == [30])
        #expect(
            report.skippedReasons == [
                "HKQuantityTypeIdentifierBodyMass: unreadable startDate": 1,
                "HKQuantityTypeIdentifierBodyMass: unreadable endDate": 1,
                "HKWorkoutTypeIdentifier: endDate before startDate": 1,
            ])
        #expect(report.totalNew == 2 && report.totalSkipped == 3)
    }

    @Test("values outside the series' plausible range are skipped, with the subject kind's range")
    func plausibleRanges() throws {
        let body = [
            Self.record("BodyMass", "-80", unit: "kg", at: "2024-03-01 08:00:00 +0100"),
            Self.record("BodyMass", "1e308", unit: "kg", at: "2024-03-02 08:00:00 +0100"),
            // Stones, 6.35 kg each: 1e308 st is beyond any Double in kg. (Pounds no longer
            // overflow: they convert by their exact factor, 0.45359237 kg.)
            Self.record("BodyMass", "1e308", unit: "st", at: "2024-03-02 09:00:00 +0100"),
            Self.record("BodyMass", "12", unit: "kg", at: "2024-03-03 08:00:00 +0100"),
            Self.record("BodyMass", "81", unit: "kg", at: "2024-03-04 08:00:00 +0100"),
            Self.record(
                "StepCount", "1.7e308", unit: "count", at: "2024-03-02 08:00:00 +0100", end: "2024-03-02 08:10:00 +0100"
            ),
            Self.record(
                "StepCount", "5000", unit: "count", at: "2024-03-02 09:00:00 +0100", end: "2024-03-02 09:10:00 +0100"),
            // A type no series names keeps its value as written, but only a finite one.
            Self.record("Unbound", "1e308", unit: "km", at: "2024-03-02 08:00:00 +0100"),
        ].joined(separator: "\n")
        let (human, store) = try importing(body)
        #expect(try store.samples(series: "body_mass").map(\.value) == [81])
        #expect(try store.samples(series: "steps").map(\.value) == [5000])
        #expect(try store.samples(series: "HKQuantityTypeIdentifierUnbound").map(\.value) == [1e308])
        #expect(
            human.skippedReasons == [
                "HKQuantityTypeIdentifierBodyMass: value outside the plausible range 20–200 kg": 3,
                // 1e308 st overflows on its way to kg.
                "HKQuantityTypeIdentifierBodyMass: value is not a finite number": 1,
                "HKQuantityTypeIdentifierStepCount: value outside the plausible range 0–100000 count": 1,
            ])
        // A dog's range (by_kind) is 0.1–100 kg: 12 and 81 are kept.
        let (dog, dogStore) = try importing(body, kind: .dog)
        #expect(try dogStore.samples(series: "body_mass").map(\.value) == [12, 81])
        #expect(
            dog.skippedReasons["HKQuantityTypeIdentifierBodyMass: value outside the plausible range 0.1–100 kg"] == 2)
    }

    @Test("a device with unbalanced angle brackets is kept as written")
    func oddDevice() throws {
        let devices = [
            "&lt;&lt;HKDevice: 0x1&gt;", "&lt;&lt;HKDevice: &gt;&gt;", "&lt;&lt;HKDevice: ", "&gt;",
            "&lt;&lt;HKDevice: 0x2&gt;, name:Watch&gt;",
        ]
        let body = devices.enumerated().map { index, device in
            Self.record(
                "BodyMass", "8\(index)", unit: "kg", at: "2024-03-0\(index + 1) 08:00:00 +0100",
                extra: #"device="\#(device)" "#)
        }.joined(separator: "\n")
        let (report, store) = try importing(body)
        #expect(report.totalNew == 5)
        let stored = try store.samples(series: "body_mass").compactMap(\.metadata)
        #expect(stored.count == 5)
        #expect(stored[0].contains(#""device":"<<HKDevice: 0x1>""#))
        #expect(stored[4].contains(#""device":"name:Watch""#))
    }
}
