/// A metric's data binding that does not fit its series: a unit of another dimension, an
/// aggregate a category series cannot have, a split or category filter that cannot apply.
package struct BindingMismatchRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "binding-mismatch",
        summary: "A metric's unit, aggregate, split_by, categories, rolling and divide_by fit its series.",
        triggering: [
            RuleExamples.metrics(RuleExamples.primary + ", unit: min"),
            RuleExamples.metrics(RuleExamples.primary + ", unit: stones_and_pounds"),
            RuleExamples.metrics(RuleExamples.primary + ", split_by: category"),
            RuleExamples.metrics(
                RuleExamples.primary.replacingOccurrences(of: "bucket: day", with: "bucket: none") + ", rolling: 7"),
        ],
        nonTriggering: [RuleExamples.metrics(RuleExamples.primary + ", unit: lb, rolling: 7")])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for metric in loaded.catalog.metrics {
            let binding = metric.binding
            guard let seriesID = binding.seriesID else {
                // A kind that draws a series' values needs one; an unknown kind is reported by its own rule.
                if let kind = context.chartKinds.type(for: metric.chartTypeID), kind.data.needsSeries {
                    found.append(
                        diagnostic(
                            "'\(metric.id)' draws a \(metric.chartTypeID) chart but binds no series; add `series:`",
                            at: metric.location(of: "display_metric_id")))
                }
                continue
            }
            guard let series = loaded.catalog.series(seriesID) else { continue }  // unknown-reference reports it
            func report(_ message: String, _ key: String) {
                found.append(diagnostic(message, at: metric.location(of: key), related: [series.location]))
            }
            if let unit = binding.unit {
                if let known = KnownUnit.named(unit) {
                    if known.dimension != series.unit.dimension {
                        let options = KnownUnit.units(of: series.unit.dimension).map(\.symbol)
                        report(
                            "unit '\(unit)' measures \(known.dimension.rawValue), but series '\(seriesID)' is in \(series.unit.rawValue) (\(series.unit.dimension.rawValue)); use one of \(options.joined(separator: ", "))",
                            "unit")
                    }
                } else {
                    var message = "unknown unit '\(Sanitize.inline(unit))'"
                    if let guess = Suggest.closest(to: unit, in: KnownUnit.allSymbols) {
                        message += "; did you mean '\(guess)'?"
                    }
                    report(message, "unit")
                }
            }
            switch series.kind {
            case .quantity:
                if binding.splitBy == .category {
                    report(
                        "split_by: category needs a category series; '\(seriesID)' is a quantity (use split_by: tag)",
                        "split_by")
                }
                if binding.categories != nil {
                    report("categories only apply to a category series; '\(seriesID)' is a quantity", "categories")
                }
            case .category:
                if let aggregate = binding.aggregate, [.mean, .min, .max].contains(aggregate) {
                    report(
                        "aggregate '\(aggregate.rawValue)' does not apply to category series '\(seriesID)'; use sum (duration), count, first or last",
                        "aggregate")
                }
                for category in binding.categories ?? [] where !series.categories.contains(category) {
                    var message =
                        "category '\(Sanitize.inline(category))' is not one of series '\(seriesID)': \(series.categories.joined(separator: ", "))"
                    if let guess = Suggest.closest(to: category, in: series.categories) {
                        message += "; did you mean '\(guess)'?"
                    }
                    report(message, "categories")
                }
            }
            if binding.rolling != nil, binding.bucket == nil || binding.bucket == Bucket.none {
                report("rolling needs time buckets; set bucket: day, week or month", "rolling")
            }
            if let divisor = binding.divideBy, let other = loaded.catalog.series(divisor), other.kind != .quantity {
                report("divide_by needs a quantity series; '\(divisor)' is a category series", "divide_by")
            }
        }
        return found
    }
}
