import Foundation

extension CatalogValidation {
    /// Adds the language checks to a validation of the whole catalog: every table of the
    /// catalog's `languages/` directory against English — each key a language lacks, at the
    /// table's file and line — and every screen whose `language:` names no table (among the
    /// catalog's and the shipped ones). The shipped tables are not checked again at each run:
    /// they are part of the binary, not of the catalog, and its tests hold them complete.
    ///
    /// A table is read as a catalog file is (`CatalogLoader.read`: at most 4 MB, UTF-8) and
    /// named as one, relative to the catalog root (`languages/nl.yaml`) wherever vitals runs,
    /// so a CI can place its findings.
    package mutating func checkLanguages(catalogRoot: String?) {
        let (files, unread) = Self.languageFiles(catalogRoot: catalogRoot)
        let found =
            unread + Self.languageFindings(tables: files.isEmpty && unread.isEmpty ? nil : files, catalogs: catalogs)
        for file in files { sources[file.path] = file.text }
        diagnostics += found.sorted { $0.location < $1.location }
        summary.errors += found.filter { $0.severity == .error }.count
        summary.warnings += found.filter { $0.severity == .warning }.count
    }

    /// The files of the catalog's `languages/` directory (none when it has none), and the
    /// problems of those that cannot be read.
    package static func languageFiles(catalogRoot: String?) -> (files: [SourceFile], problems: [Diagnostic]) {
        var files: [SourceFile] = []
        var found: [Diagnostic] = []
        let directory = catalogRoot.map { ($0 as NSString).appendingPathComponent("languages") }
        let names =
            directory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) }?
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted() ?? []
        if let directory, !names.isEmpty {
            let scan = CatalogFileScan(directoriesOf: [directory + "/" + names[0]])
            for name in names {
                let path = (directory as NSString).appendingPathComponent(name)
                let shown = scan.displayPath(path)
                switch CatalogLoader.read(path, shown: shown) {
                case .success(let text): files.append(SourceFile(path: shown, text: text))
                case .failure(let diagnostic): found.append(diagnostic)
                }
            }
        }
        return (files, found)
    }

    /// What the drawing commands check and use of the catalog's languages (`render`,
    /// `report`, `summary` …): the findings `validate` reports about them — a screen whose
    /// `language:` names no table among them — and the tables that read, for
    /// `Catalog.useLanguages`. Without a `languages/` directory: the shipped ones.
    package static func catalogLanguages(catalogRoot: String?, catalog: Catalog) -> (
        tables: [LanguageTable], findings: [Diagnostic]
    ) {
        let (files, unread) = languageFiles(catalogRoot: catalogRoot)
        guard !files.isEmpty || !unread.isEmpty else { return ([], languageFindings(tables: nil, catalogs: [catalog])) }
        let tables = files.compactMap { LanguageTable.read($0.text, file: $0.path).table }
        return (tables, unread + languageFindings(tables: files, catalogs: [catalog]))
    }

    /// The language findings for the catalog's tables `tables` (nil: it has none, and uses the
    /// shipped ones) and the screens of `catalogs`: each of its tables against English, and
    /// each screen whose `language:` names no table.
    package static func languageFindings(tables files: [SourceFile]?, catalogs: [Catalog]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var tables: [LanguageTable] = []
        if let files {
            for file in files {
                let (table, problems) = LanguageTable.read(file.text, file: file.path)
                found += problems
                if let table { tables.append(table) }
            }
            found += LanguageTables.diagnostics(tables)
        }
        let codes = Set(tables.map(\.code)).union(LanguageTables.codes)
        for catalog in catalogs {
            for screen in catalog.screens {
                guard let language = screen.language, !codes.contains(language) else { continue }
                found.append(
                    Diagnostic(
                        .error, rule: RuleID.unknownLanguage,
                        "\(screen.id): no language table '\(language)' (languages/\(language).yaml); "
                            + "known: \(codes.sorted().joined(separator: ", "))",
                        at: screen.location(of: "language")))
            }
        }
        return found
    }
}
