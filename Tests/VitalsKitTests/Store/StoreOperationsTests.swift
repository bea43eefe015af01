import Foundation
import Testing

@testable import VitalsDemo
@testable import VitalsImport
@testable import VitalsKit

/// What `log`, `entries`, `undo`, `milestone`, the exporters, the day ledger and the Apple
/// Health import ask of the store, on each backend, with the same answers.
@Suite struct StoreOperationsTests {
    typealias F = StoreFixtures

    @Test(arguments: StoreBackend.available)
    func storesEachNaturalKeyOnceAndCounts(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        #expect(store.dialect.name == (backend == .postgres ? "PostgreSQL" : "SQLite"))
        #expect(try store.isEmpty())
        let a = F.sample("steps", "2026-11-20T08:00:00+01:00", 100)
        let b = F.sample("steps", "2026-11-20T09:00:00+01:00", 50, tag: "walk")
        let c = F.sample("protein", "2026-11-20T12:00:00+01:00", 30, subject: "ollie")
        #expect(try store.insert([a, b, a, c]) == 3)
        #expect(try store.insert([a, b]) == 0)
        #expect(try store.count() == 3)
        #expect(try store.count(series: "steps") == 2)
        #expect(try store.count(series: "protein", subject: "ollie") == 1)
        #expect(!(try store.isEmpty()))
        // Read back in order, with tag and offset.
        let steps = try store.samples(series: "steps")
        #expect(steps.map(\.value) == [100, 50])
        #expect(steps.map(\.tag) == [nil, "walk"])
        #expect(steps.map(\.utcOffsetSeconds) == [3600, 3600])
        let window = try store.samples(
            series: "steps", from: F.time("2026-11-20T08:30:00+01:00").date,
            to: F.time("2026-11-20T10:00:00+01:00").date)
        #expect(window.map(\.value) == [50])
    }

    @Test(arguments: StoreBackend.available)
    func entriesCanBeListedCorrectedAndUndone(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        func manual(_ text: String, _ value: Double, metadata: String? = nil) -> Sample {
            var sample = F.sample("protein", text, value)
            sample.source = "manual"
            sample.metadata = metadata
            return sample
        }
        try store.insert([manual("2026-11-19T08:00:00+01:00", 20)])
        // One `log` of a mixed dish: two entries at the same time with the same food.
        let dish = #"{"food":"lasagne"}"#
        try store.insert([
            manual("2026-11-20T19:00:00+01:00", 25, metadata: dish),
            manual("2026-11-20T19:00:00+01:00", 5, metadata: dish),
        ])
        let all = try store.entries(series: "protein", subject: "me")
        #expect(all.map(\.sample.value) == [20, 25, 5])
        let newest = try store.entries(subject: "me", limit: 2)
        #expect(newest.map(\.sample.value) == [25, 5])
        let last = try store.lastLogged(subject: "me")
        #expect(last.map(\.sample.value) == [25, 5])
        #expect(try store.entry(id: all[0].id)?.sample.value == 20)

        // A correction keeps the row id; one that would copy another entry is refused.
        var corrected = all[0].sample
        corrected.value = 22
        try store.replaceEntry(id: all[0].id, with: corrected)
        #expect(try store.entry(id: all[0].id)?.sample.value == 22)
        #expect(throws: EntryError.self) { try store.replaceEntry(id: all[0].id, with: all[1].sample) }
        #expect(try store.entry(id: all[0].id)?.sample.value == 22, "nothing half-written")

        // Undo removes the last log's entries only.
        #expect(try store.deleteEntries(last.map(\.id)) == 2)
        #expect(try store.entries(subject: "me").map(\.sample.value) == [22])
        #expect(try store.deleteEntries([last[0].id]) == 0)
    }

    /// Each `vitals log` is its own batch: two of the same second with the same (no) food are
    /// undone one at a time; a mixed dish's entries go together; a sample logged again is not
    /// taken into the new batch.
    @Test(arguments: StoreBackend.available)
    func undoTakesOneLogCommandAtATime(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        func manual(_ series: String, _ value: Double, food: String? = nil) -> Sample {
            var sample = F.sample(series, "2026-11-20T12:10:00+01:00", value)
            sample.source = "manual"
            sample.metadata = food.map { #"{"food":"\#($0)"}"# }
            return sample
        }
        #expect(try store.insertLogged([manual("vegetables", 1)]) == 1)
        #expect(
            try store.insertLogged([manual("vegetables", 2, food: "stew"), manual("protein", 5, food: "stew")]) == 2)
        #expect(try store.insertLogged([manual("vegetables", 3)]) == 1)
        #expect(try store.insertLogged([manual("vegetables", 1)]) == 0, "already logged")
        #expect(try store.lastLogged(subject: "me").map(\.sample.value) == [3])
        try store.deleteEntries(try store.lastLogged(subject: "me").map(\.id))
        #expect(try store.lastLogged(subject: "me").map(\.sample.value) == [2, 5])
        try store.deleteEntries(try store.lastLogged(subject: "me").map(\.id))
        #expect(try store.lastLogged(subject: "me").map(\.sample.value) == [1])
        try store.deleteEntries(try store.lastLogged(subject: "me").map(\.id))
        #expect(try store.lastLogged(subject: "me").isEmpty)
    }

    @Test(arguments: StoreBackend.available)
    func milestonesAreMarkedMovedAndForgotten(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        try store.markMilestone(
            MilestoneRecord(subjectID: "ollie", milestoneID: "sit", doneOn: F.date("2026-02-01"), note: "treats"))
        try store.markMilestone(
            MilestoneRecord(subjectID: "ollie", milestoneID: "stay", doneOn: F.date("2026-01-15"), note: nil))
        try store.markMilestone(
            MilestoneRecord(subjectID: "ollie", milestoneID: "sit", doneOn: F.date("2026-01-20"), note: nil))
        let marked = try store.milestones(subject: "ollie")
        #expect(marked.map(\.milestoneID) == ["stay", "sit"])
        #expect(marked.map(\.doneOn.description) == ["2026-01-15", "2026-01-20"])
        #expect(marked[1].note == nil)
        #expect(try store.unmarkMilestone(subject: "ollie", milestone: "sit"))
        #expect(!(try store.unmarkMilestone(subject: "ollie", milestone: "sit")))
        #expect(try store.milestones(subject: "me").isEmpty)
    }

    /// The demo data in a store of each backend gives the same day ledger (foods read from the
    /// metadata JSON) and the same samples.
    @Test func demoDataReadsTheSameOnBothBackends() throws {
        guard StoreBackend.available.contains(.postgres) else { return }
        let asOf = F.date("2026-11-20")
        let demo = DemoData(asOf: asOf, days: 60)
        let sqlite = try demo.makeInMemoryStore()
        let postgres = try F.emptyStore(on: .postgres)
        try demo.fill(postgres)
        #expect(try postgres.count() == (try sqlite.count()))
        #expect(try postgres.samples(subject: "ollie") == (try sqlite.samples(subject: "ollie")))
        let book = try CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog.portions
        let series = Array(Set(book.enabledCategories.map(\.seriesID))).sorted()
        func entries(_ store: SampleStore) throws -> [LedgerEntry] {
            try DayLedger.entries(
                series: series, subject: "me", from: asOf.adding(days: -59), through: asOf,
                cutoffMinutes: book.dayCutoffMinutes, in: store)
        }
        let onFile = try entries(sqlite)
        #expect(!onFile.isEmpty && onFile.contains { $0.food != nil })
        #expect(try entries(postgres) == onFile)
        let ledger = DayLedger(book: book)
        #expect(
            try ledger.read(from: postgres, first: asOf.adding(days: -59), through: asOf)
                == (try ledger.read(from: sqlite, first: asOf.adding(days: -59), through: asOf)))
        #expect(try ledger.firstDay(in: postgres) == (try ledger.firstDay(in: sqlite)))
    }

    /// Metadata that is not JSON gives no food on either backend (no error).
    @Test(arguments: StoreBackend.available)
    func metadataThatIsNotJSONHasNoFood(on backend: StoreBackend) throws {
        let store = try F.emptyStore(on: backend)
        var broken = F.sample("vegetables", "2026-11-20T12:00:00+01:00", 1)
        broken.metadata = "{not json"
        var named = F.sample("vegetables", "2026-11-20T13:00:00+01:00", 2)
        named.metadata = #"{"food":"carrot"}"#
        try store.insert([broken, named])
        let entries = try DayLedger.entries(
            series: ["vegetables"], subject: "me", from: F.date("2026-11-20"),
            through: F.date("2026-11-20"), cutoffMinutes: 0, in: store)
        #expect(entries.map(\.food) == [nil, "carrot"])
    }

    /// An Apple Health export imported into each backend: the same samples (origins put back
    /// into the metadata), the same counts, and a re-import that adds nothing.
    @Test func appleHealthImportGivesTheSameSamplesOnBothBackends() throws {
        guard StoreBackend.available.contains(.postgres) else { return }
        let directory = try HealthExportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        try HealthExportFixtures.quirky.write(toFile: path, atomically: true, encoding: .utf8)
        func series(_ id: String, _ kind: Series.Kind, _ unit: BaseUnit, _ type: String) -> Series {
            Series(
                id: id, kind: kind, unit: unit, categories: [], min: nil, max: nil, rangeByKind: [:],
                healthKit: [type], description: nil, location: F.here)
        }
        let importer = AppleHealthImporter(
            mapping: HealthSampleMapping(series: [
                series("body_mass", .quantity, .kg, "HKQuantityTypeIdentifierBodyMass"),
                series("protein", .quantity, .g, "HKQuantityTypeIdentifierDietaryProtein"),
                series("steps", .quantity, .count, "HKQuantityTypeIdentifierStepCount"),
                series("heart_rate", .quantity, .bpm, "HKQuantityTypeIdentifierHeartRate"),
                series("sleep_analysis", .category, .min, "HKCategoryTypeIdentifierSleepAnalysis"),
            ]))
        let sqlite = try SampleStore.inMemory()
        let postgres = try F.emptyStore(on: .postgres)
        let onFile = try importer.importExport(at: path, into: sqlite)
        let onServer = try importer.importExport(at: path, into: postgres)
        #expect(onServer.totalNew == onFile.totalNew && onServer.totalNew > 0)
        #expect(onServer.totalPresent == onFile.totalPresent)
        // The same rows; their ids (and so the order of equal-start rows) follow each backend's
        // insert order, which COPY into the server sorts by the natural key.
        func rows(_ store: SampleStore) throws -> [String] { try store.samples().map { "\($0)" }.sorted() }
        #expect(try rows(postgres) == (try rows(sqlite)))
        #expect(try postgres.samples().contains { $0.metadata?.contains("sourceVersion") == true })
        let again = try importer.importExport(at: path, into: postgres)
        #expect(again.totalNew == 0 && again.totalPresent == onFile.totalNew)
    }
}
