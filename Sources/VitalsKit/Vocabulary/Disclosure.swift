/// What the documents being composed and drawn may tell: everything (the default), or a
/// shared copy (`vitals report --redact`, `--shift-dates`) — subjects' names, where values
/// came from and notes withheld, dates written as "day N" from `dayOne`.
///
/// It is set for the composing and the drawing of a report (`Disclosure.$current.withValue`),
/// so the words are replaced where they are made — `DateWords` for every date,
/// `SampleSourceWords` for every source, the catalog's subjects for every name — and every
/// backend (HTML, PDF, terminal, JSON) gets the same document, escaping it as it always does.
public struct Disclosure: Sendable, Hashable {
    /// Names of people and animals, devices, sources and notes are withheld.
    public var withholdsPersonal: Bool
    /// Day 1 of shifted dates; nil: dates are written as they are.
    public var dayOne: LocalDate?

    public init(withholdsPersonal: Bool = false, dayOne: LocalDate? = nil) {
        self.withholdsPersonal = withholdsPersonal
        self.dayOne = dayOne
    }

    /// The disclosure of what is being composed or drawn now.
    @TaskLocal public static var current = Disclosure()

    /// What a withheld source, device or note is written as.
    public static let withheld = "withheld"
}
