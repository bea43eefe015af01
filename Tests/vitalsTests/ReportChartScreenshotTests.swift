import Foundation
import TestSupport
import VitalsKit
import XCTest

/// Every built-in chart kind's SVG, opened in headless Chromium at a fixed size, compared
/// with a reviewed golden screenshot (Goldens/report-charts/<kind>.png) within a tolerance for
/// anti-aliasing. `VITALS_RECORD_GOLDENS=1` records them (and fails, so a recording is looked
/// at before it is committed).
final class ReportChartScreenshotTests: XCTestCase {
    static let width = 660, height = 300
    static let goldens = VitalsProcess.packageRoot.appendingPathComponent("Tests/vitalsTests/Goldens/report-charts")
    /// Share of pixels allowed to differ clearly (anti-aliasing, font hinting).
    static let tolerance = 0.01

    func testEveryChartKindLooksAsReviewed() throws {
        let directory = try ReportTools.scratch(self)
        let recording = ProcessInfo.processInfo.environment["VITALS_RECORD_GOLDENS"] == "1"
        XCTAssertEqual(
            Set(ChartFixtures.inputs.map(\.kind)), Set(ChartKindFactory.builtInKinds.map { $0.id }),
            "every built-in kind has a screenshot fixture")
        try OptionalTool.require(.chromium)
        try OptionalTool.require(.pillow)
        var recorded: [String] = []
        for (kind, input) in ChartFixtures.inputs {
            let resolved = ChartKindFactory.builtIn.kind(for: kind)
            let svg = try XCTUnwrap(resolved.kind.svg(input, size: ChartSize()), "\(kind) draws SVG")
            let page =
                "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(kind)</title><style>"
                + "body{margin:0;background:#fff;font-family:\"DejaVu Sans\",sans-serif}svg{display:block}</style></head><body>"
                + svg + "</body></html>"
            let png = try ReportTools.screenshot(
                html: page, width: Self.width, height: Self.height, in: directory, name: kind)
            let golden = Self.goldens.appendingPathComponent("\(kind).png")
            if recording || !FileManager.default.fileExists(atPath: golden.path) {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                _ = try? FileManager.default.removeItem(at: golden)
                try FileManager.default.copyItem(at: png, to: golden)
                recorded.append(kind)
                continue
            }
            let result = try ReportTools.check(["compare", golden.path, png.path, "\(Self.tolerance)"])
            XCTAssertEqual(result.status, 0, "\(kind): \(result.stdout)\(result.stderr) (actual: \(png.path))")
        }
        if !recorded.isEmpty {
            XCTFail(
                "recorded \(recorded.joined(separator: ", ")) in \(Self.goldens.path): look at each before committing")
        }
    }
}

/// One fixed input per built-in chart kind.
enum ChartFixtures {
    static func days(_ count: Int, from start: LocalDate, values: (Int) -> Double?) -> [ChartPoint] {
        (0..<count).map { index in
            let date = start.adding(days: index)
            return ChartPoint(label: String(date.description.suffix(5)), date: date, value: values(index))
        }
    }

    static let start = LocalDate(year: 2026, month: 9, day: 1)

    static var inputs: [(kind: String, input: ChartInput)] {
        let wave: (Int) -> Double? = { index in index == 5 ? nil : 100 + Double((index * 37) % 50) }
        var bars = ChartInput(
            title: "Protein per day", unit: "g", color: "#2E9E5B", target: .atLeast(120),
            points: days(14, from: start, values: wave))
        bars.asOf = LocalDate(year: 2026, month: 9, day: 14)
        var line = ChartInput(
            title: "Weight", unit: "kg", color: "#007AFF",
            points: days(28, from: start) { 80 - Double($0) * 0.08 + Double(($0 * 13) % 7) * 0.1 })
        line.rollingMean = line.points.indices.map { index in
            let window = line.points[max(0, index - 6)...index].compactMap(\.value)
            return window.reduce(0, +) / Double(window.count)
        }
        line.rollingLabel = "7-day mean"
        let stacked = ChartInput(
            title: "Protein per meal", unit: "g", color: "#2E9E5B", target: .atLeast(120),
            stacked: StackedSeries(
                categories: ["breakfast", "lunch", "dinner"],
                buckets: (0..<10).map { index in
                    let date = start.adding(days: index)
                    return StackedBucket(
                        label: String(date.description.suffix(5)), date: date,
                        values: index == 3
                            ? nil : ["breakfast": 30 + Double(index), "lunch": 40, "dinner": 45 + Double(index * 2)])
                }))
        let growth = ChartInput(
            title: "Weight", unit: "kg", color: "#FF9500",
            growth: GrowthSeries(
                measured: (8...20).map { GrowthPoint(week: Double($0), value: 2.2 * Double($0) * 0.5 + 1) },
                reference: stride(from: 0, through: 30, by: 2).map { week in
                    let centre = 0.5 + Double(week) * 1.05
                    return ReferencePoint(
                        week: Double(week), lower: centre * 0.85, centre: centre, upper: centre * 1.15)
                }, referenceLabel: "Golden Retriever ±15 %"))
        let sleep = ChartInput(
            title: "Last night", color: "#5856D6",
            sleep: [
                SleepSegment(stage: .core, startMinute: 1380, endMinute: 1440),
                SleepSegment(stage: .deep, startMinute: 1440, endMinute: 1500),
                SleepSegment(stage: .core, startMinute: 1500, endMinute: 1600),
                SleepSegment(stage: .rem, startMinute: 1600, endMinute: 1640),
                SleepSegment(stage: .awake, startMinute: 1640, endMinute: 1650),
                SleepSegment(stage: .core, startMinute: 1650, endMinute: 1800),
                SleepSegment(stage: .rem, startMinute: 1800, endMinute: 1850),
            ])
        var calendar = ChartInput(title: "Goal calendar", color: "#34C759", target: .atLeast(3))
        calendar.calendar = (0..<30).map { index in
            CalendarDay(
                date: start.adding(days: index),
                state: index > 26 ? .noData : index % 3 == 0 ? .offTarget : .onTarget)
        }
        calendar.asOf = LocalDate(year: 2026, month: 9, day: 27)
        var timeline = ChartInput(
            title: "Check-ups", color: "#007AFF",
            milestones: [
                Milestone(
                    name: "First vaccination", due: LocalDate(year: 2026, month: 2, day: 1),
                    done: LocalDate(year: 2026, month: 2, day: 3), status: .done),
                Milestone(
                    name: "Second vaccination", due: LocalDate(year: 2026, month: 3, day: 1),
                    done: LocalDate(year: 2026, month: 3, day: 1), status: .done),
                Milestone(name: "Dental check", due: LocalDate(year: 2026, month: 6, day: 1), status: .overdue),
                Milestone(name: "Booster", due: LocalDate(year: 2026, month: 10, day: 1), status: .next),
                Milestone(name: "Yearly check", due: LocalDate(year: 2027, month: 1, day: 15), status: .future),
            ])
        timeline.asOf = LocalDate(year: 2026, month: 9, day: 14)
        let stat = ChartInput(
            title: "Weight", unit: "kg", color: "#FF9500", target: .range(min: 20, max: 28),
            stat: StatValue(
                value: 24.3, date: LocalDate(year: 2026, month: 9, day: 14), deltaText: "+0.8 kg since 7 Sep"))
        let progress = ChartInput(
            title: "Today", unit: "portion", color: "#34C759",
            progress: [
                ProgressItem(name: "Vegetables", value: 2.5, target: .atLeast(3), color: "#34C759"),
                ProgressItem(name: "Fruit", value: 2, target: .atLeast(2), color: "#FF9500"),
                ProgressItem(name: "Treats", value: nil, target: .atMost(1), color: "#FF2D55"),
            ])
        let horizontal = ChartInput(
            title: "Time per stage", unit: "min", color: "#5856D6",
            points: [
                ChartPoint(label: "Awake", value: 22), ChartPoint(label: "REM", value: 95),
                ChartPoint(label: "Core", value: 230), ChartPoint(label: "Deep", value: 61),
            ])
        let sparkline = ChartInput(
            title: "Steps", unit: "steps", color: "#FF3B30",
            points: days(30, from: start) { 6000 + Double(($0 * 1777) % 5000) })
        // Energy against the next morning's weight: weight rises with energy, so the fit slopes up.
        var scatter = ChartInput(title: "Weight and energy", color: "#3A7BD5")
        scatter.relation = RelationSeries(
            x: RelationSide(name: "Energy", unit: "kcal"),
            y: RelationSide(name: "Body weight", unit: "kg"), lagDays: 1,
            pairs: (0..<24).map { index in
                let energy = 1800 + Double((index * 331) % 900)
                return PairedValue(
                    date: start.adding(days: index), x: energy,
                    y: 78 + (energy - 2200) / 500 + Double((index * 7) % 5 - 2) * 0.2)
            })
        return [
            ("scatter", scatter),
            ("bar_vertical", bars), ("bar_horizontal", horizontal), ("bar_stacked", stacked), ("line", line),
            ("sleep_stages_horizontal", sleep), ("growth_curve", growth), ("timeline", timeline),
            ("calendar_heatmap", calendar), ("stat", stat), ("progress", progress), ("sparkline", sparkline),
        ]
    }
}
