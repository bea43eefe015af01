import VitalsKit

/// The DragonHealth export (`vitals report adherence`): whole-day adherence over the period —
/// days on target, the current and best streak, a calendar and weekly shares — each
/// category's statistics (days on target, mean a day, under and over), then every body metric
/// the catalog binds for the same subject over the same period, each with its 7-day mean
/// (`BodyTrends`).
///
/// Days are judged by `DayAdherence`, the one place Today and History judge them, from the
/// period's first day (or the first entry, when later) through the as-of day.
package struct AdherenceReport {
    let catalog: Catalog
    let store: SampleStore
    let request: ScreenRequest
    let period: ReportPeriod
    let profile: RenderProfile

    /// How far back a period without a first day looks (as History's calendar: 12 weeks).
    static let defaultDays = 84
    /// Series whose screens are the body-metric trends.
    static func isBodySeries(_ id: String) -> Bool {
        id.hasPrefix("body_") || ["lean_body_mass", "waist", "waist_circumference", "bmi"].contains(id)
    }

    package init(
        catalog: Catalog, store: SampleStore, request: ScreenRequest, period: ReportPeriod, profile: RenderProfile
    ) {
        self.catalog = catalog
        self.store = store
        self.request = request
        self.period = period
        self.profile = profile
    }

    var subjectID: String { "me" }

    /// The adherence document, then the body-metric trends.
    package func documents(registry: ScreenRegistry) throws -> [ScreenDocument] {
        var documents = [try adherenceDocument()]
        let trends = BodyTrends(
            catalog: catalog, store: store, request: request, profile: profile, subjectID: subjectID,
            defaultRange: .days(Self.defaultDays))
        if let body = try trends.document() { documents.append(body) }
        return documents
    }

    /// The judged days of the period.
    func judgedDays() throws -> DayAdherence? {
        let book = catalog.portions.withDayCutoff(request.dayCutoffMinutes)
        let ledger = DayLedger(book: book, subjectID: subjectID)
        guard !book.enabledCategories.isEmpty, let firstEntry = try ledger.firstDay(in: store),
            firstEntry <= period.asOf
        else { return nil }
        let first = max(firstEntry, period.firstDay ?? period.asOf.adding(days: -(Self.defaultDays - 1)))
        let days = try ledger.read(from: store, first: first, through: period.asOf)
        return DayAdherence(days: days, categories: book.enabledCategories)
    }

    func adherenceDocument() throws -> ScreenDocument {
        let pillar = catalog.pillars.first { pillar in
            catalog.activeScreensInOrder.contains {
                $0.pillarID == pillar.id
                    && catalog.primary(of: $0.id)?.binding.seriesID
                        .map { id in catalog.portions.categories.contains { $0.seriesID == id } } == true
            }
        }
        let subject = catalog.subject(subjectID) ?? .me
        let header = ScreenHeader(
            icon: nil, name: "Whole-day adherence",
            context: [pillar?.name, subject.name].compactMap { $0 }.joined(separator: " · "),
            description:
                "A day is on target only when every enabled category met its rule; an unfinished as-of day is not counted.",
            color: pillar?.color)
        var blocks = [
            ScreenBlock(kind: .header, content: .header(header), data: .object([("name", .string(header.name))]))
        ]
        guard let adherence = try judgedDays(), !adherence.days.isEmpty else {
            blocks.append(
                ScreenBlock(
                    kind: .empty, rows: [.line("No portions logged in this period. Log a day with `vitals log`.")],
                    data: .object([("days", .number(0))])))
            return document(blocks)
        }
        let view = AdherenceView(
            adherence: adherence, book: catalog.portions.withDayCutoff(request.dayCutoffMinutes), profile: profile,
            asOf: period.asOf)
        blocks += [view.summaryBlock(), view.calendarBlock(), view.weeklyBlock(), view.categoryBlock()]
        return document(blocks)
    }

    func document(_ blocks: [ScreenBlock]) -> ScreenDocument {
        ScreenDocument(
            screenID: "REPORT_ADHERENCE", name: "Whole-day adherence", pillarID: "", subjectID: subjectID,
            module: "report", asOf: period.asOf, blocks: blocks, profile: profile)
    }
}
