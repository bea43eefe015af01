import Foundation
import TestSupport
import XCTest

@testable import VitalsKit

/// Golden files for every chart kind × width × profile:
/// `Goldens/charts/<kind>-<width>-<profile>.txt` (the kind id with hyphens).
final class ChartGoldenTests: XCTestCase {
    func testEveryKindMatchesItsGoldens() throws {
        for kind in ChartKindFactory.builtInKinds {
            for width in ChartFixtures.widths {
                for (name, profile) in ChartFixtures.profiles(width: width) {
                    let lines = kind.init().render(ChartFixtures.input(for: kind.id), profile: profile)
                    let header = "# kind=\(kind.id) width=\(width) profile=\(name) as-of=\(ChartFixtures.asOf)"
                    let text = ([header] + lines).joined(separator: "\n") + "\n"
                    let kindName = kind.id.replacingOccurrences(of: "_", with: "-")
                    let profileName = name.replacingOccurrences(of: "+", with: "-")
                    assertSnapshot(text, named: "charts/\(kindName)-\(width)-\(profileName)")
                }
            }
        }
    }

    func testEveryGoldenRowHasTheSameDisplayWidth() {
        for kind in ChartKindFactory.builtInKinds {
            for width in ChartFixtures.widths {
                for (name, profile) in ChartFixtures.profiles(width: width) {
                    let lines = kind.init().render(ChartFixtures.input(for: kind.id), profile: profile)
                    XCTAssertFalse(lines.isEmpty, "\(kind.id) \(name) \(width)")
                    for line in lines {
                        XCTAssertEqual(
                            DisplayWidth.of(ChartFixtures.stripANSI(line)), width,
                            "\(kind.id) \(name) \(width): \(line)")
                    }
                    if !profile.usesColor {
                        XCTAssertFalse(lines.joined().contains("\u{1B}"), "\(kind.id) \(name) has escapes")
                    }
                }
            }
        }
    }
}
