import ArgumentParser
import Foundation
import VitalsInsights
import VitalsKit

/// `vitals summary`: the week (or any period) against the one before, short enough for a mail.
struct SummaryCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "The week (or any period) against the one before, e.g. `vitals summary --week --format markdown`.",
        discussion: """
            Per screen with data in the period: its primary metric's value against the period of \
            the same length before, targets met on the days with data, streaks, the weight goal's \
            trend, and any relation whose 95 % interval excludes 0. Screens without data in the \
            period are counted, not shown. Formats: text, markdown, or html (the report's page).
            """)

    @Flag(help: "The last 7 days (the default).")
    var week = false

    @Flag(help: "The last month (the day after the same date a month before, through --as-of).")
    var month = false

    @Option(help: ArgumentHelp("The last N days (1–3660).", valueName: "N"))
    var days: Int?

    @Option(help: ArgumentHelp("The period as a range: 7d, 12w, 6m or 1y.", valueName: "RANGE"))
    var range: String?

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The period's last day, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    @Option(help: "Output format: text, markdown or html.")
    var format: OutputFormat = .text

    @Flag(help: "Write plain ASCII (>=, -, |) (also the default when the locale is not UTF-8).")
    var ascii = false

    @OptionGroup var subjectOption: SubjectOption
    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    enum OutputFormat: String, CaseIterable, ExpressibleByArgument { case text, markdown, html }

    /// The most days a period may span (and the period before it as many again).
    static let longestPeriod = 3660

    func validate() throws {
        let given = [
            week ? "--week" : nil, month ? "--month" : nil, days.map { _ in "--days" }, range.map { _ in "--range" },
        ]
        .compactMap { $0 }
        if given.count > 1 { throw ValidationError("give one period: \(given.joined(separator: ", ")) were all given") }
        if let days, !(1...Self.longestPeriod).contains(days) {
            throw ValidationError("--days must be 1 to \(Self.longestPeriod), got \(days)")
        }
    }

    /// The period ending on `day` and what it is called.
    func period(endingOn day: LocalDate) throws -> (SummaryWindow, String) {
        if month, let window = SummaryWindow(last: day, range: .months(1)) { return (window, "Monthly summary") }
        if let days { return (SummaryWindow(last: day, days: days), "Summary of \(days) day\(days == 1 ? "" : "s")") }
        if let parsed = try parseRange(range) {
            guard let window = SummaryWindow(last: day, range: parsed) else {
                throw CommandError(
                    "--range all has no length to compare with the period before; give 7d, 12w, 6m or 1y", .usage)
            }
            guard window.days <= Self.longestPeriod else {
                throw CommandError(
                    "--range \(parsed) is \(window.days) days; a summary covers at most \(Self.longestPeriod) (10 years)",
                    .usage)
            }
            return (window, "Summary of " + MetricChartBuilder.words(parsed))
        }
        return (SummaryWindow(last: day, days: 7), "Weekly summary")
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let settings = try RunSettings.resolve()
            let day = try parseDate(asOf, option: "--as-of") ?? LocalDate.today()
            let (window, title) = try period(endingOn: day)
            let profile = try RenderProfile.resolve(width: 80, color: .never, ascii: ascii)
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.holdsDemoData(extensions.storeBackends))
            let subject = subjectOption.id
            _ = try SampleValidator(catalog: loaded.catalog).subject(subject)
            var request = ScreenRequest(
                asOf: day, unitSystem: try units.chosenUnitSystem(), weighIn: settings.weighIn,
                dayCutoffMinutes: settings.dayCutoffMinutes)
            request.goal = settings.goals[subject]
            let sampleStore = try store.openForReading(extensions.storeBackends, asOf: day)
            let summary = try SummaryReader(
                catalog: loaded.catalog, store: sampleStore, request: request, subjectID: subject,
                extensions: extensions
            )
            .read(window: window, title: title)
            let words = SummaryWords(
                numbers: profile.numbers, glyphs: profile.glyphs, languages: loaded.catalog.languages)
            switch format {
            case .text: try StandardOutput.write(SummaryText(words: words).text(summary))
            case .markdown: try StandardOutput.write(SummaryText(words: words).markdown(summary))
            case .html: try StandardOutput.write(SummaryPage(words: words).html(summary), as: .html)
            }
        }
    }
}
