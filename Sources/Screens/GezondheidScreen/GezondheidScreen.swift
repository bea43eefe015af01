import VitalsKit

/// The Gezondheid screen (SCREEN_GEZONDHEID): a puppy's weight, growth and health
/// milestones, in Dutch.
///
/// Top to bottom: the weight hero (latest weight, its date, the change since the previous
/// weighing), the growth curve in weeks since birth against the reference band from the
/// config with a sentence on where the latest weight falls, the milestones timeline
/// (done / volgende / gepland / te laat on the as-of date), and the About text. Without
/// weighings the reference curve is drawn alone above the empty message. Numbers are
/// written the Dutch way (`12,4 kg`).
public struct GezondheidScreen: ScreenModule {
    public static let screenID = "SCREEN_GEZONDHEID"

    public static let roles: [(role: MetricRole, draws: String)] = [
        (.growth, "the growth curve against the reference band"), (.milestones, "the milestone timeline"),
    ]

    public init() {}

    public func decodeConfig(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> GezondheidConfig? {
        let config = GezondheidConfig.decode(node, of: screen, in: catalog, problems: &problems)
        // A subject no file declares (the demo's, without the demo data) leaves the screen out.
        if let node, let subject = catalog.subject(screen.subjectID),
            subject.birthDate.flatMap({ LocalDate(iso: $0) }) == nil
        {
            problems.warning(
                "subject \(screen.subjectID) has no birth_date, so weeks since birth and milestone "
                    + "due dates cannot be worked out", at: node)
        }
        return config
    }

    public func render(_ context: ScreenContext, config: GezondheidConfig?) throws -> ScreenDocument {
        var profile = context.profile
        profile.numbers = GezondheidWords.numbers
        let dutch = ScreenContext(
            catalog: context.catalog, screen: context.screen, store: context.store,
            request: context.request, profile: profile, chartKinds: context.chartKinds)
        let page = GezondheidPage(context: dutch, config: config ?? GezondheidConfig())
        return dutch.document(module: Self.screenID, blocks: try page.blocks())
    }
}

/// One rendering of the screen: the context, the config and the metrics by role.
struct GezondheidPage {
    let context: ScreenContext
    let config: GezondheidConfig

    var catalog: Catalog { context.catalog }
    var text: ScreenText { ScreenText(profile: context.profile) }
    var birth: LocalDate? { context.subject.birthDate.flatMap { LocalDate(iso: $0) } }

    /// The primary metric (the hero) and its children by the role the YAML gives them.
    var hero: DisplayMetric? { catalog.primary(of: context.screen.id) }
    var children: [DisplayMetric] {
        hero.map { catalog.descendants(of: $0.id).map(\.metric) } ?? []
    }
    var growthMetric: DisplayMetric? { children.first { $0.role == .growth } }
    var milestoneMetric: DisplayMetric? { children.first { $0.role == .milestones } }

    /// The metrics whose parts are drawn: all three, or (the explorer's drill-down) the
    /// focused one and its descendants, as the generic screen does.
    var shown: [DisplayMetric] {
        let all = [hero, growthMetric, milestoneMetric].compactMap { $0 }
        guard let focus = context.request.focusMetricID, all.contains(where: { $0.id == focus }) else { return all }
        let wanted = Set([focus] + catalog.descendants(of: focus).map(\.metric.id))
        return all.filter { wanted.contains($0.id) }
    }

    func blocks() throws -> [ScreenBlock] {
        var blocks = [context.headerBlock()]
        let shownIDs = Set(shown.map(\.id))
        var weightBlock: ScreenBlock?
        if let hero { weightBlock = try heroBlock(hero) }
        let hasWeighings = weightBlock != nil
        if let hero, shownIDs.contains(hero.id), let weightBlock { blocks.append(weightBlock) }
        if let metric = growthMetric, shownIDs.contains(metric.id) {
            blocks += try growthBlocks(metric)
        } else if !hasWeighings {
            blocks.append(context.emptyBlock(for: hero))
        }
        if let metric = milestoneMetric, shownIDs.contains(metric.id), let block = try milestoneBlock(metric) {
            blocks.append(block)
        }
        let abouts =
            context.request.showChildren || context.request.focusMetricID != nil ? shown : shown.prefix(1).map { $0 }
        blocks += abouts.compactMap { aboutBlock(for: $0) }
        return blocks
    }

    // MARK: Hero

    /// The hero block: the latest weight in large digits, "gewogen op za 13 jun 2026 ·
    /// +0,3 kg sinds vorige meting (6 jun)"; the data keeps ISO dates and plain numbers.
    /// nil without weighings.
    func heroBlock(_ hero: DisplayMetric) throws -> ScreenBlock? {
        guard hero.binding.seriesID != nil else { return nil }
        let query = try context.query(for: hero)
        guard let latest = try query.fetchLatest(from: context.store) else { return nil }
        let delta =
            latest.delta.map { delta -> String in
                let since = latest.previousDate.map { " (\(GezondheidWords.shortDate($0)))" } ?? ""
                return Words.text(
                    "weight.since_previous", ["change": GezondheidWords.numbers.formatDelta(delta, unit: latest.unit)])
                    + since
            } ?? Words.text("weight.first")
        var input = ChartInput(
            title: hero.displayName, unit: query.unitSymbol, color: hero.color,
            asOf: context.asOf, emptyMessage: context.screen.emptyMessage)
        let separator = context.profile.glyphs.separator
        var shown =
            "\(Words.text("weight.weighed_on", ["date": GezondheidWords.dayAndDate(latest.date)])) \(separator) \(delta)"
        if context.profile.width < 64 {
            let change =
                latest.delta.map { delta in
                    let change = GezondheidWords.numbers.formatDelta(delta, unit: latest.unit)
                    return latest.previousDate.map {
                        Words.text("weight.since_date", ["change": change, "date": GezondheidWords.shortDate($0)])
                    }
                        ?? change
                } ?? Words.text("weight.first")
            shown = "\(GezondheidWords.shortDate(latest.date)) \(separator) \(change)"
        }
        input.stat = StatValue(value: latest.value, date: nil, deltaText: shown)
        let shownInput = input
        input.stat = StatValue(value: latest.value, date: latest.date, deltaText: delta)
        var data = input.json(chartTypeID: StatChart.id)
        if case .object(var pairs) = data {
            pairs += [
                ("previous_value", .number(latest.previous)),
                ("previous_date", .string(latest.previousDate?.description)),
                ("change", .number(latest.delta)),
            ]
            data = .object(pairs)
        }
        return ScreenBlock(
            kind: .chart, metricID: hero.id,
            content: .chart(ChartFigure(StatChart.self, input: shownInput)), data: data)
    }

    // MARK: Growth

    /// The growth curve against the reference band, the Dutch caption and the verdict on the
    /// latest weight (or the empty message when nothing is weighed yet).
    func growthBlocks(_ metric: DisplayMetric) throws -> [ScreenBlock] {
        var input = try MetricChartBuilder(context: context).input(for: metric)
        let unit = input.unit ?? "kg"
        let factor = KnownUnit.convert(1, from: "kg", to: unit) ?? 1
        let reference = config.reference.map { scaled($0, by: factor) }
        var growth = input.growth ?? GrowthSeries(measured: [], reference: [])
        let ageNow = birth.map { Double($0.days(to: context.asOf)) / 7 }
        let latestWeek = growth.measured.map(\.week).max()
        if let reference {
            let through = [ageNow, latestWeek].compactMap { $0 }.max().map { ($0.rounded(.up) + 4) }
            growth.reference = reference.bands(through: birth == nil ? nil : through)
            growth.referenceLabel = reference.label(glyphs: context.profile.glyphs)
        }
        guard !growth.measured.isEmpty || growth.reference.count > 1 else { return [emptyBlock()] }
        growth.birthDate = birth
        input.growth = growth
        input.captions = false
        input.emptyMessage = context.screen.emptyMessage
        var chart = context.chartBlock(input, chartTypeID: GrowthCurveChart.id, metricID: metric.id)
        if case .chart(var figure) = chart.content {
            figure.terminalLegend = captionRows(hasReference: reference != nil, hasWeighings: !growth.measured.isEmpty)
            chart.content = .chart(figure)
        }
        var blocks = [chart]
        if let latest = growth.measured.max(by: { $0.week < $1.week }) {
            blocks.append(verdictBlock(latest, reference: reference, unit: unit))
        } else {
            blocks.append(emptyBlock())
        }
        return blocks
    }

    func scaled(_ reference: GrowthReference, by factor: Double) -> GrowthReference {
        var copy = reference
        copy.points = reference.points.map { .init(week: $0.week, kg: $0.kg * factor) }
        return copy
    }

    /// "leeftijd in weken · ⣀⣀ gemeten  ⠒⠂ referentie  ░░ marge": the terminal's legend (the
    /// report's SVG draws its own), in the screen's language.
    func captionRows(hasReference: Bool, hasWeighings: Bool) -> [TextRow] {
        let glyphs = context.profile.glyphs
        var legend: [String] = []
        if hasWeighings { legend.append("\(glyphs.isUnicode ? "⣀⣀" : "**") \(Words.text("chart.measured"))") }
        if hasReference {
            legend.append("\(glyphs.isUnicode ? "⠒⠂" : "- ") \(Words.text("chart.reference"))")
            legend.append("\(glyphs.shades[0])\(glyphs.shades[0]) \(Words.text("chart.margin"))")
        }
        let parts = [Words.text("chart.weeks_since_birth")] + [legend.joined(separator: "  ")].filter { !$0.isEmpty }
        let line = parts.joined(separator: " \(glyphs.separator) ")
        let rows = DisplayWidth.of(line) <= context.profile.width ? [line] : parts
        return text.rows(rows.map { ($0, ScreenText.muted) })
    }

    /// "Met 25 weken weegt Ollie 16,4 kg: binnen de marge (14,3–19,3 kg), 2,4 % lichter dan
    /// de referentie van 16,8 kg."
    func verdictBlock(_ latest: GrowthPoint, reference: GrowthReference?, unit: String) -> ScreenBlock {
        let glyphs = context.profile.glyphs
        let weeks = Int(latest.week.rounded(.down))
        let value = GezondheidWords.number(latest.value) + " " + unit
        let opening =
            birth == nil
            ? Words.text("growth.latest", ["value": value])
            : Words.text(
                "growth.at_weeks",
                ["weeks": GezondheidWords.weeks(weeks), "name": context.subject.name, "value": value])
        var sentence = opening + "."
        var style = Style.plain
        var pairs: [(String, JSONValue)] = [
            ("week", .number(latest.week)), ("value", .number(latest.value)),
            ("unit", .string(unit)),
        ]
        if let reference, let verdict = reference.verdict(kg: latest.value, atWeek: latest.week) {
            let band =
                GezondheidWords.number(verdict.lower) + glyphs.rangeDash + GezondheidWords.number(verdict.upper) + " "
                + unit
            let centre = GezondheidWords.number(verdict.centre) + " " + unit
            sentence = Words.text(
                "growth.verdict",
                [
                    "opening": opening, "position": verdict.positionWords, "band": band,
                    "comparison": verdict.comparisonWords, "centre": centre,
                ])
            style = verdict.position == .within ? Style(hex: "#2E9E5B") : Style(hex: "#D64545")
            pairs += [
                ("position", .string(verdict.position.rawValue)),
                ("percent_from_centre", .number(verdict.percentFromCentre)),
                ("lower", .number(verdict.lower)), ("centre", .number(verdict.centre)),
                ("upper", .number(verdict.upper)),
            ]
        } else if let last = reference?.points.last, latest.week > last.week {
            sentence = Words.text(
                "growth.beyond", ["opening": opening, "weeks": GezondheidWords.weeks(Int(last.week))])
        }
        pairs.append(("text", .string(sentence)))
        let rows = ScreenText.wrap(sentence, width: context.profile.width).map { ($0, style) }
        return ScreenBlock(kind: .summary, metricID: growthMetric?.id, rows: text.rows(rows), data: .object(pairs))
    }

    /// "· Nog geen gewichtsmetingen" and the command that adds one.
    func emptyBlock() -> ScreenBlock {
        let message = context.screen.emptyMessage ?? "Nog geen gewichtsmetingen"
        let series = hero?.binding.seriesID ?? "body_mass"
        let subject = context.screen.subjectID == "me" ? "" : " --subject \(context.screen.subjectID)"
        let command = "vitals log \(series) 4.5 kg\(subject)"
        let rows: [(text: String, style: Style)] = [
            ("\(context.profile.glyphs.missing) \(message)", .plain),
            ("  \(Words.text("weight.add"))  \(command)", ScreenText.muted),
        ]
        return ScreenBlock(
            kind: .empty, metricID: hero?.id, rows: text.rows(rows),
            data: .object([
                ("message", .string(message)),
                ("commands", .array([.string(command)])),
            ]))
    }

    // MARK: Milestones

    /// The Dutch timeline of the config's milestones; nil when the config declares none.
    func milestoneBlock(_ metric: DisplayMetric) throws -> ScreenBlock? {
        guard !config.milestones.isEmpty else { return nil }
        guard let birth else {
            let line =
                "\(context.profile.glyphs.missing) " + Words.text("milestone.no_birth", ["name": context.subject.name])
            return ScreenBlock(
                kind: .summary, metricID: metric.id,
                rows: text.rows([(metric.displayName, Style(bold: true)), (line, ScreenText.muted)]),
                data: .object([("message", .string(line))]))
        }
        var done: [String: LocalDate] = [:]
        for record in try context.store.milestones(subject: context.screen.subjectID) {
            done[record.milestoneID] = record.doneOn
        }
        let states = MilestoneState.schedule(config.milestones, birth: birth, done: done, asOf: context.asOf)
        let timeline = MilestoneDrawing(
            title: metric.displayName, states: states, asOf: context.asOf,
            color: metric.color ?? context.pillarColor)
        let input = ChartInput(
            title: metric.displayName, color: metric.color, asOf: context.asOf,
            milestones: states.map(\.milestone))
        return ScreenBlock(
            kind: .chart, metricID: metric.id, content: .drawing(timeline),
            data: input.json(chartTypeID: TimelineChart.id))
    }
}

extension MetricRole {
    /// The Gezondheid child drawn as the growth curve against the reference band.
    public static let growth = MetricRole("growth")
    /// The Gezondheid child drawn as the Dutch milestone timeline.
    public static let milestones = MetricRole("milestones")
}
