import XCTest

@testable import VitalsKit

/// A page asks the chart kind for the words around a chart (no backend knows a kind's data):
/// the hypnogram's night beside its title and its time asleep and in bed under it, in the
/// language being drawn; other kinds add nothing.
final class ChartKindWordsTests: XCTestCase {
    private let night = ChartInput(
        title: "Last night",
        sleep: [
            SleepSegment(stage: .core, startMinute: 1380, endMinute: 1440),
            SleepSegment(stage: .awake, startMinute: 1440, endMinute: 1450),
            SleepSegment(stage: .deep, startMinute: 1450, endMinute: 1800),
        ])

    func testTheHypnogramSaysItsNightAndTimeAsleepInTheLanguageDrawn() {
        let kind = SleepStagesChart()
        XCTAssertEqual(kind.headline(night), "23:00–06:00")
        // 420 minutes in bed, 10 of them awake.
        let english = Words.speaking("en") { kind.caption(night) }
        let dutch = Words.speaking("nl") { kind.caption(night) }
        XCTAssertEqual(english, "asleep \(SleepStagesChart.duration(410)) · in bed \(SleepStagesChart.duration(420))")
        XCTAssertEqual(dutch, "slaap \(SleepStagesChart.duration(410)) · in bed \(SleepStagesChart.duration(420))")
    }

    func testOtherKindsAddNoWords() {
        for kind in ChartKindFactory.builtInKinds where kind.id != SleepStagesChart.id {
            XCTAssertNil(kind.init().headline(night), kind.id)
            XCTAssertNil(kind.init().caption(night), kind.id)
        }
        XCTAssertNil(SleepStagesChart().caption(ChartInput(title: "No night")))
    }
}
