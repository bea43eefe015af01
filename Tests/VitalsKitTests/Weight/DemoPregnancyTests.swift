import XCTest

@testable import VitalsDemo
@testable import VitalsKit

/// The demo's pregnant subject: her weigh-ins match the subject the demo data declares
/// (`DemoSubjects`), stay plausible, and gain about what the IOM band asks for a normal BMI.
final class DemoPregnancyTests: XCTestCase {
    let asOf = LocalDate(year: 2026, month: 11, day: 24)

    func testTheShippedSubjectIsTheDemoOne() throws {
        let catalog = try CatalogLoader.load(paths: TestPaths.shippedCatalog).withDemoSubjects(true).catalog
        let pregnancy = try XCTUnwrap(catalog.subject("sanne")?.pregnancy)
        XCTAssertEqual(pregnancy.lastPeriod, DemoData.sanneLastPeriod)
        XCTAssertEqual(pregnancy.prePregnancyWeightKg, DemoData.sannePrePregnancyKg)
        XCTAssertTrue(catalog.screens.contains { $0.subjectID == "sanne" }, "no screen shows sanne")
    }

    func testWeighInsArePlausibleAndFollowTheBand() throws {
        let all = DemoData(asOf: asOf).samples().filter { $0.subjectID == "sanne" }
        XCTAssertEqual(Set(all.map(\.seriesID)), ["body_mass", "puqe"])
        // Her PUQE-24 scores: whole scores of 3 to 15, from week 5 to week 18.
        let puqe = all.filter { $0.seriesID == "puqe" }
        XCTAssertTrue(
            puqe.allSatisfy { (3...15).contains($0.value) && $0.value == $0.value.rounded() }, "\(puqe.map(\.value))")
        XCTAssertEqual(puqe.map(\.localDate).min(), DemoData.sanneLastPeriod.adding(days: 35))
        XCTAssertLessThanOrEqual(puqe.map(\.localDate).max() ?? asOf, DemoData.sanneLastPeriod.adding(days: 18 * 7))
        let samples = all.filter { $0.seriesID == "body_mass" }
        XCTAssertFalse(samples.isEmpty)
        XCTAssertTrue(samples.allSatisfy { (20...300).contains($0.value) })
        XCTAssertEqual(Set(samples.map(\.source)), ["Withings", "manual"])
        XCTAssertLessThanOrEqual(samples.map(\.localDate).max() ?? asOf, asOf)
        // Some days have two weigh-ins (the screen lists them).
        let perDay = Dictionary(grouping: samples, by: \.localDate)
        XCTAssertTrue(perDay.values.contains { $0.count == 2 })
        // The morning weigh-ins of weeks 20 to 29, as gains, lie within the normal-BMI band
        // widened by 1.5 kg (day-to-day noise).
        let rule = GestationalGainRule(
            classes: [.init(name: "normal", minBMI: nil, totalKg: 11.3...15.9)],
            firstTrimesterKg: 0.45...2.0)
        for (day, weighIns) in perDay {
            let week = Double(DemoData.sanneLastPeriod.days(to: day)) / 7
            guard week >= 20, let band = rule.band(atWeek: week, for: rule.classes[0]),
                let morning = weighIns.min(by: { $0.start < $1.start })
            else { continue }
            let gain = morning.value - DemoData.sannePrePregnancyKg
            XCTAssertTrue((band.lower - 1.5)...(band.upper + 1.5) ~= gain, "\(day): +\(gain) vs \(band)")
        }
    }

    /// Before the last period there are weigh-ins too; after the due date none.
    func testTheDataStopsAtTheDueDate() {
        let late = DemoData(asOf: LocalDate(year: 2027, month: 4, day: 1), days: 30).samples().filter {
            $0.subjectID == "sanne"
        }
        let due = DemoData.sanneLastPeriod.adding(days: 280)
        XCTAssertEqual(late.map(\.localDate).max(), due)  // the due day always has its two weigh-ins
        XCTAssertEqual(late.map(\.localDate).min(), DemoData.sanneLastPeriod.adding(days: -28))
    }
}
