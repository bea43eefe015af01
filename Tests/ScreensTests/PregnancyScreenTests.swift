import Foundation
import PregnancyScreen
import VitalsDemo
import VitalsKit
import VitalsScreens
import XCTest

/// The Pregnancy screen: the gain against the IOM band on fixture numbers (worked out by
/// hand in the comments), its config problems, and goldens of the shipped screen on the demo.
final class PregnancyScreenTests: XCTestCase {
    typealias F = ScreenFixtures

    /// A subject 168 cm tall who weighed `kg` before, last period 2026-05-04 (week 23 is
    /// 2026-10-12), and the IOM rule.
    static func catalog(kg: Double = 64, pregnancy: Bool = true, reference: String? = nil) -> LoadedCatalog {
        let block =
            pregnancy
            ? """
                pregnancy:
                  pre_pregnancy_weight_kg: \(kg)
                  height_cm: 168
                  last_period: "2026-05-04"
            """ : ""
        let rule =
            reference ?? """
                      reference:
                        axis: weeks of pregnancy
                        rule: gestational_weight_gain
                        first_trimester: {until_week: 13, min_kg: 0.45, max_kg: 2.0}
                        term_week: 40
                        classes:
                          - {name: underweight, min_kg: 12.7, max_kg: 18.1}
                          - {name: normal, from_bmi: 18.5, min_kg: 11.3, max_kg: 15.9}
                          - {name: overweight, from_bmi: 25, min_kg: 6.8, max_kg: 11.3}
                          - {name: obese, from_bmi: 30, min_kg: 5.0, max_kg: 9.1}
                """
        return CatalogLoader.load([
            SourceFile(
                path: "fixture.yaml",
                text: """
                    pillars:
                      - {pillar_id: care, name: Care}
                    subjects:
                      - subject_id: anna
                        name: Anna
                        kind: human
                        sex: female
                    \(block)
                    series:
                      - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 300}
                    screens:
                      - screen_id: SCREEN_PREGNANCY
                        name: Pregnancy
                        pillar: care
                        subject: anna
                        config:
                    \(rule)
                    metrics:
                      - {display_metric_id: GAIN, display_screen_id: SCREEN_PREGNANCY, display_name: Weight gain,
                         chart_type_id: growth_curve, is_primary: true, series: body_mass, aggregate: first, bucket: day,
                         range: all, unit: kg}
                    """)
        ])
    }

    static let week23 = LocalDate(year: 2026, month: 10, day: 12)

    static func weighIn(_ day: LocalDate, _ hour: Int, _ kg: Double) -> Sample {
        Sample(
            seriesID: "body_mass", subjectID: "anna",
            start: day.midnight(utcOffsetSeconds: 7200).addingTimeInterval(Double(hour * 3600)),
            utcOffsetSeconds: 7200, value: kg, source: hour < 12 ? "Withings" : "manual")
    }

    func render(
        _ loaded: LoadedCatalog, _ samples: [Sample], weighIn: WeighInPolicy? = nil,
        glyphs: Glyphs = .unicode
    ) throws -> ScreenDocument {
        let store = try SampleStore.inMemory()
        _ = try store.insert(samples)
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_PREGNANCY"))
        return try BuiltInScreenModules.registry.render(
            ScreenContext(
                catalog: loaded.catalog, screen: screen, store: store,
                request: ScreenRequest(asOf: Self.week23, weighIn: weighIn),
                profile: RenderProfile(width: 80, glyphs: glyphs)))
    }

    func summary(_ document: ScreenDocument) -> [String] {
        document.blocks.filter { $0.kind == .summary }.flatMap(document.lines(of:)).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// 64 kg at 1.68 m is BMI 22.7, normal. At week 23 the band is 0.45 + 10/27 × 10.85 =
    /// 4.47 to 2.0 + 10/27 × 13.9 = 7.15 kg. The morning weigh-in 70.1 kg is +6.1 kg; the
    /// evening one, 71.3 kg, is +7.3 kg.
    func testTheVerdictAtWeek23ForEachWeighInPolicy() throws {
        let samples = [
            Self.weighIn(LocalDate(year: 2026, month: 4, day: 20), 7, 64.5),  // before week 0: left out
            Self.weighIn(LocalDate(year: 2026, month: 8, day: 3), 7, 66.0),  // week 13
            Self.weighIn(Self.week23, 7, 70.1), Self.weighIn(Self.week23, 21, 71.3),
        ]
        let first = summary(try render(Self.catalog(), samples))
        XCTAssertEqual(first.first, "Week 23: +6.1 kg, within the recommended range (4.5–7.1 kg).")
        XCTAssertTrue(
            first.contains("Before the pregnancy 64.0 kg at 168 cm: BMI 22.7 (normal), 11.3–15.9 kg"), "\(first)")
        XCTAssertTrue(first.contains("▸ 07:00  70.1 kg  from Withings   used"), "\(first)")
        XCTAssertTrue(first.contains("Morning weight is used for tracking."), "\(first)")
        let last = summary(try render(Self.catalog(), samples, weighIn: .last))
        XCTAssertEqual(last.first, "Week 23: +7.3 kg, above the recommended range (4.5–7.1 kg).")
        XCTAssertTrue(last.contains("▸ 21:00  71.3 kg  typed in   used"), "\(last)")
        // (70.1 + 71.3) / 2 − 64 = 6.7
        let mean = summary(try render(Self.catalog(), samples, weighIn: .mean))
        XCTAssertEqual(mean.first, "Week 23: +6.7 kg, within the recommended range (4.5–7.1 kg).")
    }

    /// The chart's data: one point per day from week 0 (the pre-pregnancy weigh-in is left
    /// out), gains in kg, and the band's corners at weeks 0, 13 and 40 for the BMI class.
    func testTheChartDataIsTheGainAndTheClassBand() throws {
        let samples = [
            Self.weighIn(LocalDate(year: 2026, month: 4, day: 20), 7, 64.5),
            Self.weighIn(LocalDate(year: 2026, month: 8, day: 3), 7, 66.0),
            Self.weighIn(Self.week23, 7, 70.1),
        ]
        let document = try render(Self.catalog(kg: 80), samples)  // BMI 28.3: overweight
        let chart = try XCTUnwrap(document.blocks.first { $0.kind == .chart })
        let json = chart.data.text()
        XCTAssertTrue(json.contains("\"axis\""), json)
        guard case .object(let pairs) = chart.data,
            case .array(let measured)? = pairs.first(where: { $0.0 == "measured" })?.1,
            case .array(let reference)? = pairs.first(where: { $0.0 == "reference" })?.1
        else {
            return XCTFail(json)
        }
        func numbers(_ value: JSONValue, _ keys: [String]) -> [Double] {
            guard case .object(let fields) = value else { return [] }
            return keys.compactMap { key in
                if case .number(let n)? = fields.first(where: { $0.0 == key })?.1 { return n } else { return nil }
            }
        }
        let points = measured.map { numbers($0, ["week", "value"]) }
        XCTAssertEqual(points.count, 2)
        XCTAssertEqual(points[0][0], 13, accuracy: 1e-9)
        XCTAssertEqual(points[0][1], 66 - 80, accuracy: 1e-9)
        XCTAssertEqual(points[1][0], 23, accuracy: 1e-9)
        XCTAssertEqual(points[1][1], 70.1 - 80, accuracy: 1e-9)
        let corners = reference.map { numbers($0, ["week", "lower", "upper"]) }
        XCTAssertEqual(corners.map { $0[0] }, [0, 13, 40])
        XCTAssertEqual(corners[1][1], 0.45, accuracy: 1e-12)
        XCTAssertEqual(corners[1][2], 2.0, accuracy: 1e-12)
        XCTAssertEqual(corners[2][1], 6.8, accuracy: 1e-12)
        XCTAssertEqual(corners[2][2], 11.3, accuracy: 1e-12)
        XCTAssertTrue(summary(document).first?.contains("below the recommended range") ?? false, "\(summary(document))")
        XCTAssertTrue(document.lines(width: 80).contains { $0.contains("BMI 28.3 overweight") })
        XCTAssertTrue(document.lines(width: 80).contains { $0.contains("weeks of pregnancy") })
    }

    /// The sentence's three positions, and no change written with the profile's glyphs.
    func testTheVerdictSentence() {
        func sentence(_ gain: Double, _ glyphs: Glyphs = .unicode) -> String {
            PregnancyVerdict(week: 10.9, gain: gain, lower: 0.38, upper: 1.68).sentence(
                unit: "kg", numbers: .point, glyphs: glyphs)
        }
        XCTAssertEqual(sentence(1.0), "Week 10: +1.0 kg, within the recommended range (0.4–1.7 kg).")
        // 1.7 is within 0.38–1.68 as written (0.4–1.7); 1.76 shows as 1.8, above.
        XCTAssertEqual(sentence(1.7), "Week 10: +1.7 kg, within the recommended range (0.4–1.7 kg).")
        XCTAssertEqual(sentence(1.76), "Week 10: +1.8 kg, above the recommended range (0.4–1.7 kg).")
        XCTAssertEqual(sentence(0.34), "Week 10: +0.3 kg, below the recommended range (0.4–1.7 kg).")
        XCTAssertEqual(sentence(-0.6), "Week 10: -0.6 kg, below the recommended range (0.4–1.7 kg).")
        XCTAssertEqual(sentence(0.01, .ascii), "Week 10: +/-0.0 kg, below the recommended range (0.4-1.7 kg).")
        XCTAssertEqual(sentence(0.01), "Week 10: ±0.0 kg, below the recommended range (0.4–1.7 kg).")
    }

    func testWithoutWeighInsTheBandIsDrawnAboveTheEmptyState() throws {
        let document = try render(Self.catalog(), [])
        XCTAssertTrue(document.blocks.contains { $0.kind == .empty })
        let text = document.lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("░"), text)
        XCTAssertTrue(text.contains("BMI 22.7 (normal)"), text)
    }

    func testASubjectWithoutAPregnancyIsWarnedAndShownSo() throws {
        let loaded = Self.catalog(pregnancy: false)
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_PREGNANCY"))
        let found = PregnancyScreen().validate(screen, in: loaded.catalog)
        XCTAssertEqual(found.map(\.severity), [.warning], "\(found)")
        XCTAssertTrue(found.first?.message.contains("subject anna has no pregnancy block") ?? false)
        let text = try render(loaded, [Self.weighIn(Self.week23, 7, 70)]).lines(width: 80).joined(separator: "\n")
        XCTAssertTrue(text.contains("Anna has no pregnancy block in the catalog"), text)
    }

    func testATableReferenceIsRefusedAtItsLine() throws {
        let loaded = Self.catalog(
            reference: """
                      reference:
                        tolerance_percent: 15
                        points: [{week: 0, kg: 1}, {week: 4, kg: 2}]
                """)
        let screen = try XCTUnwrap(loaded.catalog.screen("SCREEN_PREGNANCY"))
        let found = PregnancyScreen().validate(screen, in: loaded.catalog).filter { $0.severity == .error }
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first?.location.line, 21)  // the reference mapping
        XCTAssertTrue(
            found.first?.message.contains("draws a rule (rule: gestational_weight_gain)") ?? false, "\(found)")
    }

    /// The shipped screen's rule is the IOM's 2009 table (the ranges this module is about).
    func testTheShippedScreenDeclaresTheIOMRanges() throws {
        let screen = try XCTUnwrap(F.catalog.screen("SCREEN_PREGNANCY"))
        var problems = ConfigProblems(screen: screen)
        let config = try XCTUnwrap(
            PregnancyScreen().decodeConfig(screen.config, of: screen, in: F.catalog, problems: &problems))
        XCTAssertEqual(problems.diagnostics, [])
        let rule = config.rule
        XCTAssertEqual(rule.classes.map(\.name), ["underweight", "normal", "overweight", "obese"])
        XCTAssertEqual(rule.classes.map(\.minBMI), [nil, 18.5, 25, 30])
        XCTAssertEqual(rule.classes.map(\.totalKg), [12.7...18.1, 11.3...15.9, 6.8...11.3, 5.0...9.1])
        XCTAssertEqual(rule.firstTrimesterKg, 0.45...2.0)
        XCTAssertEqual([rule.firstTrimesterWeek, rule.termWeek], [13, 40])
        XCTAssertNotNil(F.catalog.subject(screen.subjectID)?.pregnancy, "the shipped screen's subject is pregnant")
    }

    func testGoldens() throws {
        try F.assertScreenGoldens("pregnancy") { storeName, name in
            "vitals render pregnancy --as-of \(F.asOf) --width 80 (\(name), \(storeName) store)"
        }
    }

    /// Late in the demo pregnancy (week 29), where the band is wide and the line long.
    func testGoldenAtWeek29() throws {
        let asOf = LocalDate(year: 2026, month: 11, day: 24)
        let store = try DemoData(asOf: asOf, days: 30).makeInMemoryStore()
        for (name, profile) in F.profiles(width: 80) {
            let lines = try F.lines("pregnancy", store: store, profile: profile, request: ScreenRequest(asOf: asOf))
            for row in lines { XCTAssertEqual(DisplayWidth.of(F.stripANSI(row)), 80, row) }
            F.assertGolden(
                "pregnancy/demo-week29-80-\(name)",
                header: "vitals render pregnancy --as-of \(asOf) --width 80 (\(name), demo store)", lines: lines)
        }
    }
}
