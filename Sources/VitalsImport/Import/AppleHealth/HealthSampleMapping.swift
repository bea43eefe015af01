import VitalsKit

/// Decides where a HealthKit record goes: which series, and its value in that series' base unit.
///
/// Types named under a series' `healthkit:` go into that series. Every other type is kept
/// under its own HealthKit identifier, its value as written (unit kept by the caller), so that
/// nothing is lost and a series can bind to it later.
package struct HealthSampleMapping: Sendable {
    /// Where one record goes.
    package enum Outcome: Sendable, Hashable {
        /// Into `seriesID`, `value` in the series' base unit; `category` for category series.
        case series(seriesID: String, value: Double, category: String?)
        /// Into a series named after the HealthKit type, value and category as written.
        case unmapped(seriesID: String, value: Double, category: String?)
        /// Not stored, with the reason for the summary.
        case skipped(reason: String)
    }

    private let seriesByType: [String: Series]
    /// The catalog's workout series (`WorkoutActivitySeries`) counted in minutes or hours, by id.
    private let workoutSeries: [String: Series]
    /// The kind of subject the samples are for: it picks the plausible ranges (`by_kind`).
    private let subjectKind: SubjectKind

    /// Builds the mapping from the catalog's series (`Series.healthKit`); values outside a
    /// series' plausible range for `subjectKind` are skipped, as `vitals log` refuses them.
    package init(series: [Series], subjectKind: SubjectKind = .human) {
        var byType: [String: Series] = [:]
        for entry in series {
            for type in entry.healthKit where byType[type] == nil { byType[type] = entry }
        }
        seriesByType = byType
        let workoutIDs = Set(WorkoutActivitySeries.activities.map(\.seriesID))
        workoutSeries = Dictionary(
            series.filter {
                workoutIDs.contains($0.id) && $0.kind == .quantity
                    && ($0.unit == .min || $0.unit == .h)
            }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.subjectKind = subjectKind
    }

    /// Where a workout goes: the series its activity type feeds, its length in the series' unit.
    package enum WorkoutOutcome: Sendable, Hashable {
        case series(seriesID: String, value: Double)
        /// Kept under `HKWorkoutTypeIdentifier`, minutes from start to end.
        case unmapped(minutes: Double)
        case skipped(reason: String)
    }

    /// Where `workout` goes. Its length is its `duration` (in `durationUnit`, minutes when none
    /// is given): the time moving, pauses left out; the span from start to end when it has none.
    package func map(_ workout: HealthWorkout) -> WorkoutOutcome {
        let span = Double(workout.endDate.utcSeconds - workout.startDate.utcSeconds) / 60
        guard let id = WorkoutActivitySeries.seriesID(for: workout.activityType),
            let series = workoutSeries[id]
        else { return .unmapped(minutes: span) }
        var minutes = span
        if let duration = workout.duration {
            guard let converted = HealthKitUnit.convert(duration, from: workout.durationUnit ?? "min", to: .min) else {
                return .skipped(reason: "duration unit \(workout.durationUnit ?? "none") is not a duration")
            }
            minutes = converted
        }
        guard let value = KnownUnit.minute.convert(minutes, to: series.unit.known), value.isFinite else {
            return .skipped(reason: "value is not a finite number")
        }
        if let range = series.plausibleRange(for: subjectKind), !range.contains(value) {
            return .skipped(
                reason: "value outside the plausible range \(Self.plain(range.lowerBound))–"
                    + "\(Self.plain(range.upperBound)) \(series.unit.rawValue)")
        }
        return .series(seriesID: id, value: value)
    }

    /// What `map` needs to know about a type, looked up once per type by the importer (a
    /// `Series` is large: copying one per record retained every string in it).
    struct TypeTarget: Sendable {
        /// The series' fields; nil when no series names the type.
        var seriesID: String?
        var kind = Series.Kind.quantity
        var unit = BaseUnit.count
        var isSleep = false
        /// Whether the series names more than one HealthKit type.
        var sharesSeries = false
        /// `HKCategoryType…`: a category type, whatever its series.
        var isCategoryType: Bool
        /// The series' plausible range for the subject's kind, in its base unit.
        var range: ClosedRange<Double>?
    }

    /// The target of HealthKit type `type`.
    func target(for type: String) -> TypeTarget {
        var target = TypeTarget(isCategoryType: type.hasPrefix("HKCategoryType"))
        if let series = seriesByType[type] {
            target.seriesID = series.id
            target.kind = series.kind
            target.unit = series.unit
            target.isSleep = series.id == "sleep_analysis" || type == "HKCategoryTypeIdentifierSleepAnalysis"
            target.sharesSeries = series.healthKit.count > 1
            target.range = series.plausibleRange(for: subjectKind)
        }
        return target
    }

    /// Where `record` goes and with which value.
    package func map(_ record: HealthRecord) -> Outcome {
        map(record, target: target(for: record.type), convert: HealthKitUnit.convert)
    }

    /// `map(_:)` with the type's target already looked up (`target(for:)`) and the unit
    /// conversion given (the importer caches both per type and unit).
    func map(
        _ record: HealthRecord, target: borrowing TypeTarget,
        convert: (Double, String?, BaseUnit) -> Double?
    ) -> Outcome {
        let outcome = mapValue(record, target: target, convert: convert)
        switch outcome {
        case .series(_, let value, _), .unmapped(_, let value, _):
            guard value.isFinite else { return .skipped(reason: "value is not a finite number") }
            if case .series = outcome, let range = target.range, !range.contains(value) {
                return .skipped(
                    reason: "value outside the plausible range \(Self.plain(range.lowerBound))–"
                        + "\(Self.plain(range.upperBound)) \(target.unit.rawValue)")
            }
            return outcome
        case .skipped:
            return outcome
        }
    }

    /// `12`, `0.1`: a range bound for a message.
    private static func plain(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private func mapValue(
        _ record: HealthRecord, target: borrowing TypeTarget,
        convert: (Double, String?, BaseUnit) -> Double?
    ) -> Outcome {
        let minutes = Double(record.endDate.utcSeconds - record.startDate.utcSeconds) / 60
        guard let seriesID = target.seriesID else {
            switch record.value {
            case .number(let value): return .unmapped(seriesID: record.type, value: value, category: nil)
            case .category(let name): return .unmapped(seriesID: record.type, value: minutes, category: name)
            case .none: return .unmapped(seriesID: record.type, value: minutes, category: nil)
            }
        }
        if target.kind == .category {
            guard record.value != .none else { return .skipped(reason: "no value") }
            let raw = record.value.description
            let category: String
            if target.isSleep {
                guard let stage = SleepCategory(healthKitValue: raw) else {
                    return .skipped(reason: "unknown sleep value \(raw)")
                }
                category = stage.rawValue
            } else if SymptomCategory.isSymptomValue(raw) {
                guard !SymptomCategory.isAbsent(raw) else { return .skipped(reason: "symptom marked not present") }
                category = SymptomCategory.name(ofType: record.type)
            } else {
                category = Self.categoryName(raw)
            }
            let value = Self.duration(minutes, in: target.unit) ?? 1
            return .series(seriesID: seriesID, value: value, category: category)
        }
        if target.isCategoryType {
            // Category types bound to quantity series: a session counts its length
            // (mindful minutes), an event counts once (a stood hour), an idle hour is zero.
            if let value = Self.duration(minutes, in: target.unit) {
                return .series(seriesID: seriesID, value: value, category: nil)
            }
            return .series(
                seriesID: seriesID, value: record.value.description.hasSuffix("Idle") ? 0 : 1,
                category: nil)
        }
        guard case .number(let number) = record.value else {
            return .skipped(reason: record.value == .none ? "no value" : "value is not a number")
        }
        guard let value = convert(number, record.unit, target.unit) else {
            return .skipped(reason: "unit \(record.unit ?? "none") does not convert to \(target.unit.rawValue)")
        }
        return .series(seriesID: seriesID, value: value, category: nil)
    }

    /// `minutes` in a time base unit; nil when the unit is not a duration.
    private static func duration(_ minutes: Double, in unit: BaseUnit) -> Double? {
        switch unit {
        case .min: return minutes
        case .h: return minutes / 60
        default: return nil
        }
    }

    /// `HKCategoryValueAppleStandHourStood` → `stood`: the last word of a HealthKit value name.
    static func categoryName(_ value: String) -> String {
        guard value.hasPrefix("HKCategoryValue") else { return value }
        var words: [String] = []
        var current = ""
        for character in value.dropFirst("HKCategoryValue".count) {
            if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        words.append(current)
        return words.last?.lowercased() ?? value
    }
}
