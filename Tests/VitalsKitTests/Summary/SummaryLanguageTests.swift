import Foundation
import TestSupport
import Testing

@testable import VitalsInsights
@testable import VitalsKit

/// A screen declared `language: nl` is summed up in Dutch, every word of its block (the judged
/// wording, streaks, counted days and weeks, the portion noun, the relation line, numbers with a
/// decimal comma), on a fixture catalog of its own with an English screen beside it that stays
/// English; the page around the blocks belongs to no screen and stays English.
@Suite struct SummaryLanguageTests {
    static let yaml = """
        pillars:
          - {pillar_id: core, name: Core, order: 1}
        subjects:
          - {subject_id: me, name: Me, kind: human}
        series:
          - {series_id: protein, kind: quantity, unit: g, min: 0, max: 300}
          - {series_id: fruit, kind: quantity, unit: portion, min: 0, max: 12}
          - {series_id: body_mass, kind: quantity, unit: kg, min: 1, max: 300}
          - {series_id: steps, kind: quantity, unit: count, min: 0, max: 100000}
        screens:
          - {screen_id: SCREEN_INTAKE, name: Intake, pillar: core, order: 1}
          - {screen_id: SCREEN_FRUIT, name: Fruit, pillar: core, order: 2, language: nl}
          - {screen_id: SCREEN_GEWICHT, name: Gewicht, pillar: core, order: 3, language: nl}
        metrics:
          - {display_metric_id: PROTEIN, display_screen_id: SCREEN_INTAKE, display_name: Protein per day,
             chart_type_id: bar_vertical, is_primary: true, series: protein, aggregate: sum, bucket: day, range: 14d,
             unit: g, target: {rule: at_least, value: 100}}
          - {display_metric_id: FRUIT, display_screen_id: SCREEN_FRUIT, display_name: Fruit per dag,
             chart_type_id: bar_vertical, is_primary: true, series: fruit, aggregate: sum, bucket: day, range: 14d,
             target: {rule: at_least, value: 2}}
          - {display_metric_id: FRUIT_WEEK, display_screen_id: SCREEN_FRUIT, display_name: Fruit per week,
             chart_type_id: bar_vertical, parent_metric_id: FRUIT, series: fruit, aggregate: sum, bucket: week,
             range: 12w, target: {rule: at_least, value: 10}}
          - {display_metric_id: WEIGHT, display_screen_id: SCREEN_GEWICHT, display_name: Gewicht, chart_type_id: line,
             is_primary: true, series: body_mass, aggregate: mean, bucket: day, range: 30d}
          - {display_metric_id: STEPS_WEIGHT, display_screen_id: SCREEN_GEWICHT, display_name: Stappen en gewicht,
             chart_type_id: scatter, parent_metric_id: WEIGHT, series: steps, aggregate: sum, bucket: day, range: 30d,
             y: {series: body_mass, aggregate: mean}}

        """

    static let asOf = LocalDate(year: 2026, month: 4, day: 30)  // a Thursday

    static func summary(on backend: StoreBackend) throws -> Summary {
        let loaded = CatalogLoader.load([SourceFile(path: "language.yaml", text: yaml)])
        #expect(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        let store = try StoreFixtures.caseStore(on: backend)
        var samples: [Sample] = []
        // Fruit: 2 portions a day from 17 to 23 April (the week before), 1.5 from 24 to 29 April,
        // nothing yet on the as-of day.
        for offset in 0..<13 {
            let day = LocalDate(year: 2026, month: 4, day: 17).adding(days: offset)
            samples.append(SummaryFixtures.sample("fruit", day, minute: 12 * 60, day.day <= 23 ? 2 : 1.5))
        }
        samples.append(SummaryFixtures.sample("protein", asOf, minute: 8 * 60, 120))
        samples.append(
            SummaryFixtures.sample("body_mass", LocalDate(year: 2026, month: 4, day: 20), minute: 9 * 60, 22.3))
        samples.append(
            SummaryFixtures.sample("body_mass", LocalDate(year: 2026, month: 4, day: 28), minute: 9 * 60, 23.5))
        samples.append(SummaryFixtures.sample("steps", LocalDate(year: 2026, month: 4, day: 28), minute: 20 * 60, 8000))
        try store.insert(samples)
        return try SummaryFixtures.reader(store, catalog: loaded.catalog)
            .read(window: SummaryWindow(last: asOf, days: 7), title: "Weekly summary")
    }

    @Test(arguments: StoreBackend.available) func aDutchScreenIsSummedUpInDutch(on backend: StoreBackend) throws {
        let summary = try Self.summary(on: backend)
        #expect(summary.screens.map(\.language) == [nil, "nl", "nl"])
        let sections = SummaryWords().sections(summary)
        #expect(sections.map(\.language) == ["en", "nl", "nl"])
        #expect(
            sections.map(\.lines) == [
                [
                    "Protein per day: 120 g in total, 120 g a day (1 of 7 days); no data before",
                    "Protein per day: on target 1 of 1 day with data (≥ 100 g) · streak 1 day, best 1",
                ],
                [
                    "Fruit per dag: 9 porties in totaal, 1,29 porties per dag (6 van 7 dagen); −5 porties tegenover de 7 dagen ervoor (14 porties)",
                    "Fruit per dag: doel gehaald 0 van 6 dagen met gegevens (≥ 2 porties) · reeks 0 dagen, beste 7 · vandaag bezig",
                    "Fruit per week: deze week bezig (≥ 10 porties) · reeks 1 week, beste 1",
                ],
                [
                    "Gewicht: 23,5 kg gemiddeld (1 van 7 dagen); +1,2 kg tegenover de 7 dagen ervoor (22,3 kg)",
                    "Geen verband boven de ruis (Stappen en gewicht)",
                ],
            ])
        // No English word of a summary line in the Dutch blocks.
        let english = [
            "on target", "streak", "best ", "day", "average", "portion", "against", "before", "pending",
            "total", "this week", "today", "relation", "noise", "data",
        ]
        for line in sections.dropFirst().flatMap(\.lines) {
            for word in english { #expect(!line.contains(word), "\(word) in \(line)") }
        }
        // The formats: the page is English, the Dutch blocks Dutch, the HTML section says so.
        let text = SummaryText(words: SummaryWords()).text(summary)
        #expect(text.hasPrefix("Weekly summary\nMe · 2026-04-24 – 2026-04-30, against the 7 days before"))
        #expect(text.contains("\nFruit\n  Fruit per dag: 9 porties in totaal"))
        let markdown = SummaryText(words: SummaryWords()).markdown(summary)
        #expect(markdown.contains("\n## Gewicht\n\n- Gewicht: 23,5 kg gemiddeld (1 van 7 dagen)"))
        let html = SummaryPage(words: SummaryWords()).html(summary)
        #expect(html.contains("id=\"SCREEN_FRUIT\" lang=\"nl\"") && html.contains("id=\"SCREEN_INTAKE\" lang=\"en\""))
        #expect(html.contains("doel gehaald 0 van 6 dagen met gegevens"))
    }

    /// A name from the catalog is put in as it is, never read for the table's placeholders.
    @Test func aNameIsNeverReadForPlaceholders() {
        let target = SummaryTarget(
            metricName: "{rule} {streak}", target: .atLeast(2), unit: "portion", noun: "week",
            record: TargetRecord(met: 1, withData: 2, pending: false, currentStreak: 1, bestStreak: 3))
        #expect(
            SummaryWords().speaking("nl") { $0.target(target) }
                == "{rule} {streak}: doel gehaald 1 van 2 weken met gegevens (≥ 2 porties) · reeks 1 week, beste 3")
        #expect(Words.text("summary.no_data", ["metric": "{metric}"]) == "{metric}: no data")
        #expect(Words.text("summary.streak", ["periods": "{best}", "best": "2"]) == "streak {best}, best 2")
        #expect(Words.text("summary.streak", ["best": "2"]) == "streak {periods}, best 2")
    }

    /// English keeps the person's number style; a Dutch block writes Dutch numbers whatever it is.
    @Test func numbersFollowTheLanguage() {
        let words = SummaryWords(numbers: NumberStyle(decimalSeparator: ",", groupingSeparator: "."))
        #expect(words.speaking(nil) { $0.amount(1.5, DisplayUnit(.portion)) } == "1,5 portions")
        #expect(
            SummaryWords().speaking("nl") { $0.amount(58_210, nil) + " · " + $0.amount(1, DisplayUnit(.portion)) }
                == "58.210 · 1 portie")
        #expect(SummaryWords().speaking("nl") { _ in SummaryWords.rangeWords(.months(6)) } == "de laatste 6 maanden")
        #expect(
            SummaryWords.rangeWords(.months(6)) == "the last 6 months"
                && SummaryWords.rangeWords(.days(1)) == "the last day")
    }
}
