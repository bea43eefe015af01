/// A way of drawing a metric as text, chosen by the metric's `chart_type_id`.
///
/// One kind per file under `Charts/Kinds/`, each with `static let id`, listed once in
/// `ChartKindFactory.builtIn`. `render` returns lines of exactly `profile.width` display
/// columns (colour codes aside); it never fails: input it cannot draw gives an empty state.
public protocol ChartKind: Sendable {
    /// The `chart_type_id` this kind draws.
    static var id: String { get }
    init()
    /// The chart as lines, each exactly `profile.width` display columns wide.
    func render(_ input: ChartInput, profile: RenderProfile) -> [String]
}

/// A chart kind found for a `chart_type_id`, with a note when it is the fallback.
public struct ResolvedChartKind: Sendable {
    public var kind: any ChartKind
    /// "chart type 'x' is unknown; showing bar_vertical", or nil when the id is known.
    public var note: String?
}

/// The one list of built-in chart kinds, and the lookup by `chart_type_id`.
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
    ]

    /// The kind drawn when a `chart_type_id` is unknown.
    public static let fallback: any ChartKind.Type = BarVerticalChart.self

    /// The ids of all built-in kinds, in list order.
    public static var ids: [String] { builtIn.map { $0.id } }

    /// The kind for `chartTypeID`, or the `bar_vertical` fallback with a note.
    public static func kind(for chartTypeID: String) -> ResolvedChartKind {
        if let type = builtIn.first(where: { $0.id == chartTypeID }) {
            return ResolvedChartKind(kind: type.init(), note: nil)
        }
        let shown = DisplayWidth.truncate(Sanitize.inline(chartTypeID), to: 40)
        return ResolvedChartKind(
            kind: fallback.init(),
            note: "chart type '\(shown)' is unknown; showing \(fallback.id)")
    }

    /// Renders `input` with the kind for `chartTypeID`; the fallback's note comes first.
    public static func render(_ input: ChartInput, chartTypeID: String,
                              profile: RenderProfile) -> [String] {
        let resolved = kind(for: chartTypeID)
        var lines: [String] = []
        if let note = resolved.note {
            var canvas = TextCanvas(width: profile.width)
            canvas.addLine("\(profile.glyphs.bullet) note: \(note)",
                           style: Style(hex: "#C9A227"))
            lines += canvas.lines(colorLevel: profile.colorLevel)
        }
        return lines + resolved.kind.render(input, profile: profile)
    }
}
