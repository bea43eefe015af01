import Foundation
import GRDB
import XCTest

/// `vitals log puqe`: three answers logged as their PUQE-24 score with its band, a score given
/// as one value logged as it is, and wrong answers refused with exit code 2 and nothing written.
/// On a catalog of its own (a pregnant subject and the shipped series), not the demo's subjects.
final class PuqeCLITests: XCTestCase {
    func catalogAndDatabase() throws -> (root: URL, db: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-puqe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try """
        subjects:
          - {subject_id: anna, name: Anna, kind: human, pregnancy: {pre_pregnancy_weight_kg: 60, height_cm: 165, due_date: "2027-05-01"}}
        """.write(to: root.appendingPathComponent("screens/people.yaml"), atomically: true, encoding: .utf8)
        let series = try String(
            contentsOf: VitalsProcess.packageRoot.appendingPathComponent("metrics/series.yaml"), encoding: .utf8)
        try series.write(to: root.appendingPathComponent("metrics/series.yaml"), atomically: true, encoding: .utf8)
        return (root, root.appendingPathComponent("vitals.sqlite").path)
    }

    func testAnswersAreLoggedAsTheirScore() throws {
        let (root, db) = try catalogAndDatabase()
        let common = ["--subject", "anna", "--db", db, "--catalog", root.path, "--at", "2026-12-01T21:00+01:00"]
        let three = try VitalsProcess.run(["log", "puqe", "4", "3", "2"] + common)
        XCTAssertEqual(three.status, 0, three.stderr)
        XCTAssertEqual(
            three.stdout,
            """
            logged puqe 9 count for anna at 2026-12-01T21:00:00+01:00
            PUQE-24 score 9 of 15 (answers 4, 3, 2): moderate

            """)
        let score = try VitalsProcess.run(
            ["log", "puqe", "13"] + common.dropLast(2) + ["--at", "2026-12-02T21:00+01:00"])
        XCTAssertEqual(score.status, 0, score.stderr)
        XCTAssertEqual(score.stdout, "logged puqe 13 count for anna at 2026-12-02T21:00:00+01:00\n")

        for (arguments, message) in [
            (["6", "1", "1"], "a PUQE answer is 1 to 5, got 6"),
            (["2", "3"], "give the three PUQE answers (each 1 to 5) or the score, not 2 values"),
            ([], "give the PUQE answers or the score"),
        ] {
            let run = try VitalsProcess.run(["log", "puqe"] + arguments + common)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
            XCTAssertEqual(run.stdout, "")
        }
        // Only the two scores were written.
        let values = try DatabaseQueue(path: db).read { db in
            try Double.fetchAll(
                db, sql: "SELECT value FROM sample WHERE series = 'puqe' AND subject = 'anna' ORDER BY start")
        }
        XCTAssertEqual(values, [9, 13])
    }
}
