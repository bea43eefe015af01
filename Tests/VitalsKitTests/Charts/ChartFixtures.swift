@testable import VitalsKit

/// Hand-made inputs for every chart kind, as of a fixed date, for goldens and checks.
enum ChartFixtures {
    static let asOf = LocalDate(year: 2024, month: 3, day: 14)

    /// Fourteen days of protein with one day missing, target at least 120 g.
    static let protein: [ChartPoint] = {
        let values: [Double?] = [96, 132, 118, 141, nil, 125, 88, 150, 127, 119, 133, 104, 138, 122]
        return values.enumerated().map { index, value in
            let date = LocalDate(year: 2024, month: 3, day: index + 1)
            return ChartPoint(label: String(date.description.suffix(5)), date: date, value: value)
        }
    }()

    /// A fixture's date written as `YYYY-MM-DD`; the text is a constant of this file, so a
    /// typo shows as 1970-01-01 in the goldens.
    static func day(_ text: String) -> LocalDate { LocalDate(iso: text) ?? LocalDate(dayNumber: 0) }

    static func input(for kind: String) -> ChartInput {
        switch kind {
        case BarVerticalChart.id, BarHorizontalChart.id, SparklineChart.id:
            return ChartInput(
                title: "Protein", unit: "g", color: "#2E9E5B",
                target: .atLeast(120), asOf: asOf, points: protein)
        case LineChart.id:
            let weights: [Double?] = [
                82.4, 82.1, 82.6, nil, 81.9, 81.7, 82.0, 81.5, 81.2, 81.6,
                81.0, nil, 80.8, 80.9,
            ]
            var points: [ChartPoint] = []
            for (index, value) in weights.enumerated() {
                points.append(ChartPoint(label: protein[index].label, date: protein[index].date, value: value))
            }
            let rolling = weights.indices.map { index -> Double? in
                let window = weights[max(0, index - 6)...index].compactMap { $0 }
                return window.count >= 3 ? window.reduce(0, +) / Double(window.count) : nil
            }
            return ChartInput(
                title: "⚖️ Weight", unit: "kg", color: "#3A7BD5",
                target: .range(min: 78, max: 82), asOf: asOf, points: points,
                rollingMean: rolling, rollingLabel: "7-day mean")
        case BarStackedChart.id:
            let slots = ["Breakfast", "Lunch", "Dinner", "Snack"]
            let rows: [[String: Double]?] = [
                ["Breakfast": 25, "Lunch": 35, "Dinner": 40, "Snack": 10],
                ["Breakfast": 30, "Lunch": 42, "Dinner": 48, "Snack": 12],
                nil,
                ["Breakfast": 20, "Lunch": 30, "Dinner": 55],
                ["Breakfast": 32, "Lunch": 38, "Dinner": 45, "Snack": 18],
                ["Lunch": 45, "Dinner": 50, "Snack": 8],
                ["Breakfast": 28, "Lunch": 40, "Dinner": 52, "Snack": 6],
            ]
            let buckets = rows.enumerated().map { index, values in
                StackedBucket(label: protein[index + 7].label, date: protein[index + 7].date, values: values)
            }
            return ChartInput(
                title: "Protein per meal", unit: "g", color: "#2E9E5B",
                target: .atLeast(120), asOf: asOf,
                stacked: StackedSeries(categories: slots, buckets: buckets))
        case SleepStagesChart.id:
            let plan: [(SleepStage, String, String)] = [
                (.awake, "23:10", "23:25"), (.core, "23:25", "00:10"), (.deep, "00:10", "01:05"),
                (.core, "01:05", "01:50"), (.rem, "01:50", "02:20"), (.awake, "02:20", "02:26"),
                (.core, "02:26", "03:30"), (.deep, "03:30", "04:05"), (.core, "04:05", "04:50"),
                (.rem, "04:50", "05:35"), (.core, "05:35", "06:15"), (.rem, "06:15", "06:35"),
                (.awake, "06:35", "06:45"),
            ]
            return ChartInput(
                title: "Sleep stages", unit: "h", color: nil, target: .atLeast(7),
                asOf: asOf, sleep: plan.compactMap { SleepSegment(stage: $0.0, start: $0.1, end: $0.2) })
        case GrowthCurveChart.id:
            let centre: [(Double, Double)] = [
                (8, 6), (12, 10), (16, 14), (20, 17.5), (26, 21.5),
                (32, 24), (40, 26.5), (52, 28.5),
            ]
            let reference = centre.map {
                ReferencePoint(week: $0.0, lower: $0.1 * 0.85, centre: $0.1, upper: $0.1 * 1.15)
            }
            let measured = [
                GrowthPoint(week: 8.5, value: 6.4), GrowthPoint(week: 10, value: 8.1),
                GrowthPoint(week: 12.5, value: 10.9), GrowthPoint(week: 15, value: 13.6),
                GrowthPoint(week: 18, value: 16.2), GrowthPoint(week: 21, value: 19.0),
            ]
            return ChartInput(
                title: "Gewicht Ollie", unit: "kg", color: "#D98E04", asOf: asOf,
                growth: GrowthSeries(
                    measured: measured, reference: reference,
                    referenceLabel: "Golden Retriever ♀ ±15 %"))
        case TimelineChart.id:
            return ChartInput(
                title: "Gezondheidsmijlpalen", color: "#2E9E5B", asOf: asOf,
                milestones: [
                    Milestone(
                        name: "Vaccinatie cocktail 1", due: day("2023-12-20"), done: day("2023-12-21"), status: .done),
                    Milestone(
                        name: "Vaccinatie cocktail 2", due: day("2024-01-17"), done: day("2024-01-17"), status: .done),
                    Milestone(name: "Ontworming", due: day("2024-03-01"), status: .overdue),
                    Milestone(name: "Rabiës vaccinatie", due: day("2024-03-28"), status: .next),
                    Milestone(name: "Chip registratie controle", due: day("2024-06-15"), status: .future),
                ])
        case CalendarHeatmapChart.id:
            var days: [CalendarDay] = []
            let start = day("2024-01-08")
            for offset in 0..<67 {
                let date = start.adding(days: offset)
                let state: DayState = offset % 11 == 4 ? .noData : (offset * 7) % 5 == 1 ? .offTarget : .onTarget
                days.append(CalendarDay(date: date, state: state))
            }
            return ChartInput(
                title: "Vegetables on target", unit: "portion", color: "#2E9E5B",
                target: .atLeast(3), asOf: asOf, calendar: days)
        case StatChart.id:
            return ChartInput(
                title: "Gewicht", unit: "kg", color: "#D98E04", target: .range(min: 18, max: 24),
                asOf: asOf,
                stat: StatValue(
                    value: 19.0, date: day("2024-03-12"),
                    deltaText: "+0,8 kg since 2024-03-05"))
        case ProgressChart.id:
            return ChartInput(
                title: "Today", unit: "portion", color: "#2E9E5B", asOf: asOf,
                progress: [
                    ProgressItem(name: "Vegetables", value: 2.5, target: .atLeast(4)),
                    ProgressItem(name: "Fruit", value: 2, target: .exact(value: 2, tolerance: 0.25)),
                    ProgressItem(name: "Protein", value: 3.5, target: .range(min: 2, max: 3)),
                    ProgressItem(name: "Treats", value: 0.5, target: .atMost(1)),
                    ProgressItem(name: "Water", value: nil, target: .atLeast(2), unit: "L"),
                ])
        case ScatterChart.id:
            // 24 days of energy eaten (kcal) against the next morning's weight (kg): a fixed
            // list, weight rising with energy, so the fit slopes up and the interval excludes 0.
            let energy: [Double] = [
                1850, 2100, 2400, 1950, 2250, 2600, 2050, 1800, 2300, 2500, 2150, 1900,
                2350, 2700, 2000, 2200, 2450, 1750, 2550, 2100, 2300, 1950, 2650, 2250,
            ]
            let noise: [Double] = [
                0.2, -0.3, 0.1, 0.4, -0.2, 0.0, -0.4, 0.3, 0.2, -0.1, 0.5, -0.5,
                0.0, 0.3, -0.2, 0.1, -0.3, 0.2, 0.4, -0.1, -0.4, 0.1, 0.0, 0.2,
            ]
            let pairs = energy.indices.map { index in
                PairedValue(
                    date: day("2024-02-20").adding(days: index), x: energy[index],
                    y: ((78 + (energy[index] - 2200) / 500 + noise[index]) * 10).rounded() / 10)
            }
            var input = ChartInput(title: "Weight and energy", color: "#3A7BD5", asOf: asOf)
            input.relation = RelationSeries(
                x: RelationSide(name: "Energy", unit: "kcal"),
                y: RelationSide(name: "Body weight", unit: "kg"), lagDays: 1, pairs: pairs)
            return input
        default:
            return ChartInput(title: "Unknown", points: protein)
        }
    }

    /// The three profiles of the goldens: name and profile at `width`.
    static func profiles(width: Int) -> [(name: String, profile: RenderProfile)] {
        [
            ("unicode+colour", RenderProfile(width: width, colorLevel: .truecolor, glyphs: .unicode)),
            ("unicode", RenderProfile(width: width, colorLevel: .none, glyphs: .unicode)),
            ("ascii", RenderProfile(width: width, colorLevel: .none, glyphs: .ascii)),
        ]
    }

    static let widths = [40, 80, 120]

    /// `text` without ANSI SGR sequences.
    static func stripANSI(_ text: String) -> String {
        var out = ""
        var skipping = false
        for scalar in text.unicodeScalars {
            if skipping {
                if scalar == "m" { skipping = false }
                continue
            }
            if scalar == "\u{1B}" {
                skipping = true
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
