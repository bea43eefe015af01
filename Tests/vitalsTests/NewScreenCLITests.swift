import Foundation
import XCTest

/// `vitals new-screen` in a temporary directory holding the small fixture catalog
/// (Tests/VitalsKitTests/Fixtures/MiniCatalog) and fixture copies of the two package files a
/// module touches: what it writes validates, and it refuses bad names, unknown pillars and
/// overwrites. Nothing here depends on what the shipped catalog holds, so adding a screen to
/// it (as CONTRIBUTING.md shows) keeps these tests green.
final class NewScreenCLITests: XCTestCase {
    private var root: URL!

    static let fixturePackage = """
        // swift-tools-version:6.1
        import PackageDescription

        let screenModules = [
            "ProteinScreen",
            "SleepScreen",
        ]

        """

    static let fixtureModuleList = """
        import ProteinScreen
        import SleepScreen
        import VitalsKit

        public enum BuiltInScreenModules {
            public static let all: [any ScreenModule] = [
                ProteinScreen(),
                SleepScreen(),
            ]
        }

        """

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-new-screen-\(UUID().uuidString)")
        let fm = FileManager.default
        let mini = VitalsProcess.packageRoot.appendingPathComponent("Tests/VitalsKitTests/Fixtures/MiniCatalog")
        try fm.createDirectory(at: root.appendingPathComponent("Sources/VitalsScreens"), withIntermediateDirectories: true)
        for path in ["screens", "metrics"] {
            try fm.copyItem(at: mini.appendingPathComponent(path), to: root.appendingPathComponent(path))
        }
        try Self.fixturePackage.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.fixtureModuleList.write(to: root.appendingPathComponent("Sources/VitalsScreens/BuiltInScreens.swift"),
                                         atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(arguments, environment: ["VITALS_DB": root.appendingPathComponent("none.sqlite").path], in: root)
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testAYAMLOnlyScreenValidatesAndRendersItsEmptyState() throws {
        let made = try run(["new-screen", "Blood Glucose", "--pillar", "core_care", "--chart", "line"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("created screens/blood_glucose.yaml"), made.stdout)
        XCTAssertTrue(made.stdout.contains("created metrics/blood_glucose.yaml"), made.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Screens").path))

        let validated = try run(["validate", "--strict"])
        XCTAssertEqual(validated.status, 0, validated.stdout)
        XCTAssertTrue(validated.stdout.contains("2 screens"), validated.stdout)

        let rendered = try run(["render", "blood_glucose", "--width", "80", "--as-of", "2026-06-15"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(rendered.stdout.contains("No blood glucose logged yet."), rendered.stdout)
        XCTAssertTrue(rendered.stdout.contains("vitals log blood_glucose VALUE"), rendered.stdout)
    }

    func testEveryChartTypeGivesAValidScreen() throws {
        for (index, chart) in ["bar_vertical", "bar_horizontal", "bar_stacked", "line", "sleep_stages_horizontal",
                               "growth_curve", "timeline", "calendar_heatmap", "stat", "progress", "sparkline"].enumerated() {
            let made = try run(["new-screen", "Try \(index)", "--pillar", "core_care", "--chart", chart, "--series", "body_mass"])
            XCTAssertEqual(made.status, 0, "\(chart): \(made.stderr)")
        }
        let validated = try run(["validate", "--strict"])
        XCTAssertEqual(validated.status, 0, validated.stdout)
    }

    func testAModuleIsWrittenAndRegistered() throws {
        let made = try run(["new-screen", "Blood Glucose", "--pillar", "core_care", "--module"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let module = try text("Sources/Screens/BloodGlucoseScreen/BloodGlucoseScreen.swift")
        XCTAssertTrue(module.contains("public struct BloodGlucoseScreen: ScreenModule"))
        XCTAssertTrue(module.contains("static let screenID = \"SCREEN_BLOOD_GLUCOSE\""))
        XCTAssertTrue(try text("Tests/ScreensTests/BloodGlucoseScreenTests.swift").contains("final class BloodGlucoseScreenTests"))
        let package = try text("Package.swift")
        XCTAssertTrue(package.contains("    \"SleepScreen\",\n    \"BloodGlucoseScreen\",\n]"), package)
        let list = try text("Sources/VitalsScreens/BuiltInScreens.swift")
        XCTAssertTrue(list.hasPrefix("import BloodGlucoseScreen\nimport ProteinScreen\n"), list)
        XCTAssertTrue(list.contains("        SleepScreen(),\n        BloodGlucoseScreen(),\n    ]"), list)
    }

    /// The checkout's own Package.swift and module list (whatever modules they hold by now)
    /// have the lists `--module` adds to.
    func testTheCheckoutsPackageFilesTakeAModule() throws {
        for path in ["Package.swift", "Sources/VitalsScreens/BuiltInScreens.swift"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
            try FileManager.default.copyItem(at: VitalsProcess.packageRoot.appendingPathComponent(path),
                                             to: root.appendingPathComponent(path))
        }
        let before = try text("Package.swift")
        let name = try XCTUnwrap((["Blood Glucose"] + (2...9).map { "Blood Glucose \($0)" }).first { name in
            !before.contains("\"\(name.replacingOccurrences(of: " ", with: ""))Screen\"")
        })
        let module = name.replacingOccurrences(of: " ", with: "") + "Screen"
        let made = try run(["new-screen", name, "--pillar", "core_care", "--module"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let package = try text("Package.swift")
        XCTAssertTrue(package.contains("\n    \"\(module)\",\n]"), package)
        let list = try text("Sources/VitalsScreens/BuiltInScreens.swift")
        XCTAssertTrue(list.contains("import \(module)\n"), list)
        XCTAssertTrue(list.contains("        \(module)(),\n    ]"), list)
    }

    func testItRefusesToOverwriteAndWritesNothingOnBadInput() throws {
        XCTAssertEqual(try run(["new-screen", "Magnesium", "--pillar", "core_care"]).status, 0)
        let again = try run(["new-screen", "Magnesium", "--pillar", "core_care"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("SCREEN_MAGNESIUM already exists"), again.stderr)

        let badName = try run(["new-screen", "Zinc!", "--pillar", "core_care"])
        XCTAssertEqual(badName.status, 2)
        XCTAssertTrue(badName.stderr.contains("not a usable screen name"), badName.stderr)

        let badPillar = try run(["new-screen", "Iron", "--pillar", "core_cre"])
        XCTAssertEqual(badPillar.status, 1)  // an unknown id is a refused input (README exit-code table)
        XCTAssertTrue(badPillar.stderr.contains("did you mean core_care?"), badPillar.stderr)

        let badChart = try run(["new-screen", "Iron", "--pillar", "core_care", "--chart", "pie"])
        XCTAssertEqual(badChart.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("screens/iron.yaml").path))

        // A file in the way (here a Swift test file of the same name) stops everything.
        let tests = root.appendingPathComponent("Tests/ScreensTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try "// mine".write(to: tests.appendingPathComponent("ZincScreenTests.swift"), atomically: true, encoding: .utf8)
        let taken = try run(["new-screen", "Zinc", "--pillar", "core_care", "--module"])
        XCTAssertEqual(taken.status, 1)
        XCTAssertTrue(taken.stderr.contains("Tests/ScreensTests/ZincScreenTests.swift already exists; nothing was written"), taken.stderr)
        for path in ["screens/zinc.yaml", "metrics/zinc.yaml", "Sources/Screens/ZincScreen"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), path)
        }
        XCTAssertFalse(try text("Package.swift").contains("ZincScreen"))
    }
}
