import VitalsKit

/// The record tables of a Health Connect export that Vitals reads, and what each row becomes.
///
/// Facts from the Android platform's HealthFitness module (its record helpers): times are
/// epoch milliseconds (UTC) with zone offsets in seconds; an instant record has `time` and
/// `zone_offset`, an interval record `start_time`, `end_time`, `start_zone_offset` and
/// `end_zone_offset`; every row names its writer in `app_info_id` (`application_info_table`).
/// Units as stored: mass in grams, energy in (small) calories, length in metres, volume in
/// litres, power in watts, percentages 0–100, blood glucose in mmol/L.
///
/// Each row is mapped as the HealthKit type of the same measurement, so the catalog's series
/// (`healthkit:`) decide where it goes, exactly as for an Apple Health export: a type no series
/// names is kept under that identifier (or, with no HealthKit twin, under `health_connect_…`).
struct HealthConnectTable: Sendable {
    var table: String
    /// The value column, and what to multiply it by to reach `unit`.
    var column: String
    var factor: Double = 1
    /// The HealthKit type (or `health_connect_…` series) and the unit the value is then in.
    var type: String
    var unit: String
    /// Whether rows have `start_time`/`end_time` (else `time`).
    var interval: Bool
    /// The Health Connect data category (for the apps' priority): 1 activity, 2 body
    /// measurements, 4 nutrition, 5 sleep, 6 vitals.
    var category: Int
    /// A column whose value is a meal type (`meal_type`: 1 breakfast … 4 snack) for the tag.
    var mealColumn: String?

    /// What the nutrition columns hold when nothing was recorded (`Double.leastNonzeroMagnitude`,
    /// 5e-324): never a measurement.
    static let notRecorded = Double.leastNonzeroMagnitude

    static let all: [HealthConnectTable] = [
        .init(
            table: "steps_record_table", column: "count", type: "HKQuantityTypeIdentifierStepCount", unit: "count",
            interval: true, category: 1),
        .init(
            table: "distance_record_table", column: "distance", type: "HKQuantityTypeIdentifierDistanceWalkingRunning",
            unit: "m", interval: true, category: 1),
        .init(
            table: "active_calories_burned_record_table", column: "energy", factor: 0.001,
            type: "HKQuantityTypeIdentifierActiveEnergyBurned", unit: "kcal", interval: true, category: 1),
        .init(
            table: "total_calories_burned_record_table", column: "energy", factor: 0.001,
            type: "health_connect_total_energy", unit: "kcal", interval: true, category: 1),
        .init(
            table: "resting_heart_rate_record_table", column: "beats_per_minute",
            type: "HKQuantityTypeIdentifierRestingHeartRate", unit: "count/min", interval: false, category: 6),
        // RMSSD, not HealthKit's SDNN: kept apart, never mixed into an SDNN series.
        .init(
            table: "heart_rate_variability_rmssd_record_table", column: "heart_rate_variability_millis",
            type: "health_connect_hrv_rmssd", unit: "ms", interval: false, category: 6),
        .init(
            table: "weight_record_table", column: "weight", type: "HKQuantityTypeIdentifierBodyMass", unit: "g",
            interval: false, category: 2),
        .init(
            table: "body_fat_record_table", column: "percentage", factor: 0.01,
            type: "HKQuantityTypeIdentifierBodyFatPercentage", unit: "%", interval: false, category: 2),
        .init(
            table: "height_record_table", column: "height", type: "HKQuantityTypeIdentifierHeight", unit: "m",
            interval: false, category: 2),
        .init(
            table: "blood_pressure_record_table", column: "systolic",
            type: "HKQuantityTypeIdentifierBloodPressureSystolic", unit: "mmHg", interval: false, category: 6),
        .init(
            table: "blood_pressure_record_table", column: "diastolic",
            type: "HKQuantityTypeIdentifierBloodPressureDiastolic", unit: "mmHg", interval: false, category: 6),
        .init(
            table: "blood_glucose_record_table", column: "level", type: "HKQuantityTypeIdentifierBloodGlucose",
            unit: "mmol/L", interval: false, category: 6),
        .init(
            table: "oxygen_saturation_record_table", column: "percentage", factor: 0.01,
            type: "HKQuantityTypeIdentifierOxygenSaturation", unit: "%", interval: false, category: 6),
        .init(
            table: "hydration_record_table", column: "volume", type: "HKQuantityTypeIdentifierDietaryWater",
            unit: "L", interval: true, category: 4),
        .init(
            table: "nutrition_record_table", column: "protein", type: "HKQuantityTypeIdentifierDietaryProtein",
            unit: "g", interval: true, category: 4, mealColumn: "meal_type"),
        .init(
            table: "nutrition_record_table", column: "energy", factor: 0.001,
            type: "HKQuantityTypeIdentifierDietaryEnergyConsumed", unit: "kcal", interval: true, category: 4,
            mealColumn: "meal_type"),
        // Watts to kcal per day: 1 W = 86 400 J a day = 20.65 kcal a day.
        .init(
            table: "basal_metabolic_rate_record_table", column: "basal_metabolic_rate", factor: 86_400 / 4184,
            type: "health_connect_basal_metabolic_rate", unit: "kcal/d", interval: false, category: 2),
    ]

    /// The tag of a meal type.
    static func meal(_ type: Int64?) -> String? {
        switch type {
        case 1: return "breakfast"
        case 2: return "lunch"
        case 3: return "dinner"
        case 4: return "snack"
        default: return nil
        }
    }

    /// Exercise types by number (ExerciseSessionRecord), for the workout's category.
    static let exerciseTypes: [Int64: String] = [
        0: "other", 2: "badminton", 5: "basketball", 8: "biking", 9: "biking_stationary", 10: "boot_camp",
        11: "boxing", 13: "calisthenics", 16: "dancing", 25: "elliptical", 26: "exercise_class", 32: "golf",
        36: "high_intensity_interval_training", 37: "hiking", 44: "martial_arts", 48: "pilates",
        51: "rock_climbing", 53: "rowing", 54: "rowing_machine", 56: "running", 57: "running_treadmill",
        61: "skiing", 64: "soccer", 68: "stair_climbing", 70: "strength_training", 71: "stretching",
        73: "swimming_open_water", 74: "swimming_pool", 76: "tennis", 78: "volleyball", 79: "walking",
        81: "weightlifting", 82: "wheelchair", 83: "yoga",
    ]

    /// Sleep stage types (SleepSessionRecord) as HealthKit sleep values: 1 awake, 2 sleeping,
    /// 3 out of bed, 4 light, 5 deep, 6 REM, 7 awake in bed; 0 unknown.
    static func sleepValue(_ stage: Int64) -> String? {
        switch stage {
        case 1, 7: return "HKCategoryValueSleepAnalysisAwake"
        case 2: return "HKCategoryValueSleepAnalysisAsleepUnspecified"
        case 4: return "HKCategoryValueSleepAnalysisAsleepCore"
        case 5: return "HKCategoryValueSleepAnalysisAsleepDeep"
        case 6: return "HKCategoryValueSleepAnalysisAsleepREM"
        default: return nil
        }
    }
}
