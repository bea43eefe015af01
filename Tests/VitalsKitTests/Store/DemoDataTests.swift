import Foundation
import XCTest

@testable import VitalsDemo
@testable import VitalsKit

final class DemoDataTests: XCTestCase {
    typealias F = StoreFixtures
    let asOf = LocalDate(iso: "2026-11-20")!

    func testSameSeedAndDateGiveByteIdenticalFiles() throws {
        let directory = F.temporaryDirectory(self)
        let a = directory.appendingPathComponent("a.sqlite").path
        let b = directory.appendingPathComponent("b.sqlite").path
        let c = directory.appendingPathComponent("c.sqlite").path
        let count = try DemoData(asOf: asOf).write(to: a, force: false)
        XCTAssertEqual(try DemoData(asOf: asOf).write(to: b, force: false), count)
        try DemoData(seed: 43, asOf: asOf).write(to: c, force: false)
        let bytesA = try Data(contentsOf: URL(fileURLWithPath: a))
        XCTAssertEqual(bytesA, try Data(contentsOf: URL(fileURLWithPath: b)))
        XCTAssertNotEqual(bytesA, try Data(contentsOf: URL(fileURLWithPath: c)))
        XCTAssertThrowsError(try DemoData(asOf: asOf).write(to: a, force: false))
        XCTAssertNoThrow(try DemoData(asOf: asOf).write(to: a, force: true))
        XCTAssertEqual(try SampleStore.open(path: a).count(), count)
    }

    func testCoversTheSeriesTheShippedMetricsUse() throws {
        let samples = DemoData(asOf: asOf).samples()
        let series = Set(samples.map(\.seriesID))
        for id in [
            "body_mass", "body_fat", "lean_body_mass", "waist", "protein", "vegetables", "fruits", "fiber",
            "whole_grains", "water", "meal_count", "eating_window", "nutrition_quality", "steps", "cardio",
            "strength", "hiit", "mobility", "active_energy", "stand_hours", "exercise_minutes", "sleep_analysis",
            "resting_heart_rate", "hrv", "blood_pressure_systolic", "blood_pressure_diastolic", "mindful_minutes",
            "mood",
        ] {
            XCTAssertTrue(series.contains(id), id)
        }
        XCTAssertEqual(
            Set(samples.filter { $0.seriesID == "protein" }.compactMap(\.tag)),
            ["breakfast", "lunch", "dinner", "snack"])
        // Portions come in quarter steps; some snacks are eaten after midnight.
        XCTAssertTrue(
            samples.filter { $0.seriesID == "vegetables" }.allSatisfy { ($0.value * 4).rounded() == $0.value * 4 })
        XCTAssertTrue(
            samples.contains {
                $0.tag == "snack" && TimeParser.format($0.start, utcOffsetSeconds: $0.utcOffsetSeconds).contains("T00:")
                    || $0.tag == "snack"
                        && TimeParser.format($0.start, utcOffsetSeconds: $0.utcOffsetSeconds).contains("T01:")
            })
        // Every sample is for a series the shipped catalog declares, and plausible for it.
        // (A metric bound to a series without demo data, such as a newly scaffolded screen's,
        // shows its screen's empty state: testEveryShippedMetricHasDemoDataOrAnEmptyState.)
        let loaded = try CatalogLoader.load(paths: TestPaths.shippedCatalog).withDemoSubjects(true)
        for sample in samples {
            XCTAssertNotNil(
                loaded.catalog.subject(sample.subjectID), "\(sample.subjectID) is not a subject of the demo")
            guard let s = loaded.catalog.series(sample.seriesID) else {
                XCTFail("no series \(sample.seriesID)")
                continue
            }
            let kind = loaded.catalog.subject(sample.subjectID)?.kind ?? .human
            if let range = s.plausibleRange(for: kind) { XCTAssertTrue(range.contains(sample.value), "\(sample)") }
            if s.kind == .category { XCTAssertTrue(s.categories.contains(sample.category ?? ""), "\(sample)") }
        }
    }

    func testSleepIsOneHypnogramPerNight() throws {
        let store = try DemoData(asOf: asOf).makeInMemoryStore()
        let query = try F.query(
            F.sleep, range: .days(30), asOf: "2026-11-20", unit: "h",
            categories: ["core", "deep", "rem", "asleep_unspecified"])
        let nights = try query.fetchBuckets(from: store)
        XCTAssertEqual(nights.buckets.count, 30)
        for night in nights.buckets { XCTAssertTrue((6.0...9.5).contains(night.value ?? 0), "\(night)") }
        let stages = try query.fetchSplit(from: store)
        XCTAssertEqual(stages.keys, ["core", "deep", "rem"])
    }

    func testOllieFollowsTheGrowthCurveFromWeekEight() throws {
        let demo = DemoData(asOf: asOf)
        let weights = demo.samples().filter { $0.subjectID == "ollie" }
        XCTAssertEqual(weights.first?.localDate.description, "2026-02-14")  // week 8
        XCTAssertEqual(weights.count, 40)  // weeks 8 … 47 (week 48 is 2026-11-21, after the as-of day)
        for sample in weights {
            let weeks = Double(DemoData.ollieBirthDate.days(to: sample.localDate)) / 7
            let reference = DemoData.goldenRetrieverFemaleKg(weeks: weeks)
            XCTAssertLessThan(
                abs(sample.value / reference - 1), 0.15, "\(sample.localDate): \(sample.value) vs \(reference)")
        }
        XCTAssertEqual(DemoData.goldenRetrieverFemaleKg(weeks: 10), 6.25, accuracy: 1e-9)
        XCTAssertEqual(
            demo.milestones().map(\.milestoneID),
            ["eerste_ontworming", "vaccinatie_8", "dierenarts_controle", "ontworming_9", "vaccinatie_12"])
    }
}

extension DemoDataTests {
    /// Every shipped metric's binding runs against the demo data and shows something, unless
    /// the demo data has nothing for its series (or the series it divides by): then its screen
    /// has an empty state to show instead.
    func testEveryShippedMetricHasDemoDataOrAnEmptyState() throws {
        let catalog = try CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog
        let demo = DemoData(asOf: asOf)
        let store = try demo.makeInMemoryStore()
        let demoSeries = Set(demo.samples().map(\.seriesID))
        var checked = 0
        for metric in catalog.metrics where metric.binding.seriesID != nil {
            let needs = [metric.binding.seriesID, metric.binding.divideBy].compactMap { $0 }
            guard needs.allSatisfy(demoSeries.contains) else {
                let screen = catalog.screen(metric.screenID)
                XCTAssertNotNil(screen?.emptyMessage, "\(metric.id) has no demo data and its screen no empty_message")
                continue
            }
            let query = try MetricQuery(metric: metric, catalog: catalog, asOf: asOf)
            let series = try query.fetchBuckets(from: store)
            XCTAssertFalse(series.isEmpty, "\(metric.id): no data")
            if metric.binding.splitBy != nil {
                XCTAssertFalse(try query.fetchSplit(from: store).keys.isEmpty, "\(metric.id): no split keys")
            }
            if metric.binding.target != nil {
                XCTAssertNotNil(try query.fetchTargetSummary(from: store), metric.id)
            }
            XCTAssertNotNil(try query.fetchLatest(from: store), metric.id)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 40)
    }

    /// Sanity of the demo numbers behind a few headline metrics (hand-checked ranges).
    func testHeadlineNumbersAreRealistic() throws {
        let catalog = try CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog
        let store = try DemoData(asOf: asOf).makeInMemoryStore()
        func values(_ id: String) throws -> [Double] {
            let metric = try XCTUnwrap(catalog.metric(id), id)
            return try MetricQuery(metric: metric, catalog: catalog, asOf: asOf).fetchBuckets(from: store).buckets
                .compactMap(\.value)
        }
        for value in try values("PROTEIN_GRAMS_DAILY") { XCTAssertTrue((60...200).contains(value), "protein \(value)") }
        for value in try values("SLEEP_DURATION") { XCTAssertTrue((6...9.5).contains(value), "sleep \(value)") }
        let ollie = try XCTUnwrap(
            try MetricQuery(metric: XCTUnwrap(catalog.metric("GEZONDHEID_GEWICHT")), catalog: catalog, asOf: asOf)
                .fetchLatest(from: store))
        XCTAssertEqual(ollie.date.description, "2026-11-14")  // the last Saturday weighing, week 47
        XCTAssertTrue((22...27).contains(ollie.value), "\(ollie.value)")
    }
}
