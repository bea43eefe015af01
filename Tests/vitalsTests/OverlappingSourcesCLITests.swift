import Foundation
import XCTest

/// Steps recorded by an iPhone and a Watch over the same hours count each hour once (the
/// series declares `overlapping_sources: hourly_max`), worked by hand:
///
///     08:00–09:00  iPhone 1000, Watch 900  → 1000
///     09:00–10:00  iPhone 1000, Watch 900  → 1000
///     11:00–12:00  Watch 500               →  500
///                                     day  = 2500   (adding every sample gave 4300)
final class OverlappingSourcesCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var records = ""
        for (source, hour, steps) in [
            ("iPhone", 8, 1000), ("iPhone", 9, 1000), ("Watch", 8, 900), ("Watch", 9, 900), ("Watch", 11, 500),
        ] {
            let start = String(format: "%02d", hour)
            let end = String(format: "%02d", hour + 1)
            records += """
                 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\(source)" unit="count" startDate="2026-06-14 \(start):00:00 +0200" endDate="2026-06-14 \(end):00:00 +0200" value="\(steps)"/>

                """
        }
        let imported = try VitalsProcess.importExport(records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// The steps chart's daily points over the last week, by date.
    private func dailySteps() throws -> [String: Double] {
        let run = try VitalsProcess.run([
            "render", "steps", "--db", db, "--as-of", "2026-06-14", "--range", "7d",
            "--format", "json",
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let screen = try XCTUnwrap((root["screens"] as? [[String: Any]])?.first)
        let blocks = try XCTUnwrap(screen["blocks"] as? [[String: Any]])
        let chart = try XCTUnwrap(
            blocks.first { $0["kind"] as? String == "chart" }?["data"] as? [String: Any], run.stdout)
        let points = try XCTUnwrap(chart["points"] as? [[String: Any]], run.stdout)
        var result: [String: Double] = [:]
        for point in points {
            if let date = point["date"] as? String, let value = point["value"] as? Double { result[date] = value }
        }
        return result
    }

    func testTwoDevicesOverTheSameHoursCountEachHourOnce() throws {
        let days = try dailySteps()
        XCTAssertEqual(days["2026-06-14"], 2500, "\(days)")
        XCTAssertNil(days["2026-06-13"], "\(days)")
    }

    func testASingleSourceAddsUpAsBefore() throws {
        // Typed in by hand on another day: one source, every sample counts.
        for time in ["2026-06-13T08:10+02:00", "2026-06-13T08:40+02:00"] {
            let run = try VitalsProcess.run(["log", "steps", "700", "--at", time, "--db", db])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let days = try dailySteps()
        XCTAssertEqual(days["2026-06-13"], 1400, "\(days)")
        XCTAssertEqual(days["2026-06-14"], 2500, "\(days)")
    }
}
