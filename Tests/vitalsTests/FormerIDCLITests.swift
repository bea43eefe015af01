import Foundation
import XCTest

/// WellPath's screen ids resolve through `former_ids` in render, tree and explore's lookup;
/// validate refuses former ids that collide.
final class FormerIDCLITests: XCTestCase {
    func testWellPathIDsFindTheirScreensInTheShippedCatalog() throws {
        let expected = ["SCREEN_ACTIVITY": "Daily Activity", "SCREEN_COMPLIANCE": "Screenings",
                        "SCREEN_WHOLE_GRAINS": "Fiber & Whole Grains", "SCREEN_MEDITATION": "Mindfulness"]
        for (id, name) in expected {
            let tree = try VitalsProcess.run(["tree", id, "--ascii"])
            XCTAssertEqual(tree.status, 0, "\(id): \(tree.stderr)")
            XCTAssertTrue(tree.stdout.contains("`-- \(name) [SCREEN_"), "\(id): \(tree.stdout)")
            XCTAssertTrue(tree.stdout.contains("formerly \(id)"), "\(id): \(tree.stdout)")
            let json = try VitalsProcess.run(["tree", id, "--format", "json"])
            let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let screen = try XCTUnwrap(((parsed["pillars"] as? [[String: Any]])?.first?["screens"] as? [[String: Any]])?.first)
            XCTAssertEqual(screen["name"] as? String, name)
            XCTAssertEqual(screen["former_ids"] as? [String], [id])
            let render = try VitalsProcess.run(["render", id.lowercased(), "--as-of", "2026-11-20", "--width", "80"])
            XCTAssertEqual(render.status, 0, "\(id): \(render.stderr)")
            XCTAssertTrue(render.stdout.contains(name), "\(id): \(render.stdout.prefix(200))")
        }
    }

    func testCollidingFormerIDsFailValidate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-former-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try """
            pillars: [{pillar_id: p, name: P}]
            screens:
              - {screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_OLD], is_active: false}
              - {screen_id: SCREEN_B, name: B, pillar: p, former_ids: [SCREEN_OLD, SCREEN_A], is_active: false}

            """.write(to: root.appendingPathComponent("screens/s.yaml"), atomically: true, encoding: .utf8)
        let run = try VitalsProcess.run(["validate"], in: root)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains("screens/s.yaml:4:59: error: former id 'SCREEN_OLD' of SCREEN_B is also a former id of SCREEN_A [former-id-collision]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("former id 'SCREEN_A' of SCREEN_B is the id of screen 'A'"), run.stdout)
    }
}
