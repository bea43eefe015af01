import Foundation
import XCTest

@testable import VitalsKit

/// Finding the catalog like git finds its repository, and `validate PATH` reading a file within
/// the catalog it belongs to — on a copy of the small fixture catalog, never the shipped one.
final class CatalogDiscoveryTests: XCTestCase {
    private var base: URL!
    /// A copy of Fixtures/MiniCatalog: screens/ and metrics/.
    private var project: URL!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-discovery-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"), to: project)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    private func directory(_ relative: String) throws -> String {
        let url = base.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func write(_ relative: String, _ text: String) throws {
        try text.write(to: base.appendingPathComponent(relative), atomically: true, encoding: .utf8)
    }

    private func validate(_ paths: [String], catalogRoot: String? = nil, from cwd: String? = nil) throws
        -> CatalogValidation
    {
        try CatalogValidation.run(
            paths: paths, catalogRoot: catalogRoot, validator: Validator(screenModules: .genericOnly),
            workingDirectory: cwd ?? project.path)
    }

    // MARK: discovery

    func testTheNearestCatalogRootFromTheWorkingDirectoryUpIsFound() throws {
        let deep = try directory("project/notes/2026/november")
        XCTAssertEqual(CatalogLocation.discover(from: deep), project.path)
        XCTAssertEqual(CatalogLocation.discover(from: project.path), project.path)
        XCTAssertEqual(CatalogLocation.discover(from: project.appendingPathComponent("metrics").path), project.path)
        XCTAssertEqual(
            try CatalogLocation.resolve(root: nil, allowBuiltIn: false, workingDirectory: deep),
            .directory(root: project.path))
        // A nested catalog wins over the one above it.
        let inner = try directory("project/notes/inner/metrics")
        XCTAssertEqual(CatalogLocation.discover(from: inner), base.appendingPathComponent("project/notes/inner").path)
    }

    /// `metrics/` or `screens/` as a symbolic link to a directory inside the catalog is read
    /// like a directory (it was read as empty: "0 metrics" and false findings, or none at all).
    func testACatalogDirectoryThatIsASymbolicLinkInsideTheCatalogIsRead() throws {
        let fm = FileManager.default
        _ = try directory("project/shared")
        try fm.moveItem(
            at: project.appendingPathComponent("metrics"), to: project.appendingPathComponent("shared/metrics"))
        try fm.createSymbolicLink(
            atPath: project.appendingPathComponent("metrics").path, withDestinationPath: "shared/metrics")
        let files = try CatalogLoader.files(under: CatalogLocation.paths(root: project.path))
        XCTAssertEqual(
            files.map { ($0 as NSString).lastPathComponent },
            ["core_care.yaml", "pillars.yaml", "subjects.yaml", "series.yaml", "steps.yaml"])
        XCTAssertTrue(files.contains(project.appendingPathComponent("metrics/steps.yaml").path), "\(files)")

        let clean = try validate([])
        XCTAssertEqual(clean.diagnostics, [], "\(clean.diagnostics)")
        XCTAssertEqual(clean.summary.metrics, 2)

        try write(
            "project/shared/metrics/steps.yaml",
            try String(
                contentsOfFile: base.appendingPathComponent("project/shared/metrics/steps.yaml").path, encoding: .utf8
            )
            .replacingOccurrences(of: "chart_type_id: line", with: "chart_type_id: lines"))
        let broken = try validate([])
        XCTAssertEqual(broken.diagnostics.map(\.rule), ["unknown-chart-type"], "\(broken.diagnostics)")
        let named = try validate([project.appendingPathComponent("metrics/steps.yaml").path])
        XCTAssertEqual(named.diagnostics.map(\.rule), ["unknown-chart-type"], "\(named.diagnostics)")
    }

    /// `metrics -> ../shared/metrics` leaves the catalog: its files are listed but refused
    /// unread, each with a finding that names the link, and none of their text is quoted.
    func testACatalogDirectoryLinkLeavingTheCatalogIsRefused() throws {
        let fm = FileManager.default
        _ = try directory("shared")
        try fm.moveItem(
            at: project.appendingPathComponent("metrics"), to: base.appendingPathComponent("shared/metrics"))
        try fm.createSymbolicLink(
            atPath: project.appendingPathComponent("metrics").path, withDestinationPath: "../shared/metrics")
        let files = try CatalogLoader.files(under: CatalogLocation.paths(root: project.path))
        XCTAssertEqual(files.count, 5)
        let loaded = try CatalogLoader.load(paths: CatalogLocation.paths(root: project.path))
        let refused = loaded.diagnostics.filter { $0.message.contains("reached through a link outside the catalog") }
        XCTAssertEqual(
            refused.map { ($0.location.file as NSString).lastPathComponent }.sorted(),
            ["series.yaml", "steps.yaml"], "\(loaded.diagnostics)")
        XCTAssertTrue(refused.allSatisfy { $0.location.file.contains("metrics/") }, "\(refused)")
        XCTAssertFalse(loaded.sources.keys.contains { $0.contains("metrics/") }, "\(loaded.sources.keys)")
        XCTAssertTrue(loaded.catalog.metrics.isEmpty)
    }

    func testAMetricsDirectoryAloneMakesACatalogRootAndOnlyItIsRead() throws {
        let root = try directory("only-metrics")
        XCTAssertFalse(CatalogLocation.isCatalogRoot(root))
        _ = try directory("only-metrics/metrics")
        XCTAssertTrue(CatalogLocation.isCatalogRoot(root))
        XCTAssertFalse(CatalogLocation.hasCatalog(root), "new-screen needs screens/")
        XCTAssertEqual(CatalogLocation.paths(root: root), [root + "/metrics"])
        XCTAssertEqual(
            CatalogLocation.paths(root: project.path), [project.path + "/screens", project.path + "/metrics"])
    }

    func testWithoutACatalogValidateExits2AndSaysWhereItLooked() throws {
        let empty = try directory("elsewhere/deeper")
        XCTAssertNil(CatalogLocation.discover(from: empty), "a directory above \(empty) has screens/ or metrics/")
        XCTAssertThrowsError(try validate([], from: empty)) { error in
            let error = error as? CatalogLocationError
            XCTAssertEqual(error?.kind, .cannotRun)
            XCTAssertTrue(error?.message.contains("no catalog found") ?? false, "\(String(describing: error))")
            XCTAssertTrue(
                error?.message.contains(empty) ?? false, "names where it looked: \(String(describing: error))")
            XCTAssertTrue(error?.message.contains("or any directory above it") ?? false)
        }
        // Reading commands may use the built-in catalog, and learn where it was looked for.
        XCTAssertEqual(
            try CatalogLocation.resolve(root: nil, allowBuiltIn: true, workingDirectory: empty),
            .builtIn(searched: empty))
        XCTAssertTrue(CatalogLocation.builtInNotice(searched: empty).contains("using the catalog built into vitals"))
    }

    func testANamedCatalogMustExistAndHoldACatalog() throws {
        let missing = base.appendingPathComponent("nope").path
        XCTAssertThrowsError(try CatalogLocation.resolve(root: missing, allowBuiltIn: true)) { error in
            XCTAssertEqual((error as? CatalogLocationError)?.kind, .cannotRun)
            XCTAssertTrue((error as? CatalogLocationError)?.message.contains("no such directory") ?? false)
        }
        let plain = try directory("plain")
        XCTAssertThrowsError(try CatalogLocation.resolve(root: plain, allowBuiltIn: true)) { error in
            XCTAssertEqual((error as? CatalogLocationError)?.kind, .cannotRun)
            XCTAssertTrue((error as? CatalogLocationError)?.message.contains("has no screens/ or metrics/") ?? false)
        }
        // A file (a YAML file given where the catalog directory belongs) is named as such.
        let file = project.appendingPathComponent("metrics/steps.yaml").path
        XCTAssertThrowsError(try CatalogLocation.resolve(root: file, allowBuiltIn: false)) { error in
            XCTAssertEqual((error as? CatalogLocationError)?.kind, .cannotRun)
            XCTAssertEqual((error as? CatalogLocationError)?.message, "--catalog \(file) is a file, not a directory")
        }
        XCTAssertEqual(
            try CatalogLocation.resolve(root: project.path, allowBuiltIn: false), .directory(root: project.path))
    }

    // MARK: validate PATH

    func testAFileIsValidatedWithinItsCatalogAndItsCountsAreItsOwn() throws {
        let file = project.appendingPathComponent("metrics/steps.yaml").path
        // Alone, its references to the screen and the series do not resolve …
        let alone = Validator(screenModules: .genericOnly).validate(try CatalogLoader.load(paths: [file]))
        XCTAssertTrue(alone.contains { $0.rule == "unknown-reference" }, "\(alone)")
        // … within its catalog they do, from anywhere.
        for cwd in [project.path, try directory("elsewhere")] {
            let result = try validate([file], from: cwd)
            XCTAssertEqual(result.diagnostics, [], "\(result.diagnostics)")
            XCTAssertEqual(result.summary.files, 1)
            XCTAssertEqual(result.summary.metrics, 2)
            XCTAssertEqual(result.summary.screens, 0)
        }
    }

    func testOnlyTheNamedFilesDiagnosticsAreReported() throws {
        try write(
            "project/screens/core_care.yaml",
            """
            screens:
              - screen_id: SCREEN_STEPS
                name: Steps
                pillar: core_cair
                order: 1
                is_active: true
            """)
        try write(
            "project/metrics/steps.yaml",
            """
            metrics:
              - display_metric_id: STEPS_DAILY
                display_screen_id: SCREEN_STEPS
                display_name: Steps per day
                chart_type_id: bar_vertical
                is_primary: true
                order: 1
                series: stepz
                aggregate: sum
                bucket: day
                range: 14d
            """)
        let metrics = project.appendingPathComponent("metrics/steps.yaml").path
        let screens = project.appendingPathComponent("screens/core_care.yaml").path
        let whole = try validate([])
        XCTAssertEqual(Set(whole.diagnostics.map(\.location.file)).count, 2, "\(whole.diagnostics)")

        let one = try validate([metrics])
        XCTAssertFalse(one.diagnostics.isEmpty)
        // Named relative to the catalog root (the files are outside the working directory).
        XCTAssertTrue(one.diagnostics.allSatisfy { $0.location.file == "metrics/steps.yaml" }, "\(one.diagnostics)")
        XCTAssertTrue(one.diagnostics.contains { $0.message.contains("stepz") })
        XCTAssertEqual(one.summary.errors, one.diagnostics.filter { $0.severity == .error }.count)

        let other = try validate([screens])
        XCTAssertTrue(
            other.diagnostics.allSatisfy { $0.location.file == "screens/core_care.yaml" }, "\(other.diagnostics)")
        XCTAssertTrue(other.diagnostics.contains { $0.message.contains("core_cair") })

        // Naming the catalog root (or both files) is the whole catalog.
        XCTAssertEqual(try validate([project.path]).diagnostics, whole.diagnostics)
        XCTAssertEqual(Set(try validate([metrics, screens]).diagnostics), Set(whole.diagnostics))
    }

    func testAFileOutsideEveryCatalogIsCheckedAloneAndWithCatalogWithinThatOne() throws {
        let loose = try directory("loose") + "/extra.yaml"
        try """
        metrics:
          - display_metric_id: STEPS_WEEKLY
            display_screen_id: SCREEN_STEPS
            display_name: Steps per week
            chart_type_id: bar_vertical
            parent_metric_id: STEPS_DAILY
            order: 3
            series: steps
            aggregate: sum
            bucket: week
            range: 12w
        """.write(toFile: loose, atomically: true, encoding: .utf8)
        let alone = try validate([loose])
        XCTAssertTrue(alone.diagnostics.contains { $0.rule == "unknown-reference" }, "\(alone.diagnostics)")
        let within = try validate([loose], catalogRoot: project.path)
        XCTAssertEqual(within.diagnostics, [], "\(within.diagnostics)")
        XCTAssertEqual(within.summary.metrics, 1)
    }

    func testAMissingPathExits2() throws {
        XCTAssertThrowsError(try validate([base.appendingPathComponent("nope.yaml").path])) { error in
            XCTAssertEqual((error as? CatalogLocationError)?.kind, .cannotRun)
        }
    }
}
