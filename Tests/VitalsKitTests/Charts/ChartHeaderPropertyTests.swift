import PropertyBased
import Testing

@testable import VitalsKit

/// A chart's header at any width: the title (wrapped when long) and its unit never run into
/// the target on the right; the target is whole, after a space, or left out.
@Suite("Chart headers at any width")
struct ChartHeaderPropertyTests {
    @Test("the title and unit stop before the right-hand text")
    func theTitleStopsBeforeTheRightText() async {
        await propertyCheck(count: 300, input: Gen.int(in: 40...120), Gen.int(in: 1...8), Gen.int(in: 0...1_000_000)) {
            width, wordCount, seed in
            // Words of 1 to 9 letters, from the seed.
            let title = (0..<wordCount).map { String(repeating: "m", count: 1 + (seed / (1 + $0 * 7)) % 9) }
                .joined(separator: " ")
            let input = ChartInput(
                title: title, unit: "min", target: .atLeast(10),
                points: [ChartPoint(label: "a", value: 12), ChartPoint(label: "b", value: 8)])
            let lines = ChartKindFactory.builtIn.render(
                input, chartTypeID: BarVerticalChart.id,
                profile: RenderProfile(width: width, glyphs: .unicode))
            let first = lines.first ?? ""
            let right = "target ≥ 10 min"
            if first.contains("≥") {
                #expect(first.trimmingCharacters(in: .whitespaces).hasSuffix(" " + right), "\(width): \(first)")
            }
            // Every word of the title and the unit is shown whole in the header's lines.
            let shown = lines.prefix(4).joined(separator: " ").split(separator: " ").map(String.init)
            for word in title.split(separator: " ").map(String.init) + ["(min)"] {
                #expect(shown.contains(word), "\(width) \(title): \(lines.prefix(4).joined(separator: "\n"))")
            }
        }
    }

    @Test("a title exactly filling the room beside the target puts its unit on the next line")
    func aTitleFillingTheRoomMovesItsUnitDown() {
        let input = ChartInput(
            title: "Mindful minutes per day", unit: "min", target: .atLeast(10),
            points: [ChartPoint(label: "a", value: 12)])
        let lines = ChartKindFactory.builtIn.render(
            input, chartTypeID: BarVerticalChart.id,
            profile: RenderProfile(width: 40, glyphs: .unicode))
        #expect(
            Array(lines.prefix(2)) == [
                "Mindful minutes per day  target ≥ 10 min", "  (min)" + String(repeating: " ", count: 33),
            ])
    }
}
