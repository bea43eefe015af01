/// An About text that names the period a chart shows ("over the last two weeks", "the past
/// week", "each of the last 14 days"). The period is the metric's `range`, which `--range` and
/// the explorer's `r` key change, so the text contradicts the chart above it ("over the last
/// two weeks" under a one-year chart); the chart's title and footer say the period shown.
/// A warning: say what is measured, not over how long.
package struct AboutPeriodRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "about-period",
        summary:
            "About texts do not name the period shown (\"over the last two weeks\"): --range changes it (warning).",
        severity: .warning,
        triggering: [
            RuleExamples.metrics(
                RuleExamples.primary + ", range: 14d, about_what: Weight each day over the last two weeks."),
            RuleExamples.metrics(RuleExamples.primary + ", about_why: The past week smooths out one unusual day."),
            RuleExamples.metrics(RuleExamples.primary + ", about_what: Weight on each of the last 30 days."),
        ],
        nonTriggering: [
            RuleExamples.metrics(
                RuleExamples.primary + ", about_what: Weight each day as a rolling seven-day average."),
            RuleExamples.metrics(RuleExamples.primary + ", about_what: How last night went."),
        ])

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for metric in loaded.catalog.metrics {
            for (key, text) in [("about_what", metric.aboutWhat), ("about_why", metric.aboutWhy)] {
                guard let text, let phrase = Self.period(in: text) else { continue }
                found.append(
                    diagnostic(
                        "\(key) of '\(metric.id)' names the period shown ('\(phrase)'), which --range changes; "
                            + "say what is measured without it (the chart's title and footer say the period)",
                        at: metric.location(of: key)))
            }
        }
        return found
    }

    /// Not "previous": "the previous day" (a cutoff) and "over the previous seven days" (a
    /// rolling window) do not name the period shown.
    static let leads: Set<String> = ["last", "past"]
    static let units: Set<String> = [
        "day", "days", "week", "weeks", "week's", "weeks'", "fortnight", "month", "months",
        "month's", "year", "years", "year's",
    ]
    static let numbers: Set<String> = [
        "a", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "twenty", "thirty", "sixty",
        "ninety", "few", "several",
    ]

    /// The first period phrase in `text` ("last two weeks"), nil when there is none: "last"
    /// or "past", then an optional number (a word or digits), then a unit of time.
    /// "Nights" counts only after a number ("the last 14 nights"): "last night" is a night.
    static func period(in text: String) -> String? {
        // Most texts name no period: an ASCII text without "last" or "past" in any case has
        // neither lead word (lower-casing ASCII stays ASCII), so it is passed by its bytes
        // alone instead of lower-cased and split into words of `Character`s.
        mayNameLead(text) ? periodByWords(in: text) : nil
    }

    /// `period(in:)` without the shortcut: lower-cased, split into words, scanned.
    static func periodByWords(in text: String) -> String? {
        let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
        for (index, word) in words.enumerated() where leads.contains(word) {
            var next = index + 1
            let numbered = next < words.count && (numbers.contains(words[next]) || words[next].allSatisfy(\.isNumber))
            if numbered { next += 1 }
            guard next < words.count else { continue }
            let unit = words[next]
            if units.contains(unit) || (numbered && (unit == "nights" || unit == "night's")) {
                return words[index...next].joined(separator: " ")
            }
        }
        return nil
    }

    /// False only for an ASCII text in which neither "last" nor "past" occurs in any mix of
    /// cases; true for every other text (non-ASCII ones go the whole way).
    static func mayNameLead(_ text: String) -> Bool {
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count >= 4 else { return !bytes.allSatisfy { $0 < 0x80 } }
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return true }
                // "ast" after "l" or "p", compared in lower case (| 0x20 maps A–Z to a–z and
                // leaves the letters sought alone; other bytes it maps match none of them).
                guard index + 3 < bytes.count, byte | 0x20 == UInt8(ascii: "l") || byte | 0x20 == UInt8(ascii: "p")
                else { continue }
                if bytes[index + 1] | 0x20 == UInt8(ascii: "a"), bytes[index + 2] | 0x20 == UInt8(ascii: "s"),
                    bytes[index + 3] | 0x20 == UInt8(ascii: "t")
                {
                    return true
                }
            }
            return false
        }
        // A string without contiguous UTF-8 (bridged): the whole way.
        return answer ?? true
    }
}
