import Foundation
import XCTest

/// A person's own data, not the demo's: on the catalog built into vitals and a database of
/// one's own, the demo's Ollie and Sanne do not exist (nothing of theirs is due, reported or
/// accepted); with the demo data they do. `vitals init` writes the built-in catalog out to edit;
/// the built-in-catalog notice is said once per compiled catalog and never with `--quiet`.
final class YourDataCLITests: XCTestCase {
    private var directory: URL!
    /// A directory with no catalog in it or above it: the built-in catalog is read.
    private var work: URL { directory.appendingPathComponent("work") }
    private var db: String { directory.appendingPathComponent("health.sqlite").path }
    private var environment: [String: String] {
        [
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
        ]
    }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-yours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    private func vitals(
        _ arguments: [String], stdout: String? = nil, stderr: String? = nil, exitCode: Int32 = 0,
        extra: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> VitalsProcess.Run {
        try assertCommand(
            arguments, environment: environment.merging(extra) { $1 }, in: work,
            replacing: ["$DIR": directory.path], stdout: stdout, stderr: stderr, exitCode: exitCode,
            file: file, line: line)
    }

    func testAFreshInstallHasNothingOfTheDemosDue() throws {
        // A database of one's own, empty again after a first entry was taken back.
        try vitals(["log", "body_mass", "80", "--db", db, "--at", "2026-11-20T08:00+01:00"])
        try vitals(["undo", "--db", db])
        for at in ["2026-11-20T08:00+01:00", "2026-11-20T21:00+01:00"] {
            let run = try vitals(["due", "--db", db, "--at", at], stdout: "", exitCode: 0)
            XCTAssertFalse(run.stderr.contains("Ollie"), run.stderr)
        }
        try vitals(
            ["due", "--db", db, "--format", "json", "--at", "2026-11-20T21:00+01:00"],
            stdout: "{\n  \"at\": \"2026-11-20T21:00:00+01:00\",\n  \"due\": []\n}\n")
        // Someone else's dog is not a subject of this catalog.
        let ollie = try vitals(["log", "body_mass", "12", "--subject", "ollie", "--db", db], exitCode: 1)
        XCTAssertTrue(ollie.stderr.contains("unknown subject 'ollie'"), ollie.stderr)
        // Their screens are not drawn for someone else.
        for screen in ["gezondheid", "pregnancy"] {
            let refused = try vitals(["render", screen, "--db", db], stdout: "", exitCode: 1)
            XCTAssertTrue(
                refused.stderr.contains(
                    "screen is for the subject '\(screen == "pregnancy" ? "sanne" : "ollie")', which no catalog file declares"
                ),
                refused.stderr)
        }
        // One weigh-in: the report of everything covers the screens with data, names the rest once.
        try vitals(["log", "body_mass", "80", "--db", db, "--at", "2026-11-20T08:00+01:00"])
        let report = try vitals(["report", "--all", "--db", db, "--as-of", "2026-11-20"])
        for name in ["Ollie", "Sanne", "Gezondheid", "Pregnancy"] { XCTAssertFalse(report.stdout.contains(name), name) }
        XCTAssertTrue(report.stdout.contains("Body"), "the Body screen has the weigh-in")
        let leftOut = report.stderr.split(separator: "\n").filter { $0.hasPrefix("vitals: left out ") }
        XCTAssertEqual(leftOut.count, 1, report.stderr)
        XCTAssertTrue(leftOut.first?.contains("screens without data in the period: ") == true, report.stderr)
        XCTAssertTrue(leftOut.first?.contains("Protein") == true, report.stderr)
        XCTAssertFalse(leftOut.first?.contains("Body") == true, report.stderr)
    }

    func testTheDemoDataBringsItsOwnSubjects() throws {
        // No database at all (a fresh install): `render` shows the embedded demo data, but the
        // demo is never a reminder; nothing is printed, on either stream, and nothing is due.
        let drawn = try vitals(["render", "gezondheid", "--as-of", "2026-11-20"], stderr: nil)
        XCTAssertTrue(drawn.stdout.contains("Ollie"), drawn.stdout)
        for at in ["2026-11-20T08:00+01:00", "2026-11-20T21:00+01:00"] {
            try vitals(["due", "--at", at], stdout: "", stderr: "", exitCode: 0)
        }
        try vitals(
            ["due", "--format", "json", "--at", "2026-11-20T21:00+01:00"],
            stdout: "{\n  \"at\": \"2026-11-20T21:00:00+01:00\",\n  \"due\": []\n}\n", stderr: "")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/vitals/vitals.sqlite").path),
            "due wrote no database")
        // A database `vitals demo` wrote is the demo's too: its subjects log and sum up.
        let demo = directory.appendingPathComponent("demo.sqlite").path
        try vitals(["demo", "--db", demo, "--as-of", "2026-11-20"], stderr: nil)
        try vitals(["log", "body_mass", "24", "--subject", "ollie", "--db", demo, "--at", "2026-11-20T10:00+01:00"])
        let late = try vitals(["due", "--db", demo, "--at", "2026-11-20T08:00+01:00"], exitCode: 1)
        XCTAssertTrue(late.stdout.hasPrefix("Ollie: Vaccinatie (16 weken): te laat sinds 2026-04-11"), late.stdout)
        let summary = try vitals(["summary", "--subject", "ollie", "--db", demo, "--as-of", "2026-11-20"])
        XCTAssertTrue(summary.stdout.contains("Ollie · 2026-11-14 – 2026-11-20"), summary.stdout)
    }

    func testInitWritesTheBuiltInCatalogToEdit() throws {
        let shippedPaths =
            try ["screens", "metrics", "languages"].flatMap { folder in
                try FileManager.default.contentsOfDirectory(
                    atPath: VitalsProcess.packageRoot.appendingPathComponent(folder).path
                )
                .filter { $0.hasSuffix(".yaml") }.map { folder + "/" + $0 }
            } + ["schemas/vitals.schema.json"]
        try vitals(
            ["init", "mine"],
            stdout: "wrote \(shippedPaths.count) files under mine (screens/, metrics/, languages/, schemas/)\n",
            stderr: "")
        for path in shippedPaths {
            let written = try Data(contentsOf: work.appendingPathComponent("mine/" + path))
            XCTAssertEqual(written, try Data(contentsOf: VitalsProcess.packageRoot.appendingPathComponent(path)), path)
        }
        try vitals(["validate", "--catalog", "mine"], stdout: nil)
        // Commands in it read it, not the built-in one: no notice.
        try vitals(["tree", "--catalog", "mine"], stdout: nil, stderr: "")
        // Nothing is replaced, and nothing is half-written: one file in the way stops it all.
        let subjects = work.appendingPathComponent("mine/screens/subjects.yaml")
        try "subjects: []\n".write(to: subjects, atomically: true, encoding: .utf8)
        let again = try vitals(["init", "mine"], stderr: nil, exitCode: 1)
        XCTAssertTrue(again.stderr.contains("already exists; nothing was written"), again.stderr)
        XCTAssertEqual(try String(contentsOf: subjects, encoding: .utf8), "subjects: []\n")
        let partly = work.appendingPathComponent("partly/metrics")
        try FileManager.default.createDirectory(at: partly, withIntermediateDirectories: true)
        try "# mine\n".write(to: partly.appendingPathComponent("portions.yaml"), atomically: true, encoding: .utf8)
        try vitals(
            ["init", "partly"],
            stderr: """
                vitals: error: metrics/portions.yaml already exists; nothing was written
                  pick another name, or remove the file first

                """, exitCode: 1)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("partly").path), ["metrics"]
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: partly.path), ["portions.yaml"])
        // A link in a directory's place is never followed out of the catalog.
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("linked/screens"), withDestinationURL: elsewhere)
        try vitals(["init", "linked"], stderr: nil, exitCode: 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    }

    func testTheBuiltInCatalogNoticeIsSaidOncePerCompiledCatalog() throws {
        let notice =
            "vitals: no screens/ or metrics/ in $DIR/work or above; using the catalog built into vitals (--catalog DIR reads another)\n"
        try vitals(["tree"], stdout: nil, stderr: notice)
        try vitals(["tree"], stdout: nil, stderr: "")
        // With --quiet never, also when the catalog is compiled anew (another cache).
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <ExportDate value="2026-06-14 21:00:00 +0200"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-06-14 07:10:00 +0200" endDate="2026-06-14 07:10:00 +0200" value="80"/>
            </HealthData>

            """
        let export = directory.appendingPathComponent("export.xml")
        try xml.write(to: export, atomically: true, encoding: .utf8)
        try vitals(
            ["import", "apple-health", export.path, "--db", db, "--quiet"], stdout: nil, stderr: "",
            extra: ["XDG_CACHE_HOME": directory.appendingPathComponent("cache-2").path])
    }

    func testLoggingSaysWhatIsMeant() throws {
        try vitals(["tree"], stdout: nil, stderr: nil)  // the built-in catalog compiled (and announced) first
        try vitals(
            ["log", "sports", "35", "--db", db],
            stderr: """
                vitals: error: unknown series 'sports'
                  did you mean 'exercise_minutes'? The category Sports logs as it: vitals log exercise_minutes VALUE

                """, exitCode: 1)
        try vitals(
            ["log", "drinks", "0.5", "--db", db],
            stderr: """
                vitals: error: unknown series 'drinks'
                  did you mean 'water'? The category Unsweetened drinks logs as it: vitals log water VALUE

                """, exitCode: 1)
        // Stones and pounds as the UK writes a weight: 12 st 4 lb = 172 lb = 78.018 kg.
        let kilograms = (12 * 14 + 4) * 0.45359237
        try vitals(
            ["log", "body_mass", "12", "st", "4", "lb", "--db", db, "--at", "2026-11-20T08:00+01:00"],
            stdout:
                "logged body_mass \(String(format: "%.3f", kilograms)) kg (12 st 4 lb) for me at 2026-11-20T08:00:00+01:00\n"
        )
        let sum = try vitals(["log", "body_mass", "70", "kg", "5", "lb", "--db", db], stderr: nil, exitCode: 2)
        XCTAssertTrue(
            sum.stderr.hasPrefix(
                "Error: '70 kg 5 lb' is more than one value: give one (80 kg), or stones and pounds (12 st 4 lb)\n"),
            sum.stderr)
        // A meal slot by its name, in `log` as in `entries`; portions in the plural.
        let late = try vitals([
            "log", "vegetables", "2", "--meal", "late_night", "--db", db, "--at", "2026-11-20T22:30+01:00",
        ])
        XCTAssertTrue(late.stdout.hasSuffix("(Late Night)\n"), late.stdout)
        try vitals(["log", "vegetables", "1", "--meal", "lunch", "--db", db, "--at", "2026-11-20T12:30+01:00"])
        let entries = try vitals(["entries", "--day", "2026-11-20", "--db", db]).stdout
        XCTAssertTrue(entries.contains("vegetables        2 portions      Late Night"), entries)
        XCTAssertTrue(entries.contains("vegetables        1 portion       Lunch"), entries)
        XCTAssertFalse(entries.contains("late_night"), entries)
    }
}
