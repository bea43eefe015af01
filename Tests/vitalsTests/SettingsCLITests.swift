import Foundation
import XCTest

/// Unit systems, the locale and the settings file, on the real binary: every run gets its
/// own `$XDG_CONFIG_HOME`, never the person's ~/.config.
final class SettingsCLITests: XCTestCase {
    private var root: URL!
    private var configPath: String { root.appendingPathComponent("config/vitals/config.yaml").path }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-settings-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> VitalsProcess.Run {
        let base = [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "VITALS_DB": "", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MEASUREMENT": "",
        ]
        return try VitalsProcess.run(arguments, environment: base.merging(environment) { $1 })
    }

    private func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: (configPath as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    private func line(_ output: String, starting prefix: String) -> String? {
        output.split(separator: "\n").map(String.init).first { $0.hasPrefix(prefix) }
    }

    func testABritishLocaleShowsStonesAndPounds() throws {
        let run = try run(["render", "body", "--as-of", "2026-11-20", "--width", "80"], ["LANG": "en_GB.UTF-8"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(line(run.stdout, starting: "Weight")?.trimmingCharacters(in: .whitespaces), "Weight (lb)")
        XCTAssertEqual(
            line(run.stdout, starting: "latest")?.trimmingCharacters(in: .whitespaces),
            "latest 12 st 6 lb · mean 12 st 7 lb · 7 without data (·)")
        // The same day in kg: 78.9 kg is 173.9 lb, 12 st 5.9 lb.
        let metric = try self.run(["render", "body", "--as-of", "2026-11-20", "--width", "80"])
        XCTAssertEqual(
            line(metric.stdout, starting: "latest")?.trimmingCharacters(in: .whitespaces),
            "latest 78.9 kg · mean 79.2 kg · 7 without data (·)")
    }

    func testUSUnitsShowPoundsAndProteinInGrams() throws {
        let body = try run(["render", "body", "--units", "us", "--as-of", "2026-11-20", "--width", "80"])
        XCTAssertEqual(body.status, 0, body.stderr)
        XCTAssertEqual(
            line(body.stdout, starting: "latest")?.trimmingCharacters(in: .whitespaces),
            "latest 174 lb · mean 175 lb · 7 without data (·)")
        let protein = try run(["render", "protein", "--units", "us", "--as-of", "2026-11-20", "--width", "80"])
        XCTAssertEqual(protein.status, 0, protein.stderr)
        XCTAssertEqual(
            line(protein.stdout, starting: "Target")?.trimmingCharacters(in: .whitespaces),
            "Target ≥ 126 g = 1.6 g/kg × 78.9 kg (weighed 2026-11-20)")
        XCTAssertFalse(protein.stdout.contains(" oz"), protein.stdout)
        // `imperial` is another word for `us`.
        let imperial = try run(["render", "protein", "--units", "imperial", "--as-of", "2026-11-20", "--width", "80"])
        XCTAssertEqual(imperial.stdout, protein.stdout)
    }

    func testConfigListShowsWhereEachValueCameFrom() throws {
        try writeConfig("# mine\nunits: uk\nweigh_in: first\n")
        let data = root.appendingPathComponent("data").path
        let fromFile = try run(["config", "list", "--origin", "--color", "never"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        let dbPath = "\(data)/vitals/vitals.sqlite"
        let column = dbPath.count + 2
        func row(_ key: String, _ value: String, _ origin: String) -> String {
            key.padding(toLength: 12, withPad: " ", startingAt: 0)
                + value.padding(toLength: column, withPad: " ", startingAt: 0) + origin
        }
        XCTAssertEqual(
            fromFile.stdout,
            [
                row("units", "uk", "file (\(configPath):2:8)"),
                row("db", dbPath, "default"),
                row("subject", "me", "default"),
                row("day_cutoff", "(not set)", "default"),
                row("weigh_in", "first", "file (\(configPath):3:11)"),
                row("color", "never", "flag (--color)"),
                row("goal", "(not set)", "default"),
                row("reminders", "(not set)", "default"),
            ].joined(separator: "\n") + "\n")
        let environment = try run(
            ["config", "list", "--origin"], ["VITALS_UNITS": "us", "VITALS_DB": "/tmp/v.sqlite"])
        XCTAssertEqual(
            line(environment.stdout, starting: "units"), "units       us             environment ($VITALS_UNITS)")
        XCTAssertEqual(line(environment.stdout, starting: "db"), "db          /tmp/v.sqlite  environment ($VITALS_DB)")
        try FileManager.default.removeItem(atPath: configPath)
        let locale = try run(["config", "list", "--origin"], ["LANG": "en_GB.UTF-8"])
        XCTAssertEqual(
            line(locale.stdout, starting: "units")?.split(separator: " ", omittingEmptySubsequences: true),
            ["units", "uk", "locale", "(LANG=en_GB.UTF-8)"])
        let plain = try run(["config", "list"])
        XCTAssertEqual(line(plain.stdout, starting: "units"), "units       metric")
        XCTAssertEqual(try run(["config", "get", "weigh_in"]).stdout, "")
        XCTAssertEqual(try run(["config", "get", "units"], ["LANG": "en_US.UTF-8"]).stdout, "us\n")
        XCTAssertEqual(try run(["config", "path"]).stdout, configPath + "\n")
    }

    func testTheFileFeedsUnitsColourAndTheDatabase() throws {
        let db = root.appendingPathComponent("from-file.sqlite").path
        XCTAssertEqual(try run(["demo", "--db", db, "--as-of", "2026-11-20"]).status, 0)
        try writeConfig("units: uk\ncolor: always\ndb: \(db)\n")
        let run = try run(["render", "body", "--as-of", "2026-11-20", "--width", "80"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("12 st 6 lb"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\u{1B}["), "color: always gives escapes")
        // The file the settings name is read (no notice of the demo data).
        XCTAssertEqual(run.stderr, "")
        // A flag beats the file.
        let flags = try self.run([
            "render", "body", "--as-of", "2026-11-20", "--width", "80", "--units", "metric", "--color", "never",
        ])
        XCTAssertTrue(flags.stdout.contains("latest 78.9 kg"), flags.stdout)
        XCTAssertFalse(flags.stdout.contains("\u{1B}["))
    }

    func testABrokenFileIsReportedWithLineAndColumn() throws {
        try writeConfig("units: uk\ncolour: never\n")
        let run = try run(["render", "body", "--as-of", "2026-11-20"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(
            run.stderr,
            """
            vitals: error: \(configPath):2:1: unknown setting 'colour'; did you mean 'color'?
              settings: units, db, subject, day_cutoff, weigh_in, color, goal, reminders

            """)
        try writeConfig("units: uk\nweigh_in: [first\n")
        let syntax = try self.run(["config", "list"])
        XCTAssertEqual(syntax.status, 2)
        XCTAssertTrue(syntax.stderr.hasPrefix("vitals: error: \(configPath):3:1: "), syntax.stderr)
    }

    func testConfigSetValidatesAndKeepsTheRest() throws {
        let refused = try run(["config", "set", "units", "furlongs"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            """
            vitals: error: units must be metric, us or uk (imperial is us), got 'furlongs'
              units: metric, us, uk

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: configPath), "nothing written")
        let typo = try run(["config", "set", "weigh-in", "first"])
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(
            typo.stderr.hasPrefix("vitals: error: unknown setting 'weigh-in'; did you mean 'weigh_in'?"), typo.stderr)

        let set = try run(["config", "set", "units", "UK"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(set.stdout, "units: uk (in \(configPath))\n")
        try writeConfig("# my settings\nunits: uk  # at home\ncolor: never\n")
        XCTAssertEqual(try run(["config", "set", "units", "us"]).status, 0)
        XCTAssertEqual(try run(["config", "set", "day_cutoff", "4:00"]).status, 0)
        XCTAssertEqual(
            try String(contentsOfFile: configPath, encoding: .utf8),
            "# my settings\nunits: us  # at home\ncolor: never\nday_cutoff: \"04:00\"\n")
        XCTAssertEqual(try run(["config", "get", "units"]).stdout, "us\n")
    }
}
