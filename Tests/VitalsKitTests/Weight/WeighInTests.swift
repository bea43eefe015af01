import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// Several weigh-ins a day: which metrics are weigh-ins, how the `weigh_in` setting changes
/// the day's value, and the screen block that lists the day's weigh-ins with the one used
/// marked and where each came from.
@Suite struct WeighInTests {
    static let catalog: Catalog = CatalogLoader.load([
        SourceFile(
            path: "fixture.yaml",
            text: """
                pillars:
                  - {pillar_id: body, name: Body}
                series:
                  - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 300}
                  - {series_id: protein, kind: quantity, unit: g, min: 0, max: 500}
                screens:
                  - {screen_id: SCREEN_WEIGHT, name: Weight, pillar: body}
                metrics:
                  - {display_metric_id: WEIGHT, display_screen_id: SCREEN_WEIGHT, display_name: Weight, chart_type_id: line,
                     is_primary: true, series: body_mass, aggregate: first, bucket: day, range: 7d}
                  - {display_metric_id: PROTEIN, display_screen_id: SCREEN_WEIGHT, display_name: Protein, chart_type_id: bar_vertical,
                     parent_metric_id: WEIGHT, series: protein, aggregate: sum, bucket: day, range: 7d}
                """)
    ]).catalog

    static let day = LocalDate(year: 2026, month: 11, day: 20)
    static let weight = catalog.metric("WEIGHT")!
    static let protein = catalog.metric("PROTEIN")!

    /// A weigh-in at `hour:minute` on `day`, Amsterdam winter time.
    static func weighIn(
        _ day: LocalDate, _ hour: Int, _ minute: Int, _ kg: Double, source: String = "manual",
        metadata: String? = nil
    ) -> Sample {
        Sample(
            seriesID: "body_mass",
            start: day.midnight(utcOffsetSeconds: 3600).addingTimeInterval(Double(hour * 3600 + minute * 60)),
            utcOffsetSeconds: 3600, value: kg, source: source, metadata: metadata)
    }

    /// A block drawn at 80 columns without colour, as `vitals render` draws it.
    static func drawn(_ block: ScreenBlock) -> [String] {
        TerminalOutput(profile: RenderProfile(width: 80)).draw(block).lines(colorLevel: .none)
    }

    static func context(_ samples: [Sample], weighIn: WeighInPolicy? = nil, glyphs: Glyphs = .unicode) throws
        -> ScreenContext
    {
        let store = try SampleStore.inMemory()
        _ = try store.insert(samples)
        return ScreenContext(
            catalog: catalog, screen: catalog.screen("SCREEN_WEIGHT")!, store: store,
            request: ScreenRequest(asOf: day, weighIn: weighIn),
            profile: RenderProfile(width: 80, glyphs: glyphs))
    }

    static let threeWeighIns = [
        weighIn(day.adding(days: -1), 7, 5, 80.9, source: "Withings"),
        weighIn(day, 7, 12, 80.2, source: "Withings", metadata: #"{"device":"scale"}"#),
        weighIn(day, 13, 30, 80.8),
        weighIn(day, 21, 40, 81.3, source: "Withings"),
    ]

    @Test func aBodyWeightIsAWeighInAndASumOfGramsIsNot() throws {
        let weight = Self.weight
        let protein = Self.protein
        #expect(WeighInPolicy.applies(to: weight, in: Self.catalog))
        #expect(!WeighInPolicy.applies(to: protein, in: Self.catalog))
    }

    @Test(arguments: WeighInPolicy.allCases)
    func theSettingReplacesTheAggregateOfWeighInMetricsOnly(policy: WeighInPolicy) throws {
        let context = try Self.context([], weighIn: policy)
        #expect(try context.query(for: Self.weight).aggregate == policy.aggregate)
        #expect(try context.query(for: Self.protein).aggregate == .sum)
        let unset = try Self.context([])
        #expect(try unset.query(for: Self.weight).aggregate == .first)
    }

    /// The day's value the store's SQL gives under each setting equals the policy picking
    /// from the day's weigh-ins in Swift, for any weigh-ins.
    @Test func theStoreAgreesWithPickingInSwift() async {
        let weights = Gen.double(in: 40...150).array(of: 1...6)
        await propertyCheck(count: 40, input: weights, Gen.int(in: 0...2)) { kgs, index in
            let policy = WeighInPolicy.allCases[index]
            let samples = kgs.enumerated().map {
                Self.weighIn(Self.day, 6 + 2 * $0.offset, 0, ($0.element * 10).rounded() / 10)
            }
            do {
                let context = try Self.context(samples, weighIn: policy)
                let query = try context.query(for: Self.weight)
                let buckets = try query.fetchBuckets(from: context.store).buckets
                let stored = try #require(buckets.last?.value)
                let picked = try #require(policy.pick(samples.map(\.value)))
                #expect(abs(stored - picked) < 1e-9, "\(policy) of \(samples.map(\.value))")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func morningWeightIsMarkedAndEachSourceNamed() throws {
        let context = try Self.context(Self.threeWeighIns)
        let block = try #require(try context.weighInsBlock(for: Self.weight))
        let lines = Self.drawn(block).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines == [
                "Weigh-ins on Fri 20 Nov: 3",
                "▸ 07:12  80.2 kg  imported from Apple Health (Withings)   used",
                "13:30  80.8 kg  typed in",
                "21:40  81.3 kg  from Withings",
                "Morning weight is used for tracking.",
            ])
    }

    @Test func latestAndMeanSayWhichTheyUse() throws {
        let weight = Self.weight
        let last = try #require(try Self.context(Self.threeWeighIns, weighIn: .last).weighInsBlock(for: weight))
        let lastLines = Self.drawn(last).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lastLines[3] == "▸ 21:40  81.3 kg  from Withings   used")
        #expect(lastLines.last == "Latest weight is used for tracking.")
        let mean = try #require(
            try Self.context(Self.threeWeighIns, weighIn: .mean, glyphs: .ascii).weighInsBlock(for: weight))
        let meanLines = Self.drawn(mean).map { $0.trimmingCharacters(in: .whitespaces) }
        // (80.2 + 80.8 + 81.3) / 3 = 80.7667
        #expect(meanLines.contains("mean   80.8 kg"))
        #expect(meanLines.last == "Mean of the day's weigh-ins is used for tracking.")
        #expect(!meanLines.contains { $0.contains("used") && $0.hasPrefix(">") })
        guard case .object(let pairs) = mean.data,
            case .number(let used)? = pairs.first(where: { $0.0 == "used_value" })?.1
        else {
            Issue.record("no used_value in \(mean.data.text())")
            return
        }
        #expect(abs(used - (80.2 + 80.8 + 81.3) / 3) < 1e-9)
    }

    @Test func oneWeighInIsOneLineWithItsSource() throws {
        let context = try Self.context([Self.weighIn(Self.day, 7, 2, 79.9, source: "Withings")])
        let block = try #require(try context.weighInsBlock(for: Self.weight))
        #expect(
            Self.drawn(block).map { $0.trimmingCharacters(in: .whitespaces) } == [
                "Latest: 79.9 kg at 07:02 on Fri 20 Nov, from Withings."
            ])
    }

    @Test func noBlockWithoutWeighInsOrForAnotherMetric() throws {
        let context = try Self.context([])
        #expect(try context.weighInsBlock(for: Self.weight) == nil)
        let filled = try Self.context(Self.threeWeighIns)
        #expect(try filled.weighInsBlock(for: Self.protein) == nil)
    }

    @Test func sourceWords() {
        #expect(SampleSourceWords.describe(source: "manual", fromAppleHealth: false) == "typed in")
        #expect(SampleSourceWords.describe(source: "csv", fromAppleHealth: false) == "imported from a CSV file")
        #expect(SampleSourceWords.describe(source: "Withings", fromAppleHealth: false) == "from Withings")
        #expect(
            SampleSourceWords.describe(source: "Withings", fromAppleHealth: true)
                == "imported from Apple Health (Withings)")
        #expect(
            SampleSourceWords.describe(source: "Scale\u{1B}[31m", fromAppleHealth: false).unicodeScalars.allSatisfy {
                $0 != "\u{1B}"
            })
    }
}
