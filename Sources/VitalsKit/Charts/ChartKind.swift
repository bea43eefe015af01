/// The data a chart kind draws, which `MetricChartBuilder` reads from the store for it.
///
/// A kind names one of these instead of the builder knowing every kind: a new kind that draws
/// an existing shape is one file plus one line in `ChartKindFactory.builtIn` (or one entry in
/// `ChartKindFactory.register` from a package outside this one).
public enum ChartData: String, Sendable, CaseIterable {
    /// One value per bucket over the range (`points`), regrouped when more than fit.
    case buckets
    /// Buckets split by tag or category (`stacked`), regrouped when more than fit.
    case split
    /// One value per bucket, or one row per tag/category total when the metric has `split_by`.
    case bucketsOrSplitTotals
    /// Measured values against a reference band by age (`growth`).
    case growth
    /// Milestones with due and done dates (`milestones`).
    case milestones
    /// The latest night's sleep stages (`sleep`).
    case sleepNight
    /// The latest value and its change (`stat`).
    case latest
    /// Today's value against the target (`progress`).
    case progress
    /// Each day of the range judged against the target (`calendar`).
    case calendar
    /// Two series paired period by period, y perhaps some days later (`relation`).
    case pairs

    /// Whether the data is read from a series' values: all shapes but milestones, which a
    /// timeline may take from elsewhere (a module's config).
    public var needsSeries: Bool { self != .milestones }

    /// Whether the data has buckets whose periods the store counts against the target.
    public var isTallied: Bool { self == .buckets || self == .split || self == .bucketsOrSplitTotals }
}

/// A way of drawing a metric, chosen by the metric's `chart_type_id`.
///
/// One kind per file under `Charts/Kinds/`, each with `static let id` and the `data` it
/// draws, listed once in `ChartKindFactory.builtIn`. `draw` returns a canvas of styled cells
/// exactly `profile.width` display columns wide — no escape codes: the output backend decides
/// colour. It never fails: input it cannot draw gives an empty state.
public protocol ChartKind: Sendable {
    /// The `chart_type_id` this kind draws.
    static var id: String { get }
    /// The data shape this kind reads.
    static var data: ChartData { get }
    /// Whether a `line`-like kind shows raw values with the rolling mean over them.
    static var drawsRollingMean: Bool { get }
    /// How many buckets (or rows) this kind draws at `width` columns with `glyphs`; a range
    /// with more is regrouped into weeks, months, quarters or years.
    static func capacity(width: Int, glyphs: Glyphs) -> Int
    init()
    /// The chart as styled rows, each exactly `profile.width` display columns wide.
    func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas
    /// The chart as an inline `<svg>` element of `size` for the HTML report (real `<text>`,
    /// a `<title>` on each mark, a legend), or nil when the kind has none: the report then
    /// shows its terminal drawing. Built-in kinds draw it in `Charts/Kinds/SVG/<Kind>+SVG.swift`.
    func svg(_ input: ChartInput, size: ChartSize) -> String?
    /// What a page prints beside the chart's title (a hypnogram's night, "23:10–06:40"), or nil.
    func headline(_ input: ChartInput) -> String?
    /// What a page prints under the chart beside its numbers' summary (a night's time asleep
    /// and in bed), in the words of `Words.current`, or nil.
    func caption(_ input: ChartInput) -> String?
}

extension ChartKind {
    public static var drawsRollingMean: Bool { false }

    /// No SVG: the HTML report shows the terminal drawing in a `<pre>`.
    public func svg(_ input: ChartInput, size: ChartSize) -> String? { nil }

    /// Nothing beside the title.
    public func headline(_ input: ChartInput) -> String? { nil }

    /// Nothing under the chart but the numbers' summary.
    public func caption(_ input: ChartInput) -> String? { nil }

    /// One bucket per column after the y-axis labels ("12,500") and the axis (9 columns).
    public static func capacity(width: Int, glyphs: Glyphs) -> Int {
        max(width, RenderProfile.minimumWidth) - 9
    }

    /// The chart as lines with the profile's colour level (the terminal backend's job; kept
    /// for tests and tools that draw one chart).
    public func render(_ input: ChartInput, profile: RenderProfile) -> [String] {
        draw(input, profile: profile).lines(colorLevel: profile.colorLevel)
    }
}

/// A chart kind found for a `chart_type_id`, with a note when it is the fallback.
public struct ResolvedChartKind: Sendable {
    public var kind: any ChartKind
    /// "chart type 'x' is unknown; showing bar_vertical", or nil when the id is known.
    public var note: String?
}

/// The one list of chart kinds, and the lookup by `chart_type_id`. The validator's chart ids,
/// the JSON Schema's enum and `new-screen --chart` all come from `ids`.
public enum ChartKindFactory {
    /// Every built-in kind, exactly once.
    public static let builtIn: [any ChartKind.Type] = [
        BarVerticalChart.self,
        BarHorizontalChart.self,
        BarStackedChart.self,
        LineChart.self,
        SleepStagesChart.self,
        GrowthCurveChart.self,
        TimelineChart.self,
        CalendarHeatmapChart.self,
        StatChart.self,
        ProgressChart.self,
        SparklineChart.self,
        ScatterChart.self,
    ]

    /// The kind drawn when a `chart_type_id` is unknown.
    public static let fallback: any ChartKind.Type = BarVerticalChart.self

    /// Kinds added by a package that builds its own `vitals` (see `VitalsCLI`), after the
    /// built-in ones, for the work done inside `withKinds(_:_:)`.
    @TaskLocal package static var added: [any ChartKind.Type] = []

    /// Runs `body` with `kinds` known besides the built-in ones (a kind whose id is already
    /// known is left out): their ids pass validation, appear in the JSON Schema and draw.
    public static func withKinds<R>(_ kinds: [any ChartKind.Type], _ body: () throws -> R) rethrows -> R {
        var known = all
        var extra: [any ChartKind.Type] = []
        for kind in kinds where !known.contains(where: { $0.id == kind.id }) {
            extra.append(kind)
            known.append(kind)
        }
        return try $added.withValue(added + extra, operation: body)
    }

    /// The built-in kinds and the added ones, in that order.
    public static var all: [any ChartKind.Type] {
        let extra = added
        return extra.isEmpty ? builtIn : builtIn + extra
    }

    /// The ids of every kind, in list order.
    public static var ids: [String] { all.map { $0.id } }

    /// The kind type for a known `chartTypeID`, nil for an unknown one.
    public static func type(for chartTypeID: String) -> (any ChartKind.Type)? {
        builtIn.first { $0.id == chartTypeID } ?? added.first { $0.id == chartTypeID }
    }

    /// The kind for `chartTypeID`, or the `bar_vertical` fallback with a note.
    public static func kind(for chartTypeID: String) -> ResolvedChartKind {
        if let type = type(for: chartTypeID) {
            return ResolvedChartKind(kind: type.init(), note: nil)
        }
        let shown = DisplayWidth.truncate(Sanitize.inline(chartTypeID), to: 40)
        return ResolvedChartKind(
            kind: fallback.init(),
            note: "chart type '\(shown)' is unknown; showing \(fallback.id)")
    }

    /// Draws `input` with the kind for `chartTypeID`; the fallback's note comes first.
    public static func draw(_ input: ChartInput, chartTypeID: String, profile: RenderProfile) -> TextCanvas {
        let resolved = kind(for: chartTypeID)
        var canvas = TextCanvas(width: profile.width)
        if let note = resolved.note {
            canvas.addLine("\(profile.glyphs.bullet) note: \(note)", style: Style(hex: "#C9A227"))
        }
        canvas.append(resolved.kind.draw(input, profile: profile))
        return canvas
    }

    /// `draw` as lines with the profile's colour level.
    public static func render(_ input: ChartInput, chartTypeID: String,
                              profile: RenderProfile) -> [String] {
        draw(input, chartTypeID: chartTypeID, profile: profile).lines(colorLevel: profile.colorLevel)
    }
}
