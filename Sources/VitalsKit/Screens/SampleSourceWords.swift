/// Where a stored value came from, in words for a screen (Corgina's "Show source"):
/// "typed in" for `vitals log`, "imported from Apple Health (Withings)" for an export's
/// record, "imported from a CSV file", "demo data", else "from Withings".
public enum SampleSourceWords {
    /// The words for `source` (the sample's `source` column) and whether it came with Apple
    /// Health metadata (only the Apple Health import stores that).
    public static func describe(source: String, fromAppleHealth: Bool) -> String {
        // A shared copy tells neither the app, the device nor how a value was entered.
        if Disclosure.current.withholdsPersonal { return "source \(Disclosure.withheld)" }
        // The Apple Health import stores `apple-health:<device or app>`.
        let prefix = "apple-health:"
        if source.hasPrefix(prefix) {
            let device = Sanitize.inline(String(source.dropFirst(prefix.count)))
            return device.isEmpty ? "imported from Apple Health" : "imported from Apple Health (\(device))"
        }
        let name = Sanitize.inline(source)
        if fromAppleHealth {
            return name.isEmpty ? "imported from Apple Health" : "imported from Apple Health (\(name))"
        }
        switch source {
        case "manual", "": return "typed in"
        case "csv": return "imported from a CSV file"
        case "demo": return "from the demo data"
        default: return "from \(name)"
        }
    }

    /// The names of several sources of one value, for a line such as "Merged from 2 sources
    /// (Watch, iPhone)": the app or device behind an Apple Health source by its own name, each
    /// sanitised; a shared copy withholds them all, as it withholds a single source.
    public static func names(_ sources: [String]) -> String {
        if Disclosure.current.withholdsPersonal { return "sources \(Disclosure.withheld)" }
        let prefix = "apple-health:"
        return sources.map { Sanitize.inline($0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0) }
            .joined(separator: ", ")
    }

    /// The words for a stored sample.
    public static func describe(_ sample: Sample) -> String {
        describe(source: sample.source, fromAppleHealth: sample.metadata != nil)
    }
}
