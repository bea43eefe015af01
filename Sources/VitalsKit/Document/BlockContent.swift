/// What a block of a screen shows, as values: no escape codes, no lines cut to a width.
/// An output backend (`TerminalOutput`, the JSON of `ScreenDocument.json`) turns it into text.
public enum BlockContent: Sendable {
    /// The screen's name, pillar and subject.
    case header(ScreenHeader)
    /// A chart: its kind, its data and notes under it.
    case chart(ChartFigure)
    /// Rows of text, laid out at the output's width.
    case text([TextRow])
    /// A drawing of a module's own (a timeline in Dutch, a grid of days), drawn at the output's
    /// width by the drawing itself.
    case drawing(any BlockDrawing)
    /// A table (a calendar of days, a table of categories): an HTML table in a report, its
    /// terminal layout in the terminal.
    case table(TableBlock)
}

/// The header of a screen: its title (icon and name) in the pillar colour, the pillar and
/// subject on the right, the description, and a rule.
public struct ScreenHeader: Sendable, Hashable {
    public var icon: String?
    public var name: String
    /// "Nutrition · Me".
    public var context: String
    public var description: String?
    /// The pillar colour (a catalog colour), nil for none.
    public var color: String?

    public init(icon: String?, name: String, context: String, description: String?, color: String?) {
        self.icon = icon
        self.name = name
        self.context = context
        self.description = description
        self.color = color
    }
}

/// A chart in a document: the `chart_type_id` that draws it, its data, and rows of notes
/// drawn right under it (a caption, "2 nights only time in bed").
public struct ChartFigure: Sendable {
    public var chartTypeID: String
    /// The kind that draws the chart (the fallback, with its note, for an unknown id): found
    /// once when the screen is composed, from the run's chart kinds, so no backend looks it up.
    public var kind: ResolvedChartKind
    public var input: ChartInput
    public var notes: [TextRow]
    /// Rows only the terminal draws under the chart: its legend in text glyphs ("⣀⣀ gemeten
    /// ⠒⠂ referentie"). Other backends draw their own legend (SVG swatches) instead.
    public var terminalLegend: [TextRow] = []

    public init(chartTypeID: String, kind: ResolvedChartKind, input: ChartInput, notes: [TextRow] = []) {
        self.chartTypeID = chartTypeID
        self.kind = kind
        self.input = input
        self.notes = notes
    }

    /// A chart drawn by `kind` (one a module knows it draws with, `StatChart.self`).
    public init(_ kind: any ChartKind.Type, input: ChartInput, notes: [TextRow] = []) {
        self.init(
            chartTypeID: kind.id, kind: ResolvedChartKind(kind: kind.init(), note: nil), input: input, notes: notes)
    }
}

/// One row of text, laid out by the output at its width. Text is sanitized when drawn.
public enum TextRow: Sendable, Hashable {
    /// A line word-wrapped to the width from `indent`, continuation lines indented by two
    /// more (`TextWrap`).
    case wrapped(String, Style, indent: Int)
    /// A paragraph broken at spaces into lines flush with its first (`ScreenText.wrap`).
    case paragraph(String, Style)
    /// Parts joined by `joiner` (the separator glyph when nil), wrapped between parts; a
    /// part wider than a line is truncated.
    case parts([String], Style, joiner: String?)
    /// One line truncated to the width with an ellipsis (a heading).
    case heading(String, Style)
    /// A paragraph under a hanging label ("  What  …"), its text starting at `column`.
    case labelled(label: String, text: String, column: Int)

    /// A wrapped row from column 0.
    public static func line(_ text: String, _ style: Style = .plain) -> TextRow { .wrapped(text, style, indent: 0) }
}

/// A module's own drawing: it draws itself at the output's width and style (its text only;
/// colour is applied by the output).
public protocol BlockDrawing: Sendable {
    func draw(profile: RenderProfile) -> TextCanvas
    /// The drawing as HTML for the report (a table, an inline `<svg>`), or nil: the report then
    /// shows `draw` in a `<pre>` with its colours.
    func html(size: ChartSize) -> String?
    /// The values the drawing shows (its milestones, its points), for what reads a document
    /// rather than looks at it: `vitals due` finds a module's milestones here. Nil: none.
    var values: ChartInput? { get }
}

extension BlockDrawing {
    public func html(size: ChartSize) -> String? { nil }
    public var values: ChartInput? { nil }
}

extension BlockContent {
    /// The values a chart or a drawing shows; nil for text, tables and the header.
    package var values: ChartInput? {
        switch self {
        case .chart(let figure): return figure.input
        case .drawing(let drawing): return drawing.values
        case .header, .text, .table: return nil
        }
    }
}
