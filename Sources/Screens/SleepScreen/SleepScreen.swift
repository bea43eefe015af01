import VitalsKit

/// The Sleep screen (SCREEN_SLEEP).
///
/// Top to bottom: last night's hypnogram with minutes and share per stage and the time
/// asleep against the goal; the nights of the range as bars against the goal (weekly,
/// monthly, quarterly or yearly means when they do not fit the width, like every chart); how steady bedtime and wake time are over
/// those nights; the About text. The range is `--range`, else the nightly-duration metric's
/// `range`, else the config's `nights`. Every figure comes from merged nights (`SleepNight`),
/// so a night recorded by a watch and a phone app counts once. With `--children` the other
/// child metrics follow, drawn from merged nights too.
public struct SleepScreen: ScreenModule {
    public static let screenID = "SCREEN_SLEEP"

    public static let roles: [(role: MetricRole, draws: String)] = [(.duration, "the nightly bars against the goal")]

    public init() {}

    public func render(_ context: ScreenContext, config: SleepConfig?) throws -> ScreenDocument {
        let page = SleepPage(context: context, config: config ?? SleepConfig())
        return context.document(module: Self.screenID, blocks: try page.blocks())
    }
}

/// One rendering of the screen.
struct SleepPage {
    let context: ScreenContext
    let config: SleepConfig

    var catalog: Catalog { context.catalog }
    var text: ScreenText { ScreenText(profile: context.profile) }
    var glyphs: Glyphs { context.profile.glyphs }
    var primary: DisplayMetric? { catalog.primary(of: context.screen.id) }
    var children: [DisplayMetric] {
        primary.map { catalog.descendants(of: $0.id).map(\.metric) } ?? []
    }
    /// The child drawn as the nightly bars (`role: duration`).
    var durationMetric: DisplayMetric? { children.first { $0.role == .duration } }

    func blocks() throws -> [ScreenBlock] {
        var blocks = [context.headerBlock()]
        guard let primary, primary.binding.seriesID != nil else {
            return blocks + [context.emptyBlock(for: nil)]
        }
        let query = try context.query(for: primary)
        let history = try SleepHistory.load(query, count: try nightCount(query), from: context.store)
        guard let last = history.recorded.last else {
            blocks.append(context.emptyBlock(for: primary))
            if let about = context.aboutBlock(for: primary) { blocks.append(about) }
            return blocks
        }
        blocks += lastNightBlocks(last, metric: primary)
        var everything = query
        everything.binding.range = .all
        let tally = goalTally(history, firstNight: try everything.firstSleepNight(in: context.store))
        // The nightly bars belong to the metric playing `duration` (validate warns without one).
        if durationMetric != nil { blocks.append(durationBlock(history, tally: tally)) }
        if let block = consistencyBlock(history, tally: tally) { blocks.append(block) }
        let others = children.filter { $0.id != durationMetric?.id }
        if context.request.showChildren {
            let builder = MetricChartBuilder(context: context)
            for child in others { blocks.append(try builder.block(for: child)) }
        } else if !others.isEmpty {
            blocks.append(moreBlock(count: others.count))
        }
        if let about = context.aboutBlock(for: primary) { blocks.append(about) }
        return blocks
    }

    /// How many nights the bars and the consistency figures cover: `--range`, else the
    /// nightly-duration metric's `range`, else the config's `nights` (a default, not a limit).
    func nightCount(_ query: MetricQuery) throws -> Int {
        guard let range = context.request.range ?? durationMetric?.binding.range else { return config.nights }
        var ranged = query
        ranged.binding.range = range
        let first = try ranged.firstSleepNight(in: context.store) ?? context.asOf
        return max(1, first.days(to: context.asOf) + 1)
    }

    // MARK: Last night

    /// The hypnogram (or, for a night without stages, its totals) and the goal line.
    func lastNightBlocks(_ night: SleepNight, metric: DisplayMetric) -> [ScreenBlock] {
        let title =
            night.date == context.asOf
            ? metric.displayName
            : "Night to \(MetricChartBuilder.label(night.date, .none))"
        let asleep = night.totalMinutes
        var rows: [(text: String, style: Style)] = []
        if night.hasStages {
            rows.append(("\(goalVerdict(asleep)) (\(Self.duration(asleep)) asleep)", goalStyle(asleep)))
        } else {
            let what = night.onlyInBed ? "only time in bed recorded" : "no stage data (plain \"asleep\")"
            rows.append((title, Style(bold: true)))
            rows.append(("\(glyphs.missing) This night has \(what)", ScreenText.muted))
            let noun = night.onlyInBed ? "in bed, no sleep data" : "asleep"
            rows.append(("\(goalVerdict(asleep)) (\(Self.duration(asleep)) \(noun))", goalStyle(asleep)))
        }
        if night.sources.count > 1 {
            rows.append(
                (
                    "Merged from \(night.sources.count) sources (\(SampleSourceWords.names(night.sources))); "
                        + "overlaps counted once", ScreenText.muted
                ))
        }
        let pairs: [(String, JSONValue)] = [
            ("night", .string(night.date.description)), ("asleep_minutes", .number(Double(night.asleepMinutes))),
            ("in_bed_minutes", .number(Double(night.inBedMinutes))), ("only_in_bed", .bool(night.onlyInBed)),
            (
                "goal_hours",
                .object([
                    ("min", .number(config.goalHours.lowerBound)),
                    ("max", .number(config.goalHours.upperBound)),
                ])
            ),
            ("meets_goal", .bool(meetsGoal(asleep))),
            ("sources", .array(night.sources.map { .string($0) })),
        ]
        guard night.hasStages else {
            return [ScreenBlock(kind: .summary, metricID: metric.id, rows: text.rows(rows), data: .object(pairs))]
        }
        let input = ChartInput(title: title, color: metric.color, asOf: night.date, sleep: night.segments)
        var block = context.chartBlock(input, chartTypeID: SleepStagesChart.id, metricID: metric.id)
        block.append(text.rows(rows))
        if case .object(let chartPairs) = block.data {
            let present = Set(chartPairs.map(\.0))
            block.data = .object(chartPairs + pairs.filter { !present.contains($0.0) })
        }
        return [block]
    }

    func meetsGoal(_ minutes: Int) -> Bool { config.goalHours.contains(Double(minutes) / 60) }

    func goalStyle(_ minutes: Int) -> Style {
        meetsGoal(minutes) ? Style(hex: "#2E9E5B") : Style(hex: "#D64545")
    }

    /// "✓ within the 7–9 h goal", "✗ 48 min under the 7–9 h goal".
    func goalVerdict(_ minutes: Int) -> String {
        let goal = "the \(goalText) goal"
        let low = Int((config.goalHours.lowerBound * 60).rounded())
        let high = Int((config.goalHours.upperBound * 60).rounded())
        if minutes < low { return "\(glyphs.cross) \(Self.duration(low - minutes)) under \(goal)" }
        if minutes > high { return "\(glyphs.cross) \(Self.duration(minutes - high)) over \(goal)" }
        return "\(glyphs.check) within \(goal)"
    }

    /// "7–9 h".
    var goalText: String {
        let numbers = context.profile.numbers
        return numbers.compact(config.goalHours.lowerBound) + glyphs.rangeDash
            + numbers.compact(config.goalHours.upperBound) + " h"
    }

    // MARK: Nights

    /// One bar per night: hours asleep (time in bed for in-bed-only nights) against the goal;
    /// the mean per recorded night of each week, month, quarter or year when the nights do not
    /// fit (`MetricSeries.fitting`, the regrouping of every chart).
    /// The nights shown judged against the goal by the rule of every chart and summary
    /// (`TargetTally`): a night without a recording is counted and not met, nights before the
    /// first recorded one ever are not counted, and last night counts once recorded (it is
    /// over), else it is pending. The bars and the consistency lines print this one count.
    func goalTally(_ history: SleepHistory, firstNight: LocalDate?) -> TargetTally {
        let judged = history.nights.filter { $0.date >= (firstNight ?? $0.date) }.map { date, night in
            TargetDay(
                date: date, value: night.map { Double($0.totalMinutes) },
                isMet: night.map { meetsGoal($0.totalMinutes) } ?? false)
        }
        let lastRecorded = history.nights.last.map { $0.date == context.asOf && $0.night != nil } ?? false
        return TargetTally(judged, lastFinished: lastRecorded)
    }

    func durationBlock(_ history: SleepHistory, tally: TargetTally) -> ScreenBlock {
        let metric = durationMetric
        var input = ChartInput(
            title: metric?.displayName ?? "Sleep duration", unit: "h", color: metric?.color,
            target: .range(min: config.goalHours.lowerBound, max: config.goalHours.upperBound),
            asOf: context.asOf)
        // Nightly bars, regrouped like every chart when they outnumber the columns.
        let nights = MetricSeries(
            buckets: history.nights.map { date, night in
                let hours = night.map { Double($0.totalMinutes) / 60 }
                return MetricBucket(start: date, end: date, value: hours, raw: hours)
            }, unit: "h", bucket: .day, rolling: nil)
        let builder = MetricChartBuilder(context: context)
        let series = nights.fitting(builder.capacity(BarVerticalChart.id))
        if let period = series.regrouped {
            input.title += MetricChartBuilder.regroupedWords(period)
            input.footerValues = nights.buckets.map(\.value)  // the footer speaks of nights
        }
        let labels = MetricChartBuilder.labels(series.buckets.map(\.start), .day, period: series.regrouped)
        input.points = zip(series.buckets, labels).map { bucket, label in
            ChartPoint(label: label, date: bucket.start, value: bucket.value)
        }
        // The nights on target, not the regrouped means: a weekly mean is not a night.
        input.targetTally = tally
        input.tallyNoun = "night"
        var block = context.chartBlock(input, chartTypeID: BarVerticalChart.id, metricID: metric?.id)
        let inBedOnly = history.recorded.filter(\.onlyInBed).count
        if inBedOnly > 0 {
            let nights = inBedOnly == 1 ? "1 night records" : "\(inBedOnly) nights record"
            block.append(
                text.rows([
                    (
                        "\(glyphs.bullet) \(nights) only time in bed; those bars show time in bed",
                        ScreenText.muted
                    )
                ]))
        }
        return block
    }

    /// Mean bedtime, wake time and time asleep with their spread over the nights shown.
    func consistencyBlock(_ history: SleepHistory, tally: TargetTally) -> ScreenBlock? {
        let nights = history.recorded
        let bed = SleepSpread(nights.compactMap(\.bedtimeMinute))
        let wake = SleepSpread(nights.compactMap(\.wakeMinute))
        let asleep = SleepSpread(nights.map(\.totalMinutes))
        let shown = history.nights.count
        let over =
            nights.count == shown ? "the last \(nights.count) nights" : "\(nights.count) of the last \(shown) nights"
        var rows: [(text: String, style: Style)] = [("Consistency over \(over)", Style(bold: true))]
        func clockLine(_ label: String, _ spread: SleepSpread?) -> String? {
            guard let spread else { return nil }
            let mean = Self.clock(Int(spread.mean.rounded()))
            return "  \(DisplayWidth.pad(label, to: 11))\(mean) on average, spread \(glyphs.plusMinus)"
                + "\(Int(spread.standardDeviation.rounded())) min (\(Self.clock(spread.minimum))"
                + "\(glyphs.rangeDash)\(Self.clock(spread.maximum)))"
        }
        for line in [clockLine("Bedtime", bed), clockLine("Wake time", wake)].compactMap({ $0 }) {
            rows.append((line, .plain))
        }
        if let asleep {
            // The bars' count (nights without a recording are not within the goal).
            rows.append(
                (
                    "  \(DisplayWidth.pad("Asleep", to: 11))\(Self.duration(Int(asleep.mean.rounded()))) on average, "
                        + "spread \(glyphs.plusMinus)\(Int(asleep.standardDeviation.rounded())) min; "
                        + "\(tally.met) of \(tally.counted) nights within \(goalText)", .plain
                ))
            // The count covers nights the spread does not (no record: judged as missed); say so.
            // Every recorded night is judged (none is before the first, a recorded last night is over).
            let unrecorded = tally.counted - nights.count
            if unrecorded > 0 {
                rows.append(
                    (
                        "  (\(unrecorded) of those \(tally.counted) \(unrecorded == 1 ? "has" : "have") no record; "
                            + "a night without a record is not within the goal, as on the bars above)", ScreenText.muted
                    ))
            }
        }
        func spreadJSON(_ spread: SleepSpread?) -> JSONValue {
            guard let spread else { return .null }
            return .object([
                ("mean_minute", .number(spread.mean)), ("spread_minutes", .number(spread.standardDeviation)),
                ("earliest_minute", .number(Double(spread.minimum))),
                ("latest_minute", .number(Double(spread.maximum))),
            ])
        }
        return ScreenBlock(
            kind: .summary, rows: text.rows(rows),
            data: .object([
                ("nights", .number(Double(nights.count))), ("bedtime", spreadJSON(bed)),
                ("wake_time", spreadJSON(wake)),
                ("asleep", spreadJSON(asleep)),
            ]))
    }

    /// "▸ 2 more metrics — vitals render sleep --children".
    func moreBlock(count: Int) -> ScreenBlock {
        let command = "vitals render \(context.screen.alias) --children"
        let line =
            "\(glyphs.isUnicode ? "▸" : ">") \(count) more \(count == 1 ? "metric" : "metrics") "
            + "\(glyphs.isUnicode ? "—" : "-") \(command)"
        return ScreenBlock(
            kind: .more, rows: text.rows([(line, ScreenText.muted)]),
            data: .object([("count", .number(Double(count))), ("command", .string(command))]))
    }

    // MARK: Formatting

    /// `HH:mm` for minutes after the evening's midnight.
    static func clock(_ minute: Int) -> String {
        let m = ((minute % 1440) + 1440) % 1440
        return (m / 60 < 10 ? "0" : "") + "\(m / 60):" + (m % 60 < 10 ? "0" : "") + "\(m % 60)"
    }

    /// "7 h 05", "45 min".
    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }
}

extension MetricRole {
    /// The Sleep child drawn as the nightly bars against the goal.
    public static let duration = MetricRole("duration")
}
