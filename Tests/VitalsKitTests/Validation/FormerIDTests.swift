import XCTest

@testable import VitalsKit

/// `former_ids`: old screen ids that still find their screen, checked for collisions.
final class FormerIDTests: XCTestCase {
    private func load(_ screens: String...) -> LoadedCatalog {
        let text = "pillars: [{pillar_id: p, name: P}]\nscreens:\n" + screens.map { "  - \($0)\n" }.joined()
        return CatalogLoader.load([SourceFile(path: "screens/s.yaml", text: text)])
    }

    /// Diagnostics other than "this screen has no metrics" (these catalogs have none).
    private func diagnostics(_ loaded: LoadedCatalog) -> [Diagnostic] {
        Validator().validate(loaded).filter { $0.rule != "empty-screen" }
    }

    private func collisions(_ loaded: LoadedCatalog) -> [Diagnostic] {
        Validator().validate(loaded).filter { $0.rule == "former-id-collision" }
    }

    func testLookupsFindAScreenByAFormerIDInAnyFormTheIDWorks() throws {
        let catalog = load(
            "{screen_id: SCREEN_DAILY_ACTIVITY, name: Daily Activity, pillar: p, former_ids: [SCREEN_ACTIVITY]}",
            "{screen_id: SCREEN_MOBILITY, name: Mobility, pillar: p}"
        ).catalog
        for name in ["SCREEN_ACTIVITY", "screen_activity", "activity", "ACTIVITY"] {
            XCTAssertEqual(catalog.screen(named: name)?.id, "SCREEN_DAILY_ACTIVITY", name)
            XCTAssertEqual(try ScreenLookup.screen(named: name, in: catalog).id, "SCREEN_DAILY_ACTIVITY", name)
        }
        XCTAssertEqual(catalog.screen(formerID: "SCREEN_ACTIVITY")?.id, "SCREEN_DAILY_ACTIVITY")
        XCTAssertEqual(catalog.screen(named: "daily-activity")?.id, "SCREEN_DAILY_ACTIVITY")
        XCTAssertNil(catalog.screen(named: "SCREEN_ACTIVITIES"))
        // A typo of a former id suggests the screen it belongs to.
        let error = ScreenLookup.unknownScreen("activty", in: catalog)
        XCTAssertTrue(error.hints.first?.contains("SCREEN_DAILY_ACTIVITY") == true, "\(error.hints)")
    }

    func testACurrentIDWinsOverAFormerOneButIsReported() {
        let loaded = load(
            "{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_B]}",
            "{screen_id: SCREEN_B, name: B, pillar: p}")
        XCTAssertEqual(loaded.catalog.screen(named: "SCREEN_B")?.id, "SCREEN_B")
        XCTAssertEqual(loaded.catalog.screen(named: "b")?.id, "SCREEN_B")
        let found = collisions(loaded)
        XCTAssertEqual(found.map(\.message), ["former id 'SCREEN_B' of SCREEN_A is the id of screen 'B'"])
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertEqual(found.first?.location.line, 3)
        XCTAssertEqual(found.first?.related.first?.line, 4)
    }

    func testTwoScreensClaimingOneFormerIDAreReportedAndTheFirstKeepsIt() {
        let loaded = load(
            "{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_OLD]}",
            "{screen_id: SCREEN_B, name: B, pillar: p, former_ids: [SCREEN_OLD, SCREEN_OLDER]}")
        XCTAssertEqual(
            collisions(loaded).map(\.message), ["former id 'SCREEN_OLD' of SCREEN_B is also a former id of SCREEN_A"])
        XCTAssertEqual(loaded.catalog.screen(named: "SCREEN_OLD")?.id, "SCREEN_A")
        XCTAssertEqual(loaded.catalog.screen(named: "older")?.id, "SCREEN_B")
    }

    func testOwnIDRepeatedAndMalformedFormerIDs() {
        XCTAssertEqual(
            collisions(load("{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_A]}")).map(\.message),
            ["former id 'SCREEN_A' of SCREEN_A is this screen's own id"])
        let malformed = diagnostics(load("{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [activity]}"))
        XCTAssertEqual(malformed.map(\.rule), ["bad-id"])
        XCTAssertEqual(
            malformed.first?.message,
            "'former_ids' lists 'activity', which is not a valid id: use SCREEN_ followed by uppercase letters, digits or _"
        )
        let twice = diagnostics(load("{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_X, SCREEN_X]}"))
        XCTAssertEqual(twice.map(\.message), ["'former_ids' lists 'SCREEN_X' twice"])
        XCTAssertTrue(
            collisions(load("{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_X, SCREEN_Y]}")).isEmpty)
    }

    func testNullIsNotUnsetAndSaysHowToLeaveAKeyOut() {
        let found = diagnostics(load("{screen_id: SCREEN_A, name: A, pillar: p, order: null}"))
        XCTAssertEqual(found.map(\.rule), ["wrong-type"])
        XCTAssertEqual(
            found.first?.message, "'order' must be an integer, found null; leave the key out to leave it unset")
    }
}
