import Foundation
import XCTest

/// WellPath's screen ids resolve through `former_ids` in render, tree and explore's lookup;
/// validate refuses former ids that collide.
final class FormerIDCLITests: XCTestCase {
    func testWellPathIDsFindTheirScreensInTheShippedCatalog() throws {
        let expected = [
            "SCREEN_ACTIVITY": "Daily Activity", "SCREEN_COMPLIANCE": "Screenings",
            "SCREEN_WHOLE_GRAINS": "Fiber & Whole Grains", "SCREEN_MEDITATION": "Mindfulness",
        ]
        for (id, name) in expected {
            let json = try VitalsProcess.run(["tree", id, "--format", "json"])
            let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let screen = try XCTUnwrap(
                ((parsed["pillars"] as? [[String: Any]])?.first?["screens"] as? [[String: Any]])?.first)
            XCTAssertEqual(screen["name"] as? String, name)
            XCTAssertEqual(screen["former_ids"] as? [String], [id])
            let current = try XCTUnwrap(screen["id"] as? String)
            // The shipped screen's tree is not written out here; its screen line is, exactly.
            let tree = try assertCommand(["tree", id, "--ascii"], stdout: nil)
            XCTAssertEqual(
                tree.stdout.components(separatedBy: "\n").dropFirst().first,
                "`-- \(name) [\(current), formerly \(id)]", "\(id): \(tree.stdout)")
            // By its former id the screen renders exactly as by its id.
            let byCurrentID = try VitalsProcess.run(["render", current, "--as-of", "2026-11-20", "--width", "80"])
            try assertCommand(
                ["render", id.lowercased(), "--as-of", "2026-11-20", "--width", "80"],
                stdout: byCurrentID.stdout, stderr: byCurrentID.stderr)
        }
    }

    func testCollidingFormerIDsFailValidate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-former-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try """
        pillars: [{pillar_id: p, name: P}]
        screens:
          - {screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_OLD], is_active: false}
          - {screen_id: SCREEN_B, name: B, pillar: p, former_ids: [SCREEN_OLD, SCREEN_A], is_active: false}

        """.write(to: root.appendingPathComponent("screens/s.yaml"), atomically: true, encoding: .utf8)
        try assertCommand(["validate"], in: root, stdoutGolden: "validate/former-id-collision", exitCode: 1)
    }
}
