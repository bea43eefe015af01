import Foundation
import Testing

@testable import VitalsKit
@testable import VitalsSettings

/// A metric's `y:` series is decoded, kept through the compiled-catalog cache's codec, and
/// checked at its own line: an unknown series, a unit of another dimension, a lag too long.
@Suite struct PairedBindingValidationTests {
    static func catalog(_ y: String, chart: String = "scatter", bucket: String = "day") -> String {
        """
        pillars: [{pillar_id: core_care, name: Core Care}]
        series:
          - {series_id: body_mass, kind: quantity, unit: kg}
          - {series_id: alcohol, kind: quantity, unit: count}
        screens: [{screen_id: SCREEN_BODY, name: Body, pillar: core_care}]
        metrics:
          - display_metric_id: BODY_VS_ALCOHOL
            display_screen_id: SCREEN_BODY
            display_name: Weight and drinks
            chart_type_id: \(chart)
            is_primary: true
            series: alcohol
            aggregate: sum
            bucket: \(bucket)
            y:
        \(y)
        """
    }

    static func diagnostics(_ text: String) -> [Diagnostic] {
        let loaded = CatalogLoader.load([SourceFile(path: "metrics.yaml", text: text)])
        return loaded.diagnostics + Validator().validate(loaded)
    }

    @Test func aValidPairDecodesAndPasses() throws {
        let text = Self.catalog(
            "      series: body_mass\n      aggregate: mean\n      unit: lb\n      lag_days: 1\n      name: weight")
        let loaded = CatalogLoader.load([SourceFile(path: "metrics.yaml", text: text)])
        #expect(Self.diagnostics(text).isEmpty)
        let y = try #require(loaded.catalog.metric("BODY_VS_ALCOHOL")?.binding.versus)
        #expect(y == PairedBinding(seriesID: "body_mass", aggregate: .mean, unit: "lb", lagDays: 1, name: "weight"))
    }

    @Test func anUnknownSeriesIsReportedAtItsLine() throws {
        let found = Self.diagnostics(Self.catalog("      series: body_mas"))
        let diagnostic = try #require(found.first { $0.rule == "unknown-reference" })
        #expect(diagnostic.message == "unknown series 'body_mas'; did you mean 'body_mass'?")
        #expect(diagnostic.location.line == 16 && diagnostic.location.column == 15)
    }

    @Test func unitLagAndKindMistakesAreReported() {
        let unit = Self.diagnostics(Self.catalog("      series: body_mass\n      unit: min"))
        #expect(
            unit.contains {
                $0.rule == "paired-series" && $0.location.line == 17
                    && $0.message.hasPrefix("y unit 'min' measures duration")
            })
        let lag = Self.diagnostics(Self.catalog("      series: body_mass\n      lag_days: 45"))
        #expect(
            lag.contains {
                $0.rule == "paired-series" && $0.location.line == 17 && $0.message == "lag_days 45 is more than 30 days"
            })
        let weekly = Self.diagnostics(Self.catalog("      series: body_mass\n      lag_days: 2", bucket: "week"))
        #expect(weekly.contains { $0.message == "lag_days needs bucket: day; this metric's bucket is week" })
        let line = Self.diagnostics(Self.catalog("      series: body_mass", chart: "line"))
        #expect(
            line.contains {
                $0.rule == "paired-series" && $0.message.contains("only a relating chart (scatter) reads y:")
            })
        let missing = Self.diagnostics(
            Self.catalog("      series: body_mass").replacingOccurrences(
                of: "    y:\n      series: body_mass", with: ""))
        #expect(missing.contains { $0.rule == "paired-series" && $0.message.contains("add `y: {series: …}`") })
        let unknownKey = Self.diagnostics(Self.catalog("      series: body_mass\n      lag: 1"))
        #expect(
            unknownKey.contains {
                $0.rule == "unknown-key" && $0.message == "unknown key 'lag' in y; did you mean 'lag_days'?"
            })
    }

    @Test func theCacheCodecKeepsThePair() throws {
        let text = Self.catalog("      series: body_mass\n      categories: [a]\n      lag_days: 3")
        let loaded = CatalogLoader.load([SourceFile(path: "metrics.yaml", text: text)])
        let bytes = try CatalogCodec.encode(loaded)
        let decoded = try bytes.withUnsafeBytes { try CatalogCodec.decode($0) }
        #expect(
            decoded.catalog.metric("BODY_VS_ALCOHOL")?.binding.versus
                == PairedBinding(seriesID: "body_mass", categories: ["a"], lagDays: 3))
    }
}
