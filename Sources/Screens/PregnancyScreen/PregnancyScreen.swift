import VitalsKit

/// The Pregnancy screen (SCREEN_PREGNANCY): weight gained since before the pregnancy against
/// the recommended band for the pre-pregnancy BMI class, over weeks of pregnancy.
///
/// Top to bottom: the `growth_curve` chart (the shaded band from the config's rule, the
/// measured gain line), the verdict on the latest day ("Week 23: +6.1 kg, within the
/// recommended range (4.5–7.1 kg).") and the BMI class it is judged by, the latest day's
/// weigh-ins with the one used marked and their sources, and the About text. The subject's
/// `pregnancy:` block gives the weight before, the height and the due date.
public struct PregnancyScreen: ScreenModule {
    public static let screenID = "SCREEN_PREGNANCY"

    public init() {}

    public func decodeConfig(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> PregnancyConfig? {
        let config = PregnancyConfig.decode(node, of: screen, in: catalog, problems: &problems)
        // An invalid block is reported where it is written; only a missing one is said here.
        if let subject = catalog.subject(screen.subjectID), subject.pregnancy == nil,
            subject.keyLocations["pregnancy"] == nil
        {
            problems.warning(
                "subject \(screen.subjectID) has no pregnancy block (pre_pregnancy_weight_kg, height_cm, "
                    + "due_date or last_period), so weeks of pregnancy and the BMI class cannot be worked out",
                at: node)
        }
        return config
    }

    /// The weight before the pregnancy, in the primary metric's unit: the screen shows each
    /// weigh-in as the gain since then (`PregnancyPage.gains`), and so does `summary`.
    public func baseline(of metric: DisplayMetric, in context: ScreenContext, config: PregnancyConfig?) throws
        -> Double?
    {
        guard metric.id == context.catalog.primary(of: context.screen.id)?.id, let pregnancy = context.subject.pregnancy
        else { return nil }
        let unit = try context.query(for: metric).unitSymbol
        return pregnancy.prePregnancyWeightKg * (KnownUnit.convert(1, from: "kg", to: unit) ?? 1)
    }

    public func render(_ context: ScreenContext, config: PregnancyConfig?) throws -> ScreenDocument {
        guard let config, let metric = context.catalog.primary(of: context.screen.id) else {
            return context.emptyDocument(module: Self.screenID)
        }
        let page = PregnancyPage(context: context, config: config, metric: metric)
        return context.document(module: Self.screenID, blocks: try page.blocks())
    }
}

/// One rendering of the screen.
struct PregnancyPage {
    let context: ScreenContext
    let config: PregnancyConfig
    let metric: DisplayMetric

    var text: ScreenText { ScreenText(profile: context.profile) }

    func blocks() throws -> [ScreenBlock] {
        var blocks = [context.headerBlock()]
        guard let pregnancy = context.subject.pregnancy else {
            let line =
                "\(context.profile.glyphs.missing) \(context.subject.name) has no pregnancy block in the catalog: "
                + "add pre_pregnancy_weight_kg, height_cm and due_date (or last_period) to the subject"
            blocks.append(
                ScreenBlock(
                    kind: .empty, metricID: metric.id,
                    rows: [.paragraph(line, .plain)],
                    data: .object([("message", .string(line))])))
            if let about = context.aboutBlock(for: metric) { blocks.append(about) }
            return blocks
        }
        let query = try context.query(for: metric)
        let unit = query.unitSymbol
        let factor = KnownUnit.convert(1, from: "kg", to: unit) ?? 1
        let bmiClass = config.rule.bmiClass(for: pregnancy.bmi)
        let measured = try gains(query, pregnancy: pregnancy, factor: factor)
        var input = ChartInput(
            title: metric.displayName, unit: unit, color: metric.color,
            asOf: context.asOf, emptyMessage: context.screen.emptyMessage)
        let reference = bmiClass.map { config.rule.bands(for: $0).map { scaled($0, by: factor) } } ?? []
        let label = bmiClass.map { "BMI \(context.profile.numbers.format(pregnancy.bmi)) \($0.name)" }
        input.growth = GrowthSeries(
            measured: measured, reference: reference, referenceLabel: label,
            axisTitle: config.axisTitle)
        blocks.append(context.chartBlock(input, chartTypeID: GrowthCurveChart.id, metricID: metric.id))
        if measured.isEmpty { blocks.append(context.emptyBlock(for: metric, includeMessage: false)) }
        blocks.append(
            summaryBlock(
                latest: measured.last, pregnancy: pregnancy, bmiClass: bmiClass,
                unit: unit, factor: factor, display: query.display))
        if let weighIns = try context.weighInsBlock(for: metric) { blocks.append(weighIns) }
        blocks += try puqeBlocks()
        if let about = context.aboutBlock(for: metric) { blocks.append(about) }
        return blocks
    }

    /// The latest PUQE score with its band and the chart of the scores over the weeks, when a
    /// metric of the screen reads the PUQE series and a score is recorded.
    func puqeBlocks() throws -> [ScreenBlock] {
        guard
            let puqe = context.catalog.metrics(of: context.screen.id, includeInactive: false)
                .first(where: { $0.binding.seriesID == PuqeScore.seriesID })
        else { return [] }
        let query = try context.query(for: puqe)
        guard let latest = try query.fetchLatest(from: context.store) else { return [] }
        let band = PuqeScore.band(of: latest.value)
        let numbers = context.profile.numbers
        let sentence =
            "PUQE score \(numbers.format(latest.value, maxFractionDigits: 0)) of 15 on "
            + "\(DateWords.weekdayDayMonth(latest.date)): \(band.rawValue) nausea and vomiting "
            + "(\(band.scores(dash: context.profile.glyphs.rangeDash)))."
        let style =
            band == .mild ? Style(hex: "#2E9E5B") : band == .moderate ? Style(hex: "#D9822B") : Style(hex: "#D64545")
        let summary = ScreenBlock(
            kind: .summary, metricID: puqe.id, rows: [.paragraph(sentence, style)],
            data: .object([
                ("puqe", .number(latest.value)), ("date", .string(latest.date.description)),
                ("band", .string(band.rawValue)), ("text", .string(sentence)),
            ]))
        return [summary, try MetricChartBuilder(context: context).block(for: puqe)]
    }

    /// Each day's weight (the day's weigh-ins picked by the weigh-in policy, as every weight
    /// chart picks them: `SampleOrder`, by real instant) minus the weight before the
    /// pregnancy, at its week of pregnancy; days before week 0 are left out.
    func gains(_ query: MetricQuery, pregnancy: Pregnancy, factor: Double) throws -> [GrowthPoint] {
        var daily = query
        daily.binding.aggregate = (context.weighInPolicy(for: metric) ?? .standard).aggregate
        daily.binding.bucket = .day
        daily.binding.rolling = nil
        let before = pregnancy.prePregnancyWeightKg * factor
        return try daily.fetchBuckets(from: context.store).buckets.compactMap { day in
            guard day.start >= pregnancy.lastPeriod, let value = day.value else { return nil }
            return GrowthPoint(week: pregnancy.weeks(on: day.start), value: value - before)
        }
    }

    func scaled(_ point: ReferencePoint, by factor: Double) -> ReferencePoint {
        ReferencePoint(
            week: point.week, lower: point.lower * factor, centre: point.centre * factor,
            upper: point.upper * factor)
    }

    /// The verdict on the latest day and the BMI class it is judged by. The band applies from
    /// week 1 to the term week; a day outside says so instead of judging.
    func summaryBlock(
        latest: GrowthPoint?, pregnancy: Pregnancy, bmiClass: GestationalGainRule.BMIClass?,
        unit: String, factor: Double, display: DisplayUnit
    ) -> ScreenBlock {
        let numbers = context.profile.numbers
        let dash = context.profile.glyphs.rangeDash
        var rows: [(text: String, style: Style)] = []
        var pairs: [(String, JSONValue)] = [
            ("bmi", .number(pregnancy.bmi)), ("bmi_class", .string(bmiClass?.name)),
            ("due_date", .string(pregnancy.dueDate.description)),
            ("week_today", .number(pregnancy.weeks(on: context.asOf))),
        ]
        let term = config.rule.termWeek
        if let latest, latest.week < 1 || latest.week > term {
            let week = Int(latest.week.rounded(.down))
            let gain = (latest.value >= 0 ? "+" : "") + numbers.format(latest.value, unit: unit)
            let why =
                latest.week < 1
                ? "the recommended range applies from week 1"
                : "the recommended range ends at week \(Int(term)); the due date was "
                    + DateWords.weekdayDayMonthYear(pregnancy.dueDate)
            let sentence = "Week \(week): \(gain); \(why)."
            rows.append((sentence, ScreenText.muted))
            pairs += [
                ("week", .number(latest.week)), ("gain", .number(latest.value)),
                ("position", .string(latest.week < 1 ? "too_early" : "after_term")), ("text", .string(sentence)),
            ]
        } else if let latest, let bmiClass, let band = config.rule.band(atWeek: latest.week, for: bmiClass) {
            let verdict = PregnancyVerdict(
                week: latest.week, gain: latest.value,
                lower: band.lower * factor, upper: band.upper * factor)
            let sentence = verdict.sentence(unit: unit, numbers: numbers, glyphs: context.profile.glyphs)
            let style = verdict.position == .within ? Style(hex: "#2E9E5B") : Style(hex: "#D64545")
            rows.append((sentence, style))
            pairs += [
                ("week", .number(latest.week)), ("gain", .number(latest.value)), ("lower", .number(verdict.lower)),
                ("upper", .number(verdict.upper)), ("position", .string(verdict.position.rawValue)),
                ("text", .string(sentence)),
            ]
        }
        // In the request's unit system, as the weigh-ins say them (10 st 1 lb, 5 ft 6 in).
        let weight = pregnancy.prePregnancyWeightKg * factor
        let before = display.written(weight, numbers: numbers)
        var basis =
            "Before the pregnancy \(before) at \(height(pregnancy.heightCm)): "
            + "BMI \(numbers.format(pregnancy.bmi))"
        if let bmiClass {
            let total =
                numbers.format(bmiClass.totalKg.lowerBound * factor) + dash
                + numbers.format(bmiClass.totalKg.upperBound * factor, unit: unit)
            basis += " (\(bmiClass.name)), \(total) recommended by week \(Int(config.rule.termWeek))"
        }
        basis += "; due \(DateWords.weekdayDayMonthYear(pregnancy.dueDate))."
        rows.append((basis, ScreenText.muted))
        return ScreenBlock(
            kind: .summary, metricID: metric.id,
            rows: rows.map { .paragraph($0.text, $0.style) }, data: .object(pairs))
    }

    /// A height in centimetres as the request's unit system writes a length ("168 cm", "5 ft 6 in").
    func height(_ centimetres: Double) -> String {
        let numbers = context.profile.numbers
        guard let system = context.request.unitSystem, system != .metric else {
            return numbers.format(centimetres, fractionDigits: 0) + " cm"
        }
        let display = UnitTable.display(.length, in: system)
        let value = KnownUnit.centimeter.convert(centimetres, to: display.unit) ?? centimetres
        return display.written(value, numbers: numbers)
    }
}
