import Foundation

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
        // below is for the rest, and is far slower).
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
/// out of line, in one box that is nil when none is set, so a metric that sets none does not
/// carry their room.
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
