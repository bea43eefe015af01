import VitalsKit

/// One `MetadataEntry` of a record, workout or correlation, kept as written.
///
/// Keys are case-sensitive: `meal` and `Meal` are two entries (the import counts such pairs).
package struct MetadataEntry: Sendable, Hashable {
    package var key: String
    package var value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A record's value: a number (quantity types), a category name (category types), or none.
package enum HealthValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case category(String)
    case none

    /// The number, when the value is one.
    package var number: Double? { if case .number(let value) = self { value } else { nil } }

    package var description: String {
        switch self {
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .category(let name): return name
        case .none: return ""
        }
    }
}

/// One heartbeat of a heart-rate-variability record's `InstantaneousBeatsPerMinute` list.
package struct InstantaneousBeat: Sendable, Hashable {
    package var bpm: Double
    /// The time as written (`7:41:22.41 AM`), local to the record's start date.
    package var time: String
}

/// A `Record` element: one HealthKit sample as the export wrote it, before any unit conversion.
package struct HealthRecord: Sendable, Hashable {
    /// The HealthKit identifier (`HKQuantityTypeIdentifierBodyMass`).
    package var type: String
    package var sourceName: String
    package var sourceVersion: String?
    /// The device description, unescaped (`<<HKDevice: 0x…>, name:Apple Watch, …>`).
    package var device: String?
    /// The unit as HealthKit writes it (`lb`, `count/min`, `%`); nil for category types.
    package var unit: String?
    package var value: HealthValue
    package var creationDate: HealthDate?
    package var startDate: HealthDate
    package var endDate: HealthDate
    package var metadata: [MetadataEntry]
    package var beats: [InstantaneousBeat]

    package init(
        type: String, sourceName: String, sourceVersion: String? = nil, device: String? = nil,
        unit: String? = nil, value: HealthValue, creationDate: HealthDate? = nil,
        startDate: HealthDate, endDate: HealthDate, metadata: [MetadataEntry] = [],
        beats: [InstantaneousBeat] = []
    ) {
        self.type = type
        self.sourceName = sourceName
        self.sourceVersion = sourceVersion
        self.device = device
        self.unit = unit
        self.value = value
        self.creationDate = creationDate
        self.startDate = startDate
        self.endDate = endDate
        self.metadata = metadata
        self.beats = beats
    }

    /// The metadata value for `key` (exact case).
    package func metadata(_ key: String) -> String? { metadata.first { $0.key == key }?.value }
}
