/// Which units display prefers: metric, US customary or British (see `UnitTable`).
public enum UnitSystem: String, Sendable, CaseIterable {
    case metric, us, uk

    /// The old name of `us` (`--units imperial`), still accepted.
    public static var imperial: UnitSystem { .us }

    /// The words `--units`, `$VITALS_UNITS` and the settings file accept, canonical first.
    public static let acceptedNames = ["metric", "us", "uk", "imperial"]

    /// A system by the name a person types, any case: `metric`, `us`, `uk`, or `imperial`
    /// (another word for `us`); nil for anything else.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "imperial" {
            self = .us
            return
        }
        self.init(rawValue: lowered)
    }

    /// How the system is written for people ("metric", "US", "UK").
    public var title: String { self == .metric ? "metric" : rawValue.uppercased() }

    /// The next system in the explorer's `u` cycle: metric → US → UK → metric.
    public var next: UnitSystem {
        switch self {
        case .metric: return .us
        case .us: return .uk
        case .uk: return .metric
        }
    }

    /// How values of a series stored in `base` are shown in this system; nil when the base
    /// unit's quantity is the same in every system and not in the table (hours, counts,
    /// heart rate …).
    public func display(for base: BaseUnit) -> DisplayUnit? {
        Quantity(base: base).map { UnitTable.display($0, in: self) }
    }

    /// The unit values of `base` are shown in, and read in when typed without a unit
    /// (`kg` → `lb` in the US and the UK; hours stay hours).
    public func displayUnit(for base: BaseUnit) -> KnownUnit {
        display(for: base)?.unit ?? base.known
    }

    /// The system the locale asks for: `LC_ALL`, else `LC_MEASUREMENT`, else `LANG`; `en_US`
    /// (and the other places that measure in US units: Liberia, Myanmar) → US, `en_GB` → UK,
    /// everything else, `C` and `POSIX` included → metric.
    public static func fromLocale(_ environment: [String: String]) -> UnitSystem {
        let identifier = LocaleEnvironment.locale("LC_MEASUREMENT", in: environment)
        // `en_US.UTF-8`, `en-GB`, `en_GB@euro`: the region is the letters after the language.
        let name = identifier.prefix { $0 != "." && $0 != "@" }
        let parts = name.split { $0 == "_" || $0 == "-" }
        guard parts.count >= 2 else { return .metric }
        switch parts[1].uppercased() {
        case "US", "LR", "MM": return .us
        case "GB", "UK": return .uk
        default: return .metric
        }
    }
}
