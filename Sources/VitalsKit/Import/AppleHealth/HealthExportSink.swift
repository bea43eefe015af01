/// Receives what an export holds, element by element, in file order.
///
/// Only `accept(_: HealthRecord)` is required; the other elements are ignored unless a sink
/// implements them. A sink that throws stops the import with that error.
public protocol HealthExportSink {
    mutating func accept(_ record: HealthRecord) throws
    mutating func accept(_ correlation: HealthCorrelation) throws
    mutating func accept(_ workout: HealthWorkout) throws
    mutating func accept(_ summary: HealthActivitySummary) throws
    mutating func accept(_ profile: HealthProfile) throws
    /// An element that could not be mapped, with the reason; the import goes on.
    mutating func skipped(_ skip: HealthSkip) throws
}

extension HealthExportSink {
    public mutating func accept(_ correlation: HealthCorrelation) throws {}
    public mutating func accept(_ workout: HealthWorkout) throws {}
    public mutating func accept(_ summary: HealthActivitySummary) throws {}
    public mutating func accept(_ profile: HealthProfile) throws {}
    public mutating func skipped(_ skip: HealthSkip) throws {}
}

/// An element left out of the import, and why.
public struct HealthSkip: Sendable, Hashable {
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        case missingAttribute(String)
        case invalidDate(attribute: String, value: String)
        case endBeforeStart

        public var description: String {
            switch self {
            case .missingAttribute(let name): return "missing attribute \(name)"
            case .invalidDate(let attribute, _): return "unreadable \(attribute)"
            case .endBeforeStart: return "endDate before startDate"
            }
        }
    }

    /// `Record`, `Workout` …
    public var element: String
    /// The element's `type` (or activity type), when it has one.
    public var type: String?
    public var reason: Reason
    public var position: XMLPosition
}

/// A sink that counts and keeps nothing: for benchmarks and for checking an export.
public struct CountingHealthSink: HealthExportSink {
    public var records = 0
    public var correlations = 0
    public var workouts = 0
    public var activitySummaries = 0
    public var profiles = 0
    public var skips = 0
    /// Sum of numeric values, so that the work cannot be optimised away.
    public var valueChecksum = 0.0

    public init() {}

    public mutating func accept(_ record: HealthRecord) throws {
        records += 1
        valueChecksum += record.value.number ?? 0
    }
    public mutating func accept(_ correlation: HealthCorrelation) throws { correlations += 1 }
    public mutating func accept(_ workout: HealthWorkout) throws { workouts += 1 }
    public mutating func accept(_ summary: HealthActivitySummary) throws { activitySummaries += 1 }
    public mutating func accept(_ profile: HealthProfile) throws { profiles += 1 }
    public mutating func skipped(_ skip: HealthSkip) throws { skips += 1 }
}

/// A sink that keeps everything in memory: for tests and small exports only.
public struct CollectingHealthSink: HealthExportSink {
    public var records: [HealthRecord] = []
    public var correlations: [HealthCorrelation] = []
    public var workouts: [HealthWorkout] = []
    public var activitySummaries: [HealthActivitySummary] = []
    public var profiles: [HealthProfile] = []
    public var skips: [HealthSkip] = []

    public init() {}

    public mutating func accept(_ record: HealthRecord) throws { records.append(record) }
    public mutating func accept(_ correlation: HealthCorrelation) throws { correlations.append(correlation) }
    public mutating func accept(_ workout: HealthWorkout) throws { workouts.append(workout) }
    public mutating func accept(_ summary: HealthActivitySummary) throws { activitySummaries.append(summary) }
    public mutating func accept(_ profile: HealthProfile) throws { profiles.append(profile) }
    public mutating func skipped(_ skip: HealthSkip) throws { skips.append(skip) }
}
