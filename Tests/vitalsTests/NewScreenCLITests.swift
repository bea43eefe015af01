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
        try fm.createDirectory(
            at: root.appendingPathComponent("Sources/VitalsScreens"), withIntermediateDirectories: true)
        for path in ["screens", "metrics"] {
            try fm.copyItem(at: mini.appendingPathComponent(path), to: root.appendingPathComponent(path))
        }
        try Self.fixturePackage.write(
            to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.fixtureModuleList.write(
            to: root.appendingPathComponent("Sources/VitalsScreens/BuiltInScreens.swift"),
            atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(
            arguments, environment: ["XDG_DATA_HOME": root.appendingPathComponent("no-data").path], in: root)
    }

    /// `vitals arguments` in the fixture directory, its exit code and whole output asserted
    /// (the directory written `$TMP`).
    @discardableResult
    private func assertRun(
        _ arguments: [String], stdout: String? = "", stdoutGolden: String? = nil, stderr: String? = "",
        exitCode: Int32 = 0, file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        try assertCommand(
            arguments, environment: ["XDG_DATA_HOME": root.appendingPathComponent("no-data").path], in: root,
            replacing: ["$TMP": root.path], stdout: stdout, stdoutGolden: stdoutGolden, stderr: stderr,
            exitCode: exitCode, file: file, line: line)
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// (Not "Blood Glucose": `.ci/run` builds a binary with a module of that name, which would
    /// draw the screen instead of the generic layout.)
    func testAYAMLOnlyScreenValidatesAndRendersItsEmptyState() throws {
        try assertRun(
            ["new-screen", "Ferritin", "--pillar", "core_care", "--chart", "line"],
            stdout: """
                created screens/ferritin.yaml
                created metrics/ferritin.yaml

                SCREEN_FERRITIN is on the core_care pillar; its alias is ferritin.
                Next:
                  vitals log ferritin VALUE        # record a value
                  vitals render ferritin
                  vitals validate

                """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Screens").path))

        try assertRun(["validate", "--strict"], stdout: "7 files, 2 screens, 3 metrics: 0 errors, 0 warnings\n")

        // "No ferritin logged yet." and how to log one.
        try assertRun(
            ["render", "ferritin", "--width", "80", "--as-of", "2026-06-15"],
            stdoutGolden: "new-screen/ferritin-empty-80",
            stderr: """
                vitals: no database at $TMP/no-data/vitals/vitals.sqlite; showing the embedded demo data (vitals demo --db $TMP/no-data/vitals/vitals.sqlite writes it)

                """)
    }

    func testEveryChartTypeGivesAValidScreen() throws {
        for (index, chart) in [
            "bar_vertical", "bar_horizontal", "bar_stacked", "line", "sleep_stages_horizontal",
            "growth_curve", "timeline", "calendar_heatmap", "stat", "progress", "sparkline",
        ].enumerated() {
            let made = try run([
                "new-screen", "Try \(index)", "--pillar", "core_care", "--chart", chart, "--series", "body_mass",
            ])
            XCTAssertEqual(made.status, 0, "\(chart): \(made.stderr)")
        }
        let validated = try run(["validate", "--strict"])
        XCTAssertEqual(validated.status, 0, validated.stdout)
    }

    func testAModuleIsWrittenAndRegistered() throws {
        try assertRun(
            ["new-screen", "Blood Glucose", "--pillar", "core_care", "--module"],
            stdout: """
                created screens/blood_glucose.yaml
                created metrics/blood_glucose.yaml
                created Sources/Screens/BloodGlucoseScreen/BloodGlucoseScreen.swift
                created Tests/ScreensTests/BloodGlucoseScreenTests.swift
                updated Package.swift
                updated Sources/VitalsScreens/BuiltInScreens.swift

                SCREEN_BLOOD_GLUCOSE is on the core_care pillar; its alias is blood_glucose.
                Next:
                  vitals log blood_glucose VALUE        # record a value
                  vitals render blood_glucose
                  swift build && swift test --filter BloodGlucoseScreenTests
                  edit Sources/Screens/BloodGlucoseScreen/BloodGlucoseScreen.swift

                """)
        // The generated Swift is the scaffold's template (in Sources), checked for its names only.
        let module = try text("Sources/Screens/BloodGlucoseScreen/BloodGlucoseScreen.swift")
        XCTAssertTrue(module.contains("public struct BloodGlucoseScreen: ScreenModule"))
        XCTAssertTrue(module.contains("static let screenID = \"SCREEN_BLOOD_GLUCOSE\""))
        XCTAssertTrue(
            try text("Tests/ScreensTests/BloodGlucoseScreenTests.swift").contains("final class BloodGlucoseScreenTests")
        )
        XCTAssertEqual(
            try text("Package.swift"),
            """
            // swift-tools-version:6.1
            import PackageDescription

            let screenModules = [
                "ProteinScreen",
                "SleepScreen",
                "BloodGlucoseScreen",
            ]

            """)
        XCTAssertEqual(
            try text("Sources/VitalsScreens/BuiltInScreens.swift"),
            """
            import BloodGlucoseScreen
            import ProteinScreen
            import SleepScreen
            import VitalsKit

            public enum BuiltInScreenModules {
                public static let all: [any ScreenModule] = [
                    ProteinScreen(),
                    SleepScreen(),
                    BloodGlucoseScreen(),
                ]
            }

            """)
    }

    /// The checkout's own Package.swift and module list (whatever modules they hold by now)
    /// have the lists `--module` adds to.
    func testTheCheckoutsPackageFilesTakeAModule() throws {
        for path in ["Package.swift", "Sources/VitalsScreens/BuiltInScreens.swift"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
            try FileManager.default.copyItem(
                at: VitalsProcess.packageRoot.appendingPathComponent(path),
                to: root.appendingPathComponent(path))
        }
        let before = try text("Package.swift")
        let name = try XCTUnwrap(
            (["Blood Glucose"] + (2...9).map { "Blood Glucose \($0)" }).first { name in
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
        try assertRun(
            ["new-screen", "Magnesium", "--pillar", "core_care"],
            stderr: """
                vitals: error: a screen named SCREEN_MAGNESIUM already exists (screens/magnesium.yaml:3:5)

                """, exitCode: 1)

        try assertRun(
            ["new-screen", "Zinc!", "--pillar", "core_care"],
            stderr: """
                vitals: error: 'Zinc!' is not a usable screen name
                  use 1–40 ASCII letters, digits, spaces or hyphens, starting with a letter (e.g. "Blood Glucose")
                  the name can be changed in the YAML afterwards; it also names files and Swift types

                """, exitCode: 2)

        // An unknown id is a refused input (README exit-code table).
        try assertRun(
            ["new-screen", "Iron", "--pillar", "core_cre"],
            stderr: """
                vitals: error: unknown pillar 'core_cre'
                  did you mean core_care?

                """, exitCode: 1)

        try assertRun(
            ["new-screen", "Iron", "--pillar", "core_care", "--chart", "pie"],
            stderr: """
                vitals: error: unknown chart type 'pie'
                  chart types: bar_vertical, bar_horizontal, bar_stacked, line, sleep_stages_horizontal, growth_curve, \
                timeline, calendar_heatmap, stat, progress, sparkline, scatter

                """, exitCode: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("screens/iron.yaml").path))

        // A file in the way (here a Swift test file of the same name) stops everything.
        let tests = root.appendingPathComponent("Tests/ScreensTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try "// mine".write(
            to: tests.appendingPathComponent("ZincScreenTests.swift"), atomically: true, encoding: .utf8)
        try assertRun(
            ["new-screen", "Zinc", "--pillar", "core_care", "--module"],
            stderr: """
                vitals: error: Tests/ScreensTests/ZincScreenTests.swift already exists; nothing was written
                  pick another name, or remove the file first

                """, exitCode: 1)
        for path in ["screens/zinc.yaml", "metrics/zinc.yaml", "Sources/Screens/ZincScreen"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), path)
        }
        XCTAssertEqual(try text("Package.swift"), Self.fixturePackage)
    }
}
