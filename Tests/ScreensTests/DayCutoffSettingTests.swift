import Foundation
import VitalsKit
import VitalsScreens
import VitalsSettings
import XCTest

/// The `day_cutoff` setting (ScreenRequest.dayCutoffMinutes) on the DragonHealth day (Today,
/// History, the adherence report) and on metrics whose day starts in the morning; sleep keeps
/// 18:00; a cutoff from 12:00 on is refused.
final class DayCutoffSettingTests: XCTestCase {
    static let catalog = PortionScreensTests.loaded.catalog
    /// Saturday 21 November 2026.
    static let saturday = LocalDate(year: 2026, month: 11, day: 21)

    /// Vegetables: 2 at 20:00 on Friday, 1 at 03:30 on Saturday.
    static let store: SampleStore = {
        let store = try! SampleStore.inMemory()
        func at(_ day: LocalDate, _ minutes: Int, _ value: Double) -> Sample {
            Sample(
                seriesID: "vegetables",
                start: day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(Double(minutes * 60)),
                utcOffsetSeconds: 3600, value: value, tag: "late_night")
        }
        try! store.insert([at(saturday.adding(days: -1), 20 * 60, 2), at(saturday, 3 * 60 + 30, 1)])
        return store
    }()

    func today(cutoff: Int?) throws -> [String: Any] {
        let screen = try XCTUnwrap(Self.catalog.screen("SCREEN_TODAY"))
        let document = try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: Self.catalog, screen: screen, store: Self.store,
                request: ScreenRequest(asOf: Self.saturday, dayCutoffMinutes: cutoff), profile: RenderProfile(width: 80)
            ))
        var merged: [String: Any] = [:]
        for block in document.blocks {
            let object = try JSONSerialization.jsonObject(with: Data(block.data.text().utf8))
            if let object = object as? [String: Any] { merged.merge(object) { _, later in later } }
        }
        return merged
    }

    /// Without the setting the day starts at the first meal slot (04:00): the 03:30 portion is
    /// Friday's. With `day_cutoff: "03:00"` it is Saturday's, and the card says when the day starts.
    func testTheSettingMovesTodaysStart() throws {
        let catalogDay = try today(cutoff: nil)
        XCTAssertEqual(catalogDay["day_cutoff"] as? String, "04:00")
        let setting = try today(cutoff: 180)
        XCTAssertEqual(setting["day_cutoff"] as? String, "03:00")
        func vegetables(_ object: [String: Any]) -> Double? {
            (object["categories"] as? [[String: Any]])?.first { $0["category"] as? String == "vegetables" }?["total"]
                as? Double
        }
        XCTAssertEqual(vegetables(catalogDay), 0)
        XCTAssertEqual(vegetables(setting), 1)
    }

    /// History judges Friday and Saturday by the setting too: with 03:00, Friday has 2 portions.
    func testHistoryFollowsTheSetting() throws {
        let screen = try XCTUnwrap(Self.catalog.screen("SCREEN_HISTORY"))
        func days(_ cutoff: Int?) throws -> [String: [String]] {
            let document = try BuiltInScreenModules.registry.render(
                ScreenContext(
                    catalog: Self.catalog, screen: screen, store: Self.store,
                    request: ScreenRequest(asOf: Self.saturday, dayCutoffMinutes: cutoff),
                    profile: RenderProfile(width: 80)))
            let summary = try SleepTestSupport.object(document.blocks.first { $0.kind == .summary })
            let list = try XCTUnwrap(summary["days"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ($0["date"] as! String, $0["missed"] as! [String]) })
        }
        // 04:00: Friday has all 3 vegetables (met); 03:00: Friday has 2 (missed), Saturday 1.
        XCTAssertFalse(try days(nil)["2026-11-20"]?.contains("vegetables") ?? true)
        XCTAssertTrue(try days(180)["2026-11-20"]?.contains("vegetables") ?? false)
    }

    /// A metric's own morning cutoff gives way to the setting; an evening one (sleep) does not.
    func testMetricsFollowTheSettingInTheMorningOnly() throws {
        let series = try XCTUnwrap(Self.catalog.series("vegetables"))
        var query = try MetricQuery(
            binding: MetricBinding(seriesID: "vegetables", dayCutoffMinutes: 240), series: series,
            asOf: Self.saturday)
        XCTAssertEqual(query.dayCutoffMinutes, 240)
        query.defaultDayCutoffMinutes = 180
        XCTAssertEqual(query.dayCutoffMinutes, 180)
        var evening = try MetricQuery(
            binding: MetricBinding(seriesID: "vegetables", dayCutoffMinutes: 18 * 60), series: series,
            asOf: Self.saturday)
        evening.defaultDayCutoffMinutes = 180
        XCTAssertEqual(evening.dayCutoffMinutes, 18 * 60)
    }

    func testAnAfternoonCutoffIsRefused() {
        XCTAssertEqual(try SettingKey.dayCutoff.normalize("3:00"), "03:00")
        XCTAssertThrowsError(try SettingKey.dayCutoff.normalize("18:00")) { error in
            XCTAssertTrue("\(error)".contains("before 12:00"), "\(error)")
        }
    }
}
