import XCTest

@testable import VitalsKit

/// What the settings change in a query: the `day_cutoff` default and the UK body weight's
/// spoken unit, on fixture series.
final class SettingsApplyTests: XCTestCase {
    private typealias F = StoreFixtures

    func testTheDayCutoffSettingAppliesToEveryMorningCutoff() throws {
        let early = F.sample("body_mass", "2026-11-20T01:30:00+01:00", 80)
        var query = try F.query(F.bodyMass, aggregate: .first, range: .days(7), asOf: "2026-11-20")
        XCTAssertEqual(query.day(of: early), F.date("2026-11-20"))
        query.defaultDayCutoffMinutes = 4 * 60
        XCTAssertEqual(query.dayCutoffMinutes, 240)
        XCTAssertEqual(query.day(of: early), F.date("2026-11-19"))
        // The setting replaces a metric's own morning cutoff too; sleep keeps its 18:00.
        var own = try F.query(F.bodyMass, range: .days(7), asOf: "2026-11-20", cutoff: 60)
        XCTAssertEqual(own.dayCutoffMinutes, 60)
        own.defaultDayCutoffMinutes = 240
        XCTAssertEqual(own.dayCutoffMinutes, 240)
        var sleep = try F.query(F.sleep, range: .days(7), asOf: "2026-11-20")
        sleep.defaultDayCutoffMinutes = 240
        XCTAssertEqual(sleep.dayCutoffMinutes, 18 * 60)
    }

    func testTheUKBodyWeightIsPlottedInPoundsAndSpokenInStones() throws {
        let store = try F.store([F.sample("body_mass", "2026-11-20T07:00:00+01:00", 78.0)])
        let query = try F.query(
            F.bodyMass, aggregate: .last, range: .days(7), asOf: "2026-11-20", unit: "kg", unitSystem: .uk)
        XCTAssertEqual(query.displayUnit, .pound)
        let latest = try XCTUnwrap(try query.fetchLatest(from: store))
        XCTAssertEqual(latest.value, 78 / 0.45359237, accuracy: 1e-9)
        // 78 kg = 171.96 lb = 12 st 4 lb.
        XCTAssertEqual(query.display.spokenText(latest.value, numbers: .standard), "12 st 4 lb")
        let metric = try F.query(
            F.bodyMass, aggregate: .last, range: .days(7), asOf: "2026-11-20", unit: "kg", unitSystem: .metric)
        XCTAssertNil(metric.display.spokenText(78, numbers: .standard))
    }
}
