/// One `MetadataEntry` of a record, workout or correlation, kept as written.
///
/// Keys are case-sensitive: `meal` and `Meal` are two entries (the import counts such pairs).
public struct MetadataEntry: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A record's value: a number (quantity types), a category name (category types), or none.
public enum HealthValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case category(String)
    case none

    /// The number, when the value is one.
    public var number: Double? { if case .number(let value) = self { value } else { nil } }

    public var description: String {
        switch self {
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .category(let name): return name
        case .none: return ""
        }
    }
}

/// One heartbeat of a heart-rate-variability record's `InstantaneousBeatsPerMinute` list.
public struct InstantaneousBeat: Sendable, Hashable {
    public var bpm: Double
    /// The time as written (`7:41:22.41 AM`), local to the record's start date.
    public var time: String
}

/// A `Record` element: one HealthKit sample as the export wrote it, before any unit conversion.
public struct HealthRecord: Sendable, Hashable {
    /// The HealthKit identifier (`HKQuantityTypeIdentifierBodyMass`).
    public var type: String
    public var sourceName: String
    public var sourceVersion: String?
    /// The device description, unescaped (`<<HKDevice: 0x…>, name:Apple Watch, …>`).
    public var device: String?
    /// The unit as HealthKit writes it (`lb`, `count/min`, `%`); nil for category types.
    public var unit: String?
    public var value: HealthValue
    public var creationDate: HealthDate?
    public var startDate: HealthDate
    public var endDate: HealthDate
    public var metadata: [MetadataEntry]
    public var beats: [InstantaneousBeat]

    public init(type: String, sourceName: String, sourceVersion: String? = nil, device: String? = nil,
                unit: String? = nil, value: HealthValue, creationDate: HealthDate? = nil,
                startDate: HealthDate, endDate: HealthDate, metadata: [MetadataEntry] = [],
                beats: [InstantaneousBeat] = []) {
        self.type = type; self.sourceName = sourceName; self.sourceVersion = sourceVersion
        self.device = device; self.unit = unit; self.value = value; self.creationDate = creationDate
        self.startDate = startDate; self.endDate = endDate; self.metadata = metadata; self.beats = beats
    }

    /// The metadata value for `key` (exact case).
    public func metadata(_ key: String) -> String? { metadata.first { $0.key == key }?.value }
}
