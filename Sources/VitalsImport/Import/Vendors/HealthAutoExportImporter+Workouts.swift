import Foundation
import VitalsKit

/// Health Auto Export's `workouts` array (its JSON format, version 2 and the older version 1):
/// `name` (`Running`, `Functional Strength Training`, `Outdoor Walk`), `start` and `end` as
/// `2025-12-08 07:00:00 +0100`, `duration` in seconds, and, when the workout has them,
/// `activeEnergyBurned` (version 1: `activeEnergy`), `totalEnergy` and `distance` as
/// `{"qty", "units"}`.
///
/// A workout goes where an Apple Health export's `Workout` of the same activity goes
/// (`WorkoutActivitySeries`: the cardio, strength, HIIT and mobility minutes, its length its
/// `duration`), any other activity under `HKWorkoutTypeIdentifier` with the activity as its
/// category; energy and distance are kept in the metadata, as Apple Health's are.
extension HealthAutoExportImporter {
    /// Health Auto Export's names that are not HealthKit's activity name with the spaces taken
    /// out (`Outdoor Run`, `HIIT`, `Pool Swim`), by that name in lower case.
    static let activityAliases: [String: String] = [
        "run": "Running", "outdoor run": "Running", "indoor run": "Running", "walk": "Walking",
        "outdoor walk": "Walking", "indoor walk": "Walking", "hike": "Hiking", "cycle": "Cycling",
        "outdoor cycle": "Cycling", "indoor cycle": "Cycling", "pool swim": "Swimming",
        "open water swim": "Swimming", "hiit": "HighIntensityIntervalTraining", "rower": "Rowing",
        "indoor rowing": "Rowing", "stair stepper": "StairClimbing", "tai chi": "TaiChi",
        "mind and body": "MindAndBody", "strength training": "TraditionalStrengthTraining",
    ]

    /// `Functional Strength Training` → `HKWorkoutActivityTypeFunctionalStrengthTraining`.
    static func activityType(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let alias = activityAliases[trimmed.lowercased()] { return "HKWorkoutActivityType" + alias }
        let words = trimmed.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return "HKWorkoutActivityType" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `{"qty": 350, "units": "kcal"}`, or a bare number in `defaultUnit`.
    private func quantity(_ value: Any?, defaultUnit: String) -> (qty: Double, units: String)? {
        if let object = value as? [String: Any], let qty = number(object["qty"]) {
            return (qty, (object["units"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? defaultUnit)
        }
        return number(value).map { ($0, defaultUnit) }
    }

    func readWorkouts(_ workouts: [Any], sink: any ImportSink) throws {
        for item in workouts {
            guard let workout = item as? [String: Any], let name = workout["name"] as? String else {
                sink.skip("a workout without a name")
                continue
            }
            guard let startText = workout["start"] as? String, let start = date(startText),
                let endText = workout["end"] as? String, let end = date(endText), end.date >= start.date
            else {
                sink.skip("workout \(name): no readable start and end")
                continue
            }
            let activity = Self.activityType(name)
            let source =
                "health-auto-export:"
                + ((workout["source"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")
            // `duration` is in seconds (the time moving; pauses left out).
            let duration = quantity(workout["duration"], defaultUnit: "s").flatMap { qty, units -> Double? in
                units == "s" || units == "sec" ? qty / 60 : HealthKitUnit.convert(qty, from: units, to: .min)
            }
            let energy = quantity(workout["activeEnergyBurned"] ?? workout["activeEnergy"], defaultUnit: "kcal")
            let distance = quantity(workout["distance"], defaultUnit: "km")
            let from = Int64(start.date.timeIntervalSince1970.rounded(.down))
            let to = Int64(end.date.timeIntervalSince1970.rounded(.down))
            let offset = start.utcOffsetSeconds
            let date = { HealthDate(utcSeconds: $0, offsetSeconds: Int32(clamping: offset)) }
            let record = HealthWorkout(
                activityType: activity, duration: duration, durationUnit: duration == nil ? nil : "min",
                totalDistance: distance?.qty, totalDistanceUnit: distance?.units,
                totalEnergyBurned: energy?.qty, totalEnergyBurnedUnit: energy?.units,
                sourceName: source, startDate: date(from), endDate: date(to), metadata: [], statistics: [],
                events: [], routeFiles: [])
            var metadata = HealthSampleMetadata()
            metadata.add("name", name)
            metadata.add("id", workout["id"] as? String)
            metadata.add("duration", duration)
            metadata.add("durationUnit", duration == nil ? nil : "min")
            metadata.add("totalDistance", distance?.qty)
            metadata.add("totalDistanceUnit", distance?.units)
            metadata.add("totalEnergyBurned", energy?.qty)
            metadata.add("totalEnergyBurnedUnit", energy?.units)
            if let total = quantity(workout["totalEnergy"], defaultUnit: "kcal") {
                metadata.add("totalEnergy", total.qty)
                metadata.add("totalEnergyUnit", total.units)
            }
            metadata.add("location", workout["location"] as? String)
            switch mapping.map(record) {
            case .series(let seriesID, let minutes):
                try sink.add(
                    ImportedSample(
                        seriesID: seriesID, start: from, end: to, utcOffset: offset, value: minutes, source: source,
                        metadata: metadata.json))
            case .unmapped(let minutes):
                try sink.add(
                    ImportedSample(
                        seriesID: "HKWorkoutTypeIdentifier", start: from, end: to, utcOffset: offset,
                        value: minutes, category: activity, source: source, metadata: metadata.json))
            case .skipped(let reason):
                sink.skip("workout \(name): \(reason)")
            }
        }
    }
}
