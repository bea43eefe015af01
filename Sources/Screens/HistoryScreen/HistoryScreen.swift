import VitalsKit

/// The DragonHealth History screen (SCREEN_HISTORY): a calendar where a day is on target only
/// if every enabled category met its rule, the current and best streak of such days, the share
/// of days on target over 7/30/90 days, each category's record (under, over, and its wins on
/// the days missed overall), and weekly, monthly and yearly summaries.
///
/// Days are judged from the first entry on (at most `maximumDays` back); an as-of day not yet
/// on target is unfinished and neither counts nor breaks a streak (`DayAdherence`).
public struct HistoryScreen: ScreenModule {
    public static let screenID = "SCREEN_HISTORY"
    /// How far back days are judged.
    static let maximumDays = 3 * 366

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        let book = context.portions
        let ledger = DayLedger(book: book, subjectID: context.screen.subjectID)
        guard !book.enabledCategories.isEmpty, let firstEntry = try ledger.firstDay(in: context.store),
            firstEntry <= context.asOf
        else {
            let primary = context.catalog.primary(of: context.screen.id)
            return context.document(
                module: Self.screenID, blocks: [context.headerBlock(), context.emptyBlock(for: primary)])
        }
        let first = max(firstEntry, context.asOf.adding(days: -(Self.maximumDays - 1)))
        let days = try ledger.read(from: context.store, first: first, through: context.asOf)
        let adherence = DayAdherence(days: days, categories: book.enabledCategories)
        let view = HistoryView(context: context, book: book, adherence: adherence)
        var blocks = [
            context.headerBlock(), view.summaryBlock(), view.calendarBlock(), view.categoryBlock(), view.periodBlock(),
        ]
        if let primary = context.catalog.primary(of: context.screen.id), let about = context.aboutBlock(for: primary) {
            blocks.append(about)
        }
        return context.document(module: Self.screenID, blocks: blocks)
    }
}
