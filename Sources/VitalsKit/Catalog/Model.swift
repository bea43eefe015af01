import Foundation

/// One of the seven WellPath pillars a screen belongs to.
public struct Pillar: Sendable, Identifiable {
    public var id: String
    public var name: String
    /// A `#RRGGBB` colour, or nil.
    public var color: String?
    public var order: Int
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, color: String? = nil, order: Int, location: SourceLocation,
        keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.color = color
        self.order = order
        self.location = location
        self.keyLocations = keyLocations
    }
}

/// The kind of being a subject is; picks plausible ranges for body measures.
public enum SubjectKind: String, Sendable, CaseIterable {
    case human, dog, cat
}

/// Whose data a screen shows: `me`, or a pet such as `ollie`.
public struct Subject: Sendable, Identifiable {
    public var id: String
    public var name: String
    public var kind: SubjectKind
    /// `YYYY-MM-DD`.
    public var birthDate: String?
    public var sex: String?
    public var breed: String?
    /// Set while the subject is pregnant (the `pregnancy:` block).
    public var pregnancy: Pregnancy?
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]

    /// The subject every catalog has, even when no file declares it.
    public static let me = Subject(
        id: "me", name: "Me", kind: .human,
        location:
            SourceLocation(file: "<built-in>", line: 1, column: 1))

    public init(
        id: String, name: String, kind: SubjectKind, birthDate: String? = nil,
        sex: String? = nil, breed: String? = nil, location: SourceLocation
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.birthDate = birthDate
        self.sex = sex
        self.breed = breed
        self.location = location
    }
}

/// A stream of samples: what is measured, in which base unit, and what values are plausible.
public struct Series: Sendable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable { case quantity, category }

    public var id: String
    public var kind: Kind
    public var unit: BaseUnit
    public var categories: [String]
    /// Plausible range in the base unit (for a human subject).
    public var min: Double?
    public var max: Double?
    /// Plausible ranges for other subject kinds (`dog`, `cat`).
    public var rangeByKind: [SubjectKind: ClosedRange<Double>]
    public var healthKit: [String]
    public var description: String?
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]
    /// How a `sum` counts samples from several sources over the same time (`overlapping_sources`);
    /// nil: every sample adds up.
    public var overlappingSources: OverlapRule?
    /// The sources' order for `overlapping_sources: priority` (`source_priority`), first
    /// preferred; nil: the ranking the store holds (Health Connect's, from its export), if any.
    public var sourcePriority: [String]?

    public init(
        id: String, kind: Kind, unit: BaseUnit, categories: [String] = [], min: Double? = nil, max: Double? = nil,
        rangeByKind: [SubjectKind: ClosedRange<Double>] = [:], healthKit: [String] = [], description: String? = nil,
        location: SourceLocation, keyLocations: KeyLocations = [:], overlappingSources: OverlapRule? = nil,
        sourcePriority: [String]? = nil
    ) {
        self.id = id
        self.kind = kind
        self.unit = unit
        self.categories = categories
        self.min = min
        self.max = max
        self.rangeByKind = rangeByKind
        self.healthKit = healthKit
        self.description = description
        self.location = location
        self.keyLocations = keyLocations
        self.overlappingSources = overlappingSources
        self.sourcePriority = sourcePriority
    }

    /// The plausible range for a subject of `kind`, if one is declared.
    public func plausibleRange(for kind: SubjectKind) -> ClosedRange<Double>? {
        if let range = rangeByKind[kind] { return range }
        guard kind == .human || rangeByKind.isEmpty else { return nil }
        let low = min ?? -Double.greatestFiniteMagnitude
        let high = max ?? Double.greatestFiniteMagnitude
        return low <= high ? low...high : nil
    }
}

/// A metric screen: a pillar, a name, and the metrics declared for it.
public struct DisplayScreen: Sendable, Identifiable {
    public var id: String
    public var name: String
    public var pillarID: String
    /// Ids the screen had before (`former_ids`): render, tree and explore still find it by them.
    public var formerIDs: [String] = []
    public var isActive: Bool
    public var order: Int
    public var subjectID: String
    public var icon: String?
    public var description: String?
    public var emptyMessage: String?
    /// The language its chrome is drawn in (`nl`: languages/nl.yaml); nil: English.
    public var language: String? = nil
    /// The raw `config` block, decoded and validated by the screen's module.
    public var config: YAMLNode?
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, pillarID: String, formerIDs: [String] = [], isActive: Bool, order: Int,
        subjectID: String, icon: String? = nil, description: String? = nil, emptyMessage: String? = nil,
        language: String? = nil, config: YAMLNode? = nil, location: SourceLocation, keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.pillarID = pillarID
        self.formerIDs = formerIDs
        self.isActive = isActive
        self.order = order
        self.subjectID = subjectID
        self.icon = icon
        self.description = description
        self.emptyMessage = emptyMessage
        self.language = language
        self.config = config
        self.location = location
        self.keyLocations = keyLocations
    }

    /// The short name people type: `SCREEN_MEAL_TIMING` → `meal_timing`.
    public var alias: String { Self.shortName(of: id) }

    /// `SCREEN_MEAL_TIMING` → `meal_timing`.
    public static func shortName(of id: String) -> String {
        let trimmed = id.hasPrefix("SCREEN_") ? String(id.dropFirst("SCREEN_".count)) : id
        return trimmed.lowercased()
    }
}

/// How samples in one bucket become one number.
public enum Aggregate: String, Sendable, CaseIterable {
    case sum, mean, min, max, first, last, count
}

/// The time bucket a chart shows per column.
public enum Bucket: String, Sendable, CaseIterable {
    case none, day, week, month
}

/// How far back a chart looks: `7d`, `12w`, `6m`, `1y` or `all`.
public enum TimeRange: Sendable, Hashable, CustomStringConvertible {
    case days(Int)
    case weeks(Int)
    case months(Int)
    case years(Int)
    case all

    /// Parses a count of 1 to 10000 (digits only, no leading zero) and d, w, m or y; or `all`.
    public init?(_ text: String) {
        if text == "all" {
            self = .all
            return
        }
        // An ASCII text by its bytes (each byte is a character; the per-`Character` reading
        // below took 3,400 instructions for `30d`, twice for each of 20,000 metrics).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let range = Self(asciiBytes: text.utf8) else { return nil }
            self = range
            return
        }
        self.init(characters: text)
    }

    /// `init(_:)` for a text of ASCII bytes.
    private init?(asciiBytes bytes: String.UTF8View) {
        guard let unit = bytes.last, bytes.count >= 2, bytes.count <= 6,
            let first = bytes.first, first != UInt8(ascii: "0")
        else { return nil }
        var count = 0
        for byte in bytes.dropLast() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            count = count * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard count <= 10_000 else { return nil }
        switch unit {
        case UInt8(ascii: "d"): self = .days(count)
        case UInt8(ascii: "w"): self = .weeks(count)
        case UInt8(ascii: "m"): self = .months(count)
        case UInt8(ascii: "y"): self = .years(count)
        default: return nil
        }
    }

    /// `init(_:)` by `Character`s, for a text with any non-ASCII character.
    private init?(characters text: String) {
        let digits = text.dropLast()
        guard let unit = text.last, let first = digits.first, first != "0",
            digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(digits), count <= 10_000
        else { return nil }
        switch unit {
        case "d": self = .days(count)
        case "w": self = .weeks(count)
        case "m": self = .months(count)
        case "y": self = .years(count)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .days(let n): return "\(n)d"
        case .weeks(let n): return "\(n)w"
        case .months(let n): return "\(n)m"
        case .years(let n): return "\(n)y"
        case .all: return "all"
        }
    }
}

/// A target a daily (or bucket) value is judged against.
public enum Target: Sendable, Hashable {
    case exact(value: Double, tolerance: Double)
    case atLeast(Double)
    case atMost(Double)
    case range(min: Double, max: Double)

    /// DragonHealth's default tolerance for an exact portion target.
    public static let defaultTolerance = 0.25

    /// Whether `value` meets the target.
    public func isMet(by value: Double) -> Bool {
        switch self {
        case .exact(let target, let tolerance): return abs(value - target) <= tolerance + 1e-9
        case .atLeast(let target): return value >= target - 1e-9
        case .atMost(let target): return value <= target + 1e-9
        case .range(let low, let high): return value >= low - 1e-9 && value <= high + 1e-9
        }
    }

    /// The rule name as written in YAML.
    public var rule: String {
        switch self {
        case .exact: return "exact"
        case .atLeast: return "at_least"
        case .atMost: return "at_most"
        case .range: return "range"
        }
    }
}

/// What data a metric reads and how it is summarised (the `series`, `aggregate`, … keys).
///
/// The keys few metrics set (`rolling`, `split_by`, `divide_by`, `categories`, `y`) are held
/// out of line, in one box that is nil when none is set: inline they made every metric of a
/// catalog about 60 bytes larger (1.2 MB in a catalog of 20,000 metrics).
public struct MetricBinding: Sendable, Hashable {
    // Stored in this order, the one-byte values after `range`'s nine bytes: 96 bytes in all.
    public var seriesID: String?
    /// Display unit symbol (`kg`, `lb`, `h` …); nil means the series' base unit.
    public var unit: String?
    private var rare: RareValues.Box<Rare>?
    public var range: TimeRange?
    public var aggregate: Aggregate?
    public var bucket: Bucket?
    public var rolling: Int? {
        get { rare?.value.rolling }
        set { RareValues.set(\.rolling, newValue, in: &rare) }
    }
    public var splitBy: SplitKey? {
        get { rare?.value.splitBy }
        set { RareValues.set(\.splitBy, newValue, in: &rare) }
    }
    public var target: Target?
    /// Minutes after local midnight before which a sample counts for the previous day.
    public var dayCutoffMinutes: Int?
    /// Divide each bucket by the latest value of this series (protein per kg body weight).
    public var divideBy: String? {
        get { rare?.value.divideBy }
        set { RareValues.set(\.divideBy, newValue, in: &rare) }
    }
    /// For a category series: only these categories count (sleep stages that are sleep).
    public var categories: [String]? {
        get { rare?.value.categories }
        set { RareValues.set(\.categories, newValue, in: &rare) }
    }
    /// The second series a relating chart (`scatter`) plots against this one (`y:`); nil for none.
    public var versus: PairedBinding? {
        get { rare?.value.versus }
        set { RareValues.set(\.versus, newValue, in: &rare) }
    }

    private struct Rare: Hashable, Sendable, RareValueSet {
        var rolling: Int?
        var splitBy: SplitKey?
        var divideBy: String?
        var categories: [String]?
        var versus: PairedBinding?
        var isEmpty: Bool { rolling == nil && splitBy == nil && divideBy == nil && categories == nil && versus == nil }
        init() {}
    }

    public init(
        seriesID: String? = nil, aggregate: Aggregate? = nil, bucket: Bucket? = nil,
        range: TimeRange? = nil, rolling: Int? = nil, splitBy: SplitKey? = nil,
        unit: String? = nil, target: Target? = nil, dayCutoffMinutes: Int? = nil,
        divideBy: String? = nil, categories: [String]? = nil
    ) {
        self.seriesID = seriesID
        self.aggregate = aggregate
        self.bucket = bucket
        self.range = range
        self.unit = unit
        self.target = target
        self.dayCutoffMinutes = dayCutoffMinutes
        if rolling != nil || splitBy != nil || divideBy != nil || categories != nil {
            var rare = Rare()
            rare.rolling = rolling
            rare.splitBy = splitBy
            rare.divideBy = divideBy
            rare.categories = categories
            self.rare = RareValues.Box(rare)
        }
    }
}

/// Anything declared in a catalog file with per-key source locations.
public protocol CatalogEntry {
    var location: SourceLocation { get }
    var keyLocations: KeyLocations { get }
}

extension CatalogEntry {
    /// Where `key`'s value was written, else where the entry starts.
    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }
}

extension Pillar: CatalogEntry {}
extension Subject: CatalogEntry {}
extension Series: CatalogEntry {}
extension DisplayScreen: CatalogEntry {}
extension DisplayMetric: CatalogEntry {}

/// The part a metric plays on a custom screen: a module declares the roles it reads
/// (`extension MetricRole { static let growth = MetricRole("growth") }`) and finds each metric
/// with `Catalog.metric(playing:on:)`; the YAML names it with `role:`.
public struct MetricRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// Values few entries set, held by reference in one box that is nil when none is set
/// (`DisplayMetric.color`, `MetricBinding.rolling` …).
protocol RareValueSet: Hashable, Sendable {
    init()
    /// True when no value is set (the box is then dropped, so an entry with none equals one
    /// that never had any).
    var isEmpty: Bool { get }
}

enum RareValues {
    /// A set of values held by reference; compared and hashed by value, and never changed (a
    /// new box replaces it), so copies of an entry never share a change.
    final class Box<Value: RareValueSet>: Hashable, Sendable {
        let value: Value

        init(_ value: Value) { self.value = value }

        static func == (a: Box, b: Box) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// Sets one value in `box`: a new box with it, or nil when none is left.
    static func set<Value: RareValueSet, Field>(
        _ field: WritableKeyPath<Value, Field>, _ newValue: Field,
        in box: inout Box<Value>?
    ) {
        var value = box?.value ?? Value()
        value[keyPath: field] = newValue
        box = value.isEmpty ? nil : Box(value)
    }
}
