import XCTest
@testable import VitalsKit

/// The catalog in screens/ and metrics/ is real content: it must load clean and be complete.
final class ShippedCatalogTests: XCTestCase {
    private static let loaded = try! CatalogLoader.load(paths: TestPaths.shippedCatalog)

    func testShippedCatalogHasNoDiagnostics() {
        let diagnostics = Validator().validate(Self.loaded)
        XCTAssertEqual(diagnostics, [], diagnostics.map { "\($0.location): \($0.message)" }.joined(separator: "\n"))
    }

    func testSevenPillarsInOrderWithColours() {
        let pillars = Self.loaded.catalog.orderedPillars
        XCTAssertEqual(pillars.map(\.id), ["healthful_nutrition", "movement_exercise", "restorative_sleep", "core_care",
                                           "cognitive_health", "stress_management", "connection_purpose"])
        XCTAssertTrue(pillars.allSatisfy { $0.color != nil })
    }

    func testEveryWellPathScreenIsThereWithOnePrimary() {
        let catalog = Self.loaded.catalog
        let expected = ["PROTEIN", "VEGETABLES", "FRUITS", "FIBER", "HYDRATION", "MEAL_TIMING", "NUTRITION_QUALITY",
                        "STEPS", "CARDIO", "STRENGTH", "HIIT", "MOBILITY", "DAILY_ACTIVITY", "BIOMETRICS", "SCREENINGS",
                        "SUBSTANCES", "SKINCARE", "COGNITIVE", "LIGHT_EXPOSURE", "MINDFULNESS", "WELLNESS", "SOCIAL",
                        "GRATITUDE", "SLEEP", "GEZONDHEID", "BODY"].map { "SCREEN_" + $0 }
        XCTAssertEqual(Set(catalog.screens.map(\.id)), Set(expected))
        for id in expected {
            let primary = catalog.primary(of: id)
            XCTAssertNotNil(primary, "\(id) has no single primary")
            XCTAssertNotNil(primary?.aboutWhat, "\(id) primary has no about_what")
            XCTAssertNotNil(primary?.aboutWhy, "\(id) primary has no about_why")
        }
    }

    func testCustomScreensHaveChildren() {
        let catalog = Self.loaded.catalog
        for id in ["SCREEN_PROTEIN", "SCREEN_VEGETABLES", "SCREEN_SLEEP", "SCREEN_GEZONDHEID", "SCREEN_BODY"] {
            let primary = catalog.primary(of: id)!
            XCTAssertGreaterThanOrEqual(catalog.children(of: primary.id).count, 2, id)
        }
        XCTAssertEqual(catalog.children(of: "PROTEIN_GRAMS_DAILY").map(\.id).sorted(),
                       ["PROTEIN_7D_AVERAGE", "PROTEIN_PER_KG", "PROTEIN_PER_MEAL"])
    }

    func testSubjectsAndGezondheid() {
        let catalog = Self.loaded.catalog
        let ollie = catalog.subject("ollie")
        XCTAssertEqual(ollie?.kind, .dog)
        XCTAssertEqual(ollie?.birthDate, "2025-12-20")
        XCTAssertEqual(ollie?.breed, "Golden Retriever")
        XCTAssertEqual(catalog.screen("SCREEN_GEZONDHEID")?.subjectID, "ollie")
        XCTAssertNotNil(catalog.subject("me"))
    }

    func testSeriesDeclareUnitsRangesAndHealthKit() {
        let catalog = Self.loaded.catalog
        let bodyMass = catalog.series("body_mass")!
        XCTAssertEqual(bodyMass.unit, .kg)
        XCTAssertTrue(bodyMass.healthKit.contains("HKQuantityTypeIdentifierBodyMass"))
        XCTAssertFalse(bodyMass.plausibleRange(for: .human)!.contains(500 * 0.45359237))
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
        let committed = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("schemas/vitals.schema.json"), encoding: .utf8)
        XCTAssertEqual(committed, CatalogJSONSchema.render(), "run: swift run vitals schema > schemas/vitals.schema.json")
        let json = try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any]
        XCTAssertNotNil(json?["$defs"])
        for file in Self.loaded.catalog.files {
            let path = file.hasPrefix("/") ? file : TestPaths.packageRoot.appendingPathComponent(file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("# yaml-language-server: $schema=../schemas/vitals.schema.json"), file)
        }
    }
}
