import VitalsKit

/// Which series an Apple Health workout feeds, by its activity type: the minutes per session
/// that the Cardio, Strength, HIIT and Mobility screens sum (README, "Workouts").
///
/// Activity types not listed here (golf, martial arts, ball games …) are kept under
/// `HKWorkoutTypeIdentifier` as before, nothing lost; so are all workouts when the catalog has
/// no such series, or one that is not counted in minutes or hours.
package enum WorkoutActivitySeries {
    /// The series id for `activityType` (`HKWorkoutActivityTypeRunning` → `cardio`); nil when unmapped.
    package static func seriesID(for activityType: String) -> String? {
        guard activityType.hasPrefix(prefix) else { return nil }
        return byActivity[String(activityType.dropFirst(prefix.count))]
    }

    /// Every mapped activity (without the `HKWorkoutActivityType` prefix) by series, for the README.
    package static let activities: [(seriesID: String, activities: [String])] = [
        (
            "cardio",
            [
                "Running", "Walking", "Hiking", "Cycling", "HandCycling", "Swimming", "Rowing", "PaddleSports",
                "Elliptical", "StairClimbing", "Stairs", "StepTraining", "JumpRope", "CrossCountrySkiing",
                "Dance", "DanceInspiredTraining", "CardioDance", "SocialDance", "MixedCardio",
                "MixedMetabolicCardioTraining", "SwimBikeRun", "WheelchairRunPace", "WheelchairWalkPace",
            ]
        ),
        ("strength", ["TraditionalStrengthTraining", "FunctionalStrengthTraining", "CoreTraining"]),
        ("hiit", ["HighIntensityIntervalTraining", "CrossTraining"]),
        (
            "mobility",
            [
                "Yoga", "Flexibility", "Pilates", "Barre", "TaiChi", "MindAndBody", "Cooldown",
                "PreparationAndRecovery",
            ]
        ),
    ]

    private static let prefix = "HKWorkoutActivityType"

    private static let byActivity: [String: String] = {
        var table: [String: String] = [:]
        for (series, names) in activities { for name in names { table[name] = series } }
        return table
    }()
}
