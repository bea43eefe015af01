import Foundation

@testable import VitalsInsights
@testable import VitalsKit

/// A small catalog for the summary's tests (not the shipped one): an Intake screen (protein a
/// day from 04:00, at least 100 g, and a weekly child with its own target), a Weight screen
/// (the mean body weight, a scatter of steps against it), a second screen reading protein as
/// Intake does, and a Waist screen nobody measures.
enum SummaryFixtures {
    static let yaml = """
        pillars:
          - {pillar_id: core, name: Core, color: "#2F6FD6", order: 1}
        subjects:
          - {subject_id: me, name: Me, kind: human}
          - {subject_id: rex, name: Rex, kind: dog}
        series:
          - {series_id: protein, kind: quantity, unit: g, min: 0, max: 300, healthkit: [HKQuantityTypeIdentifierDietaryProtein]}
          - {series_id: body_mass, kind: quantity, unit: kg, min: 20, max: 300, healthkit: [HKQuantityTypeIdentifierBodyMass]}
          - {series_id: steps, kind: quantity, unit: count, min: 0, max: 100000, healthkit: [HKQuantityTypeIdentifierStepCount]}
          - {series_id: waist, kind: quantity, unit: cm, min: 40, max: 200}
        screens:
          - {screen_id: SCREEN_INTAKE, name: Intake, pillar: core, order: 1, icon: "🥩"}
          - {screen_id: SCREEN_WEIGHT, name: Weight, pillar: core, order: 2}
          - {screen_id: SCREEN_INTAKE_AGAIN, name: Intake again, pillar: core, order: 3}
          - {screen_id: SCREEN_WAIST, name: Waist, pillar: core, order: 4}
        metrics:
          - {display_metric_id: PROTEIN_DAILY, display_screen_id: SCREEN_INTAKE, display_name: Protein per day,
             chart_type_id: bar_vertical, is_primary: true, series: protein, aggregate: sum, bucket: day, range: 14d,
             unit: g, day_cutoff: "04:00", target: {rule: at_least, value: 100}}
          - {display_metric_id: PROTEIN_WEEKLY, display_screen_id: SCREEN_INTAKE, display_name: Protein per week,
             chart_type_id: bar_vertical, parent_metric_id: PROTEIN_DAILY, series: protein, aggregate: sum, bucket: week,
             range: 12w, unit: g, day_cutoff: "04:00", target: {rule: at_least, value: 600}}
          - {display_metric_id: WEIGHT, display_screen_id: SCREEN_WEIGHT, display_name: Weight, chart_type_id: line,
             is_primary: true, series: body_mass, aggregate: mean, bucket: day, range: 30d}
          - {display_metric_id: STEPS_VS_WEIGHT, display_screen_id: SCREEN_WEIGHT, display_name: Steps and weight,
             chart_type_id: scatter, parent_metric_id: WEIGHT, series: steps, aggregate: sum, bucket: day, range: 30d,
             y: {series: body_mass, aggregate: mean}}
          - {display_metric_id: PROTEIN_AGAIN, display_screen_id: SCREEN_INTAKE_AGAIN, display_name: Protein again,
             chart_type_id: line, is_primary: true, series: protein, aggregate: sum, bucket: day, range: 30d, unit: g,
             day_cutoff: "04:00"}
          - {display_metric_id: WAIST, display_screen_id: SCREEN_WAIST, display_name: Waist, chart_type_id: line,
             is_primary: true, series: waist, aggregate: mean, bucket: day, range: 30d}

        """

    static var catalog: Catalog {
        let loaded = CatalogLoader.load([SourceFile(path: "summary.yaml", text: yaml)])
        precondition(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return loaded.catalog
    }

    /// A sample at `local` wall-clock time (YYYY-MM-DDTHH:MM) with the offset of Amsterdam on
    /// that day: +01:00 before the change to summer time on 29 March 2026 at 02:00, +02:00 after.
    static func sample(_ series: String, _ day: LocalDate, minute: Int, _ value: Double, subject: String = "me")
        -> Sample
    {
        let summer =
            day > LocalDate(year: 2026, month: 3, day: 29)
            || (day == LocalDate(year: 2026, month: 3, day: 29) && minute >= 120)
        let offset = summer ? 7200 : 3600
        let local = Int64(day.dayNumber) * 86_400 + Int64(minute) * 60
        return Sample(
            seriesID: series, subjectID: subject,
            start: Date(timeIntervalSince1970: TimeInterval(local - Int64(offset))),
            end: Date(timeIntervalSince1970: TimeInterval(local - Int64(offset))), utcOffsetSeconds: offset,
            value: value, category: nil, tag: nil, source: "test")
    }

    static func reader(
        _ store: SampleStore, goal: WeightGoal? = nil, subject: String = "me", catalog: Catalog = catalog,
        units: UnitSystem? = nil
    ) -> SummaryReader {
        var request = ScreenRequest(asOf: LocalDate(year: 2026, month: 4, day: 30), unitSystem: units)
        request.goal = goal
        return SummaryReader(catalog: catalog, store: store, request: request, subjectID: subject)
    }
}
