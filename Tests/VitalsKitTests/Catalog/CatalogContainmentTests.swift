import Foundation
import XCTest

@testable import VitalsKit

/// A catalog file that is a link leaving the catalog (or reached through one) is refused
/// unread with one finding naming it, and no reporter quotes a line of what it points to;
/// a link that stays inside the catalog is read.
final class CatalogContainmentTests: XCTestCase {
    private var base: URL!
    private var project: URL!
    private let secret = "AWS_SECRET_ACCESS_KEY=containment-\(UUID().uuidString)"

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-containment-\(UUID().uuidString)")
        project = base.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("MiniCatalog"), to: project)
        // YAML that would be read (and its line quoted under a finding) if the link were followed.
        try "pillars: [{pillar_id: leaked, name: \"\(secret)\", colour: x}]\n"
            .write(to: base.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    private func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent(relative).path, withDestinationPath: target)
    }

    private func load() throws -> LoadedCatalog {
        try CatalogLoader.load(paths: CatalogLocation.paths(root: project.path), keepingTexts: false)
    }

    /// Every reporter's output for `loaded`'s findings, with the lines they quote.
    private func reports(_ loaded: LoadedCatalog) -> String {
        let diagnostics = Validator(screenModules: .genericOnly).validate(loaded)
        let summary = ValidationSummary(loaded, diagnostics)
        let sources = loaded.quotedSources(for: diagnostics.flatMap { [$0.location] + $0.related })
        return Extensions.sdk.outputFormats.diagnostics.map {
            $0.report(diagnostics, summary: summary, sources: sources)
        }.joined(separator: "\n")
    }

    func testALinkToAFileOutsideTheCatalogIsRefusedUnreadAndNeverQuoted() throws {
        try link("metrics/dotenv.yaml", to: "../../secret.yaml")
        let loaded = try load()
        let refusals = loaded.diagnostics.filter { $0.message.contains("links outside the catalog") }
        XCTAssertEqual(refusals.count, 1, "\(loaded.diagnostics)")
        XCTAssertEqual(refusals.first?.location.file.hasSuffix("metrics/dotenv.yaml"), true, "\(refusals)")
        XCTAssertEqual(refusals.first?.rule, RuleID.fileFormat)
        XCTAssertTrue(loaded.catalog.pillars.allSatisfy { $0.id != "leaked" })
        XCTAssertTrue(loaded.sources.values.allSatisfy { !$0.contains(secret) })
        let printed = reports(loaded)
        XCTAssertFalse(printed.contains(secret), printed)
        XCTAssertTrue(printed.contains("dotenv.yaml"), printed)
    }

    func testALinkToProcIsRefusedWithoutReadingIt() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/environ") else { throw XCTSkip("no /proc") }
        try link("metrics/environ.yaml", to: "/proc/self/environ")
        let loaded = try load()
        let refusals = loaded.diagnostics.filter { $0.location.file.hasSuffix("environ.yaml") }
        XCTAssertEqual(
            refusals.map(\.message), ["the file links outside the catalog (to /proc/self/environ); it is not read"])
        let printed = reports(loaded)
        // A variable every process environment here has, which /proc/self/environ would hold.
        let path = try XCTUnwrap(ProcessInfo.processInfo.environment["PATH"])
        XCTAssertFalse(printed.contains("PATH=" + path), printed)
    }

    func testALinkInsideTheCatalogIsRead() throws {
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("metrics/kept"), withIntermediateDirectories: true)
        try "pillars: [{pillar_id: linked, name: Linked}]\n"
            .write(to: project.appendingPathComponent("metrics/kept/real.yml"), atomically: true, encoding: .utf8)
        try link("metrics/alias.yaml", to: "kept/real.yml")
        try link("screens/across.yaml", to: "../metrics/kept/real.yml")
        let loaded = try load()
        XCTAssertFalse(
            loaded.diagnostics.contains { $0.message.contains("outside the catalog") }, "\(loaded.diagnostics)")
        // Declared three times: the file, and each link to it.
        XCTAssertEqual(loaded.declarations.filter { $0.kind == .pillar && $0.id == "linked" }.count, 3)
    }

    func testALinkToNothingAndAFIFOAreRefusedWithoutWaiting() throws {
        try link("metrics/dangling.yaml", to: "nowhere.yaml")
        XCTAssertEqual(mkfifo(project.appendingPathComponent("metrics/pipe.yaml").path, 0o600), 0)
        let started = Date()
        let loaded = try load()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        let messages = Dictionary(
            uniqueKeysWithValues: loaded.diagnostics.filter { $0.rule == RuleID.fileFormat }
                .map { (($0.location.file as NSString).lastPathComponent, $0.message) })
        XCTAssertEqual(messages["dangling.yaml"], "the file is a link to nothing (nowhere.yaml); it is not read")
        XCTAssertEqual(messages["pipe.yaml"], "cannot read the file: it is a FIFO (named pipe), not a regular file")
    }

    func testAFileReadAgainForQuotingIsCheckedAgain() throws {
        // Read once (no finding of its own, so its text is not kept), then swapped for a link.
        let file = project.appendingPathComponent("metrics/steps.yaml")
        let loaded = try load()
        XCTAssertNil(loaded.sources.keys.first { $0.hasSuffix("metrics/steps.yaml") })
        let shown = try XCTUnwrap(loaded.unkeptSources.keys.first { $0.hasSuffix("metrics/steps.yaml") })
        try FileManager.default.removeItem(at: file)
        try link("metrics/steps.yaml", to: "../../secret.yaml")
        let quoted = loaded.quotedSources(for: [SourceLocation(file: shown, line: 1, column: 1)])
        XCTAssertNil(quoted[shown])
    }

    func testABigFileIsRefusedAtTheLimitWhateverItsSizeSays() throws {
        let big = project.appendingPathComponent("metrics/big.yaml")
        try Data(repeating: 0x23, count: CatalogLoader.maximumFileSize + 1).write(to: big)
        let loaded = try load()
        XCTAssertTrue(
            loaded.diagnostics.contains {
                $0.location.file.hasSuffix("big.yaml") && $0.message.contains("limited to 4 MB")
            },
            "\(loaded.diagnostics)")
        // Exactly at the limit is read (a comment only: "file is empty").
        try Data(repeating: 0x23, count: CatalogLoader.maximumFileSize).write(to: big)
        let atLimit = try load()
        XCTAssertTrue(
            atLimit.diagnostics.contains {
                $0.location.file.hasSuffix("big.yaml") && $0.message.hasPrefix("file is empty")
            },
            "\(atLimit.diagnostics)")
    }
}
