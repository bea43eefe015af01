import Foundation
import XCTest

/// `export -o`, `report -o` and `diff --summary` write a regular file whole, write a device
/// or a FIFO someone reads in place, refuse what they cannot write into, and never rename
/// over what is not a regular file; `-` is standard output.
final class OutputPathCLITests: XCTestCase {
    private func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_mode & S_IFMT)]
    }

    private func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func testDashIsStandardOutput() throws {
        let scratch = FaultProcess.scratch(self, "output-dash")
        let db = scratch.appendingPathComponent("d.sqlite").path
        XCTAssertEqual(try VitalsProcess.run(["demo", "--db", db]).status, 0)
        let viaDash = try VitalsProcess.run(["export", "csv", "--db", db, "-o", "-"], in: scratch)
        let plain = try VitalsProcess.run(["export", "csv", "--db", db], in: scratch)
        XCTAssertEqual(viaDash.status, 0, viaDash.stderr)
        XCTAssertGreaterThan(viaDash.stdout.count, 1000)
        XCTAssertEqual(viaDash.stdout, plain.stdout)
        XCTAssertEqual(try entries(scratch), ["d.sqlite"], "no file named -")

        let report = try VitalsProcess.run(["report", "protein", "--as-of", "2026-11-20", "-o", "-"], in: scratch)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(
            report.stdout.hasPrefix("<!DOCTYPE html>") || report.stdout.hasPrefix("<!doctype html>"),
            String(report.stdout.prefix(200)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("-").path))
    }

    func testAFIFONobodyReadsIsRefusedAndDevNullIsWrittenInPlace() throws {
        let scratch = FaultProcess.scratch(self, "output-fifo")
        let db = scratch.appendingPathComponent("d.sqlite").path
        XCTAssertEqual(try VitalsProcess.run(["demo", "--db", db]).status, 0)
        let fifo = scratch.appendingPathComponent("out.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let before = try XCTUnwrap(identity(fifo))
        let started = Date()
        let refused = try VitalsProcess.run(["export", "csv", "--db", db, "-o", fifo], in: scratch)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("no process is reading it; nothing was written"), refused.stderr)
        XCTAssertEqual(identity(fifo), before, "the FIFO is still the FIFO it was")
        XCTAssertEqual(try entries(scratch), ["d.sqlite", "out.csv"])

        let null = try XCTUnwrap(identity("/dev/null"))
        let export = try VitalsProcess.run(["export", "json", "--db", db, "-o", "/dev/null"], in: scratch)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(identity("/dev/null"), null)
    }

    func testDiffSummaryToDevNullAndToAFIFOSomeoneReads() throws {
        let scratch = FaultProcess.scratch(self, "output-summary")
        let old = scratch.appendingPathComponent("old")
        let new = scratch.appendingPathComponent("new")
        try CatalogFixture.write(to: old)
        try CatalogFixture.write(to: new, replacing: ["metrics/steps.yaml": DiffCLITests.raisedTarget])
        let null = try XCTUnwrap(identity("/dev/null"))
        let toNull = try VitalsProcess.run(
            [
                "diff", "--against", old.path, "--format", "github", "--summary", "/dev/null",
                "--as-of", DiffCLITests.asOf,
            ], in: new)
        XCTAssertEqual(toNull.status, 0, toNull.stderr)
        XCTAssertEqual(identity("/dev/null"), null)
        XCTAssertFalse(toNull.stdout.contains("## vitals diff"), "the summary went to /dev/null, not stdout")

        let toStdout = try VitalsProcess.run(
            [
                "diff", "--against", old.path, "--format", "github", "--summary", "-",
                "--as-of", DiffCLITests.asOf,
            ], in: new)
        XCTAssertEqual(toStdout.status, 0, toStdout.stderr)
        XCTAssertTrue(toStdout.stdout.contains("## vitals diff"), toStdout.stdout)

        // A FIFO with a reader: the summary arrives through it, and it stays a FIFO.
        let fifo = scratch.appendingPathComponent("summary.md").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let before = try XCTUnwrap(identity(fifo))
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        // The pipe holds 64 KiB; the fixture's summary is smaller.
        let toFIFO = try VitalsProcess.run(
            [
                "diff", "--against", old.path, "--format", "github", "--summary", fifo,
                "--as-of", DiffCLITests.asOf,
            ], in: new)
        XCTAssertEqual(toFIFO.status, 0, toFIFO.stderr)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &buffer, buffer.count)
        XCTAssertTrue(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix("## vitals diff"))
        XCTAssertEqual(identity(fifo), before)
    }
}
