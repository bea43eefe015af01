import Foundation
import GRDB
import VitalsKit
import VitalsSQLite

/// The deterministic demo data set: about 400 days for `me`, a puppy's first year for
/// `ollie` and a pregnancy's weigh-ins for `sanne`, covering every series the shipped
/// metrics bind to.
///
/// The same seed and as-of date give the same samples in the same order and so a
/// byte-identical database file. Times follow Europe/Amsterdam (with its DST switches);
/// the as-of day is the last day with data.
package struct DemoData: Sendable {
    package var seed: UInt64
    package var asOf: LocalDate
    /// How many days `me` gets, ending with the as-of day.
    package var days: Int

    package static let defaultSeed: UInt64 = 42
    /// Ollie, a Golden Retriever bitch.
    package static let ollieBirthDate = LocalDate(year: 2025, month: 12, day: 20)

    package init(seed: UInt64 = DemoData.defaultSeed, asOf: LocalDate, days: Int = 400) {
        self.seed = seed
        self.asOf = asOf
        self.days = days
    }

    /// Every demo sample, in generation order.
    package func samples() -> [Sample] {
        var all: [Sample] = []
        let first = asOf.adding(days: -(days - 1))
        all += bodySamples(from: first)
        all += sleepSamples(from: first)
        all += nutritionSamples(from: first)
        all += activitySamples(from: first)
        all += wellbeingSamples(from: first)
        all += ollieSamples()
        all += portionSamples(from: first)
        all += sanneSamples()
        all += symptomSamples(from: first, after: all)
        all += puqeSamples()
        return all
    }

    /// Milestones done for ollie by the as-of date.
    package func milestones() -> [MilestoneRecord] {
        let done: [(String, Int)] = [
            ("eerste_ontworming", 42), ("vaccinatie_8", 56),
            ("dierenarts_controle", 60), ("ontworming_9", 63), ("vaccinatie_12", 85),
        ]
        return done.compactMap { id, age in
            let date = DemoData.ollieBirthDate.adding(days: age)
            return date <= asOf ? MilestoneRecord(subjectID: "ollie", milestoneID: id, doneOn: date) : nil
        }
    }

    /// A new in-memory store holding the demo data.
    package func makeInMemoryStore() throws -> SampleStore {
        let store = try SampleStore.inMemory()
        try fill(store)
        return store
    }

    /// Writes the data set to a new database file at `path` (built beside it, then moved in).
    ///
    /// Refuses to replace an existing file unless `force`. Returns the number of samples. A URL
    /// is written through the one of `backends` that serves it.
    @discardableResult
    package func write(to path: String, force: Bool, backends: StoreBackends = .sqliteOnly) throws -> Int {
        if let backend = try backends.backend(for: path) {
            return try write(
                to: backend.open(path, forWriting: true, environment: ProcessInfo.processInfo.environment),
                force: force)
        }
        let manager = FileManager.default
        if manager.fileExists(atPath: path) && !force {
            throw DemoError.fileExists(path)
        }
        let temporary = path + ".demo-\(ProcessInfo.processInfo.processIdentifier)"
        try? manager.removeItem(atPath: temporary)
        do {
            let store = try SampleStore.openForBulkWrite(path: temporary)
            let count = try fill(store)
            try store.close()
            for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: path + suffix) }
            try manager.moveItem(atPath: temporary, toPath: path)
            return count
        } catch let error as DatabaseError {
            try? manager.removeItem(atPath: temporary)
            throw SampleStore.describe(error, path: path)
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Writes the data set into a database of another backend (a server), in one transaction.
    /// Refuses a database holding samples or milestones unless `force`, which empties it first.
    private func write(to store: SampleStore, force: Bool) throws -> Int {
        defer { try? store.close() }
        let samples = self.samples()
        let milestones = self.milestones()
        return try store.inTransaction { db in
            let empty =
                try db.fetchValue(
                    Bool.self,
                    sql: """
                        SELECT NOT EXISTS (SELECT 1 FROM sample) AND NOT EXISTS (SELECT 1 FROM milestone)
                        """) ?? false
            if !empty {
                guard force else { throw DemoError.databaseNotEmpty(store.location) }
                try db.execute(sql: "DELETE FROM sample")
                try db.execute(sql: "DELETE FROM sample_origin")
                try db.execute(sql: "DELETE FROM milestone")
            }
            return try fill(db, samples: samples, milestones: milestones)
        }
    }

    @discardableResult
    func fill(_ store: SampleStore) throws -> Int {
        let samples = self.samples()
        let milestones = self.milestones()
        return try store.inTransaction { db in try fill(db, samples: samples, milestones: milestones) }
    }

    private func fill(_ db: StoreDatabase, samples: [Sample], milestones: [MilestoneRecord]) throws -> Int {
        let count = try SampleStore.insert(samples, into: db)
        for record in milestones {
            try db.execute(
                sql: """
                    INSERT INTO milestone (subject, milestone, done_on, note) VALUES (?, ?, ?, ?)
                    ON CONFLICT (subject, milestone) DO UPDATE SET done_on = excluded.done_on, note = excluded.note
                    """, arguments: [record.subjectID, record.milestoneID, record.doneOn.description, record.note])
        }
        return count
    }

    /// A sample at a wall-clock time (minutes after local midnight of `day`) in Amsterdam.
    func sample(
        _ series: String, _ day: LocalDate, minutes: Double, value: Double, duration: Double = 0,
        category: String? = nil, tag: String? = nil, subject: String = "me", source: String = "demo"
    ) -> Sample {
        let (start, offset) = DemoClock.at(day, minutes: minutes)
        return Sample(
            seriesID: series, subjectID: subject, start: start,
            end: start.addingTimeInterval(duration * 60), utcOffsetSeconds: offset,
            value: value, category: category, tag: tag, source: source)
    }

    func random(_ stream: String) -> DemoRandom { DemoRandom(seed: seed, stream: stream) }
}
