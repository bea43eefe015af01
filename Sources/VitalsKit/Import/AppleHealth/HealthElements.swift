/// A `Correlation` (food, blood pressure): a group of records that are also exported on their own.
///
/// The child records repeat top-level records, so they are not delivered again as records;
/// they are listed here for reference only.
public struct HealthCorrelation: Sendable, Hashable {
    /// `HKCorrelationTypeIdentifierBloodPressure`, `HKCorrelationTypeIdentifierFood`.
    public var type: String
    public var sourceName: String
    public var sourceVersion: String?
    public var device: String?
    public var creationDate: HealthDate?
    public var startDate: HealthDate
    public var endDate: HealthDate
    public var metadata: [MetadataEntry]
    public var records: [HealthRecord]
}

/// A `WorkoutStatistics` child of a workout: one quantity summed or averaged over the workout.
public struct WorkoutStatistics: Sendable, Hashable {
    public var type: String
    public var startDate: HealthDate?
    public var endDate: HealthDate?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var sum: Double?
    public var unit: String?
}

/// A `WorkoutEvent` child of a workout (pause, resume, lap, segment, marker).
public struct WorkoutEvent: Sendable, Hashable {
    public var type: String
    public var date: HealthDate?
    public var duration: Double?
    public var durationUnit: String?
}

/// A `Workout` element with its statistics, events, metadata and route file references.
public struct HealthWorkout: Sendable, Hashable {
    /// `HKWorkoutActivityTypeRunning`.
    public var activityType: String
    public var duration: Double?
    public var durationUnit: String?
    public var totalDistance: Double?
    public var totalDistanceUnit: String?
    public var totalEnergyBurned: Double?
    public var totalEnergyBurnedUnit: String?
    public var sourceName: String
    public var sourceVersion: String?
    public var device: String?
    public var creationDate: HealthDate?
    public var startDate: HealthDate
    public var endDate: HealthDate
    public var metadata: [MetadataEntry]
    public var statistics: [WorkoutStatistics]
    public var events: [WorkoutEvent]
    /// `FileReference` paths of `WorkoutRoute` children (`/workout-routes/route_….gpx`).
    public var routeFiles: [String]
}

/// An `ActivitySummary`: one day's move, exercise and stand rings.
public struct HealthActivitySummary: Sendable, Hashable {
    /// `YYYY-MM-DD`.
    public var day: String
    public var activeEnergyBurned: Double?
    public var activeEnergyBurnedGoal: Double?
    public var activeEnergyBurnedUnit: String?
    public var appleMoveTime: Double?
    public var appleMoveTimeGoal: Double?
    public var appleExerciseTime: Double?
    public var appleExerciseTimeGoal: Double?
    public var appleStandHours: Double?
    public var appleStandHoursGoal: Double?
}

/// The `Me` element: characteristics of the person who exported, for subject `me`.
public struct HealthProfile: Sendable, Hashable {
    /// `YYYY-MM-DD`, when set.
    public var birthDate: String?
    /// `female`, `male`, `other`, or nil when not set.
    public var biologicalSex: String?
    /// The HealthKit blood type identifier, when set.
    public var bloodType: String?
    /// Every attribute as written, for anything not named above.
    public var attributes: [MetadataEntry]
}
