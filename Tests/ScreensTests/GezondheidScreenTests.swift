import Foundation
import GezondheidScreen
import VitalsKit
import VitalsScreens
import XCTest

/// The Gezondheid screen: goldens on the demo data and an empty store, the reference and
/// band verdict against hand-computed values, milestone statuses, and config diagnostics
/// at their lines.
final class GezondheidScreenTests: XCTestCase {
    typealias F = ScreenFixtures
    static let birth = LocalDate(year: 2025, month: 12, day: 20)

    // MARK: Goldens

    func testGoldensOnTheDemoDataAndAnEmptyStore() throws {
        try F.assertScreenGoldens("gezondheid") { storeName, name in
            "vitals render gezondheid --as-of \(F.asOf) --width 80 (\(name), \(storeName) store)"
        }
    }

    func testTheDemoScreenShowsTheDutchHeroVerdictAndMilestones() throws {
        let text = try F.lines("gezondheid", profile: F.profile("unicode")).joined(separator: "\n")
        // Ollie's last two demo weighings: 16,2 kg on 6 June, 16,0 kg on 13 June (week 25).
        XCTAssertTrue(text.contains("gewogen op za 13 jun 2026 · -0,2 kg sinds vorige meting (6 jun)"), text)
        XCTAssertTrue(
            text.contains("Met 25 weken weegt Ollie 16 kg: binnen de marge (14–19 kg), 3 % lichter dan"), text)
        XCTAssertTrue(text.contains("5/8 gedaan"), text)
        XCTAssertTrue(text.contains("65 dagen te laat"), text)
        XCTAssertTrue(text.contains("volgende · over 5 dagen"), text)
        XCTAssertFalse(text.contains("weeks since birth"), "English caption left in: \(text)")
    }

    /// At 40 columns a milestone name wider than its column wraps in whole words onto the rows
    /// below (it was cut to "Eerste dierena…"), and the line between milestones runs beside it.
    func testMilestoneNamesWrapInWholeWordsWhenNarrow() throws {
        for name in ["unicode", "ascii"] {
            let lines = try F.lines("gezondheid", profile: F.profile(name, width: 40))
            let text = lines.joined(separator: "\n")
            let words = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
            for word in ["Eerste", "dierenartscontrole", "Castratie-gesprek", "Jaarlijkse", "vaccinatie"] {
                XCTAssertTrue(words.contains(word), "\(name): \(word)\n\(text)")
            }
            let line = name == "unicode" ? "│" : "|"
            XCTAssertTrue(
                lines.contains(" \(line)         dierenartscontrole" + String(repeating: " ", count: 11)), text)
        }
    }

    func testTheEmptyStateDrawsTheReferenceAloneWithTheDutchMessage() throws {
        let document = try F.document("gezondheid", store: F.emptyStore, profile: F.profile("unicode"))
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Nog geen gewichtsmetingen"), text)
        XCTAssertTrue(text.contains("vitals log body_mass 4.5 kg --subject ollie"), text)
        XCTAssertTrue(text.contains("Golden Retriever ♀ ±15 %"), text)
        XCTAssertTrue(text.contains("░"), "no band drawn: \(text)")
        XCTAssertFalse(text.contains("Gewicht (kg)"), "a hero without weighings: \(text)")
        let growth = try XCTUnwrap(
            document.blocks.first { $0.metricID == "GEZONDHEID_GROEICURVE" && $0.kind == .chart })
        XCTAssertTrue(
            growth.data.text().contains("\"measured\": []") || growth.data.text().contains("\"measured\":[]"),
            growth.data.text())
    }

    // MARK: Reference and verdict

    func testTheReferenceIsInterpolatedLinearlyBetweenItsPoints() throws {
        let reference = try XCTUnwrap(shippedConfig().reference)
        XCTAssertEqual(reference.tolerancePercent, 15)
        XCTAssertEqual(reference.centre(atWeek: 0), 1.3)
        // Week 10 lies halfway between week 8 (4,5 kg) and week 12 (8,0 kg).
        XCTAssertEqual(try XCTUnwrap(reference.centre(atWeek: 10)), 6.25, accuracy: 1e-9)
        // Week 25: 14 + (17 − 14) × 5/6 = 16,5 kg; the band is 14,025…18,975 kg.
        XCTAssertEqual(try XCTUnwrap(reference.centre(atWeek: 25)), 16.5, accuracy: 1e-9)
        let band = try XCTUnwrap(reference.band(atWeek: 25))
        XCTAssertEqual(band.lower, 14.025, accuracy: 1e-9)
        XCTAssertEqual(band.upper, 18.975, accuracy: 1e-9)
        XCTAssertEqual(reference.centre(atWeek: 78), 27)
        XCTAssertNil(reference.centre(atWeek: 80))
        // Drawn up to week 29.5: every point before it and one interpolated at 29.5.
        let drawn = reference.bands(through: 29.5)
        XCTAssertEqual(drawn.map(\.week), [0, 4, 8, 12, 16, 20, 26, 29.5])
        XCTAssertEqual(drawn.last!.centre, 17 + 3 * 3.5 / 8, accuracy: 1e-9)
    }

    func testTheVerdictForAWeightInsertedIntoAStore() throws {
        // 13 June 2026 is day 175, week 25: reference 16,5 kg, band 14,025–18,975 kg.
        for (kg, position, text) in [
            (
                20.0, "above",
                "Met 25 weken weegt Ollie 20 kg: boven de marge (14–19 kg), 21,2 % zwaarder dan de referentie van 16,5 kg."
            ),
            (
                13.0, "under",
                "Met 25 weken weegt Ollie 13 kg: onder de marge (14–19 kg), 21,2 % lichter dan de referentie van 16,5 kg."
            ),
            (
                16.5, "within",
                "Met 25 weken weegt Ollie 16,5 kg: binnen de marge (14–19 kg), precies op de referentie van 16,5 kg."
            ),
        ] {
            let store = try SampleStore.inMemory()
            try store.insert([
                weighing(15.7, on: LocalDate(year: 2026, month: 6, day: 6)),
                weighing(kg, on: LocalDate(year: 2026, month: 6, day: 13)),
            ])
            let document = try F.document("gezondheid", store: store, profile: F.profile("unicode", width: 120))
            let verdict = try XCTUnwrap(
                document.blocks.first { $0.kind == .summary && $0.metricID == "GEZONDHEID_GROEICURVE" })
            let json = verdict.data.text()
            XCTAssertTrue(
                json.contains("\"position\": \"\(position)\"") || json.contains("\"position\":\"\(position)\""), json)
            XCTAssertEqual(
                document.lines(of: verdict).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "), text
            )
            let hero = document.lines(width: 120).joined(separator: "\n")
            let delta = DutchDelta.of(kg - 15.7)
            XCTAssertTrue(hero.contains("gewogen op za 13 jun 2026 · \(delta) kg sinds vorige meting (6 jun)"), hero)
        }
    }

    /// "+4,3", "-2,7", "+0,8" the way the hero writes a change in kg.
    enum DutchDelta {
        static func of(_ value: Double) -> String {
            (value < 0 ? "-" : "+") + NumberStyle.dutch.format(abs(value), fractionDigits: 1)
        }
    }

    // MARK: Milestones

    func testDueDatesRoundHalfDaysUpAndCountCalendarMonths() {
        XCTAssertEqual(
            MilestonePlan(id: "a", name: "A", due: .week(8)).dueDate(birth: Self.birth).description, "2026-02-14")
        // 8,5 weeks is 59,5 days: day 60.
        XCTAssertEqual(
            MilestonePlan(id: "a", name: "A", due: .week(8.5)).dueDate(birth: Self.birth).description, "2026-02-18")
        XCTAssertEqual(
            MilestonePlan(id: "a", name: "A", due: .month(6)).dueDate(birth: Self.birth).description, "2026-06-20")
        // A month after 31 January is the last day of February.
        XCTAssertEqual(
            MilestonePlan(id: "a", name: "A", due: .month(1))
                .dueDate(birth: LocalDate(year: 2026, month: 1, day: 31)).description, "2026-02-28")
    }

    func testMilestoneStatusesAtAChosenAsOfDate() throws {
        let plans = try shippedConfig().milestones
        let done = [
            "vaccinatie_8": LocalDate(year: 2026, month: 2, day: 14),
            "vaccinatie_16": LocalDate(year: 2026, month: 4, day: 20),
        ]
        let states = MilestoneState.schedule(
            plans, birth: Self.birth, done: done,
            asOf: LocalDate(year: 2026, month: 3, day: 1))
        XCTAssertEqual(
            states.map(\.plan.id),
            [
                "eerste_ontworming", "vaccinatie_8", "dierenarts_controle", "ontworming_9",
                "vaccinatie_12", "vaccinatie_16", "castratie_gesprek", "jaarlijkse_vaccinatie",
            ])
        // vaccinatie_16 is done on 20 April, after the as-of date: not done yet on 1 March.
        XCTAssertEqual(states.map(\.status), [.overdue, .done, .overdue, .overdue, .next, .future, .future, .future])
        let asOf = LocalDate(year: 2026, month: 3, day: 1)
        // In the screen's language (Dutch), and in English from the same table keys.
        XCTAssertEqual(
            Words.speaking("nl") { states.map { $0.statusWords(asOf: asOf, separator: "·") } },
            [
                "29 dagen te laat", "gedaan op 14 feb", "11 dagen te laat", "8 dagen te laat",
                "volgende · over 13 dagen", "over 41 dagen", "over 111 dagen", "over 294 dagen",
            ])
        XCTAssertEqual(
            Words.speaking("nl") { states.map { $0.statusWords(asOf: asOf, separator: "·", short: true) } },
            [
                "29 d te laat", "gedaan", "11 d te laat", "8 d te laat", "over 13 d", "over 41 d", "over 111 d",
                "over 294 d",
            ])
        XCTAssertEqual(
            Words.speaking("en") { states.map { $0.statusWords(asOf: asOf, separator: "·") } },
            [
                "29 days overdue", "done on 14 Feb", "11 days overdue", "8 days overdue",
                "next · in 13 days", "in 41 days", "in 111 days", "in 294 days",
            ])
    }

    func testTheScreenReadsDoneDatesFromTheStore() throws {
        let store = try SampleStore.inMemory()
        try store.markMilestone(
            MilestoneRecord(
                subjectID: "ollie", milestoneID: "vaccinatie_16",
                doneOn: LocalDate(year: 2026, month: 4, day: 12)))
        let document = try F.document("gezondheid", store: store, profile: F.profile("unicode"))
        let timeline = try XCTUnwrap(document.blocks.first { $0.metricID == "GEZONDHEID_MIJLPALEN" })
        let text = document.lines(of: timeline).joined(separator: "\n")
        XCTAssertTrue(text.contains("1/8 gedaan"), text)
        XCTAssertTrue(text.contains("Vaccinatie (16 weken)") && text.contains("gedaan op 12 apr"), text)
        XCTAssertTrue(text.contains("✓ gedaan  ◆ volgende  ○ gepland  ! te laat"), text)
    }

    // MARK: Config diagnostics

    func testTheShippedConfigIsClean() {
        XCTAssertEqual(GezondheidScreen().validate(shippedScreen(), in: F.catalog), [])
    }

    func testEachBadConfigIsReportedAtItsLine() throws {
        let cases: [(replace: String, with: String, marker: String, message: String)] = [
            (
                "          - week: 4\n            kg: 3.0", "          - week: 0\n            kg: 3.1",
                "0\n            kg: 3.1",
                "week 0 is not after the week of the point before it (0 on line"
            ),
            (
                "            kg: 3.0\n", "            kg: 0\n", "0\n\n          - week: 8",
                "kg must be more than 0, got 0"
            ),
            (
                "tolerance_percent: 15", "tolerance_percent: 150", "150",
                "tolerance_percent 150 must be more than 0 and less than 100"
            ),
            (
                "tolerance_percent: 15", "tolerance_percent: 0", "0\n        points:",
                "tolerance_percent 0 must be more than 0 and less than 100"
            ),
            ("sex: female", "sex: teef", "teef\n", "sex must be female or male, not 'teef'"),
            (
                "breed: Golden Retriever", "bread: Golden Retriever", "bread",
                "unknown key 'bread' in reference; did you mean 'breed'?"
            ),
            (
                "          due_week: 6\n", "          due_week: 6\n          due_month: 2\n",
                "2\n\n        - id: vaccinatie_8", "milestone 'eerste_ontworming' has both due_week and due_month"
            ),
            (
                "          due_week: 6\n", "", "id: eerste_ontworming",
                "milestone 'eerste_ontworming' needs due_week or due_month"
            ),
            (
                "id: ontworming_9", "id: vaccinatie_8", "vaccinatie_8\n          name: Ontworming",
                "duplicate milestone id 'vaccinatie_8' (first declared on line"
            ),
            (
                "          due_week: 6\n", "          due_week: 6\n          done: 2026-02-30\n", "2026-02-30",
                "done must be a date as YYYY-MM-DD, got '2026-02-30'"
            ),
            (
                "id: castratie_gesprek", "id: Castratie gesprek", "Castratie gesprek",
                "milestone id 'Castratie gesprek' must be snake_case"
            ),
            ("due_month: 6", "due_month: 6.5", "6.5", "due_month must be a whole number of months, not 6.5"),
            (
                "      milestones:", "      mijlpalen: []\n      milestones:", "mijlpalen",
                "unknown key 'mijlpalen' in config"
            ),
        ]
        for (index, bad) in cases.enumerated() {
            let original = try shippedYAML()
            XCTAssertTrue(original.contains(bad.replace), "case \(index): '\(bad.replace)' not in core_care.yaml")
            var text = original
            text = text.replacingOccurrences(
                of: bad.replace, with: bad.with, options: [], range: text.range(of: bad.replace))
            let expected = try location(of: bad.marker, in: text, after: "SCREEN_GEZONDHEID")
            let diagnostics = try diagnosticsFor(text)
            F.assertOneConfigError(
                diagnostics.filter { $0.severity == .error }, line: expected.line,
                column: expected.column, contains: bad.message, context: "case \(index):")
        }
    }

    func testAConfigErrorStopsTheRenderWithTheLocation() throws {
        let text = try shippedYAML().replacingOccurrences(of: "tolerance_percent: 15", with: "tolerance_percent: 150")
        let loaded = CatalogLoader.load(catalogSources(core: text))
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_GEZONDHEID"))
        let context = ScreenContext(
            catalog: loaded.catalog, screen: screen, store: F.emptyStore,
            request: ScreenRequest(asOf: F.asOf), profile: F.profile("unicode"))
        XCTAssertThrowsError(try BuiltInScreenModules.registry.render(context)) { error in
            XCTAssertTrue("\(error)".contains("tolerance_percent 150"), "\(error)")
        }
    }

    // MARK: Helpers

    func shippedScreen() -> DisplayScreen { F.catalog.screen("SCREEN_GEZONDHEID")! }

    func shippedConfig() throws -> GezondheidConfig {
        var problems = ConfigProblems(screen: shippedScreen())
        let config = GezondheidScreen().decodeConfig(
            shippedScreen().config, of: shippedScreen(), in: F.catalog,
            problems: &problems)
        XCTAssertEqual(problems.diagnostics, [])
        return try XCTUnwrap(config)
    }

    func shippedYAML() throws -> String {
        try String(contentsOf: F.repositoryRoot.appendingPathComponent("screens/core_care.yaml"), encoding: .utf8)
    }

    /// The shipped pillars and subjects with `core` as screens/core_care.yaml.
    func catalogSources(core: String) -> [SourceFile] {
        let root = F.repositoryRoot
        return ["screens/pillars.yaml", "screens/subjects.yaml"].map { path in
            SourceFile(
                path: path, text: (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? "")
        } + [SourceFile(path: "screens/core_care.yaml", text: core)]
    }

    func diagnosticsFor(_ core: String) throws -> [Diagnostic] {
        let loaded = CatalogLoader.load(catalogSources(core: core))
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_GEZONDHEID"))
        let viaValidator = Validator(screenModules: BuiltInScreenModules.registry).validate(loaded)
            .filter { $0.rule == ConfigProblems.ruleID }
        let direct = GezondheidScreen().validate(screen, in: loaded.catalog)
        XCTAssertEqual(Set(viaValidator), Set(direct))
        return direct
    }

    func location(of marker: String, in text: String, after anchor: String) throws -> (line: Int, column: Int) {
        try XCTUnwrap(TextLocation.find(marker, in: text, after: anchor), "no '\(marker)' after \(anchor)")
    }

    func weighing(_ kg: Double, on day: LocalDate) -> Sample {
        Sample(
            seriesID: "body_mass", subjectID: "ollie",
            start: day.midnight(utcOffsetSeconds: 7200).addingTimeInterval(36_000),
            utcOffsetSeconds: 7200, value: kg, source: "test")
    }
}

/// Where a piece of YAML text is, for checking diagnostic locations.
enum TextLocation {
    /// The 1-based line and column of the first `marker` after `anchor` in `text`.
    static func find(_ marker: String, in text: String, after anchor: String) -> (line: Int, column: Int)? {
        guard let start = text.range(of: anchor)?.upperBound,
            let found = text.range(of: marker, range: start..<text.endIndex)
        else { return nil }
        let before = text[..<found.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text.distance(from: lineStart, to: found.lowerBound) + 1)
    }
}
