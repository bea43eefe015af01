/// The words being drawn now: the language table of the screen being composed or drawn
/// (`Words.$current.withValue`), English by default. Every backend and `DateWords` take
/// chrome from here by key, so a Dutch screen is Dutch in the terminal, JSON, HTML and PDF.
public enum Words {
    /// The language of what is being composed or drawn now.
    @TaskLocal public static var current: LanguageTable = LanguageTables.english

    /// The text of `key` in the current language, its `{name}` placeholders replaced by
    /// `values`; English when the language lacks it (`vitals validate` says so), the key
    /// itself when English does too. One pass over the table's text: a value is never read for
    /// placeholders again (a metric named "{rule}" stays that name).
    public static func text(_ key: String, _ values: [String: String] = [:]) -> String {
        let text = current.text(key) ?? LanguageTables.english.text(key) ?? key
        guard !values.isEmpty else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The list of `key` in the current language (month and weekday names), else English's.
    public static func list(_ key: String) -> [String] {
        current.list(key) ?? LanguageTables.english.list(key) ?? []
    }

    /// `one` for a count of 1, else `other` with `{n}` filled in.
    public static func count(_ n: Int, one: String, other: String) -> String {
        n == 1 ? text(one, ["n": "1"]) : text(other, ["n": String(n)])
    }

    /// `body` with the words of the shipped `language` (`nil`: English).
    public static func speaking<T>(_ language: String?, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(LanguageTables.table(for: language), operation: body)
    }

    /// `body` with the words of `table` (a catalog's own: `Catalog.words(for:)`).
    public static func speaking<T>(_ table: LanguageTable, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(table, operation: body)
    }

    /// Whether the current language is English (the locale's number style is kept then).
    public static var isEnglish: Bool { current.code == LanguageTables.english.code }
}
