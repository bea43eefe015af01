import XCTest

@testable import VitalsKit

/// A subject's `pregnancy:` block: read into a `Pregnancy`, and impossible values refused at
/// their own file and line like the rest of `vitals validate`.
final class PregnancySubjectTests: XCTestCase {
    private func load(_ pregnancy: String, kind: String = "human", sex: String = "female") -> LoadedCatalog {
        let text = """
            subjects:
              - subject_id: anna
                name: Anna
                kind: \(kind)
                sex: \(sex)
                birth_date: "1995-01-01"
                pregnancy:
            \(pregnancy)
            """
        return CatalogLoader.load([SourceFile(path: "screens/people.yaml", text: text)])
    }

    private func errors(_ pregnancy: String, kind: String = "human", sex: String = "female") -> [String] {
        Validator().validate(load(pregnancy, kind: kind, sex: sex)).filter { $0.severity == .error }
            .map { "\($0.location.file):\($0.location.line): \($0.message)" }
    }

    func testLastPeriodGivesTheDueDate280DaysLater() throws {
        let loaded = load(
            """
                  pre_pregnancy_weight_kg: 64
                  height_cm: 168
                  last_period: "2026-05-04"
            """)
        XCTAssertEqual(Validator().validate(loaded), [])
        let pregnancy = try XCTUnwrap(loaded.catalog.subject("anna")?.pregnancy)
        XCTAssertEqual(pregnancy.dueDate, LocalDate(year: 2027, month: 2, day: 8))
        XCTAssertEqual(pregnancy.lastPeriod, LocalDate(year: 2026, month: 5, day: 4))
        XCTAssertEqual(pregnancy.weeks(on: LocalDate(year: 2026, month: 10, day: 12)), 23)  // 161 days
        XCTAssertEqual(pregnancy.bmi, 64 / (1.68 * 1.68), accuracy: 1e-12)
    }

    func testADueDateAlone() throws {
        let loaded = load(
            """
                  pre_pregnancy_weight_kg: 58.5
                  height_cm: 160
                  due_date: "2027-02-08"
            """)
        XCTAssertEqual(Validator().validate(loaded), [])
        XCTAssertEqual(loaded.catalog.subject("anna")?.pregnancy?.lastPeriod, LocalDate(year: 2026, month: 5, day: 4))
    }

    func testImpossibleValuesAreReportedAtTheirLine() {
        let cases: [(String, String)] = [
            (
                "      pre_pregnancy_weight_kg: 640\n      height_cm: 168\n      due_date: \"2027-02-08\"",
                "screens/people.yaml:8: pre_pregnancy_weight_kg 640 is outside the plausible range for an adult (20–300 kg)"
            ),
            (
                "      pre_pregnancy_weight_kg: 64\n      height_cm: 16.8\n      due_date: \"2027-02-08\"",
                "screens/people.yaml:9: height_cm 16.8 is outside the plausible range for an adult (100–250 cm)"
            ),
            (
                "      pre_pregnancy_weight_kg: 64\n      height_cm: 168",
                "screens/people.yaml:8: pregnancy needs due_date or last_period"
            ),
            (
                "      pre_pregnancy_weight_kg: 64\n      height_cm: 168\n      due_date: \"2027-02-09\"\n      last_period: \"2026-05-04\"",
                "screens/people.yaml:10: due_date 2027-02-09 is not last_period 2026-05-04 + 280 days (2027-02-08)"
            ),
            (
                "      pre_pregnancy_weight_kg: 64\n      height_cm: 168\n      due_date: \"2027-02-30\"",
                "screens/people.yaml:10: 'due_date'"
            ),
            (
                "      pre_pregnancy_weight_kg: 64\n      height_cm: 168\n      last_period: \"1999-01-01\"",
                "screens/people.yaml:10: last_period 1999-01-01 is less than 10 years after the subject's birth_date 1995-01-01"
            ),
            (
                "      pre_pregnancy_weight_kg: 64\n      height_cm: 168\n      due_dat: \"2027-02-08\"",
                "screens/people.yaml:10: unknown key 'due_dat' in pregnancy; did you mean 'due_date'?"
            ),
            (
                "      height_cm: 168\n      due_date: \"2027-02-08\"",
                "screens/people.yaml:8: pregnancy is missing required key 'pre_pregnancy_weight_kg'"
            ),
        ]
        for (block, expected) in cases {
            let found = errors(block)
            XCTAssertTrue(found.contains { $0.hasPrefix(expected) }, "expected \(expected)\nfound \(found)")
        }
    }

    func testOnlyAHumanWhoIsNotMaleCanBePregnant() {
        let block = "      pre_pregnancy_weight_kg: 30\n      height_cm: 120\n      due_date: \"2027-02-08\""
        XCTAssertTrue(
            errors(block, kind: "dog").contains { $0.contains(":8: only a human subject can be pregnant") },
            "\(errors(block, kind: "dog"))")
        XCTAssertTrue(
            errors(block, sex: "male").contains { $0.contains(":8: a subject with sex male cannot be pregnant") })
        XCTAssertEqual(errors(block), [])
    }

    /// A refused block leaves the subject without a pregnancy, never half of one.
    func testARefusedBlockIsDropped() {
        let loaded = load("      pre_pregnancy_weight_kg: 640\n      height_cm: 168\n      due_date: \"2027-02-08\"")
        XCTAssertNotNil(loaded.catalog.subject("anna"))
        XCTAssertNil(loaded.catalog.subject("anna")?.pregnancy)
    }

    /// The weeks of pregnancy, counted a second way: whole weeks and days since the last
    /// period, as a midwife writes them (23+0 on day 161, 40+0 on the due date).
    func testWeeksAgreeWithWeeksAndDays() {
        let pregnancy = Pregnancy(
            prePregnancyWeightKg: 60, heightCm: 165, dueDate: LocalDate(year: 2027, month: 2, day: 8))
        for days in [0, 1, 6, 7, 90, 161, 279, 280] {
            let day = pregnancy.lastPeriod.adding(days: days)
            let weeks = pregnancy.weeks(on: day)
            XCTAssertEqual(Int(weeks.rounded(.down)), days / 7, "day \(days)")
            XCTAssertEqual(weeks - Double(days / 7), Double(days % 7) / 7, accuracy: 1e-12, "day \(days)")
        }
        XCTAssertEqual(pregnancy.weeks(on: pregnancy.dueDate), 40)
    }
}
