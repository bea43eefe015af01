import Foundation
import VitalsKit
import XCTest

/// `vitals goal` on an imported export: set in pounds, shown with the trend in every unit
/// system, on the Body screen, cleared; a pregnant subject and a non-weight are refused.
final class GoalCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-goal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // 1–28 May: 80.0 kg falling 0.05 kg a day, every morning but Sundays.
        var records = ""
        for day in 1...28 where day % 7 != 3 {
            let date = "2026-05-\(day < 10 ? "0" : "")\(day)"
            records += """
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="\(date) 07:05:00 +0200" endDate="\(date) 07:05:00 +0200" value="\(String(format: "%.2f", 80 - Double(day - 1) * 0.05))"/>

                """
        }
        let imported = try VitalsProcess.importExport(records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func testSetShowRenderAndClear() throws {
        let config = directory.appendingPathComponent("config/vitals/config.yaml").path
        try assertCommand(
            ["goal", "set", "167", "lb", "--by", "2026-08-01"], environment: environment,
            replacing: ["$CONFIG": config], stdout: "goal: 75.75 kg by 2026-08-01 (in $CONFIG)\n")
        // The trend lags the weigh-ins (it moves a tenth of the way each day), so it is above the
        // last weigh-in while the weight falls. Checked with numpy on the same weigh-ins: trend
        // 79.125, slope of the last 14 days −0.2936 kg a week, 80.4 days to 75.75 kg.
        try assertCommand(
            ["goal", "--db", db, "--as-of", "2026-05-28"], environment: environment,
            stdout: """
                Goal 75.8 kg by 2026-08-01
                Trend 79.1 kg (last weigh-in 78.7 kg on 2026-05-28)
                Rate -0.29 kg a week over the last 14 days
                At this rate: 75.8 kg around 2026-08-17 (in 11 weeks), after 2026-08-01; -0.36 kg a week would make it

                """)
        let uk = try assertCommand(
            ["goal", "--db", db, "--as-of", "2026-05-28", "--units", "uk"], environment: environment, stdout: nil)
        XCTAssertTrue(uk.stdout.hasPrefix("Goal 11 st 13 lb by 2026-08-01\nTrend 12 st "), uk.stdout)
        let us = try assertCommand(
            ["goal", "--db", db, "--as-of", "2026-05-28", "--units", "us"], environment: environment, stdout: nil)
        XCTAssertTrue(us.stdout.hasPrefix("Goal 167.0 lb by 2026-08-01\nTrend 17"), us.stdout)
        let body = try assertCommand(
            ["render", "body", "--db", db, "--as-of", "2026-05-28", "--width", "80"],
            environment: environment, stdout: nil)
        XCTAssertTrue(body.stdout.contains("\nGoal 75.8 kg by 2026-08-01 "), body.stdout)
        XCTAssertTrue(body.stdout.contains("\nAt this rate: 75.8 kg around 2026-"), body.stdout)
        try assertCommand(
            ["goal", "clear"], environment: environment, replacing: ["$CONFIG": config],
            stdout: "goal cleared (in $CONFIG)\n")
        let cleared = try assertCommand(
            ["goal", "--db", db, "--as-of", "2026-05-28"], environment: environment, stdout: nil)
        XCTAssertTrue(cleared.stdout.hasPrefix("No goal set"), cleared.stdout)
        let plain = try assertCommand(
            ["render", "body", "--db", db, "--as-of", "2026-05-28"], environment: environment, stdout: nil)
        XCTAssertFalse(plain.stdout.contains("Goal "), plain.stdout)
    }

    func testRefusals() throws {
        try assertCommand(
            ["goal", "set", "12", "cats"], environment: environment,
            stderr: """
                vitals: error: '12 cats' is not a weight
                  write it like 72kg, 158.5 lb or 11st 4lb (a bare number is in your units)

                """, exitCode: 2)
        try assertCommand(
            ["goal", "set", "72kg", "--subject", "sanne"], environment: environment,
            stderr: """
                vitals: error: Sanne is pregnant: the Pregnancy screen's IOM weight-gain band guides her weight instead of a goal
                  vitals render pregnancy shows the band

                """, exitCode: 1)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("config/vitals/config.yaml").path))
    }

    /// Goals are per subject, checked against a range for the subject's kind; a weight is one
    /// weight (stones and pounds combine, nothing else adds up); an unknown subject exits as
    /// `summary` does; "at your goal" says the rule's own tolerance.
    func testGoalsPerSubject() throws {
        let config = directory.appendingPathComponent("config/vitals/config.yaml").path
        // The built-in catalog written out, with a dog of one's own declared.
        let catalog = directory.appendingPathComponent("catalog").path
        try assertCommand(["init", catalog], environment: environment, stdout: nil)
        let subjects = directory.appendingPathComponent("catalog/screens/subjects.yaml")
        try
            (try String(contentsOf: subjects, encoding: .utf8) + "\n  - subject_id: rex\n    name: Rex\n    kind: dog\n")
            .write(to: subjects, atomically: true, encoding: .utf8)
        @discardableResult
        func goal(
            _ arguments: [String], stdout: String? = nil, stderr: String? = "", exitCode: Int32 = 0,
            line: UInt = #line
        ) throws -> VitalsProcess.Run {
            try assertCommand(
                ["goal"] + arguments + ["--catalog", catalog], environment: environment,
                replacing: ["$CONFIG": config], stdout: stdout, stderr: stderr, exitCode: exitCode, line: line)
        }
        try goal(["set", "79kg"], stdout: "goal: 79 kg (in $CONFIG)\n")
        try goal(["set", "35kg", "--subject", "rex"], stdout: "goal for rex: 35 kg (in $CONFIG)\n")
        try assertCommand(["config", "get", "goal"], environment: environment, stdout: "me 79 kg; rex 35 kg\n")
        // Mine is still mine: trend 79.125 kg (see above) is within the rule's 0.25 kg of 79 kg.
        let mine = try goal(["--db", db, "--as-of", "2026-05-28"])
        XCTAssertTrue(mine.stdout.hasPrefix("Goal 79.0 kg\n"), mine.stdout)
        XCTAssertTrue(
            mine.stdout.contains("At your goal: the trend is within \(GoalProgress.reachedWithin) kg of it"),
            mine.stdout)
        // A dog's goal is a dog's: 3 kg is fine for Rex, not for me.
        try goal(["set", "3kg", "--subject", "rex"], stdout: "goal for rex: 3 kg (in $CONFIG)\n")
        try goal(
            ["set", "3kg"],
            stderr: """
                vitals: error: a goal of 3kg (3.0 kg) is outside 30–250 kg
                  write it like 72kg, 158.5 lb or 11st 4lb (a bare number is in your units)

                """, exitCode: 1)
        try goal(["set", "200kg", "--subject", "rex"], stderr: nil, exitCode: 1)
        // One weight, never a sum of two.
        for typed in [["75kg75kg"], ["70kg", "5lb"]] {
            try goal(
                ["set"] + typed,
                stderr: """
                    vitals: error: '\(typed.joined(separator: " "))' is more than one weight; give one (75 kg), or stones and pounds (11 st 4 lb)
                      write it like 72kg, 158.5 lb or 11st 4lb (a bare number is in your units)

                    """, exitCode: 2)
        }
        try goal(["set", "11", "st", "4", "lb"], stdout: "goal: 71.67 kg (in $CONFIG)\n")
        try assertCommand(["config", "get", "goal"], environment: environment, stdout: "me 71.67 kg; rex 3 kg\n")
        try assertCommand(
            ["goal", "clear", "--subject", "rex"], environment: environment, replacing: ["$CONFIG": config],
            stdout: "goal cleared (in $CONFIG)\n")
        try assertCommand(["config", "get", "goal"], environment: environment, stdout: "71.67 kg\n")
        // An unknown subject: the exit code `summary` gives it.
        let summary = try assertCommand(
            ["summary", "--subject", "nobody", "--catalog", catalog, "--db", db],
            environment: environment, stderr: nil, exitCode: 1)
        let shown = try goal(["--subject", "nobody", "--db", db], stderr: nil, exitCode: summary.status)
        XCTAssertTrue(shown.stderr.contains("unknown subject 'nobody'"), shown.stderr)
    }
}
