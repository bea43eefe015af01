import TestSupport
import XCTest

@testable import VitalsKit

/// `KeyLocations` stores a key as its index among the schema's key names (12 bytes an entry
/// instead of 24), and answers exactly as a dictionary of the first location per key does.
final class KeyLocationsTests: XCTestCase {
    func testAnEntryTakesTwelveBytes() {
        XCTAssertLessThanOrEqual(KeyLocations.entryStride, 12)
    }

    func testRandomOperationsAnswerAsADictionary() {
        var random = SplitMix(seed: 0x4B45_5953)
        let known = ["display_metric_id", "display_screen_id", "series", "unit", "target", "rule", "about_why"]
        let unknown = ["colour", "mijlpalen", "x", "a_very_long_unknown_key_name", ""]
        for round in 0..<200 {
            var locations = KeyLocations()
            var model: [(key: String, location: SourceLocation)] = []
            for step in 0..<Int.random(in: 1...30, using: &random) {
                let key =
                    Bool.random(using: &random)
                    ? known.randomElement(using: &random)! : unknown.randomElement(using: &random)!
                let file = Int.random(in: 0..<8, using: &random) == 0 ? "other.yaml" : "main.yaml"
                let location = SourceLocation(
                    file: file, line: Int.random(in: 1...100_000, using: &random), column: step + 1)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    locations.addFirst(key, location)
                    if !model.contains(where: { $0.key == key }) { model.append((key, location)) }
                case 1:
                    locations[key] = location
                    if let index = model.firstIndex(where: { $0.key == key }) {
                        model[index].location = location
                    } else {
                        model.append((key, location))
                    }
                default:
                    locations[key] = nil
                    model.removeAll { $0.key == key }
                }
                for key in known + unknown {
                    XCTAssertEqual(
                        locations[key], model.first { $0.key == key }?.location,
                        "round \(round) step \(step) key \(key)")
                }
            }
            XCTAssertEqual(locations.map(\.key), model.map(\.key), "round \(round): iteration order")
            XCTAssertEqual(locations.map(\.value), model.map(\.location), "round \(round)")
            XCTAssertEqual(locations.count, model.count)
        }
    }

    /// Columns that do not fit an entry's 16 bits (a line of 64 KB and more) are kept beside
    /// it: random writes, replacements and removals with such columns answer as the model does.
    func testWideColumnsAnswerAsADictionary() {
        var random = SplitMix(seed: 0x57_4944_45)
        let keys = ["display_metric_id", "series", "unit", "colour", "x"]
        let columns = [1, 2, 65_533, 65_534, 65_535, 65_536, 70_000, 4_000_000, 0, -1]
        for round in 0..<300 {
            var locations = KeyLocations()
            var model: [(key: String, location: SourceLocation)] = []
            for step in 0..<Int.random(in: 1...20, using: &random) {
                let key = keys.randomElement(using: &random)!
                let location = SourceLocation(
                    file: "main.yaml", line: step + 1, column: columns.randomElement(using: &random)!)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    locations.addFirst(key, location)
                    if !model.contains(where: { $0.key == key }) { model.append((key, location)) }
                case 1:
                    locations[key] = location
                    if let index = model.firstIndex(where: { $0.key == key }) {
                        model[index].location = location
                    } else {
                        model.append((key, location))
                    }
                default:
                    locations[key] = nil
                    model.removeAll { $0.key == key }
                }
                XCTAssertEqual(locations.map(\.key), model.map(\.key), "round \(round) step \(step)")
                XCTAssertEqual(locations.map(\.value), model.map(\.location), "round \(round) step \(step)")
                // No empty table of wide columns is kept: a wide column replaced by a narrow one
                // left one, which the compiled catalog reads back as none, so that a catalog
                // holding it did not read back as written (CatalogCodecTests, seed 1156050351).
                XCTAssertFalse(
                    CanonicalDump.of(locations).contains("wideColumns: some({})"), "round \(round) step \(step)")
            }
        }
    }

    func testAnEntryTakesEightBytes() {
        XCTAssertLessThanOrEqual(KeyLocations.entryStride, 8)
    }
}
