import Foundation
import XCTest

/// A puppy's weighings end to end: the dog's plausible range refuses a typo, two
/// weighings and a milestone show up on the Gezondheid screen in Dutch. The catalog declares
/// the dog (Ollie, the demo's, in a database of one's own).
final class PuppyWeightCLITests: XCTestCase {
    private var directory: URL!

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private var db: String { directory.appendingPathComponent("v.sqlite").path }
    private var catalog: String { directory.appendingPathComponent("catalog-with-ollie").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-puppy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try DemoSubjectsCatalog.write(in: directory)
    }

    private func run(_ arguments: [String]) throws -> VitalsProcess.Run {
        try VitalsProcess.run(arguments + ["--catalog", catalog], environment: ["TZ": "Europe/Amsterdam"])
    }

    func testAWeightOutsideTheDogRangeIsRefusedAndNothingIsWritten() throws {
        try assertCommand(
            ["log", "body_mass", "400", "--subject", "ollie", "--db", db, "--catalog", catalog],
            environment: ["TZ": "Europe/Amsterdam"],
            stderr: "vitals: error: 400 kg is outside the plausible range for body_mass of a dog: 0.1–100 kg\n",
            exitCode: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: db))
        // In grams it is a newborn puppy's weight, and accepted.
        let grams = try run([
            "log", "body_mass", "400", "g", "--subject", "ollie", "--at", "2026-01-03T10:00", "--db", db,
        ])
        XCTAssertEqual(grams.status, 0, grams.stderr)
    }

    func testWeighingsAndAMilestoneShowOnTheGezondheidScreen() throws {
        for (kg, at) in [("16.1", "2026-06-06T10:00"), ("16.4", "2026-06-13T10:00")] {
            let log = try run(["log", "body_mass", kg, "--subject", "ollie", "--at", at, "--db", db])
            XCTAssertEqual(log.status, 0, log.stderr)
        }
        let done = try run([
            "milestone", "done", "vaccinatie_16", "--subject", "ollie", "--on", "2026-04-12", "--db", db,
        ])
        XCTAssertEqual(done.status, 0, done.stderr)
        // "gewogen op za 13 jun 2026 · +0,3 kg sinds vorige meting (6 jun)", "Met 25 weken weegt
        // Ollie 16,4 kg: binnen de marge", "1/8 gedaan", "gedaan op 12 apr".
        try assertCommand(
            ["render", "gezondheid", "--as-of", "2026-06-15", "--width", "80", "--db", db, "--catalog", catalog],
            environment: ["TZ": "Europe/Amsterdam"], stdoutGolden: "puppy-weight/gezondheid-80")
    }
}
