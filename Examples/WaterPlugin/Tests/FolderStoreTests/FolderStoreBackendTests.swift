import FolderStore
import Foundation
import VitalsKit
import VitalsStoreConformance
import XCTest

/// The article's backend passes the conformance suite, is chosen by its scheme, and refuses a
/// name that would leave its folder.
final class FolderStoreBackendTests: XCTestCase {
    func testConformsAndIsChosenByItsScheme() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-folder-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var count = 0
        StoreConformance {
            count += 1
            return try FolderStoreBackend.open(
                "folder://store\(count)", forWriting: true, environment: ["VITALS_FOLDER": folder])
        }.run()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/store1.sqlite"))

        let backends = StoreBackends([FolderStoreBackend.self])
        XCTAssertTrue(try backends.backend(for: "folder://household") == FolderStoreBackend.self)
        XCTAssertNil(try backends.backend(for: folder + "/plain.sqlite"), "a path is a SQLite file")
        XCTAssertThrowsError(
            try FolderStoreBackend.open("folder://../escape", forWriting: true, environment: ["VITALS_FOLDER": folder]))
    }

    func testAnUnknownSchemeIsRefusedByName() {
        let backends = StoreBackends([FolderStoreBackend.self])
        XCTAssertThrowsError(try backends.backend(for: "mysql://db/x")) { error in
            XCTAssertEqual(error as? StoreLocationError, .noBackend(scheme: "mysql", known: ["folder"]))
            XCTAssertTrue("\(error)".hasPrefix("no store backend for mysql:// locations"), "\(error)")
        }
        XCTAssertNil(StoreBackends.scheme(of: "notes:1.sqlite"), "only scheme:// is a URL")
        XCTAssertEqual(StoreBackends.scheme(of: "PostgreSQL://x"), "postgresql")
    }
}
