/// A reference to a pillar, subject, screen, series or parent metric that no file declares.
package struct UnknownReferenceRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "unknown-reference",
        summary:
            "Screens name a known pillar and subject; metrics a known screen, series, divide_by and y series and parent.",
        triggering: [
            "screens: [{screen_id: SCREEN_A, name: A, pillar: nowhere}]\n",
            RuleExamples.metrics(RuleExamples.primary.replacingOccurrences(of: "body_mass", with: "body_weight")),
            RuleExamples.metrics(
                RuleExamples.primary,
                "display_metric_id: BODY_X, display_screen_id: SCREEN_BODY, display_name: X, chart_type_id: line, series: body_mass, parent_metric_id: BODY_WIEGHT"
            ),
        ],
        nonTriggering: [RuleExamples.metrics(RuleExamples.primary)])

    /// A screen may be for a subject of the program's data sets (`context.dataSetSubjects`,
    /// the demo data's) before any catalog file declares it.
    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        let catalog = loaded.catalog
        var found: [Diagnostic] = []
        func missing(_ what: String, _ id: String, _ entry: some CatalogEntry, key: String, among ids: [String]) {
            var message = "unknown \(what) '\(id)'"
            if let guess = Suggest.closest(to: id, in: ids) { message += "; did you mean '\(guess)'?" }
            found.append(diagnostic(message, at: entry.location(of: key)))
        }
        let pillarIDs = catalog.pillars.map(\.id)
        let subjectIDs = catalog.subjects.map(\.id)
        let screenIDs = catalog.screens.map(\.id)
        let seriesIDs = catalog.series.map(\.id)
        let metricIDs = catalog.metrics.map(\.id)
        for screen in catalog.screens {
            if catalog.pillar(screen.pillarID) == nil {
                missing("pillar", screen.pillarID, screen, key: "pillar", among: pillarIDs)
            }
            // A screen for a data set's subject (the demo's) is shown with that data, and with
            // yours once a file declares that subject (Catalog.activeScreensInOrder).
            if catalog.subject(screen.subjectID) == nil, !context.dataSetSubjects.contains(screen.subjectID) {
                missing("subject", screen.subjectID, screen, key: "subject", among: subjectIDs)
            }
        }
        for metric in catalog.metrics {
            if catalog.screen(metric.screenID) == nil {
                missing("screen", metric.screenID, metric, key: "display_screen_id", among: screenIDs)
            }
            if let series = metric.binding.seriesID, catalog.series(series) == nil {
                missing("series", series, metric, key: "series", among: seriesIDs)
            }
            if let series = metric.binding.divideBy, catalog.series(series) == nil {
                missing("series", series, metric, key: "divide_by", among: seriesIDs)
            }
            if let series = metric.binding.versus?.seriesID, catalog.series(series) == nil {
                missing("series", series, metric, key: "y.series", among: seriesIDs)
            }
            if let parent = metric.parentID, catalog.metric(parent) == nil {
                missing("parent metric", parent, metric, key: "parent_metric_id", among: metricIDs)
            }
        }
        return found
    }
}
