import VitalsKit

/// Receives what an export holds, element by element, in file order.
///
/// Only `accept(_: HealthRecord)` is required; the other elements are ignored unless a sink
/// implements them. A sink that throws stops the import with that error.
package protocol HealthExportSink {
    mutating func accept(_ record: HealthRecord) throws
    mutating func accept(_ correlation: HealthCorrelation) throws
    mutating func accept(_ workout: HealthWorkout) throws
    mutating func accept(_ summary: HealthActivitySummary) throws
    mutating func accept(_ profile: HealthProfile) throws
    /// An element that could not be mapped, with the reason; the import goes on.
    mutating func skipped(_ skip: HealthSkip) throws
}

extension HealthExportSink {
    package mutating func accept(_ correlation: HealthCorrelation) throws {}
    package mutating func accept(_ workout: HealthWorkout) throws {}
    package mutating func accept(_ summary: HealthActivitySummary) throws {}
    package mutating func accept(_ profile: HealthProfile) throws {}
    package mutating func skipped(_ skip: HealthSkip) throws {}
}

/// An element left out of the import, and why.
package struct HealthSkip: Sendable, Hashable {
    package enum Reason: Sendable, Hashable, CustomStringConvertible {
        case missingAttribute(String)
        case invalidDate(attribute: String, value: String)
        case endBeforeStart

        package var description: String {
            switch self {
            case .missingAttribute(let name): return "missing attribute \(name)"
            case .invalidDate(let attribute, _): return "unreadable \(attribute)"
            case .endBeforeStart: return "endDate before startDate"
            }
        }
    }

    /// `Record`, `Workout` …
    package var element: String
    /// The element's `type` (or activity type), when it has one.
    package var type: String?
    package var reason: Reason
    package var position: XMLPosition
}

/// A sink that counts and keeps nothing: for benchmarks and for checking an export.
package struct CountingHealthSink: HealthExportSink {
    package var records = 0
    package var correlations = 0
    package var workouts = 0
    package var activitySummaries = 0
    package var profiles = 0
    package var skips = 0
    /// Sum of numeric values, so that the work cannot be optimised away.
    package var valueChecksum = 0.0

    package init() {}

    package mutating func accept(_ record: HealthRecord) throws {
        records += 1
        valueChecksum += record.value.number ?? 0
    }
    package mutating func accept(_ correlation: HealthCorrelation) throws { correlations += 1 }
    package mutating func accept(_ workout: HealthWorkout) throws { workouts += 1 }
    package mutating func accept(_ summary: HealthActivitySummary) throws { activitySummaries += 1 }
    package mutating func accept(_ profile: HealthProfile) throws { profiles += 1 }
    package mutating func skipped(_ skip: HealthSkip) throws { skips += 1 }
}

/// A sink that keeps everything in memory: for tests and small exports only.
package struct CollectingHealthSink: HealthExportSink {
    package var records: [HealthRecord] = []
    package var correlations: [HealthCorrelation] = []
    package var workouts: [HealthWorkout] = []
    package var activitySummaries: [HealthActivitySummary] = []
    package var profiles: [HealthProfile] = []
    package var skips: [HealthSkip] = []

    package init() {}

    package mutating func accept(_ record: HealthRecord) throws { records.append(record) }
    package mutating func accept(_ correlation: HealthCorrelation) throws { correlations.append(correlation) }
    package mutating func accept(_ workout: HealthWorkout) throws { workouts.append(workout) }
    package mutating func accept(_ summary: HealthActivitySummary) throws { activitySummaries.append(summary) }
    package mutating func accept(_ profile: HealthProfile) throws { profiles.append(profile) }
    package mutating func skipped(_ skip: HealthSkip) throws { skips.append(skip) }
}
