import Foundation
import VitalsKit
import VitalsScreens
import XCTest

/// Screens written in one unit system throughout: drinks on Today, the pregnancy basis line,
/// and the day's weight Protein's per-kg target uses.
final class UnitSystemScreensTests: XCTestCase {
    typealias F = ScreenFixtures

    func text(_ alias: String, units: UnitSystem?, asOf: LocalDate = F.asOf, weighIn: WeighInPolicy? = nil) throws
        -> String
    {
        try F.lines(
            alias, profile: F.profile("unicode", width: 100),
            request: ScreenRequest(asOf: asOf, unitSystem: units, weighIn: weighIn)
        ).joined(separator: "\n")
    }

    func testTodayWritesDrinksInTheChosenSystem() throws {
        let metric = try text("today", units: .metric)
        let us = try text("today", units: .us)
        let uk = try text("today", units: .uk)
        XCTAssertTrue(metric.contains("≥ 1.5 L"), metric)
        // 1.5 L = 50.72 fl oz; a UK rule stays in ml (1500 ml), a day's total is said in pints.
        XCTAssertTrue(us.contains("≥ 50.7 fl oz"), us)
        XCTAssertFalse(us.contains(" L ") || us.contains(" L,"), us)
        XCTAssertTrue(uk.contains("≥ 1500 ml"), uk)
        for shown in [metric, us, uk] {
            for line in shown.split(separator: "\n") where line.contains("Unsweetened drinks") {
                // The total never runs into the rule column.
                XCTAssertTrue(line.contains(" ≥ "), String(line))
            }
        }
    }

    func testPregnancyBasisAndTermSentences() throws {
        let due = LocalDate(year: 2027, month: 2, day: 8)
        let uk = try text("pregnancy", units: .uk, asOf: LocalDate(year: 2026, month: 11, day: 24))
        XCTAssertTrue(uk.contains("Before the pregnancy 10 st 1 lb at 5 ft 6 in"), uk)  // 64 kg, 168 cm
        let early = try text("pregnancy", units: nil, asOf: due.adding(days: -280 + 2))
        XCTAssertTrue(early.contains("the recommended range applies from week 1."), early)
        XCTAssertFalse(early.contains("above the recommended range"), early)
    }

    func testProteinPerKgTargetUsesTheWeighInPolicy() throws {
        // A morning and an evening weigh-in: 1.6 g/kg × 70, × 75 and × 72.5.
        let store = try SampleStore.inMemory()
        try store.insert([
            F.sample("body_mass", F.asOf, 7, 70), F.sample("body_mass", F.asOf, 21, 75),
            F.sample("protein", F.asOf, 12, 60, tag: "lunch"),
        ])
        for (policy, grams) in [(WeighInPolicy.first, 112), (.last, 120), (.mean, 116)] {
            let shown = try F.lines(
                "protein", store: store, profile: F.profile("unicode", width: 100),
                request: ScreenRequest(asOf: F.asOf, weighIn: policy)
            ).joined(separator: "\n")
            XCTAssertTrue(shown.contains("Target ≥ \(grams) g"), "\(policy): \(shown.prefix(600))")
        }
    }
}
