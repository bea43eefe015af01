import VitalsKit

/// A sleep analysis stage as the Sleep screen reads it (`sleep_analysis` categories).
package enum SleepCategory: String, Sendable, CaseIterable {
    case inBed = "in_bed"
    case asleepUnspecified = "asleep_unspecified"
    case core, deep, rem, awake

    /// The stage of a HealthKit sleep analysis value (`HKCategoryValueSleepAnalysisAsleepREM`).
    ///
    /// `Asleep` (before iOS 16) means asleep in an unknown stage. Numeric raw values, as
    /// some tools write them, are read too (0 in bed, 1 asleep, 2 awake, 3 core, 4 deep, 5 REM).
    package init?(healthKitValue value: String) {
        let prefix = "HKCategoryValueSleepAnalysis"
        let name = value.hasPrefix(prefix) ? String(value.dropFirst(prefix.count)) : value
        switch name {
        case "InBed", "0": self = .inBed
        case "Asleep", "AsleepUnspecified", "1": self = .asleepUnspecified
        case "Awake", "2": self = .awake
        case "AsleepCore", "3": self = .core
        case "AsleepDeep", "4": self = .deep
        case "AsleepREM", "5": self = .rem
        default: return nil
        }
    }
}
