import VitalsKit

/// A `Correlation` (food, blood pressure): a group of records that are also exported on their own.
///
/// The child records repeat top-level records, so they are not delivered again as records;
/// they are listed here for reference only.
package struct HealthCorrelation: Sendable, Hashable {
    /// `HKCorrelationTypeIdentifierBloodPressure`, `HKCorrelationTypeIdentifierFood`.
    package var type: String
    package var sourceName: String
    package var sourceVersion: String?
    package var device: String?
    package var creationDate: HealthDate?
    package var startDate: HealthDate
    package var endDate: HealthDate
    package var metadata: [MetadataEntry]
    package var records: [HealthRecord]
}

/// A `WorkoutStatistics` child of a workout: one quantity summed or averaged over the workout.
package struct WorkoutStatistics: Sendable, Hashable {
    package var type: String
    package var startDate: HealthDate?
    package var endDate: HealthDate?
    package var average: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var sum: Double?
    package var unit: String?
}

/// A `WorkoutEvent` child of a workout (pause, resume, lap, segment, marker).
package struct WorkoutEvent: Sendable, Hashable {
    package var type: String
    package var date: HealthDate?
    package var duration: Double?
    package var durationUnit: String?
}

/// A `Workout` element with its statistics, events, metadata and route file references.
package struct HealthWorkout: Sendable, Hashable {
    /// `HKWorkoutActivityTypeRunning`.
    package var activityType: String
    package var duration: Double?
    package var durationUnit: String?
    package var totalDistance: Double?
    package var totalDistanceUnit: String?
    package var totalEnergyBurned: Double?
    package var totalEnergyBurnedUnit: String?
    package var sourceName: String
    package var sourceVersion: String?
    package var device: String?
    package var creationDate: HealthDate?
    package var startDate: HealthDate
    package var endDate: HealthDate
    package var metadata: [MetadataEntry]
    package var statistics: [WorkoutStatistics]
    package var events: [WorkoutEvent]
    /// `FileReference` paths of `WorkoutRoute` children (`/workout-routes/route_….gpx`).
    package var routeFiles: [String]
}

/// An `ActivitySummary`: one day's move, exercise and stand rings.
package struct HealthActivitySummary: Sendable, Hashable {
    /// `YYYY-MM-DD`.
    package var day: String
    package var activeEnergyBurned: Double?
    package var activeEnergyBurnedGoal: Double?
    package var activeEnergyBurnedUnit: String?
    package var appleMoveTime: Double?
    package var appleMoveTimeGoal: Double?
    package var appleExerciseTime: Double?
    package var appleExerciseTimeGoal: Double?
    package var appleStandHours: Double?
    package var appleStandHoursGoal: Double?
}

/// The `Me` element: characteristics of the person who exported, for subject `me`.
package struct HealthProfile: Sendable, Hashable {
    /// `YYYY-MM-DD`, when set.
    package var birthDate: String?
    /// `female`, `male`, `other`, or nil when not set.
    package var biologicalSex: String?
    /// The HealthKit blood type identifier, when set.
    package var bloodType: String?
    /// Every attribute as written, for anything not named above.
    package var attributes: [MetadataEntry]
}
