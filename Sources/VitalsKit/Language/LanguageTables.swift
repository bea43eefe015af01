import ShippedLanguages

/// The language tables shipped in the binary (`languages/*.yaml`, embedded at build time).
public enum LanguageTables {
    /// Every shipped table that reads, by code, and the problems of those that do not.
    static let shipped: (tables: [String: LanguageTable], problems: [Diagnostic]) = {
        var tables: [String: LanguageTable] = [:]
        var problems: [Diagnostic] = []
        for file in ShippedLanguages.files {
            let (table, found) = LanguageTable.read(file.text, file: file.path)
            problems += found
            if let table { tables[table.code] = table }
        }
        return (tables, problems)
    }()

    /// English, the reference every other table is checked against; an empty table if the
    /// shipped file were missing (then every lookup returns its key, and tests fail).
    public static let english: LanguageTable =
        shipped.tables["en"]
        ?? LanguageTable(
            code: "en", file: "languages/en.yaml",
            location: SourceLocation(file: "languages/en.yaml", line: 0, column: 0),
            entries: [:])

    /// The codes of the shipped languages, sorted.
    public static var codes: [String] { shipped.tables.keys.sorted() }

    /// The shipped table of `code` (English for nil or an unknown code: `vitals validate`
    /// reports a screen declaring one, and drawing commands refuse it). A catalog's own
    /// tables come first through `Catalog.words(for:)`.
    public static func table(for code: String?) -> LanguageTable {
        guard let code else { return english }
        return shipped.tables[code] ?? english
    }

    /// Whether `code` names a shipped language.
    public static func has(_ code: String) -> Bool { shipped.tables[code] != nil }

    /// What is wrong with `tables` (nil: the shipped ones, as the package's tests check them):
    /// files that do not read, and every key a language lacks against English (at the table's
    /// file and line).
    public static func diagnostics(_ tables: [LanguageTable]? = nil) -> [Diagnostic] {
        let all = tables ?? shipped.tables.values.sorted { $0.code < $1.code }
        var found = tables == nil ? shipped.problems : []
        let reference = all.first { $0.code == "en" } ?? english
        for table in all where table.code != reference.code { found += table.problems(against: reference) }
        return found
    }
}
