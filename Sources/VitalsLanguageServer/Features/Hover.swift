import Foundation
import VitalsKit

/// How hover draws a metric's chart: the store `render` would read (the settings' database or
/// the demo data), opened once when first needed, and the subjects its data sets add.
public struct ChartPreview: Sendable {
    public var width: Int
    /// The last day drawn (`--as-of`); nil: today.
    public var asOf: LocalDate?
    public var open: @Sendable () throws -> SampleStore
    /// Adds what the data read declares outside the catalog (the demo's subjects).
    public var prepare: @Sendable (inout Catalog) -> Void

    public init(
        width: Int = 60, asOf: LocalDate? = nil, open: @escaping @Sendable () throws -> SampleStore,
        prepare: @escaping @Sendable (inout Catalog) -> Void = { _ in }
    ) {
        self.width = width
        self.asOf = asOf
        self.open = open
        self.prepare = prepare
    }
}

/// What hover says of an id: a metric's chart kind, series, unit and its chart as `render`
/// draws it; a screen's pillar, primary metric and children; a key's description.
struct Hover {
    let extensions: Extensions
    let catalog: Catalog
    /// The metric's chart as lines, or why it could not be drawn.
    let drawChart: (DisplayMetric) -> ChartPicture

    func text(for occurrence: IDOccurrence) -> String? {
        switch occurrence.kind {
        case .metric: return catalog.metric(occurrence.id).map(metric)
        case .screen: return (catalog.screen(occurrence.id) ?? catalog.screen(formerID: occurrence.id)).map(screen)
        case .series:
            guard let series = catalog.series(occurrence.id) else { return nil }
            return "**\(series.id)** — series, \(series.kind.rawValue) in \(series.unit.rawValue)"
                + (series.description.map { "\n\n\($0)" } ?? "")
        case .pillar:
            guard let pillar = catalog.pillar(occurrence.id) else { return nil }
            let screens = catalog.screens(of: pillar.id).map { "`\($0.id)`" }
            return
                "**\(pillar.id)** — pillar \(pillar.name)\n\nscreens: \(screens.isEmpty ? "none" : screens.joined(separator: ", "))"
        case .subject:
            guard let subject = catalog.subject(occurrence.id) else { return nil }
            return "**\(subject.id)** — subject \(subject.name) (\(subject.kind.rawValue))"
        default:
            return nil
        }
    }

    func metric(_ metric: DisplayMetric) -> String {
        var lines = ["**\(metric.id)** — \(metric.displayName) (metric on `\(metric.screenID)`)", ""]
        let kind = extensions.chartKinds.type(for: metric.chartTypeID)
        lines.append("chart: `\(metric.chartTypeID)`" + (kind.map { " — \($0.summary)" } ?? " (unknown chart kind)"))
        if let seriesID = metric.binding.seriesID {
            let series = catalog.series(seriesID)
            lines.append("")
            lines.append(
                "series: `\(seriesID)`"
                    + (series.map { " (\($0.kind.rawValue), \($0.unit.rawValue))" } ?? " (not declared)")
                    + " · unit: \(metric.binding.unit ?? series?.unit.rawValue ?? "—")")
        }
        if let parent = metric.parentID { lines += ["", "under: `\(parent)`"] }
        switch drawChart(metric) {
        case .drawn(let chart) where !chart.isEmpty:
            lines += ["", "```text"] + chart.map { $0.replacingOccurrences(of: "```", with: "'''") } + ["```"]
        case .drawn: break
        case .notDrawn(let reason): lines += ["", "_chart not drawn: \(reason)_"]
        }
        return lines.joined(separator: "\n")
    }

    func screen(_ screen: DisplayScreen) -> String {
        var lines = ["**\(screen.id)** — \(screen.name) (screen of pillar `\(screen.pillarID)`)"]
        if !screen.formerIDs.isEmpty {
            lines += ["", "former ids: " + screen.formerIDs.map { "`\($0)`" }.joined(separator: ", ")]
        }
        if let primary = catalog.primary(of: screen.id) {
            lines += ["", "primary: `\(primary.id)` — \(primary.displayName) (`\(primary.chartTypeID)`)"]
            let children = catalog.descendants(of: primary.id)
            if !children.isEmpty {
                lines +=
                    ["", "children:"]
                    + children.map {
                        String(repeating: "  ", count: $0.depth - 1) + "- `\($0.metric.id)` — \($0.metric.displayName)"
                    }
            }
        } else {
            lines += ["", "primary: none"]
        }
        let others = catalog.metrics(of: screen.id).filter { !$0.isPrimary && $0.parentID == nil }
        if !others.isEmpty { lines += ["", "other metrics: " + others.map { "`\($0.id)`" }.joined(separator: ", ")] }
        return lines.joined(separator: "\n")
    }

    /// A key's description from the schema, for hovering over a key.
    static func key(_ key: String, at context: CursorContext, completion: Completion) -> String? {
        switch completion.keysAt(context) {
        case .spec(let spec):
            guard let found = spec.key(key) else { return nil }
            return "**\(found.name)** (\(spec.name)\(found.isRequired ? ", required" : "")): \(found.summary)"
        case .config(let keys):
            guard let found = keys.first(where: { $0.name == key }) else { return nil }
            return "**\(found.name)** (config): \(found.typeDescription). \(found.doc)"
        default:
            return nil
        }
    }
}

/// A metric's chart as lines, or why it was not drawn.
enum ChartPicture {
    case drawn([String])
    case notDrawn(String)
}

/// Draws a metric's chart as `render` does: its screen composed by its module with the metric
/// in focus, and the metric's chart block drawn alone.
final class ChartDrawing {
    private let preview: ChartPreview
    private let extensions: Extensions
    private var store: SampleStore?

    init(preview: ChartPreview, extensions: Extensions) {
        self.preview = preview
        self.extensions = extensions
    }

    func draw(_ metric: DisplayMetric, in catalog: Catalog) -> ChartPicture {
        var catalog = catalog
        preview.prepare(&catalog)
        guard let screen = catalog.screen(metric.screenID) else {
            return .notDrawn("its screen \(metric.screenID) is not declared")
        }
        do {
            let store = try self.store ?? preview.open()
            self.store = store
            var request = ScreenRequest(asOf: preview.asOf ?? LocalDate.today())
            request.focusMetricID = metric.id
            let profile = RenderProfile(width: preview.width)
            let document = try extensions.screens.render(
                ScreenContext(
                    catalog: catalog, screen: screen, store: store, request: request,
                    profile: profile, chartKinds: extensions.chartKinds))
            guard let block = document.blocks.first(where: { $0.kind == .chart && $0.metricID == metric.id }) else {
                return .drawn(document.blocks.first { $0.kind == .empty }.map { document.lines(of: $0) } ?? [])
            }
            return .drawn(
                document.lines(of: block).map {
                    $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                })
        } catch {
            return .notDrawn("\(error)")
        }
    }
}
