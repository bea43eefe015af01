import ShippedCatalog
import XCTest

@testable import VitalsDemo
@testable import VitalsKit

/// The catalog in screens/ and metrics/ is real content: it must load clean and be complete.
final class ShippedCatalogTests: XCTestCase {
    private static let loaded = try! CatalogLoader.load(paths: TestPaths.shippedCatalog)

    /// Clean as `vitals` checks it: its Gezondheid and Pregnancy screens are for the demo data's
    /// subjects, which a catalog file declares once the data is a person's own. Its screens'
    /// `config:` blocks are checked against their modules in ScreensTests (RegistryTests).
    func testShippedCatalogHasNoDiagnostics() {
        let rules = BuiltInRules.all.filter { !($0 is ScreenConfigRule) }
        let diagnostics = Validator(rules: rules, dataSetSubjects: DemoSubjects.ids).validate(Self.loaded)
        XCTAssertEqual(diagnostics, [], diagnostics.map { "\($0.location): \($0.message)" }.joined(separator: "\n"))
    }

    /// The WellPath guide's seven pillars are there; every pillar (those and any added) has a
    /// colour and its own place in the order.
    func testPillarsHaveColoursAndDistinctOrders() {
        let pillars = Self.loaded.catalog.orderedPillars
        XCTAssertTrue(
            Set(pillars.map(\.id)).isSuperset(of: [
                "healthful_nutrition", "movement_exercise", "restorative_sleep", "core_care",
                "cognitive_health", "stress_management", "connection_purpose",
            ]))
        XCTAssertTrue(pillars.allSatisfy { $0.color != nil }, "a pillar without a colour")
        XCTAssertEqual(Set(pillars.map(\.order)).count, pillars.count, "two pillars share an order")
        XCTAssertEqual(pillars.map(\.order), pillars.map(\.order).sorted())
    }

    /// Every active screen (WellPath's and any added later) has one primary that says what it
    /// shows; the WellPath screens also say why it matters.
    func testEveryActiveScreenHasOnePrimaryWithAboutText() {
        let catalog = Self.loaded.catalog
        XCTAssertFalse(catalog.activeScreensInOrder.isEmpty)
        for screen in catalog.activeScreensInOrder {
            let primary = catalog.primary(of: screen.id)
            XCTAssertNotNil(primary, "\(screen.id) has no single primary")
            XCTAssertNotNil(primary?.aboutWhat, "\(screen.id) primary has no about_what")
        }
        let wellPath = [
            "PROTEIN", "VEGETABLES", "FRUITS", "FIBER", "HYDRATION", "MEAL_TIMING", "NUTRITION_QUALITY",
            "STEPS", "CARDIO", "STRENGTH", "HIIT", "MOBILITY", "DAILY_ACTIVITY", "BIOMETRICS", "SCREENINGS",
            "SUBSTANCES", "SKINCARE", "COGNITIVE", "LIGHT_EXPOSURE", "MINDFULNESS", "WELLNESS", "SOCIAL",
            "GRATITUDE", "SLEEP",
        ].map { "SCREEN_" + $0 }
        for id in wellPath {
            XCTAssertNotNil(catalog.screen(id), "WellPath screen \(id) is missing")
            XCTAssertNotNil(catalog.primary(of: id)?.aboutWhy, "\(id) primary has no about_why")
        }
    }

    func testCustomScreensHaveChildren() {
        let catalog = Self.loaded.catalog
        for id in ["SCREEN_PROTEIN", "SCREEN_VEGETABLES", "SCREEN_SLEEP", "SCREEN_GEZONDHEID", "SCREEN_BODY"] {
            let primary = catalog.primary(of: id)!
            XCTAssertGreaterThanOrEqual(catalog.children(of: primary.id).count, 2, id)
        }
        XCTAssertTrue(
            Set(catalog.children(of: "PROTEIN_GRAMS_DAILY").map(\.id))
                .isSuperset(of: ["PROTEIN_7D_AVERAGE", "PROTEIN_PER_KG", "PROTEIN_PER_MEAL"]))
    }

    /// The shipped catalog declares only `me`; the demo's Ollie and Sanne come with the demo
    /// data, and the screens for them are left out without it.
    func testSubjectsAndGezondheid() {
        let catalog = Self.loaded.catalog
        XCTAssertEqual(catalog.subjects.map(\.id), ["me"])
        XCTAssertEqual(catalog.screen("SCREEN_GEZONDHEID")?.subjectID, "ollie")
        XCTAssertEqual(catalog.screen("SCREEN_PREGNANCY")?.subjectID, "sanne")
        XCTAssertFalse(
            catalog.activeScreensInOrder.contains { ["SCREEN_GEZONDHEID", "SCREEN_PREGNANCY"].contains($0.id) })
        let demo = Self.loaded.withDemoSubjects(true).catalog
        let ollie = demo.subject("ollie")
        XCTAssertEqual(ollie?.kind, .dog)
        XCTAssertEqual(ollie?.birthDate, "2025-12-20")
        XCTAssertEqual(ollie?.breed, "Golden Retriever")
        XCTAssertNotNil(demo.subject("sanne")?.pregnancy)
        XCTAssertTrue(demo.activeScreensInOrder.contains { $0.id == "SCREEN_GEZONDHEID" })
        XCTAssertTrue(demo.activeScreensInOrder.contains { $0.id == "SCREEN_PREGNANCY" })
    }

    func testSeriesDeclareUnitsRangesAndHealthKit() {
        let catalog = Self.loaded.catalog
        let bodyMass = catalog.series("body_mass")!
        XCTAssertEqual(bodyMass.unit, .kg)
        XCTAssertTrue(bodyMass.healthKit.contains("HKQuantityTypeIdentifierBodyMass"))
        // Corgina's adult range, 20–300 kg: 500 lb (226.8 kg) is plausible, 700 lb (317.5 kg) is not.
        XCTAssertTrue(bodyMass.plausibleRange(for: .human)!.contains(500 * 0.45359237))
        XCTAssertFalse(bodyMass.plausibleRange(for: .human)!.contains(700 * 0.45359237))
        XCTAssertFalse(bodyMass.plausibleRange(for: .dog)!.contains(400))
        XCTAssertTrue(bodyMass.plausibleRange(for: .dog)!.contains(12.4))
        XCTAssertEqual(catalog.series("sleep_analysis")?.kind, .category)
        for metric in catalog.metrics {
            if let id = metric.binding.seriesID { XCTAssertNotNil(catalog.series(id), metric.id) }
        }
    }

    func testScreenLookupByIDAndAlias() {
        let catalog = Self.loaded.catalog
        XCTAssertEqual(catalog.screen(named: "protein")?.id, "SCREEN_PROTEIN")
        XCTAssertEqual(catalog.screen(named: "screen_protein")?.id, "SCREEN_PROTEIN")
        XCTAssertEqual(catalog.screen(named: "meal-timing")?.id, "SCREEN_MEAL_TIMING")
        XCTAssertNil(catalog.screen(named: "protien"))
        XCTAssertEqual(ScreenLookup.unknownScreen("protien", in: catalog).hints.first, "did you mean: SCREEN_PROTEIN?")
    }

    func testScreensOfPillarAreOrdered() {
        let screens = Self.loaded.catalog.screens(of: "healthful_nutrition")
        XCTAssertEqual(screens.first?.id, "SCREEN_PROTEIN")
        XCTAssertEqual(screens.map(\.order), screens.map(\.order).sorted())
    }

    func testCommittedSchemaIsUpToDateAndNamedByEveryFile() throws {
        let committed = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("schemas/vitals.schema.json"), encoding: .utf8)
        // The committed copy holds the built-in modules' config keys too, which this target
        // does not link: CLITests.testSchemaMatchesCommittedCopy compares it with `vitals schema`.
        let json = try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any]
        XCTAssertNotNil(json?["$defs"])
        for file in Self.loaded.catalog.files {
            let path = file.hasPrefix("/") ? file : TestPaths.packageRoot.appendingPathComponent(file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("# yaml-language-server: $schema=../schemas/vitals.schema.json"), file)
        }
    }

    /// The catalog built into the binary (by Plugins/EmbedCatalogPlugin at build time) is
    /// exactly the files on disk: same paths, same text.
    func testTheEmbeddedCatalogIsTheOneOnDisk() throws {
        let disk = try CatalogLoader.files(under: TestPaths.shippedCatalog).map { path in
            ShippedCatalog.File(
                path: String(path.dropFirst(TestPaths.packageRoot.path.count + 1)),
                text: try String(contentsOfFile: path, encoding: .utf8))
        }.sorted { $0.path < $1.path }
        XCTAssertFalse(disk.isEmpty)
        XCTAssertEqual(ShippedCatalog.files.map(\.path), disk.map(\.path), "rebuild: the embedded file list is stale")
        for (embedded, file) in zip(ShippedCatalog.files, disk) {
            XCTAssertEqual(embedded.text, file.text, "\(file.path): the embedded text is stale")
        }
    }
}
