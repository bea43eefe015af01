import Foundation
import VitalsKit

/// Reads what `DueCheck` judges for a moment: the milestones the screens' timelines show (as
/// their modules place them), the last weigh-in, the DragonHealth day's totals and budgets.
package struct DueReader: Sendable {
    package var catalog: Catalog
    package var store: SampleStore
    /// The screen modules that place the milestones, and the chart kinds.
    package var extensions: Extensions
    package var registry: ScreenRegistry { extensions.screens }
    package var settings: ReminderSettings
    /// The `day_cutoff` setting (minutes), for the DragonHealth day.
    package var dayCutoffMinutes: Int?

    package init(
        catalog: Catalog, store: SampleStore, extensions: Extensions, settings: ReminderSettings,
        dayCutoffMinutes: Int? = nil
    ) {
        self.catalog = catalog
        self.store = store
        self.extensions = extensions
        self.settings = settings
        self.dayCutoffMinutes = dayCutoffMinutes
    }

    /// Everything due at `localSeconds` (seconds since 1970 of the local wall clock) for `subject`
    /// (weigh-in, targets, budgets) and every declared subject with milestones. Only what was
    /// logged by that moment counts (a later entry of the same day is not there yet); the
    /// weigh-in reminder starts with the subject's first weigh-in, the targets and budgets with
    /// its first portion entry by that moment, so an empty database has nothing due.
    /// `utcOffsetSeconds` is the moment's offset from UTC.
    package func items(atLocalSeconds localSeconds: Int64, utcOffsetSeconds: Int = 0, subject: String) throws
        -> [DueItem]
    {
        let calendarDay = LocalDate(Date(timeIntervalSince1970: Double(localSeconds)), utcOffsetSeconds: 0)
        let minutes = Int(((localSeconds % 86_400) + 86_400) % 86_400 / 60)
        var items: [DueItem] = []
        if let days = settings.milestoneDays {
            for screen in catalog.activeScreensInOrder
            where catalog.subject(screen.subjectID) != nil
                && catalog.metrics(of: screen.id).contains(where: {
                    extensions.chartKinds.type(for: $0.chartTypeID)?.data == .milestones
                })
            {
                let context = ScreenContext(
                    catalog: catalog, screen: screen, store: store,
                    request: ScreenRequest(asOf: calendarDay), profile: RenderProfile(width: 80),
                    chartKinds: extensions.chartKinds)
                let document = try registry.render(context)
                let name = catalog.subject(screen.subjectID)?.name ?? screen.subjectID
                for block in document.blocks {
                    if let milestones = block.content.values?.milestones, !milestones.isEmpty {
                        // The screen's language: a Dutch screen's milestones are due in Dutch.
                        items += Words.speaking(catalog.words(for: screen.language)) {
                            DueCheck.milestones(milestones, subject: name, today: calendarDay, days: days)
                        }
                    }
                }
            }
        }
        let person = catalog.subject(subject)?.name ?? subject
        if let from = settings.weighInFrom, let series = catalog.series("body_mass") {
            let query = try MetricQuery(
                binding: MetricBinding(seriesID: series.id, aggregate: .last, bucket: .day),
                series: series, subjectID: subject, asOf: calendarDay)
            var last = try query.fetchLatest(from: store)
            if let found = last, found.at.timeIntervalSince1970 > Double(localSeconds - Int64(utcOffsetSeconds)) {
                // Weighed later that day than the moment asked about: as it was then.
                last = try MetricQuery(
                    binding: query.binding, series: series, subjectID: subject,
                    asOf: calendarDay.adding(days: -1)
                ).fetchLatest(from: store)
            }
            if let last = last?.date,
                let item = DueCheck.weighIn(
                    last: last, subject: person, today: calendarDay, minutes: minutes, from: from)
            {
                items.append(item)
            }
        }
        let book = catalog.portions.withDayCutoff(dayCutoffMinutes)
        if !book.enabledCategories.isEmpty || !book.budgets.isEmpty {
            let ledger = DayLedger(book: book, subjectID: subject)
            let day = ledger.day(ofLocalStart: localSeconds)
            // The moment itself (UTC): entries count when made at or before it.
            let moment = localSeconds - Int64(utcOffsetSeconds)
            guard let first = try ledger.firstDay(in: store, loggedBy: moment), first <= day else { return items }
            if let from = settings.targetsFrom,
                let today = try ledger.read(
                    from: store, first: day, through: day,
                    loggedBy: moment
                ).first
            {
                let shifted = minutes - book.dayCutoffMinutes < 0 ? minutes + 1440 : minutes
                items += DueCheck.targets(
                    today, categories: book.enabledCategories, subject: person, minutes: shifted, from: from)
            }
            let statuses = try book.budgets.map { budget in
                (
                    name: budget.name,
                    status: try BudgetLedger.status(
                        of: budget, asOf: day, book: book, subjectID: subject,
                        store: store, loggedBy: moment)
                )
            }
            items += DueCheck.budgets(statuses, subject: person)
        }
        return items
    }
}
