import ArgumentParser
import Foundation
import ShippedCatalog
import VitalsDemo
import VitalsKit
import VitalsScreens
import VitalsSettings

/// Where the YAML catalog is read from.
package struct CatalogOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp(
            "Directory holding screens/ and metrics/, or a postgres:// URL whose catalog tables vitals catalog push wrote (default: the nearest directory from here up that has them; reading commands then fall back to the catalog built into vitals, and say so).",
            valueName: "DIR"), completion: .directory)
    package var catalogRoot: String?

    /// The catalog to read: `--catalog`, else the nearest from the working directory up, else
    /// (when `allowBuiltIn`) the one built into the binary, announced on stderr.
    /// `announce: false` leaves the notice to the caller (`loadValidCatalog` says it once per
    /// compiled catalog).
    package func source(allowBuiltIn: Bool = true, announce: Bool = true) throws -> CatalogSource {
        let source = try CatalogLocation.resolve(root: catalogRoot, allowBuiltIn: allowBuiltIn)
        if announce, case .builtIn(let searched) = source {
            printError(CatalogLocation.builtInNotice(searched: searched))
        }
        return source
    }

    /// Loads the catalog `source` finds (diagnostics kept, not checked); a URL is read
    /// through the store backend of `extensions` that serves it.
    package func load(allowBuiltIn: Bool = true, extensions: Extensions) throws -> LoadedCatalog {
        if let url = catalogRoot, StoreBackends.isURL(url) {
            return try extensions.storeBackends.loadCatalog(from: url)
        }
        switch try source(allowBuiltIn: allowBuiltIn) {
        case .directory(let root): return try CatalogLoader.load(paths: CatalogLocation.paths(root: root))
        case .builtIn: return Self.loadBuiltIn()
        }
    }

    /// The catalog built into this binary (`ShippedCatalog`), its files named `<built-in>/…`.
    package static func loadBuiltIn() -> LoadedCatalog { CatalogLoader.load(builtInFiles()) }

    package static func builtInFiles() -> [SourceFile] {
        ShippedCatalog.files.map { SourceFile(path: "<built-in>/" + $0.path, text: $0.text) }
    }

    /// Loads the catalog for a command that needs a valid one; on errors prints the
    /// diagnostics (text format) and exits 1. An unchanged catalog that checked clean before
    /// is read from its compiled copy (`CatalogCache`; `VITALS_NO_CACHE=1` turns that off).
    /// A catalog read from a database (PostgreSQL tables) is checked on every run (it has no files to key a
    /// cache by); so is one loaded `withSources` (a catalog read from its compiled copy has no
    /// file texts, which `catalog push` writes from).
    ///
    /// `drawingUnknownChartTypes` (the drawing commands: render, report, explore): an unknown
    /// `chart_type_id` does not stop them, as WellPath's factory falls back for a type it does
    /// not know: it is said on stderr as a warning and the metric is drawn with the fallback
    /// chart, every other screen as usual. `vitals validate` still fails on it (CI).
    ///
    /// `report` receives the diagnostics as `validate` prints them (default: standard error;
    /// `render --watch` shows them where the screen was).
    ///
    /// `demoData`: the store the command reads holds the demo data (`StoreOptions.holdsDemoData`),
    /// whose subjects (Ollie, Sanne) the catalog then knows (`DemoSubjects`).
    ///
    /// The built-in catalog is announced on stderr when it is checked and compiled, so once
    /// per compiled copy (every run when nothing is cached), and never when `quiet`.
    ///
    /// It is checked with the rules, chart kinds and screen modules of `extensions`.
    package func loadValidCatalog(
        _ extensions: Extensions, withSources: Bool = false, drawingUnknownChartTypes: Bool = false,
        demoData: Bool = false, quiet: Bool = false,
        report: (String) -> Void = { printError($0) }
    ) throws -> LoadedCatalog {
        var loaded = try loadValidCatalog(
            extensions, withSources: withSources, drawingUnknownChartTypes: drawingUnknownChartTypes,
            quiet: quiet, report: report)
        if demoData { loaded.catalog.addDemoSubjects() }
        return loaded
    }

    private func loadValidCatalog(
        _ extensions: Extensions, withSources: Bool, drawingUnknownChartTypes: Bool, quiet: Bool,
        report: (String) -> Void
    ) throws -> LoadedCatalog {
        let tolerated: Set<String> = drawingUnknownChartTypes ? [UnknownChartTypeRule.description.id] : []
        if withSources || catalogRoot.map(StoreBackends.isURL) == true {
            var loaded = try load(extensions: extensions)
            let root: String? =
                if catalogRoot.map(StoreBackends.isURL) != true, case .directory(let root) = try source(announce: false)
                { root } else { nil }
            let findings =
                Validator(extensions: extensions, dataSetSubjects: DemoSubjects.ids).validate(loaded)
                + Self.languages(root: root, of: &loaded)
            return try Self.refuseErrors(in: loaded, findings, tolerating: tolerated, report: report)
        }
        let source = try source(announce: false)
        let cache = CatalogCache(
            buildIdentity: CatalogCache.buildIdentity(
                screenModuleIDs: extensions.screens.customScreenIDs, chartKindIDs: extensions.chartKinds.ids,
                ruleIDs: extensions.rules.map(\.id)))
        let validator = Validator(extensions: extensions, dataSetSubjects: DemoSubjects.ids)
        let check = { (loaded: LoadedCatalog) in validator.validate(loaded) }
        let checked: CatalogCache.Checked
        var root: String?
        switch source {
        case .directory(let directory):
            root = directory
            checked = try cache.load(paths: CatalogLocation.paths(root: directory), check: check)
        case .builtIn(let searched):
            checked = cache.load(Self.builtInFiles(), check: check)
            if !quiet, checked.origin != .cached { printError(CatalogLocation.builtInNotice(searched: searched)) }
        }
        var loaded = checked.loaded
        let findings = checked.findings + Self.languages(root: root, of: &loaded)
        return try Self.refuseErrors(in: loaded, findings, tolerating: tolerated, report: report)
    }

    /// The catalog's own language tables (its `languages/` directory), read as `validate`
    /// reads them and given to the catalog to draw with (`Catalog.languages`); what `validate`
    /// says about them and about a screen's `language:` that names no table (read on every
    /// run: they are not part of the compiled copy).
    private static func languages(root: String?, of loaded: inout LoadedCatalog) -> [Diagnostic] {
        let (tables, findings) = CatalogValidation.catalogLanguages(catalogRoot: root, catalog: loaded.catalog)
        loaded.catalog.useLanguages(tables)
        return findings
    }

    /// The catalog, or (when a finding is an error) the errors printed and a refusal. Errors
    /// of the `tolerated` rules are printed as warnings, saying what is drawn instead, and let
    /// through when they are the only ones.
    private static func refuseErrors(
        in loaded: LoadedCatalog, _ findings: [Diagnostic],
        tolerating tolerated: Set<String> = [],
        report: (String) -> Void
    ) throws -> LoadedCatalog {
        let errors = findings.filter { $0.severity == .error }
        let warned = errors.filter { tolerated.contains($0.rule) }
        if !warned.isEmpty, warned.count == errors.count {
            let notes = warned.map { diagnostic -> Diagnostic in
                var note = diagnostic
                note.severity = .warning
                note.message += "; drawn as \(ChartKindFactory.fallback.id) (vitals validate fails on it)"
                return note
            }
            report(
                TextDiagnosticFormat.report(notes, summary: ValidationSummary(loaded, notes), sources: loaded.sources))
            return loaded
        }
        guard errors.isEmpty else {
            let summary = ValidationSummary(loaded, errors)
            report(TextDiagnosticFormat.report(errors, summary: summary, sources: loaded.sources))
            throw CommandError("the catalog has errors; fix them (vitals validate shows them all)")
        }
        return loaded
    }
}
