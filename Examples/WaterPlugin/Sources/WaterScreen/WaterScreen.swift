import VitalsKit

/// The Water screen (SCREEN_WATER_PLUGIN), a module from outside Vitals: the layout every
/// screen has (`ScreenContext.compose`) with a one-line verdict above the charts.
public struct WaterScreen: ScreenModule {
    public static let screenID = "SCREEN_WATER_PLUGIN"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        var summary: [ScreenBlock] = []
        if let primary = context.metricsToDraw.first, primary.binding.seriesID != nil,
           let today = try context.targetSummary(try context.query(for: primary)) {
            let drunk = today.today.map { context.profile.numbers.format($0, unit: today.unit) } ?? "nothing yet"
            let verdict = today.today.map { today.target.isMet(by: $0) } == true ? "on target" : "not yet on target"
            summary.append(ScreenBlock(kind: .summary, metricID: primary.id,
                                       rows: [.line("Today: \(drunk), \(verdict)", Style(bold: true))],
                                       data: .object([("today", .number(today.today)), ("on_target", .bool(verdict == "on target"))])))
        }
        return try context.compose(module: Self.screenID, summary: summary)
    }
}
