import Foundation
import XCTest

/// `vitals due` driven across one day and across a milestone's due date, on a fixture catalog
/// (a person with a portion day and a budget, a puppy with one vaccination) and a database
/// whose weigh-ins come from an imported Apple Health export. Each step logs what a person would
/// and asks again: the output, and the exit code (0 nothing due, 1 something due).
final class DueCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }
    private var catalog: String { directory.appendingPathComponent("catalog").path }
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path] }

    /// The puppy is born on 2026-01-05; "vaccinatie_8" is due in her 8th week, on 2026-03-02.
    static let files: [String: String] = [
        "screens/pillars.yaml": """
        pillars:
          - pillar_id: care
            name: Care
            order: 1
        """,
        "screens/subjects.yaml": """
        subjects:
          - subject_id: me
            name: Me
            kind: human
          - subject_id: pup
            name: Pip
            kind: dog
            breed: Golden Retriever
            sex: female
            birth_date: "2026-01-05"
        """,
        "screens/care.yaml": """
        screens:
          - screen_id: SCREEN_BODY
            name: Body
            pillar: care
            order: 1
          - screen_id: SCREEN_GEZONDHEID
            name: Gezondheid
            pillar: care
            order: 2
            subject: pup
            language: nl
            config:
              reference:
                breed: Golden Retriever
                sex: female
                tolerance_percent: 15
                points:
                  - {week: 0, kg: 1.3}
                  - {week: 12, kg: 8.0}
              milestones:
                - id: vaccinatie_8
                  name: Vaccinatie (8 weken)
                  due_week: 8
        """,
        "metrics/series.yaml": """
        series:
          - series_id: body_mass
            kind: quantity
            unit: kg
            min: 0.1
            max: 400
          - series_id: vegetables
            kind: quantity
            unit: portion
            min: 0
            max: 12
          - series_id: treats
            kind: quantity
            unit: portion
            min: 0
            max: 12
        """,
        "metrics/metrics.yaml": """
        metrics:
          - display_metric_id: BODY_WEIGHT
            display_screen_id: SCREEN_BODY
            display_name: Weight
            chart_type_id: line
            is_primary: true
            series: body_mass
            aggregate: last
            bucket: day
            range: 30d
          - display_metric_id: PUP_WEIGHT
            display_screen_id: SCREEN_GEZONDHEID
            display_name: Gewicht
            chart_type_id: stat
            is_primary: true
            series: body_mass
            aggregate: last
            bucket: none
            range: all
          - display_metric_id: PUP_MILESTONES
            display_screen_id: SCREEN_GEZONDHEID
            display_name: Mijlpalen
            chart_type_id: timeline
            parent_metric_id: PUP_WEIGHT
            role: milestones
        """,
        "metrics/portions.yaml": """
        categories:
          - category_id: vegetables
            name: Vegetables
            unit: portion
            target: {rule: at_least, value: 3}
          - category_id: treats
            name: Treats
            unit: portion
            target: {rule: at_most, value: 1}
        budgets:
          - budget_id: treats_week
            name: Treats this week
            series: treats
            amount: 2
            period: week
            week_starts: monday
        """,
    ]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-due-\(UUID().uuidString)")
        for (path, text) in Self.files {
            let file = directory.appendingPathComponent("catalog/" + path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        // Weigh-ins every morning from 10 to 19 February 2026, none on the 20th.
        var records = ""
        for day in 10...19 {
            records += """
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-02-\(day) 07:10:00 +0100" endDate="2026-02-\(day) 07:10:00 +0100" value="\(80 - Double(day) / 10)"/>

                """
        }
        let imported = try VitalsProcess.importExport(records, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// `vitals due --at TIME` in the fixture's catalog and database; returns stdout.
    @discardableResult
    private func due(_ at: String, _ extra: [String] = [], stdout: String? = nil, exitCode: Int32) throws -> String {
        try assertCommand(
            ["due", "--at", at, "--db", db, "--catalog", catalog] + extra, environment: environment,
            stdout: stdout, exitCode: exitCode
        ).stdout
    }

    private func log(_ arguments: [String]) throws {
        try assertCommand(
            ["log"] + arguments + ["--db", db, "--catalog", catalog], environment: environment,
            stdout: nil)
    }

    func testADayFromMorningToEvening() throws {
        // 08:00: the weigh-in hour (10:00) has not come, the targets' (18:00) neither.
        try due("2026-02-20T08:00+01:00", stdout: "", exitCode: 0)
        // 10:30 without a weigh-in today: the imported ones stop on the 19th.
        try due("2026-02-20T10:30+01:00", stdout: "Me: no weigh-in today (last on 2026-02-19)\n", exitCode: 1)
        try log(["body_mass", "77.9", "--at", "2026-02-20T10:40+01:00"])
        try due("2026-02-20T10:45+01:00", stdout: "", exitCode: 0)
        // Evening: vegetables open with what would meet them; treats over a daily limit are not
        // "due" (nothing eaten later helps), but they spend the week's budget.
        try log(["vegetables", "1.5", "--at", "2026-02-20T12:30+01:00"])
        try log(["treats", "2", "--at", "2026-02-20T15:00+01:00"])
        try due(
            "2026-02-20T17:59+01:00", stdout: "Me: Treats this week: spent for the period (through 2026-02-22)\n",
            exitCode: 1)
        try due(
            "2026-02-20T19:00+01:00",
            stdout: """
                Me: Vegetables: 1.5 portions so far, 1.5 portions more meets the target
                Me: Treats this week: spent for the period (through 2026-02-22)

                """, exitCode: 1)
        try log(["vegetables", "1.5", "--at", "2026-02-20T19:30+01:00"])
        try due(
            "2026-02-20T20:00+01:00", stdout: "Me: Treats this week: spent for the period (through 2026-02-22)\n",
            exitCode: 1)
        // A new week (Monday) has its budget back; before 10:00 no weigh-in is due yet; the
        // puppy's vaccination comes within the 7 days milestones are announced.
        try due(
            "2026-02-23T09:00+01:00", stdout: "Pip: Vaccinatie (8 weken): op 2026-03-02 (over 7 dagen)\n", exitCode: 1)
        // The settings file turns reminders off and moves their hours.
        try assertCommand(
            ["config", "set", "reminders", "weigh_in 09:00, targets off, milestones off"],
            environment: environment, stdout: nil)
        try due("2026-02-23T09:00+01:00", stdout: "Me: no weigh-in today (last on 2026-02-20)\n", exitCode: 1)
        try due(
            "2026-02-20T19:00+01:00", stdout: "Me: Treats this week: spent for the period (through 2026-02-22)\n",
            exitCode: 1)
    }

    func testAMilestoneFromSoonToOverdueToDone() throws {
        try assertCommand(
            ["config", "set", "reminders", "weigh_in off, targets off, milestones 7d"],
            environment: environment, stdout: nil)
        try due("2026-02-22T12:00+01:00", stdout: "", exitCode: 0)  // 8 days before
        try due(
            "2026-02-23T12:00+01:00", stdout: "Pip: Vaccinatie (8 weken): op 2026-03-02 (over 7 dagen)\n", exitCode: 1)
        try due(
            "2026-03-01T12:00+01:00", stdout: "Pip: Vaccinatie (8 weken): op 2026-03-02 (over 1 dag)\n", exitCode: 1)
        try due("2026-03-02T00:05+01:00", stdout: "Pip: Vaccinatie (8 weken): vandaag\n", exitCode: 1)
        try due(
            "2026-03-04T12:00+01:00", stdout: "Pip: Vaccinatie (8 weken): te laat sinds 2026-03-02 (2 dagen)\n",
            exitCode: 1)
        let json = try due("2026-03-04T12:00+01:00", ["--format", "json"], exitCode: 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["at"] as? String, "2026-03-04T12:00:00+01:00")
        let items = try XCTUnwrap(object["due"] as? [[String: String]])
        XCTAssertEqual(
            items,
            [
                [
                    "kind": "milestone", "state": "overdue", "subject": "Pip",
                    "text": "Vaccinatie (8 weken): te laat sinds 2026-03-02 (2 dagen)",
                ]
            ])
        try assertCommand(
            [
                "milestone", "done", "vaccinatie_8", "--subject", "pup", "--on", "2026-03-03",
                "--db", db, "--catalog", catalog,
            ], environment: environment, stdout: nil)
        try due("2026-03-04T12:00+01:00", stdout: "", exitCode: 0)
        try due(
            "2026-03-04T12:00+01:00", ["--format", "json"],
            stdout: "{\n  \"at\": \"2026-03-04T12:00:00+01:00\",\n  \"due\": []\n}\n", exitCode: 0)
    }

    /// `--at T` counts what was logged by T only: the targets' "so far" is the sum of the
    /// entries timed at or before T (recomputed here from the list logged), and a weigh-in later
    /// that day does not stand in for one missing at T.
    func testAtCountsOnlyWhatWasLoggedByThen() throws {
        let logged: [(at: String, portions: Double)] = [
            ("2026-02-20T08:15+01:00", 0.5), ("2026-02-20T12:30+01:00", 1),
            ("2026-02-20T20:10+01:00", 1), ("2026-02-20T23:50+01:00", 0.25),
        ]
        for entry in logged { try log(["vegetables", String(entry.portions), "--at", entry.at]) }
        try log(["body_mass", "77.9", "--at", "2026-02-20T19:30+01:00"])
        try assertCommand(
            ["config", "set", "reminders", "weigh_in 10:00, targets 18:00, milestones off"],
            environment: environment, stdout: nil)
        for (at, minutes) in [
            ("2026-02-20T18:30+01:00", 18 * 60 + 30), ("2026-02-20T21:00+01:00", 21 * 60),
            ("2026-02-20T23:55+01:00", 23 * 60 + 55),
        ] {
            let soFar = logged.filter { entry in
                let clock = entry.at.dropFirst(11).prefix(5).split(separator: ":").compactMap { Int($0) }
                return clock[0] * 60 + clock[1] <= minutes
            }.map(\.portions).reduce(0, +)
            func amount(_ value: Double) -> String {
                let text = value == value.rounded() ? String(Int(value)) : String(value)
                return text + (value == 1 ? " portion" : " portions")
            }
            let weighIn = minutes < 19 * 60 + 30 ? "Me: no weigh-in today (last on 2026-02-19)\n" : ""
            let open =
                soFar >= 3
                ? "" : "Me: Vegetables: \(amount(soFar)) so far, \(amount(3 - soFar)) more meets the target\n"
            try due(at, stdout: weighIn + open, exitCode: weighIn.isEmpty && open.isEmpty ? 0 : 1)
        }
    }

    /// Refused values exit 1 as `log` does, say why, and print nothing on standard output; a
    /// `--at` that does not read is a usage error (2), not the 1 of something due.
    func testRefusals() throws {
        for at in ["half past", "25:61", "12:60"] {
            try assertCommand(
                ["due", "--at", at, "--db", db, "--catalog", catalog], environment: environment,
                stderr: """
                    vitals: error: --at: cannot read the time '\(at)'
                      use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][±HH:MM], HH:MM, yesterday [HH:MM] or now

                    """, exitCode: 2)
        }
        let unknown = try assertCommand(
            ["due", "--subject", "nobody", "--db", db, "--catalog", catalog],
            environment: environment, stderr: nil, exitCode: 1)
        XCTAssertTrue(unknown.stderr.contains("'nobody'"), unknown.stderr)
        try assertCommand(
            ["config", "set", "reminders", "weigh_in soon"], environment: environment,
            stderr: """
                vitals: error: reminders must be reminders such as 'weigh_in 10:00, targets 18:00, milestones 7d' (each may be off), got 'weigh_in soon'

                """, exitCode: 1)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("config/vitals/config.yaml").path))
        try assertCommand(
            ["due", "--format", "yaml", "--db", db, "--catalog", catalog], environment: environment,
            stderr: nil, exitCode: 2)
    }
}
