import Foundation
import XCTest

@testable import VitalsKit

/// Text on paper reads at WCAG AA (4.5:1 on white): every shipped pillar, category and metric
/// colour as a report writes it, and any colour at all — contrast computed here a second time,
/// from the WCAG formula, not by `PaperColor`.
final class PaperColorTests: XCTestCase {
    /// WCAG 2 contrast of `#RRGGBB` on white, written out independently.
    static func contrast(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        let channels = stride(from: 0, to: 6, by: 2).map { index -> Double in
            let value = Double(Int(String(digits[index..<index + 2]), radix: 16) ?? 0) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        return (1.0 + 0.05) / (luminance + 0.05)
    }

    func testEveryShippedPillarCategoryAndMetricColourReadsOnWhite() throws {
        let catalog = try CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog
        let colours =
            catalog.pillars.compactMap(\.color) + catalog.portions.categories.compactMap(\.color)
            + catalog.metrics.compactMap(\.color)
        XCTAssertGreaterThan(Set(colours).count, 15)
        XCTAssertTrue(colours.contains("yellow"), "Oils / fats / nuts is yellow")
        var darkened = 0
        for colour in Set(colours) {
            let text = PaperColor.textHex(colour)
            XCTAssertGreaterThanOrEqual(Self.contrast(text), 4.5, "\(colour) as text: \(text)")
            if text != HTMLText.color(colour) { darkened += 1 }
        }
        XCTAssertGreaterThan(darkened, 0, "some shipped colours are too light as they are")
    }

    /// Any colour comes out at 4.5:1 or more, darker or equal in every channel, and unchanged
    /// when it already read.
    func testAnyColourIsDarkenedOnlyAsMuchAsNeeded() {
        var random = SplitMix(seed: 45)
        for _ in 0..<2000 {
            let rgb = RGB(
                red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                blue: .random(in: 0...255, using: &random))
            let out = PaperColor.text(rgb)
            let hex = SVGChart.hex(out)
            let original = SVGChart.hex(rgb)
            XCTAssertGreaterThanOrEqual(Self.contrast(hex), 4.5, original)
            XCTAssertTrue(out.red <= rgb.red && out.green <= rgb.green && out.blue <= rgb.blue, original)
            if Self.contrast(original) >= 4.5 { XCTAssertEqual(hex, original) }
            // Not darker than needed: one step (2 %) less would not read.
            if hex != original {
                var lighter: RGB?
                for step in stride(from: 0.02, through: 1, by: 0.02)
                where SVGChart.hex(rgb.mixed(with: RGB(red: 0, green: 0, blue: 0), amount: step)) == hex {
                    lighter = rgb.mixed(with: RGB(red: 0, green: 0, blue: 0), amount: step - 0.02)
                    break
                }
                if let lighter { XCTAssertLessThan(Self.contrast(SVGChart.hex(lighter)), 4.5, original) }
            }
        }
    }

    func testAReportWritesCategoryNamesAndHeadersInReadableColours() {
        let table = TableBlock(
            caption: nil, columns: ["category"], rows: [[TableBlock.Cell("Oils / fats / nuts", color: "yellow")]])
        let html = HTMLOutput().block(ScreenBlock(kind: .chart, content: .table(table), data: .null))
        let colour = html.range(of: #"color:#[0-9A-F]{6}"#, options: .regularExpression).map {
            String(html[$0].dropFirst(6))
        }
        XCTAssertNotNil(colour, html)
        XCTAssertGreaterThanOrEqual(Self.contrast(colour ?? "#FFFFFF"), 4.5)
        XCTAssertLessThan(Self.contrast("#FFCC00"), 4.5, "yellow as it is fails")
        let header = HTMLOutput().header(
            ScreenHeader(icon: nil, name: "Mindfulness", context: "", description: nil, color: "#F2A93B"))
        XCTAssertTrue(header.contains("border-color:#F2A93B"), "the rule keeps the pillar colour")
        let h2 = header.range(of: #"<h2 style="color:#[0-9A-F]{6}"#, options: .regularExpression).map {
            String(header[$0].suffix(7))
        }
        XCTAssertGreaterThanOrEqual(Self.contrast(h2 ?? "#FFFFFF"), 4.5)
    }
}
