import Foundation
import XCTest

@testable import VitalsKit
@testable import VitalsScreens

/// The PUQE-24 score: its bands as published (6 or less mild, 7–12 moderate, 13 or more
/// severe), three answers of 1–5 to a score of 3–15, and the Pregnancy screen showing the
/// latest score with its band and the weeks' chart, on a fixture subject.
final class PuqeTests: XCTestCase {
    typealias F = ScreenFixtures

    func testBandsAndAnswers() {
        XCTAssertEqual(
            (3...15).map { PuqeScore.band(of: Double($0)).rawValue },
            Array(repeating: "mild", count: 4) + Array(repeating: "moderate", count: 6)
                + Array(repeating: "severe", count: 3))
        XCTAssertEqual(PuqeScore.score([2, 3, 1]), 6)
        XCTAssertEqual(PuqeScore.score([5, 5, 5]), 15)
        XCTAssertNil(PuqeScore.score([0, 3, 1]))
        XCTAssertNil(PuqeScore.score([2, 3]))
    }

    func testThePregnancyScreenShowsTheLatestScoreAndItsBand() throws {
        let root = F.repositoryRoot.path
        var files = [
            SourceFile(
                path: "subjects.yaml",
                text: """
                    subjects:
                      - {subject_id: sanne, name: Sanne, kind: human, sex: female, birth_date: "1994-03-14",
                         pregnancy: {pre_pregnancy_weight_kg: 64, height_cm: 168, last_period: "2026-04-06"}}

                    """)
        ]
        for path in ["screens/pillars.yaml", "screens/pregnancy.yaml", "metrics/pregnancy.yaml", "metrics/series.yaml"]
        {
            files.append(SourceFile(path: path, text: try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        let loaded = CatalogLoader.load(files)
        XCTAssertFalse(loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        let store = try SampleStore.inMemory()
        // Two weeks of scores, the last one 8 on the Saturday before the as-of Monday.
        let scores: [(Int, Double)] = [(-9, 5), (-6, 7), (-2, 8)]
        try store.insert(
            scores.map { back, score in
                Sample(
                    seriesID: "puqe", subjectID: "sanne",
                    start: F.asOf.adding(days: back).midnight(utcOffsetSeconds: F.summerOffset).addingTimeInterval(
                        20 * 3600),
                    utcOffsetSeconds: F.summerOffset, value: score)
            })
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_PREGNANCY"))
        let document = try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: loaded.catalog, screen: screen, store: store, request: ScreenRequest(asOf: F.asOf),
                profile: F.profile("unicode")))
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("PUQE score 8 of 15 on Sat 13 Jun: moderate nausea and vomiting (7–12)."), text)
        let chart = try XCTUnwrap(document.blocks.first { $0.kind == .chart && $0.metricID == "PREGNANCY_PUQE" }, text)
        let json = chart.data.text()
        // Weekly maxima: the week of 1 June (Saturday's 5) is 5, the week of 8 June (7 on
        // Tuesday, 8 on Saturday) 8; the as-of week has none yet.
        let compact = json.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(compact.contains("\"date\":\"2026-06-01\",\"value\":5}"), json)
        XCTAssertTrue(compact.contains("\"date\":\"2026-06-08\",\"value\":8}"), json)
        XCTAssertTrue(compact.contains("\"date\":\"2026-06-15\",\"value\":null}"), json)
    }
}
