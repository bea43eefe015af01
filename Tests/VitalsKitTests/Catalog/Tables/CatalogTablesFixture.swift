#if PostgreSQL
    import Foundation
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// A small catalog for the table tests that uses every kind of column: text, integers,
    /// numbers, booleans and json (a screen config with nested lists and mappings, targets,
    /// former ids, a pregnancy, plausible ranges by kind, the portion lists). Its metrics are
    /// written from `metrics`, so a test can break one in the YAML and the same one in a row.
    struct CatalogTablesFixture {
        struct Metric {
            var id: String
            var screen: String
            var chart: String
            var parent: String?
            /// Fixed when the fixture is made, as a row's `is_primary` stays when its parent changes.
            var primary: Bool

            init(id: String, screen: String, chart: String, parent: String?) {
                self.id = id
                self.screen = screen
                self.chart = chart
                self.parent = parent
                primary = parent == nil
            }
        }

        var metrics: [Metric] = [
            Metric(id: "STEPS_DAILY", screen: "SCREEN_STEPS", chart: "bar_vertical", parent: nil),
            Metric(id: "STEPS_TREND", screen: "SCREEN_STEPS", chart: "line", parent: "STEPS_DAILY"),
            Metric(id: "STEPS_WEEK", screen: "SCREEN_STEPS", chart: "line", parent: "STEPS_TREND"),
            Metric(id: "WEIGHT_DAILY", screen: "SCREEN_WEIGHT", chart: "line", parent: nil),
            Metric(id: "WEIGHT_RANGE", screen: "SCREEN_WEIGHT", chart: "bar_vertical", parent: "WEIGHT_DAILY"),
        ]

        static let base = """
            pillars:
              - pillar_id: core_care
                name: Core Care
                color: "#2F6FD6"
                order: 1
              - {pillar_id: movement, name: "Movement & \\"Fitness\\"", order: 2}
            subjects:
              - subject_id: me
                name: Me
                kind: human
              - subject_id: ollie
                name: Ollie
                kind: dog
                birth_date: 2021-04-02
                sex: female
                breed: Golden Retriever
              - subject_id: ana
                name: Ana
                kind: human
                pregnancy: {pre_pregnancy_weight_kg: 61.5, height_cm: 168, due_date: 2027-01-10}
            series:
              - series_id: steps
                kind: quantity
                unit: count
                min: 0
                max: 100000
                healthkit: [HKQuantityTypeIdentifierStepCount]
                overlapping_sources: hourly_max
                description: Steps counted by a phone or watch.
              - series_id: body_mass
                kind: quantity
                unit: kg
                min: 1
                max: 400.5
                by_kind:
                  dog: {min: 0.5, max: 120}
                  cat: {min: 0.3, max: 15}
              - {series_id: vegetables, kind: quantity, unit: portion}
              - {series_id: sweets, kind: quantity, unit: portion}
              - series_id: sleep
                kind: category
                unit: min
                categories: [awake, core, deep, rem]
            screens:
              - screen_id: SCREEN_STEPS
                name: Steps
                pillar: movement
                former_ids: [SCREEN_WALKING, SCREEN_PACES]
                order: 1
                icon: "👟"
                description: "Steps per day: 'all of them'."
                empty_message: No steps logged yet.
                is_active: true
                config:
                  goals: [8000, 10000.5, "12000"]
                  labels: {low: under, high: "over", nothing: ~, flag: true}
                  nested: [{a: 1}, [x, "y"]]
              - screen_id: SCREEN_WEIGHT
                name: Weight
                pillar: core_care
                order: 2
                subject: ollie
              - screen_id: SCREEN_OLD
                name: Old
                pillar: core_care
                is_active: false
                order: 3
            categories:
              - category_id: vegetables
                name: Vegetables
                unit: portion
                target: {rule: at_least, value: 3}
                order: 1
                portion_grams: 80
              - category_id: sweets
                name: Sweets
                unit: portion
                target: {rule: exact, value: 0, tolerance: 0.5}
                enabled: false
            meal_slots:
              - slot_id: breakfast
                name: Breakfast
                from: "04:00"
                aliases: [morning, bf]
                guidance: {vegetables: 1}
              - slot_id: lunch
                name: Lunch
                from: "11:00"
            foods:
              - food_id: carrot
                name: Carrot
                category: vegetables
                grams: 80
                favorite: true
              - food_id: soup
                name: Vegetable soup
                portions: {vegetables: 2, sweets: 0.5}
                notes: "A bowl."
            budgets:
              - budget_id: steps_week
                name: Steps per week
                series: steps
                amount: 70000
                period: week
                week_starts: sunday

            """

        /// The metrics file: the model's metrics with fixed bindings, the first one with a target,
        /// a day cutoff and categories-free binding, the second a rolling mean.
        var metricsYAML: String {
            var text = "metrics:\n"
            for (index, metric) in metrics.enumerated() {
                text += "  - display_metric_id: \(metric.id)\n"
                text += "    display_screen_id: \(metric.screen)\n"
                text += "    display_name: Metric \(index + 1)\n"
                text += "    chart_type_id: \(metric.chart)\n"
                text += "    is_primary: \(metric.primary)\n"
                if let parent = metric.parent { text += "    parent_metric_id: \(parent)\n" }
                text += "    order: \(index + 1)\n"
                text += "    about_what: What metric \(index + 1) shows.\n"
                text += "    about_why: Why it matters.\n"
                let series = metric.id.hasPrefix("STEPS") ? "steps" : "body_mass"
                text +=
                    "    series: \(series)\n    aggregate: \(series == "steps" ? "sum" : "last")\n    bucket: day\n    range: 30d\n"
                if index == 0 {
                    text += "    target: {rule: at_least, value: 8000}\n    day_cutoff: \"03:30\"\n    color: green\n"
                }
                if index == 1 { text += "    rolling: 7\n" }
                if index == 4 { text += "    target: {rule: range, min: 20.5, max: 31}\n    unit: lb\n" }
            }
            return text
        }

        var files: [SourceFile] {
            [
                SourceFile(path: "catalog/base.yaml", text: Self.base),
                SourceFile(path: "catalog/metrics.yaml", text: metricsYAML),
            ]
        }
    }

    /// A catalog as a text that leaves out where things were written: two catalogs that read the
    /// same give the same text. Built by reflection over every stored property, so a field added
    /// to the model is compared without a change here.
    enum CatalogDump {
        static func text(_ catalog: Catalog) -> String {
            var lines: [String] = []
            dump(catalog.pillars, "pillars", into: &lines)
            dump(catalog.subjects, "subjects", into: &lines)
            dump(catalog.series, "series", into: &lines)
            dump(catalog.screens, "screens", into: &lines)
            dump(catalog.metrics, "metrics", into: &lines)
            dump(catalog.portions, "portions", into: &lines)
            return lines.joined(separator: "\n")
        }

        /// The first lines where two dumps differ, for a failure message.
        static func difference(_ a: String, _ b: String) -> String {
            let left = a.split(separator: "\n")
            let right = b.split(separator: "\n")
            for index in 0..<max(left.count, right.count)
            where index >= left.count || index >= right.count || left[index] != right[index] {
                let show = { (lines: [Substring]) in
                    lines[max(0, index - 3)..<min(lines.count, index + 2)].joined(separator: "\n")
                }
                return "line \(index + 1):\n\(show(left))\n---\n\(show(right))"
            }
            return "same"
        }

        private static func dump(_ value: Any, _ label: String, indent: String = "", into lines: inout [String]) {
            if let node = value as? YAMLNode {
                // A config: compared as the JSON it reads as (quoting of plain strings aside).
                lines.append("\(indent)\(label) = \(YAMLJSON.json(node))")
                return
            }
            let mirror = Mirror(reflecting: value)
            let children = mirror.children.filter { !["location", "keyLocations"].contains($0.label ?? "") }
            if children.isEmpty || mirror.displayStyle == .enum && children.count == 0 {
                lines.append("\(indent)\(label) = \(value)")
                return
            }
            var ordered = Array(children)
            if mirror.displayStyle == .dictionary {
                ordered.sort { String(describing: $0.value) < String(describing: $1.value) }
            }
            lines.append("\(indent)\(label):")
            for (index, child) in ordered.enumerated() {
                dump(child.value, child.label ?? "[\(index)]", indent: indent + "  ", into: &lines)
            }
        }
    }
#endif
