/// A time of day (`04:00`), as written in YAML.
public struct ClockTime: Sendable, Hashable {
    public var minutesAfterMidnight: Int

    /// Parses `H:MM` or `HH:MM` (00:00–23:59).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        minutesAfterMidnight = h * 60 + m
    }
}
