import Foundation
import XCTest

/// Issue #27 item 16: a person's Apple Health workouts reach the Cardio, Strength, HIIT and
/// Mobility screens. The fixture export holds twenty weeks of sessions (the screens show the
/// last twelve): runs with a `duration` shorter than their span (a pause), strength sessions
/// timed in hours, interval sessions with no `duration` at all (their span counts), yoga, and
/// golf, which no screen counts.
final class ImportWorkoutsCLITests: XCTestCase {
    private var directory: URL!
    private var db: String { directory.appendingPathComponent("health.sqlite").path }
    /// Minutes per (series, Monday of the week), summed naively from the fixture's sessions.
    private var expected: [String: [String: Double]] = [:]

    /// One session: its activity, local day, start, span and the `duration` it declares.
    private struct Session {
        var activity: String
        var day: Date
        var hour: Int
        var spanMinutes: Int
        var duration: String?  // `duration="…" durationUnit="…"`, nil: none
        var minutes: Double  // what the screen should count
        var series: String?
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(secondsFromGMT: 7200)!
        return calendar
    }()

    private static func text(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-workouts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let asOf = Self.calendar.date(from: DateComponents(year: 2026, month: 6, day: 14))!
        var sessions: [Session] = []
        for daysBack in stride(from: 0, to: 140, by: 1) {
            let day = Self.calendar.date(byAdding: .day, value: -daysBack, to: asOf)!
            let weekday = Self.calendar.component(.weekday, from: day)  // 1 Sunday … 7 Saturday
            let minutes = 20 + daysBack % 17
            switch weekday {
            case 2, 5:  // run: paused 4 minutes, so its duration is shorter than its span
                sessions.append(
                    Session(
                        activity: "Running", day: day, hour: 7, spanMinutes: minutes + 4,
                        duration: #"duration="\#(minutes)" durationUnit="min""#,
                        minutes: Double(minutes), series: "cardio"))
            case 3:  // strength, its duration in hours
                sessions.append(
                    Session(
                        activity: "TraditionalStrengthTraining", day: day, hour: 18, spanMinutes: 45,
                        duration: #"duration="0.75" durationUnit="hr""#, minutes: 45, series: "strength"))
            case 6:  // intervals without a duration: the span counts
                sessions.append(
                    Session(
                        activity: "HighIntensityIntervalTraining", day: day, hour: 12,
                        spanMinutes: minutes, duration: nil, minutes: Double(minutes), series: "hiit"))
            case 7:  // golf: kept, counted by no screen
                sessions.append(
                    Session(
                        activity: "Golf", day: day, hour: 9, spanMinutes: 240, duration: nil,
                        minutes: 240, series: nil))
            case 1:
                sessions.append(
                    Session(
                        activity: "Yoga", day: day, hour: 8, spanMinutes: 30,
                        duration: #"duration="30" durationUnit="min""#, minutes: 30, series: "mobility"))
            default: break
            }
        }
        var body = ""
        for session in sessions {
            let start = Self.calendar.date(byAdding: .hour, value: session.hour, to: session.day)!
            let end = start.addingTimeInterval(Double(session.spanMinutes) * 60)
            let format = "yyyy-MM-dd HH:mm:ss Z"
            body +=
                #" <Workout workoutActivityType="HKWorkoutActivityType\#(session.activity)" \#(session.duration ?? "") "#
                + #"totalEnergyBurned="250" totalEnergyBurnedUnit="kcal" sourceName="Watch" "#
                + #"startDate="\#(Self.text(start, format))" endDate="\#(Self.text(end, format))"/>"# + "\n"
            guard let series = session.series else { continue }
            let weekday = Self.calendar.component(.weekday, from: session.day)
            let monday = Self.calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: session.day)!
            expected[series, default: [:]][Self.text(monday, "yyyy-MM-dd"), default: 0] += session.minutes
        }
        let imported = try VitalsProcess.importExport(body, in: directory, db: db)
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// The weekly chart of `screen`: each week's minutes, by the week's first date.
    private func weeklyMinutes(_ screen: String) throws -> [String: Double] {
        let run = try VitalsProcess.run(["render", screen, "--db", db, "--as-of", "2026-06-14", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let blocks = try XCTUnwrap((root["screens"] as? [[String: Any]])?.first?["blocks"] as? [[String: Any]])
        let chart = try XCTUnwrap(blocks.first { $0["kind"] as? String == "chart" }?["data"] as? [String: Any])
        XCTAssertEqual(chart["unit"] as? String, "min")
        let points = try XCTUnwrap(chart["points"] as? [[String: Any]])
        XCTAssertEqual(points.count, 12, "twelve weeks")
        var weeks: [String: Double] = [:]
        for point in points {
            weeks[try XCTUnwrap(point["date"] as? String)] = point["value"] as? Double ?? 0
        }
        return weeks
    }

    private func assertWeeks(_ screen: String, series: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let shown = try weeklyMinutes(screen)
        let naive = expected[series, default: [:]].filter { shown.keys.contains($0.key) }
        XCTAssertEqual(naive.count, 12, "every shown week has sessions", file: file, line: line)
        XCTAssertEqual(shown, naive, file: file, line: line)
    }

    func testCardioShowsRunsByTheirDurationNotTheirSpan() throws {
        try assertWeeks("cardio", series: "cardio")
    }

    func testStrengthShowsSessionsTimedInHoursAsMinutes() throws {
        try assertWeeks("strength", series: "strength")
    }

    func testHIITCountsTheSpanOfASessionWithoutDuration() throws {
        try assertWeeks("hiit", series: "hiit")
    }

    func testTheImportSummaryNamesEachActivityAndItsSeries() throws {
        let again = try VitalsProcess.run([
            "import", "apple-health", directory.appendingPathComponent("export.xml").path,
            "--db", db,
        ])
        XCTAssertEqual(again.status, 0, again.stderr)
        let lines = again.stdout.split(separator: "\n").map(String.init)
        func row(_ type: String) -> [String]? {
            lines.first { $0.hasPrefix(type + " ") }.map { $0.split(separator: " ").map(String.init) }
        }
        // Re-imported: every session already present, under its activity and series.
        XCTAssertEqual(row("HKWorkoutActivityTypeRunning")?.last, "cardio")
        XCTAssertEqual(row("HKWorkoutActivityTypeTraditionalStrengthTraining")?.last, "strength")
        XCTAssertEqual(row("HKWorkoutActivityTypeHighIntensityIntervalTraining")?.last, "hiit")
        XCTAssertEqual(row("HKWorkoutActivityTypeYoga")?.last, "mobility")
        XCTAssertEqual(row("HKWorkoutTypeIdentifier")?.last, "HKWorkoutTypeIdentifier", "golf stays raw")
        XCTAssertEqual(row("HKWorkoutActivityTypeRunning")?[1], "0", "nothing new on a re-import")
    }
}
