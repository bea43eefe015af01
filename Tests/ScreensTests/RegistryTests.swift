import VitalsKit
import VitalsScreens
import XCTest

/// The list of screen modules: no screen claimed twice, every claimed screen shipped, and
/// every shipped config valid for its module.
final class RegistryTests: XCTestCase {
    typealias F = ScreenFixtures

    private struct First: ScreenModule {
        static let screenID = "SCREEN_X"
        func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
            context.document(module: Self.screenID, blocks: [])
        }
    }

    private struct Second: ScreenModule {
        static let screenID = "SCREEN_X"
        func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
            context.document(module: "second", blocks: [])
        }
    }

    func testTwoModulesClaimingOneScreenAreRefused() {
        XCTAssertThrowsError(try ScreenRegistry([First(), Second()])) { error in
            XCTAssertEqual((error as? DuplicateScreenModuleError)?.screenID, "SCREEN_X")
        }
    }

    func testTheBuiltInListHasNoDuplicatesAndEveryScreenIDIsShipped() throws {
        let ids = BuiltInScreenModules.all.map(\.screenID)
        XCTAssertEqual(ids.count, Set(ids).count, "a screen_id is claimed twice: \(ids)")
        XCTAssertNoThrow(try ScreenRegistry(BuiltInScreenModules.all))
        for id in ids {
            XCTAssertNotNil(F.catalog.screen(id), "module for \(id), which the shipped catalog does not declare")
        }
        XCTAssertTrue(
            Set(ids).isSuperset(of: ["SCREEN_PROTEIN", "SCREEN_VEGETABLES", "SCREEN_GEZONDHEID", "SCREEN_SLEEP"]))
    }

    func testTheShippedCatalogIsCleanWithTheBuiltInModules() {
        let diagnostics = Validator(screenModules: BuiltInScreenModules.registry).validate(F.loaded)
        XCTAssertEqual(diagnostics, [], "\(diagnostics)")
    }

    func testScreensWithoutAModuleGetTheGenericOneAndSaySo() throws {
        let generic = try F.document("steps", profile: F.profile("unicode"))
        XCTAssertEqual(generic.module, GenericScreen.screenID)
        for id in BuiltInScreenModules.screenIDs {
            XCTAssertEqual(try F.document(id, profile: F.profile("unicode")).module, id)
        }
    }
}
