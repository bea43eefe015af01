import Foundation
import XCTest

/// `vitals render pregnancy` on the embedded demo, and an impossible pregnancy refused by
/// `vitals validate` with its file, line and exit code 1.
final class PregnancyCLITests: XCTestCase {
    private let noDatabase = [
        "XDG_DATA_HOME": FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-pregnancy-none-\(UUID().uuidString)").path
    ]

    /// Week 29 of the demo pregnancy: 64 kg before, 72.4 kg this morning (+8.4 kg); the band
    /// for a normal BMI at 29.1 weeks is 6.9–10.3 kg.
    func testTheDemoPregnancyAtWeek29() throws {
        let run = try VitalsProcess.run(
            ["render", "pregnancy", "--as-of", "2026-11-24", "--width", "80", "--ascii"],
            environment: noDatabase)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("Week 29: +8.4 kg, within the recommended range (6.9-10.3 kg)."), run.stdout)
        XCTAssertTrue(lines.contains("Weigh-ins on Tue 24 Nov: 2"), run.stdout)
        XCTAssertTrue(lines.contains("> 07:27  72.4 kg  from Withings   used"), run.stdout)
        XCTAssertTrue(lines.contains("Morning weight is used for tracking."), run.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("weeks of pregnancy | latest 8.4 kg at 29.1 wk") }, run.stdout)
        XCTAssertTrue(run.stdout.unicodeScalars.allSatisfy(\.isASCII))
    }

    func testAnImpossiblePregnancyIsRefusedWithItsLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-pregnancy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("metrics"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try """
        subjects:
          - subject_id: anna
            name: Anna
            kind: human
            pregnancy:
              pre_pregnancy_weight_kg: 640
              height_cm: 168
              due_date: "2027-02-08"
        """.write(to: root.appendingPathComponent("screens/people.yaml"), atomically: true, encoding: .utf8)
        let run = try VitalsProcess.run(["validate"], in: root)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "screens/people.yaml:6:32: error: pre_pregnancy_weight_kg 640 is outside the plausible range for an adult (20–300 kg) [invalid-value]"
            ),
            run.stdout)
    }
}
