import Foundation
import GRDB
import Testing

@testable import VitalsImport
@testable import VitalsKit

@Suite("Apple Health import into the store")
struct AppleHealthImporterTests {
    typealias F = HealthExportFixtures

    private static func series(_ id: String, _ kind: Series.Kind, _ unit: BaseUnit, _ type: String) -> Series {
        Series(
            id: id, kind: kind, unit: unit, categories: [], min: nil, max: nil, rangeByKind: [:],
            healthKit: [type], description: nil,
            location: SourceLocation(file: "series.yaml", line: 1, column: 1))
    }

    private let importer = AppleHealthImporter(
        mapping: HealthSampleMapping(series: [
            series("body_mass", .quantity, .kg, "HKQuantityTypeIdentifierBodyMass"),
            series("body_fat", .quantity, .percent, "HKQuantityTypeIdentifierBodyFatPercentage"),
            series("protein", .quantity, .g, "HKQuantityTypeIdentifierDietaryProtein"),
            series("steps", .quantity, .count, "HKQuantityTypeIdentifierStepCount"),
            series("heart_rate", .quantity, .bpm, "HKQuantityTypeIdentifierHeartRate"),
            series("sleep_analysis", .category, .min, "HKCategoryTypeIdentifierSleepAnalysis"),
        ]))

    private func write(_ xml: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try xml.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("the quirky export lands in the series, in base units, and a re-import adds nothing")
    func importAndReimport() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(F.quirky, "export.xml", in: directory)
        let store = try SampleStore.open(path: directory.appendingPathComponent("v.sqlite").path)
        let first = try importer.importExport(at: path, into: store)
        // 11 records + workout + activity summary + birth date + sex; correlation children once.
        #expect(first.totalNew == 15 && first.totalPresent == 0 && first.totalSkipped == 0)
        let weights = try store.samples(series: "body_mass")
        #expect(weights.map(\.utcOffsetSeconds) == [-25_200, -28_800])
        #expect(abs(weights[0].value - 150.2 * 0.45359237) < 1e-9)
        #expect(weights[0].source == "apple-health:Vivian\u{0B}s iPhone")
        #expect(try store.samples(series: "body_fat").first?.value == 21.5)
        let protein = try #require(try store.samples(series: "protein").first)
        #expect(protein.tag == "lunch" && protein.value == 31.5)
        #expect(protein.metadata?.contains(#""meal":"Lunch","Meal":"lunch & snack""#) == true)
        #expect(
            try store.samples(series: "steps").map(\.source) == ["apple-health:iPhone", "apple-health:Apple Watch"])
        #expect(try store.samples(series: "blood_pressure_systolic").isEmpty)
        #expect(try store.count(series: "HKQuantityTypeIdentifierBloodPressureSystolic") == 1)
        let sleep = try store.samples(series: "sleep_analysis")
        #expect(sleep.map(\.category) == ["core", "rem"] && sleep.map(\.value) == [150, 45])
        let heart = try #require(try store.samples(series: "heart_rate").first)
        // The source version and device are stored once per pair (sample_origin) and put back
        // at the end of the metadata object.
        // creationDate 2019-11-03 08:00:05 -0800 = 16:00:05 UTC, kept as UTC seconds.
        #expect(
            heart.metadata
                == #"{"unit":"count/min","creationDate":1572796805,"beats":[71,73],"sourceVersion":"6.0","device":"name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch3,4, software:6.0"}"#
        )
        // creationDate 2019-11-02 07:41:22 -0700 = 14:41:22 UTC.
        #expect(
            weights[0].metadata
                == #"{"unit":"lb","creationDate":1572705682,"metadata":{"HKWasUserEntered":"1"},"sourceVersion":"13.1"}"#
        )
        let inline = try store.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT series FROM sample WHERE metadata LIKE '%sourceVersion%' OR metadata LIKE '%\"device\"%'")
        }
        #expect(inline.isEmpty, "records keep them in sample_origin, once per pair")
        let origins = try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample_origin") }
        #expect(try store.count(series: "HKWorkoutTypeIdentifier") == 1)

        let wallClock = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample WHERE local_start IS NOT start + utc_offset")
        }
        #expect(wallClock == 0)
        // The import leaves the fill-in trigger out while it runs; it is back afterwards.
        #expect(try Self.hasFillTrigger(store))

        // A first import into an empty store runs under a rollback journal; the file is back in
        // WAL mode afterwards, with no journal left, and other connections read it.
        #expect(first.rollbackJournal)
        #expect(try Self.journalMode(store) == "wal")
        #expect(!FileManager.default.fileExists(atPath: store.path! + "-journal"))
        #expect(try SampleStore.open(path: store.path!).count() == 15)

        let second = try importer.importExport(at: path, into: store)
        #expect(!second.rollbackJournal, "an import into a store with samples stays in WAL mode")
        #expect(try Self.journalMode(store) == "wal")
        #expect(second.totalNew == 0 && second.totalPresent == 15)
        #expect(
            try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample_origin") } == origins,
            "a re-import finds the stored pairs")
        #expect(try store.count() == 15)
    }

    @Test("a newer export overlapping the old one adds only what is new")
    func overlappingExport() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SampleStore.inMemory()
        func step(_ hour: Int, _ value: Int) -> String {
            "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"iPhone\" unit=\"count\" startDate=\"2024-03-10 0\(hour):00:00 -0800\" endDate=\"2024-03-10 0\(hour):10:00 -0800\" value=\"\(value)\"/>"
        }
        let old = try write(F.export([step(1, 10), step(2, 20)].joined(separator: "\n")), "old.xml", in: directory)
        let new = try write(
            F.export([step(1, 10), step(2, 20), step(3, 30)].joined(separator: "\n")), "new.xml", in: directory)
        #expect(try importer.importExport(at: old, into: store).totalNew == 2)
        let report = try importer.importExport(at: new, into: store)
        #expect(report.totalNew == 1 && report.totalPresent == 2)
        #expect(report.byType["HKQuantityTypeIdentifierStepCount"] == .init(new: 1, present: 2, skipped: 0))
    }

    @Test("a truncated export is rolled back: the database is exactly as before", arguments: [false, true])
    func rollback(emptyBefore: Bool) throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SampleStore.open(path: directory.appendingPathComponent("v.sqlite").path)
        if !emptyBefore {
            try store.insert([
                Sample(
                    seriesID: "body_mass", start: Date(timeIntervalSince1970: 1_600_000_000),
                    utcOffsetSeconds: 0, value: 70)
            ])
        }
        let before = try store.samples()
        let bytes = Array(F.quirky.utf8)
        let cut = try write(String(decoding: bytes[0..<(bytes.count - 200)], as: UTF8.self), "cut.xml", in: directory)
        #expect {
            try importer.importExport(at: cut, into: store)
        } throws: { error in
            guard case .truncated = error as? HealthExportError else { return false }
            return true
        }
        #expect(try store.samples() == before)
        #expect(try Self.hasFillTrigger(store))
        #expect(try Self.journalMode(store) == "wal")
        #expect(!FileManager.default.fileExists(atPath: store.path! + "-journal"))
        #expect(try store.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }

    private static func journalMode(_ store: SampleStore) throws -> String? {
        try store.write { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    private static func hasFillTrigger(_ store: SampleStore) throws -> Bool {
        try store.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'sample_fill_local_start'
                    """)
        } == 1
    }

    @Test("the summary lists types, totals and the quirks met")
    func summary() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(F.quirky, "export.xml", in: directory)
        let report = try importer.importExport(at: path, into: try SampleStore.inMemory())
        let text = report.summaryLines().joined(separator: "\n")
        #expect(text.contains("15 new, 0 already present, 2 repeated in the export (stored once), 0 skipped"))
        #expect(text.contains("1 correlations hold 2 records: each is kept once"))
        #expect(text.contains("meal / Meal"))
        #expect(text.contains("not imported: 1 ClinicalRecord element"))
        #expect(text.contains("Me: born 1985-03-14, female"))
    }
}
