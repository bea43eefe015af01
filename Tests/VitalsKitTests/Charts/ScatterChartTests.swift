import Foundation
import TestSupport
import XCTest

@testable import VitalsKit

/// The `scatter` kind beyond its golden of two quantities (`ChartGoldenTests`): an event side
/// drawn as strips at every width and profile, and the words for too few days.
final class ScatterChartTests: XCTestCase {
    /// 40 days of weight, 9 of them with a headache logged; weight a little higher on those.
    static var headacheInput: ChartInput {
        var pairs: [PairedValue] = []
        for index in 0..<40 {
            let headache = index % 9 == 2 || index % 11 == 5 ? 1.0 : 0.0
            let wobble = Double((index * 7) % 10) / 10 - 0.45
            pairs.append(
                PairedValue(
                    date: ChartFixtures.day("2024-02-04").adding(days: index), x: headache,
                    y: ((71.2 + wobble + headache * 0.6) * 10).rounded() / 10))
        }
        var input = ChartInput(title: "Weight and headaches", color: "#D98E04", asOf: ChartFixtures.asOf)
        input.relation = RelationSeries(
            x: RelationSide(name: "headache", isEvent: true),
            y: RelationSide(name: "body weight", unit: "kg"), pairs: pairs)
        return input
    }

    func testAnEventSideIsDrawnAsStripsWithAWelchInterval() throws {
        for width in ChartFixtures.widths {
            for (name, profile) in ChartFixtures.profiles(width: width) {
                let lines = ScatterChart().render(Self.headacheInput, profile: profile)
                for line in lines {
                    XCTAssertEqual(DisplayWidth.of(ChartFixtures.stripANSI(line)), width, "\(name) \(width): \(line)")
                }
                let header = "# kind=scatter (event) width=\(width) profile=\(name) as-of=\(ChartFixtures.asOf)"
                assertSnapshot(
                    ([header] + lines).joined(separator: "\n") + "\n",
                    named: "charts/scatter-event-\(width)-\(name.replacingOccurrences(of: "+", with: "-"))")
            }
        }
        guard case .groups(let count, let comparison) = try XCTUnwrap(Self.headacheInput.relation).finding else {
            return XCTFail("an event side is compared as groups")
        }
        XCTAssertEqual(count, 40)
        XCTAssertEqual(comparison.daysWith + comparison.daysWithout, 40)
    }

    func testTooFewDaysAreSaidAndNotComputed() {
        var input = ChartFixtures.input(for: ScatterChart.id)
        let five = Array(input.relation!.pairs.prefix(5))
        input.relation?.pairs = five
        let text = ScatterChart().render(input, profile: RenderProfile(width: 80, colorLevel: .none, glyphs: .unicode))
            .joined(separator: "\n")
        XCTAssertTrue(text.contains("5 days with both values: too few to say (a relation needs 8)"), text)
        XCTAssertFalse(text.contains("r ="), text)
    }

    func testNoClearRelationWhenTheIntervalSpansZero() {
        var input = ChartFixtures.input(for: ScatterChart.id)
        // Shuffle y against x so the relation goes: r is near 0 and its interval spans 0.
        let pairs = input.relation!.pairs
        input.relation?.pairs = pairs.indices.map { index in
            PairedValue(date: pairs[index].date, x: pairs[index].x, y: pairs[(index * 7 + 3) % pairs.count].y)
        }
        let finding = input.relation!.finding
        XCTAssertFalse(finding.isClear)
        let text = ScatterChart().render(input, profile: RenderProfile(width: 120, colorLevel: .none, glyphs: .ascii))
            .joined(separator: "\n")
        XCTAssertTrue(text.contains("24 days: no clear relation (r = "), text)
        XCTAssertFalse(text.contains("positive") || text.contains("negative"), text)
    }
}
