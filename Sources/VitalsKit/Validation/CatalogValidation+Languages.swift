import Foundation

extension CatalogValidation {
    /// Adds the language checks to a validation of the whole catalog: every table of the
    /// catalog's `languages/` directory (else the shipped ones) against English — each key a
    /// language lacks, at the table's file and line — and every screen whose `language:` names
    /// no table.
    package mutating func checkLanguages(catalogRoot: String?) {
        var tables: [LanguageTable] = []
        var found: [Diagnostic] = []
        let directory = catalogRoot.map { ($0 as NSString).appendingPathComponent("languages") }
        let names = directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) }?
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted() ?? []
        if let directory, !names.isEmpty {
            for name in names {
                let path = (directory as NSString).appendingPathComponent(name)
                // Read as catalog files are: a link leaving the catalog is refused unread.
                let text: String
                switch CatalogLoader.read(path, shown: path) {
                case .success(let read): text = read
                case .failure(let refusal):
                    found.append(Diagnostic(.error, rule: RuleID.languageTable, "cannot read \(name) as UTF-8 text: \(refusal.message)",
                                            at: SourceLocation(file: path, line: 0, column: 0)))
                    continue
                }
                let (table, problems) = LanguageTable.read(text, file: path)
                found += problems
                if let table { tables.append(table) }
                sources[path] = text
            }
            found += LanguageTables.diagnostics(tables)
        } else {
            found += LanguageTables.diagnostics()
        }
        let codes = Set(tables.map(\.code)).union(LanguageTables.codes)
        for catalog in catalogs {
            for screen in catalog.screens {
                guard let language = screen.language, !codes.contains(language) else { continue }
                found.append(Diagnostic(.error, rule: RuleID.unknownLanguage,
                                        "\(screen.id): no language table '\(language)' (languages/\(language).yaml); "
                                            + "known: \(codes.sorted().joined(separator: ", "))",
                                        at: screen.location(of: "language")))
            }
        }
        diagnostics += found.sorted { $0.location < $1.location }
        summary.errors += found.filter { $0.severity == .error }.count
        summary.warnings += found.filter { $0.severity == .warning }.count
    }
}
