import Foundation
import XCTest
@testable import VitalsKit

/// Golden files for every chart kind × profile × width; `VITALS_RECORD_GOLDENS=1` re-records.
final class ChartGoldenTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Goldens")

    func testEveryKindMatchesItsGoldens() throws {
        let record = ProcessInfo.processInfo.environment["VITALS_RECORD_GOLDENS"] == "1"
        var mismatches: [String] = []
        for kind in ChartKindFactory.builtIn {
            for width in ChartFixtures.widths {
                for (name, profile) in ChartFixtures.profiles(width: width) {
                    let lines = kind.init().render(ChartFixtures.input(for: kind.id), profile: profile)
                    let header = "# kind=\(kind.id) width=\(width) profile=\(name) as-of=\(ChartFixtures.asOf)"
                    let text = ([header] + lines).joined(separator: "\n") + "\n"
                    let file = Self.goldenDirectory.appendingPathComponent(kind.id)
                        .appendingPathComponent("\(width)-\(name.replacingOccurrences(of: "+", with: "-")).txt")
                    if record {
                        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                                withIntermediateDirectories: true)
                        try text.write(to: file, atomically: true, encoding: .utf8)
                        continue
                    }
                    let expected = try? String(contentsOf: file, encoding: .utf8)
                    if expected != text {
                        mismatches.append("\(file.path)\n--- expected\n\(expected ?? "<missing>")--- actual\n\(text)")
                    }
                }
            }
        }
        XCTAssert(mismatches.isEmpty, "goldens differ (re-record with VITALS_RECORD_GOLDENS=1):\n"
                  + mismatches.prefix(3).joined(separator: "\n"))
    }

    func testEveryGoldenRowHasTheSameDisplayWidth() {
        for kind in ChartKindFactory.builtIn {
            for width in ChartFixtures.widths {
                for (name, profile) in ChartFixtures.profiles(width: width) {
                    let lines = kind.init().render(ChartFixtures.input(for: kind.id), profile: profile)
                    XCTAssertFalse(lines.isEmpty, "\(kind.id) \(name) \(width)")
                    for line in lines {
                        XCTAssertEqual(DisplayWidth.of(ChartFixtures.stripANSI(line)), width,
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
