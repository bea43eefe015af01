import Foundation
import TestSupport
import XCTest

/// `vitals export catalog` and `vitals validate --app-ids`: the catalog as code an app compiles
/// against, and a check that fails when an id the app uses is gone.
final class CatalogExportCLITests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: VitalsProcess.packageRoot.appendingPathComponent("Tests/Fixtures/LSP/catalog"),
            to: scratch.appendingPathComponent("catalog"))
    }

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        super.tearDown()
    }

    private var catalog: URL { scratch.appendingPathComponent("catalog") }

    /// SCREEN_WATER renamed SCREEN_HYDRATION in the catalog copy, its old id kept in
    /// `former_ids` or not.
    private func renameWater(keepingFormerID: Bool) throws {
        for file in ["screens/nutrition.yaml", "metrics/water.yaml"] {
            let url = catalog.appendingPathComponent(file)
            var text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
                of: "SCREEN_WATER", with: "SCREEN_HYDRATION")
            if keepingFormerID, file.hasPrefix("screens") {
                text = text.replacingOccurrences(
                    of: "  - screen_id: SCREEN_HYDRATION\n",
                    with: "  - screen_id: SCREEN_HYDRATION\n    former_ids: [SCREEN_WATER]\n")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    private func export(_ format: String, to name: String) throws -> URL {
        let file = scratch.appendingPathComponent(name)
        let run = try VitalsProcess.run([
            "export", "catalog", "--format", format, "--catalog", catalog.path, "-o", file.path,
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        return file
    }

    private func typecheck(_ swiftc: String, _ files: [URL]) throws -> (status: Int32, output: String) {
        let log = scratch.appendingPathComponent("swiftc.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck", "-module-name", "App"] + files.map(\.path)
        process.currentDirectoryURL = scratch
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }

    /// An app's router over the screens, and the former id it still names.
    private static func app(_ cases: [String]) -> String {
        """
        func route(_ screen: VitalsCatalog.ScreenID) -> String {
            switch screen {
        \(cases.map { "    case .\($0): return \"\($0)\"" }.joined(separator: "\n"))
            }
        }
        let legacy = VitalsCatalog.ScreenID(catalogID: "SCREEN_ROUGHAGE")
        let chart: VitalsCatalog.ChartKind = .barVertical
        let screenOfMetric = VitalsCatalog.MetricID.waterDaily.screen

        """
    }

    func testTheExportedSwiftCompilesAndARenamedScreenBreaksTheAppsBuild() throws {
        let swiftc = try OptionalTool.require(.swiftc)
        let app = scratch.appendingPathComponent("App.swift")
        try Self.app(["fiber", "water"]).write(to: app, atomically: true, encoding: .utf8)
        let built = try typecheck(swiftc, [try export("swift", to: "Catalog.swift"), app])
        XCTAssertEqual(built.status, 0, built.output)

        // Renamed without its old id: the app's `case .water` no longer compiles.
        try renameWater(keepingFormerID: false)
        let broken = try typecheck(swiftc, [try export("swift", to: "Catalog.swift"), app])
        XCTAssertNotEqual(broken.status, 0, "the app still built:\n\(broken.output)")
        XCTAssertTrue(broken.output.contains("water"), broken.output)

        // The app routes the new id; the old one is a deprecated alias once former_ids keeps it.
        try renameWater(keepingFormerID: true)
        try (Self.app(["fiber", "hydration"]) + "let old = VitalsCatalog.ScreenID.water\n").write(
            to: app, atomically: true, encoding: .utf8)
        let renamed = try typecheck(swiftc, [try export("swift", to: "Catalog.swift"), app])
        XCTAssertEqual(renamed.status, 0, renamed.output)
        XCTAssertTrue(renamed.output.contains("'water' is deprecated"), renamed.output)
    }

    func testValidateWithAppIDsFailsWhenAnIDTheAppUsesIsGone() throws {
        let used = try export("json", to: "app.json")
        let clean = try VitalsProcess.run(["validate", "--catalog", catalog.path, "--app-ids", used.path])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        try renameWater(keepingFormerID: false)
        let gone = try VitalsProcess.run([
            "validate", "--catalog", catalog.path, "--app-ids", used.path, "--format", "json",
        ])
        XCTAssertEqual(gone.status, 1, gone.stdout + gone.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(gone.stdout.utf8)) as? [String: Any])
        let found = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(found.map { $0["rule"] as? String }, ["app-id-gone"])
        XCTAssertEqual(
            found.first?["message"] as? String,
            "the app uses 'SCREEN_WATER', which the catalog no longer has (as a screen id, a former id, a metric, pillar or chart kind); a renamed screen keeps its old id in former_ids"
        )
        let exported = try String(contentsOf: used, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertEqual(
            found.first?["line"] as? Int, (exported.firstIndex { $0.contains("\"SCREEN_WATER\"") } ?? -1) + 1)

        // Kept as a former id: the app's id still finds the screen.
        try renameWater(keepingFormerID: true)
        let kept = try VitalsProcess.run(["validate", "--catalog", catalog.path, "--app-ids", used.path])
        XCTAssertEqual(kept.status, 0, kept.stdout + kept.stderr)

        // A plain list of ids, one a line.
        let list = scratch.appendingPathComponent("ids.txt")
        try "# the router's ids\nSCREEN_FIBER\nSCREEN_GONE   # removed\n".write(
            to: list, atomically: true, encoding: .utf8)
        let listed = try VitalsProcess.run(["validate", "--catalog", catalog.path, "--app-ids", list.path])
        XCTAssertEqual(listed.status, 1)
        XCTAssertTrue(listed.stdout.contains("ids.txt:3:1: error: the app uses 'SCREEN_GONE'"), listed.stdout)
    }

    func testTheJSONExportIsVersionedAndFollowsItsCommittedSchema() throws {
        let schema = try VitalsProcess.run(["export", "catalog", "--format", "schema"])
        let committed = VitalsProcess.packageRoot.appendingPathComponent("schemas/catalog-export.schema.json")
        XCTAssertEqual(
            schema.stdout, try String(contentsOf: committed, encoding: .utf8),
            "schemas/catalog-export.schema.json is stale: vitals export catalog --format schema > it")
        let file = try export("json", to: "catalog.json")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(document["version"] as? Int, 1)
        XCTAssertEqual(
            (document["screens"] as? [[String: Any]])?.map { $0["id"] as? String }, ["SCREEN_FIBER", "SCREEN_WATER"])
        XCTAssertEqual(
            (document["screens"] as? [[String: Any]])?.first?["former_ids"] as? [String], ["SCREEN_ROUGHAGE"])
        XCTAssertEqual(
            (document["metrics"] as? [[String: Any]])?.map { $0["id"] as? String },
            ["FIBER_DAILY", "FIBER_TREND", "WATER_DAILY"])
        // Samples are exported as before; --format belongs to the catalog.
        let refused = try VitalsProcess.run(["export", "csv", "--format", "swift"])
        XCTAssertEqual(refused.status, 2)
        try JSONSchemaChecker.requireValidator()
        // The checker throws XCTSkip without a validator: from the body, never inside an assertion.
        let checked = try JSONSchemaChecker.check(schema: committed, files: [file])
        XCTAssertEqual(checked[file.path]?.valid, true)
    }
}
