import TestSupport
import XCTest

@testable import VitalsKit

/// For random values inside and outside the declared bounds, the decoder accepts exactly the
/// values a naive check of the same bounds accepts.
final class ConfigRangePropertyTests: XCTestCase {
    func decodes(_ block: String) throws -> Bool {
        let text = "screens:\n  - screen_id: SCREEN_X\n    name: X\n    pillar: p\n    config:\n" + block
        let loaded = CatalogLoader.load([SourceFile(path: "screens/x.yaml", text: text)])
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_X"))
        var problems = ConfigProblems(screen: screen)
        let values = ConfigValues<FixtureKeys>.decode(screen.config, named: "config", problems: &problems)
        XCTAssertEqual(values == nil, !problems.diagnostics.isEmpty, block)
        return values != nil
    }

    func testDecodeAcceptsExactlyTheValuesInsideTheBounds() throws {
        var random = SplitMix(seed: 0x5EED_C0F1)
        var accepted = 0
        var refused = 0
        for _ in 0..<600 {
            // ratio: > 0 and 0.5…2; count: whole, 1…30; glass: 50…1000 ml, given in ml or L.
            let ratio = (Double(Int.random(in: -50...250, using: &random)) / 100)
            let countIsWhole = Int.random(in: 0..<4, using: &random) > 0
            let count =
                countIsWhole
                ? Double(Int.random(in: -3...33, using: &random))
                : Double(Int.random(in: 0...400, using: &random)) / 10 + 0.05
            let glassMl = Double(Int.random(in: 20...1050, using: &random))
            let inLitres = Bool.random(using: &random)
            let glass = inLitres ? "\(glassMl / 1000) L" : "\(Int(glassMl))"
            let block = "      ratio: \(ratio)\n      count: \(count)\n      glass: \(glass)\n"
            let naive =
                ratio > 0 && ratio >= 0.5 && ratio <= 2
                && count == count.rounded() && count >= 1 && count <= 30
                && glassMl >= 50 - 1e-9 && glassMl <= 1000 + 1e-9
            let decoded = try decodes(block)
            XCTAssertEqual(decoded, naive, block)
            if decoded { accepted += 1 } else { refused += 1 }
        }
        // Both sides were exercised.
        XCTAssertGreaterThan(accepted, 20)
        XCTAssertGreaterThan(refused, 20)
    }
}
