import VitalsKit
import XCTest

/// Goldens of screens drawn by the generic module: a bar screen, a line screen with children,
/// a timeline with a stat, a progress child, and an empty state, at 80 columns in every profile.
final class GenericScreenGoldenTests: XCTestCase {
    typealias F = ScreenFixtures

    static let screens = ["steps", "body", "screenings", "hydration", "mindfulness"]

    func testGenericScreensMatchTheirGoldens() throws {
        for alias in Self.screens {
            for (name, profile) in F.profiles(width: 80) {
                let request = ScreenRequest(asOf: F.asOf, showChildren: true)
                let lines = try F.lines(alias, profile: profile, request: request)
                F.assertGolden(
                    "generic/\(alias)-80-\(name)",
                    header: "screen=\(alias) width=80 profile=\(name) as-of=\(F.asOf) data=demo children=true",
                    lines: lines)
            }
        }
    }

    func testTheEmptyStateMatchesItsGolden() throws {
        for (name, profile) in F.profiles(width: 80) {
            let lines = try F.lines("steps", store: F.emptyStore, profile: profile)
            F.assertGolden(
                "generic/steps-empty-80-\(name)",
                header: "screen=steps width=80 profile=\(name) as-of=\(F.asOf) data=none",
                lines: lines)
        }
    }

    func testNarrowAndWideWidthsMatchTheirGoldens() throws {
        for width in [40, 120] {
            let lines = try F.lines("steps", profile: F.profile("unicode", width: width))
            F.assertGolden(
                "generic/steps-\(width)-unicode",
                header: "screen=steps width=\(width) profile=unicode as-of=\(F.asOf) data=demo",
                lines: lines)
        }
    }
}
