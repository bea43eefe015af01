/// The data a chart kind draws, which `MetricChartBuilder` reads from the store for it.
///
/// A kind names one of these instead of the builder knowing every kind: a new kind that draws
/// an existing shape is one file plus one line in `ChartKindFactory.builtIn` (or one entry in
/// `Extensions(chartKinds:)` from a package outside this one); a kind with a shape of its own
/// says `.own` and reads its data itself (`OwnDataChartKind`).
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
    /// Data of the kind's own shape, which the kind reads itself (`OwnDataChartKind`) into
    /// `ChartInput.payload`: a kind from outside this package draws a shape none of the
    /// others is, touching no file of Vitals.
    case own

    /// Whether the data is read from a series' values: all shapes but milestones, which a
    /// timeline may take from elsewhere (a module's config).
    public var needsSeries: Bool { self != .milestones }

    /// The shape in one line, for a kind that says nothing of itself (`ChartKind.summary`).
    public var summary: String {
        switch self {
        case .buckets: return "One value per bucket over the range."
        case .split: return "Buckets split by tag or category."
        case .bucketsOrSplitTotals: return "One value per bucket, or one row per tag or category total."
        case .growth: return "Measured values against a reference band by age."
        case .milestones: return "Milestones with due and done dates."
        case .sleepNight: return "The latest night's sleep stages."
        case .latest: return "The latest value and its change."
        case .progress: return "Today's value against the target."
        case .calendar: return "Each day of the range judged against the target."
        case .pairs: return "Two series paired period by period."
        case .own: return "Data of the kind's own shape."
        }
    }

    /// Whether the data has buckets whose periods the store counts against the target.
    public var isTallied: Bool { self == .buckets || self == .split || self == .bucketsOrSplitTotals }
}

/// A way of drawing a metric, chosen by the metric's `chart_type_id`.
///
/// One kind per file under `Charts/Kinds/`, each with `static let id` and the `data` it
/// draws, listed once in `ChartKindFactory.builtInKinds`; a plug-in's kinds are given to
/// `Extensions(chartKinds:)`. A kind whose `data` is `.own` reads its data itself
/// (`OwnDataChartKind`). `draw` returns a canvas of styled cells
/// exactly `profile.width` display columns wide — no escape codes: the output backend decides
/// colour. It never fails: input it cannot draw gives an empty state.
public protocol ChartKind: Sendable {
    /// The `chart_type_id` this kind draws.
    static var id: String { get }
    /// The data shape this kind reads.
    static var data: ChartData { get }
    /// Whether a `line`-like kind shows raw values with the rolling mean over them.
    static var drawsRollingMean: Bool { get }
    /// What the kind draws, in one line (an editor's completion of `chart_type_id`, `vitals
    /// lsp`); by default the data shape it reads.
    static var summary: String { get }
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

/// The data of a chart kind's own shape (`ChartData.own`), as its kind reads it: plain values,
/// which the kind downcasts in `draw` (`input.payload as? MyPairs`).
public protocol ChartPayload: Sendable {
    /// Whether there is anything to draw (false: the chart shows its empty state).
    var hasData: Bool { get }
    /// The data as `vitals render --format json` writes it under `"data"`.
    var json: JSONValue { get }
}

extension ChartKind {
    public static var drawsRollingMean: Bool { false }

    /// The data shape it reads, in words.
    public static var summary: String { data.summary }

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

/// The chart kinds a run knows, and the lookup by `chart_type_id`: the built-in ones
/// (`ChartKindFactory.builtIn`) and those a plug-in adds, all given the same way
/// (`Extensions(chartKinds:)`). The validator's chart ids, the JSON Schema's enum and
/// `new-screen --chart` all come from `ids`.
public struct ChartKindFactory: Sendable {
    /// Every kind, in list order (built-in first), each id once.
    public let kinds: [any ChartKind.Type]

    /// A factory of `kinds`; a kind whose id is already listed is left out (`Extensions`
    /// reports it as a conflict).
    public init(_ kinds: [any ChartKind.Type]) {
        var seen = Set<String>()
        self.kinds = kinds.filter { seen.insert($0.id).inserted }
    }

    /// The kinds this package ships, exactly once each.
    public static let builtInKinds: [any ChartKind.Type] = [
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

    /// A factory of the built-in kinds only.
    public static let builtIn = ChartKindFactory(builtInKinds)

    /// The kind drawn when a `chart_type_id` is unknown.
    public static let fallback: any ChartKind.Type = BarVerticalChart.self

    /// The ids of every kind, in list order.
    public var ids: [String] { kinds.map { $0.id } }

    /// The kind type for a known `chartTypeID`, nil for an unknown one.
    public func type(for chartTypeID: String) -> (any ChartKind.Type)? {
        kinds.first { $0.id == chartTypeID }
    }

    /// The kind type for `chartTypeID`, the fallback for an unknown one.
    public func typeOrFallback(for chartTypeID: String) -> any ChartKind.Type {
        type(for: chartTypeID) ?? Self.fallback
    }

    /// The kind for `chartTypeID`, or the `bar_vertical` fallback with a note.
    public func kind(for chartTypeID: String) -> ResolvedChartKind {
        if let type = type(for: chartTypeID) {
            return ResolvedChartKind(kind: type.init(), note: nil)
        }
        let shown = DisplayWidth.truncate(Sanitize.inline(chartTypeID), to: 40)
        return ResolvedChartKind(
            kind: Self.fallback.init(),
            note: "chart type '\(shown)' is unknown; showing \(Self.fallback.id)")
    }

    /// Draws `input` with the kind for `chartTypeID`; the fallback's note comes first.
    public func draw(_ input: ChartInput, chartTypeID: String, profile: RenderProfile) -> TextCanvas {
        kind(for: chartTypeID).draw(input, profile: profile)
    }

    /// `draw` as lines with the profile's colour level.
    public func render(
        _ input: ChartInput, chartTypeID: String,
        profile: RenderProfile
    ) -> [String] {
        draw(input, chartTypeID: chartTypeID, profile: profile).lines(colorLevel: profile.colorLevel)
    }
}

extension ResolvedChartKind {
    /// The chart drawn by this kind, the fallback's note first.
    public func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
        var canvas = TextCanvas(width: profile.width)
        if let note {
            canvas.addLine("\(profile.glyphs.bullet) note: \(note)", style: Style(hex: "#C9A227"))
        }
        canvas.append(kind.draw(input, profile: profile))
        return canvas
    }
}
