import ShippedLanguages
import Synchronization

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
    public static let english: LanguageTable = shipped.tables["en"]
        ?? LanguageTable(code: "en", file: "languages/en.yaml", location: SourceLocation(file: "languages/en.yaml", line: 0, column: 0),
                         entries: [:])

    /// The codes of the shipped languages, sorted.
    public static var codes: [String] { shipped.tables.keys.sorted() }

    /// The tables of the catalog's own `languages/` directory, by code, once a command that
    /// draws has loaded that catalog: they come before the shipped ones.
    private static let catalogTables = Mutex<[String: LanguageTable]>([:])

    /// Draws with `tables` (the catalog's own, as `validate` read them) before the shipped
    /// ones, for the rest of the process.
    public static func useCatalogTables(_ tables: [LanguageTable]) {
        catalogTables.withLock { current in
            current = Dictionary(tables.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The table of `code`: the catalog's own, else the shipped one (English for nil or an
    /// unknown code: `vitals validate` reports a screen declaring one, and drawing commands
    /// refuse it).
    public static func table(for code: String?) -> LanguageTable {
        guard let code else { return english }
        return catalogTables.withLock { $0[code] } ?? shipped.tables[code] ?? english
    }

    /// Whether `code` names a shipped language.
    public static func has(_ code: String) -> Bool { shipped.tables[code] != nil }

    /// What is wrong with the shipped tables: files that do not read, and every key a
    /// language lacks against English (at the table's file and line).
    public static func diagnostics(_ tables: [LanguageTable]? = nil) -> [Diagnostic] {
        let all = tables ?? shipped.tables.values.sorted { $0.code < $1.code }
        var found = tables == nil ? shipped.problems : []
        let reference = all.first { $0.code == "en" } ?? english
        for table in all where table.code != reference.code { found += table.problems(against: reference) }
        return found
    }
}
