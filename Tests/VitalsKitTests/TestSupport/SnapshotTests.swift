import Foundation
import TestSupport
import XCTest

/// The golden-file check itself: it passes only on identical text, fails readably otherwise,
/// and a recording run writes the file and still fails.
final class SnapshotTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testGoldensLiveInTheTargetsGoldensFolder() {
        XCTAssertEqual(
            Snapshot.goldenURL(
                named: "charts/line-40-ascii",
                testFile: "/repo/Tests/VitalsKitTests/Charts/ChartGoldenTests.swift"
            ).path,
            "/repo/Tests/VitalsKitTests/Goldens/charts/line-40-ascii.txt")
        XCTAssertEqual(
            Snapshot.goldenURL(
                named: "protein/demo-80-ascii",
                testFile: "/repo/Tests/ScreensTests/ProteinScreenTests.swift"
            ).path,
            "/repo/Tests/ScreensTests/Goldens/protein/demo-80-ascii.txt")
    }

    func testIdenticalTextMatches() throws {
        let golden = directory.appendingPathComponent("suite/case.txt")
        try FileManager.default.createDirectory(
            at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "a\nb\n".write(to: golden, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Snapshot.check("a\nb\n", golden: golden, recording: false), .matched)
    }

    func testAMissingNewlineAtTheEndIsADifference() throws {
        let golden = directory.appendingPathComponent("case.txt")
        try "a\nb\n".write(to: golden, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try Snapshot.check("a\nb", golden: golden, recording: false),
            .failed(
                """
                \(golden.path) differs (if the change is right, re-record with VITALS_RECORD_GOLDENS=1)
                first difference at line 3 (1 differing lines; 3 lines expected, 2 actual):
                  expected: (empty line)
                  actual:   <no line: 2 lines in all>
                """))
    }

    func testADifferenceNamesTheFirstDifferingLineInBothVersions() throws {
        let golden = directory.appendingPathComponent("case.txt")
        try "# header\nsame\nold  \nend\n".write(to: golden, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            try Snapshot.check("# header\nsame\n\u{1B}[1mnew\u{1B}[0m\nchanged\n", golden: golden, recording: false),
            .failed(
                """
                \(golden.path) differs (if the change is right, re-record with VITALS_RECORD_GOLDENS=1)
                first difference at line 3 (2 differing lines; 5 lines expected, 5 actual):
                  expected: old··
                  actual:   \\e[1mnew\\e[0m
                """))
    }

    func testAMissingGoldenFailsWithItsPathAndHowToRecordIt() throws {
        let golden = directory.appendingPathComponent("suite/missing.txt")
        XCTAssertEqual(
            try Snapshot.check("text\n", golden: golden, recording: false),
            .failed(
                "no golden at \(golden.path); record it with VITALS_RECORD_GOLDENS=1 "
                    + "swift test --filter <this test>, read it, then re-run without"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden.path), "checking wrote a file")
    }

    func testRecordingWritesTheFileAndStillFails() throws {
        let golden = directory.appendingPathComponent("new-suite/case.txt")
        XCTAssertEqual(
            try Snapshot.check("é\n\u{1B}[0m\n", golden: golden, recording: true),
            .failed("recorded \(golden.path); re-run without VITALS_RECORD_GOLDENS to check it"))
        XCTAssertEqual(FileManager.default.contents(atPath: golden.path), Data("é\n\u{1B}[0m\n".utf8))
        XCTAssertEqual(try Snapshot.check("é\n\u{1B}[0m\n", golden: golden, recording: false), .matched)
    }

    func testRecordingOverAnEqualGoldenStillFails() throws {
        let golden = directory.appendingPathComponent("case.txt")
        try "same\n".write(to: golden, atomically: true, encoding: .utf8)
        guard case .failed(let message) = try Snapshot.check("same\n", golden: golden, recording: true) else {
            return XCTFail("a recording run passed")
        }
        XCTAssertEqual(message, "recorded \(golden.path); re-run without VITALS_RECORD_GOLDENS to check it")
    }
}
