import VitalsKit

/// The DragonHealth Today screen (SCREEN_TODAY): every enabled category's total against its
/// rule with what is left or over, the meal cards (what was logged per slot and the slot's
/// guidance, which is shown and never judged), the day's status, and the budgets.
///
/// The categories, slots and budgets are the catalog's (`categories:`, `meal_slots:`,
/// `budgets:`); the day runs from the first slot's time (04:00) to the same time next morning.
public struct TodayScreen: ScreenModule {
    public static let screenID = "SCREEN_TODAY"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        let book = context.portions
        guard !book.enabledCategories.isEmpty else {
            return context.document(
                module: Self.screenID, blocks: [context.headerBlock(), context.emptyBlock(for: nil)])
        }
        let ledger = DayLedger(book: book, subjectID: context.screen.subjectID)
        let day = try ledger.read(from: context.store, first: context.asOf, through: context.asOf)[0]
        let judged = DayAdherence(days: [day], categories: book.enabledCategories).days[0]
        let card = TodayCard(context: context, book: book, day: day, judged: judged)
        var blocks = [context.headerBlock(), card.statusBlock(), card.categoryBlock(), card.mealBlock()]
        if let budgets = try context.budgetBlock() { blocks.append(budgets) }
        if let primary = context.catalog.primary(of: context.screen.id), let about = context.aboutBlock(for: primary) {
            blocks.append(about)
        }
        return context.document(module: Self.screenID, blocks: blocks)
    }
}
