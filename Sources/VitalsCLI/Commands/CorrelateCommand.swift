import ArgumentParser
import Foundation
import VitalsKit

/// `vitals correlate`: how two series go together day by day, at one lag or several.
struct CorrelateCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "correlate",
        abstract: "Relate two series day by day, e.g. `vitals correlate alcohol sleep_analysis --lag 1`.",
        discussion: """
            A side is a series id (steps), series:category (symptoms:headache) or a metric id \
            (BODY_WEIGHT). Two quantities get Pearson's r and Spearman's rho with 95 % intervals; \
            an event (a symptom, a count of samples) compares the other side on days with and \
            without it (Welch's 95 % interval). A relation is named only when its intervals \
            exclude 0; fewer than 8 days with both values are not computed.
            """)

    @Argument(help: ArgumentHelp("The x side: a series id, series:category or a metric id.", valueName: "X"))
    var x: String

    @Argument(help: ArgumentHelp("The y side, read --lag days after x.", valueName: "Y"))
    var y: String

    @Option(help: ArgumentHelp("Read Y this many days after X (0–30, default 0).", valueName: "N"))
    var lag: Int?

    @Option(help: ArgumentHelp("Several lags, e.g. 0...7 (or 0-7, or 0,1,3); one line each.", valueName: "A...B"))
    var lags: String?

    @Option(help: ArgumentHelp("How far back: 30d, 12w, 6m, 1y or all (default 90d).", valueName: "RANGE"))
    var range: String?

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The last day of Y, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Write plain ASCII (rho, -) (also the default when the locale is not UTF-8).")
    var ascii = false

    @OptionGroup var subjectOption: SubjectOption
    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    enum OutputFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

    func validate() throws {
        if lag != nil && lags != nil { throw ValidationError("give --lag or --lags, not both") }
        if let lag, !(0...PairedBinding.maximumLag).contains(lag) {
            throw ValidationError("--lag must be 0 to \(PairedBinding.maximumLag) days, got \(lag)")
        }
        _ = try lagList()
    }

    /// `--lags` as a list (`0...7`, `0-7`, `0,1,3`), else `--lag`, else 0.
    func lagList() throws -> [Int] {
        guard let lags else { return [lag ?? 0] }
        let text = lags.replacingOccurrences(of: "...", with: "-")
        var result: [Int] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0 != nil }),
                let low = bounds.first!, let high = bounds.last!, low <= high,
                low >= 0, high <= PairedBinding.maximumLag
            else {
                throw ValidationError(
                    "--lags expects lags of 0 to \(PairedBinding.maximumLag) days like 0...7, 0-7 or 0,1,3; got '\(Sanitize.inline(lags))'"
                )
            }
            result += Array(low...high)
        }
        return result
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let settings = try RunSettings.resolve()
            let day = try parseDate(asOf, option: "--as-of") ?? LocalDate.today()
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.holdsDemoData(extensions.storeBackends))
            let request = RelationRequest(
                x: x, y: y, asOf: day, range: try parseRange(range) ?? .days(90),
                subjectID: subjectOption.flag == nil ? nil : subjectOption.id,
                unitSystem: try units.chosenUnitSystem(), weighIn: settings.weighIn,
                dayCutoffMinutes: settings.dayCutoffMinutes)
            let sampleStore = try store.openForReading(extensions.storeBackends, asOf: day)
            let relations = try request.read(in: loaded.catalog, from: sampleStore, lags: try lagList())
            let profile = try RenderProfile.resolve(width: 80, color: .never, ascii: ascii)
            let unicode = profile.glyphs.isUnicode
            switch format {
            case .json:
                let json = JSONValue.object([
                    ("x", .string(x)), ("y", .string(y)), ("as_of", .string(day.description)),
                    ("range", .string(request.range.description)),
                    ("relations", .array(relations.map(\.json))),
                ])
                try say(json.text(), as: .json)
            case .text:
                guard let first = relations.first else { return }
                let words = RelationWords(numbers: profile.numbers, unicode: unicode)
                try say(
                    ScatterChart.axesText(first, separator: profile.glyphs.separator, lag: false)
                        + " \(profile.glyphs.separator) \(MetricChartBuilder.words(request.range)) to \(day)")
                for relation in relations {
                    let prefix =
                        relations.count > 1 || relation.lagDays > 0
                        ? "y \(relation.lagDays) day\(relation.lagDays == 1 ? "" : "s") later: " : ""
                    try say(prefix + words.sentence(relation.finding, relation))
                }
            }
        }
    }
}
