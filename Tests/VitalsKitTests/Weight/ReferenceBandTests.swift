import XCTest

@testable import VitalsKit

/// A growth reference as YAML: a table (a breed's curve, a child's chart) or a rule (the
/// recommended gain over a pregnancy), read by one decoder with problems at their line.
final class ReferenceBandTests: XCTestCase {
    private func decode(_ reference: String) throws -> (band: ReferenceBand?, problems: [String]) {
        let text = """
            screens:
              - screen_id: SCREEN_X
                name: X
                pillar: p
                config:
                  reference:
            \(reference)
            """
        let loaded = CatalogLoader.load([SourceFile(path: "screens/x.yaml", text: text)])
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_X"))
        let node = try XCTUnwrap(screen.config?["reference"])
        var problems = ConfigProblems(screen: screen)
        let band = ReferenceBand.decode(node, problems: &problems)
        // Messages read "SCREEN_X config: …"; the tests compare what follows.
        return (
            band,
            problems.diagnostics.map {
                "\($0.location.line): \($0.message.replacingOccurrences(of: "SCREEN_X config: ", with: ""))"
            }
        )
    }

    static let rule = """
                  axis: weeks of pregnancy
                  rule: gestational_weight_gain
                  first_trimester: {until_week: 13, min_kg: 0.45, max_kg: 2.0}
                  term_week: 40
                  classes:
                    - {name: low, min_kg: 12.7, max_kg: 18.1}
                    - {name: mid, from_bmi: 18.5, min_kg: 11.3, max_kg: 15.9}
        """

    func testARuleWithItsAxisWords() throws {
        let (band, problems) = try decode(Self.rule)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(band?.axisTitle, "weeks of pregnancy")
        let rule = try XCTUnwrap(band?.gestationalGain)
        XCTAssertEqual(rule.classes.map(\.name), ["low", "mid"])
        XCTAssertEqual(rule.classes[1].minBMI, 18.5)
        XCTAssertEqual(rule.classes[1].totalKg, 11.3...15.9)
        XCTAssertEqual(rule.firstTrimesterKg, 0.45...2.0)
        XCTAssertEqual(rule.firstTrimesterWeek, 13)
        XCTAssertEqual(rule.termWeek, 40)
    }

    /// A third reference is data: a child's growth table decodes with no code of its own
    /// and gives its centre ± tolerance, interpolated between points.
    func testATableIsAnotherBreedOrAChild() throws {
        let (band, problems) = try decode(
            """
                      axis: weeks since birth
                      sex: male
                      tolerance_percent: 10
                      points:
                        - {week: 0, kg: 3.5}
                        - {week: 52, kg: 9.6}
            """)
        XCTAssertEqual(problems, [])
        let table = try XCTUnwrap(band?.table)
        XCTAssertEqual(band?.axisTitle, "weeks since birth")
        let mid = try XCTUnwrap(table.band(atWeek: 26))
        XCTAssertEqual(mid.centre, (3.5 + 9.6) / 2, accuracy: 1e-12)
        XCTAssertEqual(mid.lower, mid.centre * 0.9, accuracy: 1e-12)
        XCTAssertEqual(mid.upper, mid.centre * 1.1, accuracy: 1e-12)
        XCTAssertNil(table.band(atWeek: 53))
    }

    func testProblemsAreReportedAtTheirLine() throws {
        let cases: [(String, String, String)] = [
            (
                "rule: gestational_weight_gain", "rule: gestational_gain",
                "8: rule must be gestational_weight_gain, not 'gestational_gain'"
            ),
            ("{name: mid, from_bmi: 18.5,", "{name: mid, from_bmi: 10,", ""),
            (
                "{name: mid, from_bmi: 18.5, min_kg: 11.3", "{name: mid, from_bmi: 18.5, min_kg: 16.3",
                "13: min_kg 16.3 is above max_kg 15.9"
            ),
            (
                "{name: low, min_kg", "{name: low, from_bmi: 12, min_kg",
                "12: the first BMI class starts at the lowest BMI"
            ),
            ("{name: mid, from_bmi: 18.5, ", "{name: mid, ", "13: BMI class 'mid' needs from_bmi"),
            ("until_week: 13", "until_week: 41", "9: first_trimester until_week 41 must be before term_week 40"),
            ("term_week: 40", "term_wek: 40", "10: unknown key 'term_wek' in reference; did you mean 'term_week'?"),
        ]
        for (replace, with, expected) in cases {
            let (band, problems) = try decode(Self.rule.replacingOccurrences(of: replace, with: with))
            if expected.isEmpty {
                XCTAssertEqual(problems, [], "\(with)")  // from_bmi 10 after a class with none is fine
                XCTAssertNotNil(band)
                continue
            }
            XCTAssertNil(band, "\(with) decoded")
            XCTAssertTrue(problems.contains { $0.hasPrefix(expected) }, "expected \(expected)\nfound \(problems)")
        }
        let (band, problems) = try decode(
            Self.rule + "\n            - {name: high, from_bmi: 18, min_kg: 5, max_kg: 9}")
        XCTAssertNil(band)
        XCTAssertTrue(
            problems.contains { $0.hasPrefix("14: from_bmi 18 is not above the class before it (18.5 on line 13)") },
            "\(problems)")
    }
}
