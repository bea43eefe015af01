import Testing

@testable import VitalsKit

/// `overlapping_sources` and `source_priority` read from YAML, and each mistake reported at
/// its own line.
@Suite struct SourcePriorityValidationTests {
    static func load(_ keys: String) -> LoadedCatalog {
        CatalogLoader.load([
            SourceFile(
                path: "series.yaml",
                text: """
                    series:
                      - series_id: steps
                        kind: quantity
                        unit: count
                    \(keys)
                    """)
        ])
    }

    /// The diagnostics about the two keys, as `line: rule severity`.
    static func findings(_ loaded: LoadedCatalog) -> [String] {
        loaded.diagnostics.filter {
            $0.message.contains("source_priority") || $0.message.contains("overlapping_sources")
        }
        .map { "\($0.location.line): \($0.rule) \($0.severity)" }
    }

    @Test func aRankingIsRead() {
        let loaded = Self.load(
            "    overlapping_sources: priority\n    source_priority: [health-connect:com.fitbit, \"apple-health:Watch\"]"
        )
        #expect(Self.findings(loaded) == [])
        let steps = loaded.catalog.series.first { $0.id == "steps" }
        #expect(steps?.overlappingSources == .priority)
        #expect(steps?.sourcePriority == ["health-connect:com.fitbit", "apple-health:Watch"])
    }

    @Test func mistakesAreReportedAtTheirLines() {
        #expect(Self.findings(Self.load("    overlapping_sources: prority")) == ["5: invalid-value error"])
        #expect(
            Self.findings(Self.load("    overlapping_sources: priority\n    source_priority: com.fitbit"))
                == ["6: wrong-type error"])
        // A block list is pointed at where the list begins.
        #expect(
            Self.findings(Self.load("    overlapping_sources: priority\n    source_priority:\n      - a\n      - 3"))
                == ["7: wrong-type error"])
        // A list under another rule ranks nothing: a warning, the series still loads.
        let hourly = Self.load("    overlapping_sources: hourly_max\n    source_priority: [a]")
        #expect(Self.findings(hourly) == ["6: invalid-value warning"])
        #expect(hourly.catalog.series.first { $0.id == "steps" }?.overlappingSources == .hourlyMax)
    }
}
