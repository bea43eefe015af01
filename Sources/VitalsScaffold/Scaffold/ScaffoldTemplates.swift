import VitalsKit

/// The YAML a new screen starts from: one screen entry and one primary metric.
enum ScaffoldTemplates {
    static let schemaLine = "# yaml-language-server: $schema=../schemas/vitals.schema.json\n"

    static func screenYAML(_ names: ScaffoldNames, pillar: String, order: Int, subject: String) -> String {
        schemaLine + """
            screens:
              - screen_id: \(names.screenID)
                name: \(names.displayName)
                pillar: \(pillar)
                order: \(order)
                subject: \(subject)
                description: \(names.displayName) over time.
                empty_message: No \(names.displayName.lowercased()) logged yet.
                is_active: true

            """
    }

    /// The binding a chart kind reads best: how values are combined, per what, over how long.
    static func binding(for chartTypeID: String) -> (aggregate: String, bucket: String, range: String) {
        switch chartTypeID {
        case LineChart.id: return ("mean", "day", "30d")
        case StatChart.id, TimelineChart.id: return ("last", "none", "all")
        case GrowthCurveChart.id: return ("last", "week", "all")
        case SleepStagesChart.id: return ("sum", "none", "7d")
        case CalendarHeatmapChart.id: return ("sum", "day", "90d")
        default: return ("sum", "day", "14d")
        }
    }

    static func metricsYAML(
        _ names: ScaffoldNames, chartTypeID: String, seriesID: String,
        newSeriesUnit: String?
    ) -> String {
        let binding = binding(for: chartTypeID)
        var text = schemaLine
        if let unit = newSeriesUnit {
            text += """
                series:
                  - series_id: \(seriesID)
                    kind: quantity
                    unit: \(unit)
                    min: 0
                    description: \(names.displayName), logged with `vitals log \(seriesID) VALUE`.


                """
        }
        text += """
            metrics:
              - display_metric_id: \(names.metricID)
                display_screen_id: \(names.screenID)
                display_name: \(names.displayName)
                chart_type_id: \(chartTypeID)
                is_primary: true
                order: 1
                about_what: >-
                  \(names.displayName) (\(binding.aggregate) per \(binding.bucket == "none" ? "entry" : binding.bucket)).
                # about_why: why this number matters, in a sentence or two.
                series: \(seriesID)
                aggregate: \(binding.aggregate)
                bucket: \(binding.bucket)
                range: \(binding.range)
                # target: {rule: at_least, value: 1}

            """
        return text
    }
}
