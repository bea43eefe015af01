import PropertyBased
import Testing

@testable import VitalsKit

/// `AboutPeriodRule.period(in:)` passes most texts by their bytes (no "last" or "past" in an
/// ASCII text); checked against the whole word scan on texts built to come near that edge.
@Suite struct AboutPeriodShortcutTests {
    /// Lead words in several cases, near misses ("pastel", "las t", "lasT"), numbers, units,
    /// separators and non-ASCII letters (one that lower-cases to ASCII, a combining mark).
    static let pieces = [
        "last", "Last", "LAST", "lAsT", "past", "PAST", "pAst", "pastel", "las", "t", "pas", "l", "p",
        "ast", "two", "14", "week", "weeks", "days", "nights", "night's", "month's", " ", ", ", "-",
        "'", "\r\n", "é", "İ", "K", "\u{301}", "Ł", "ſ", "la\u{301}st", "١٤",
    ]

    @Test func theShortcutAnswersAsTheWordScan() async {
        let texts = Gen<String?>.element(of: Self.pieces).array(of: 0...8)
        await propertyCheck(count: 6000, input: texts) { parts in
            let text = parts.compactMap { $0 }.joined()
            #expect(
                AboutPeriodRule.period(in: text) == AboutPeriodRule.periodByWords(in: text), "\(text.debugDescription)")
        }
    }

    @Test func theShortcutPassesOnlyASCIITextsWithoutALeadWord() {
        #expect(!AboutPeriodRule.mayNameLead("Grams per day of synthetic metric 3."))
        #expect(!AboutPeriodRule.mayNameLead("las"))
        #expect(!AboutPeriodRule.mayNameLead(""))
        #expect(AboutPeriodRule.mayNameLead("over the LaSt two weeks"))
        #expect(AboutPeriodRule.mayNameLead("the pastel chart"))
        #expect(AboutPeriodRule.mayNameLead("é"))
        #expect(AboutPeriodRule.mayNameLead("Weight each day, naïvely"))
        #expect(AboutPeriodRule.period(in: "Weight each day over the Last two weeks.") == "last two weeks")
    }
}
