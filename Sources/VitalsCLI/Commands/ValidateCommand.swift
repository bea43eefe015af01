import ArgumentParser
import Foundation
import VitalsDemo
import VitalsKit
import VitalsScaffold
import VitalsScreens

struct ValidateCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the screen and metric YAML files, for CI.",
        discussion: "Exit code 0: no errors; 1: errors found (or warnings, with --strict); 2: could not run.")

    @Argument(
        help: ArgumentHelp(
            "Files or directories to check, each read within the catalog it belongs to; only their own problems are reported (default: the whole catalog found from the current directory up).",
            valueName: "PATH"), completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "Output format: text, json, github, sarif or one a plug-in adds (--formats lists them; default: github when GITHUB_ACTIONS=true, else text).",
            valueName: "format"),
        completion: .list(["text", "json", "github", "sarif"]))
    var format: String?

    @Flag(name: .customLong("formats"), help: "List the output formats and exit.")
    var listFormats = false

    @Flag(help: "Treat warnings as errors for the exit code.")
    var strict = false

    @Option(
        name: .customLong("app-ids"),
        help: ArgumentHelp(
            "Fail when an id the app uses is gone: FILE is the catalog export the app was built against (vitals export catalog --format json) or a list of ids, one a line. A screen's former ids count as its own.",
            valueName: "FILE"), completion: .file())
    var appIDs: String?

    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            if listFormats {
                return try say(OutputFormatChoice.listing(extensions.outputFormats.diagnostics), terminator: "")
            }
            // Before any file is read: a mistyped format is a usage error.
            let chosen = try OutputFormatChoice.diagnostics(
                format ?? (ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" ? "github" : "text"),
                in: extensions.outputFormats)
            // Never the built-in catalog: a run in the wrong directory must not pass.
            var validation: CatalogValidation
            if let url = catalog.catalogRoot, StoreBackends.isURL(url) {
                // A catalog kept in a database (a server's catalog tables): findings name table and row.
                guard paths.isEmpty else { throw StoreLocationError.pathsWithDatabaseCatalog }
                validation = CatalogValidation.run(
                    loaded: try extensions.storeBackends.loadCatalog(from: url),
                    validator: Validator(extensions: extensions, dataSetSubjects: DemoSubjects.ids))
            } else {
                validation = try CatalogValidation.run(
                    paths: paths, catalogRoot: catalog.catalogRoot,
                    validator: Validator(extensions: extensions, dataSetSubjects: DemoSubjects.ids))
                if paths.isEmpty,
                    case .directory(let root)? = try? CatalogLocation.resolve(
                        root: catalog.catalogRoot, allowBuiltIn: false)
                {
                    validation.checkLanguages(catalogRoot: root)
                }
            }
            if let appIDs {
                let text: String
                do { text = try String(contentsOfFile: appIDs, encoding: .utf8) } catch {
                    throw CommandError("cannot read the --app-ids file \(Sanitize.inline(appIDs))", .cannotRun)
                }
                let ids: [(id: String, location: SourceLocation)]
                do { ids = try AppIDCheck.ids(in: text, file: appIDs) } catch { throw CommandError("\(error)", .usage) }
                let gone = AppIDCheck.findings(ids, catalogs: validation.catalogs, chartKinds: extensions.chartKinds)
                validation.diagnostics += gone
                validation.summary.errors += gone.count
                validation.sources[appIDs] = text
            }
            let summary = validation.summary
            if chosen == TextDiagnosticFormat.self {
                let custom = extensions.screens.customScreenIDs.filter { id in
                    validation.catalogs.contains { $0.screen(id) != nil }
                }
                if !custom.isEmpty {
                    try say(
                        "custom screen modules: \(custom.joined(separator: ", ")); every other screen uses the generic layout"
                    )
                }
            }
            try say(
                chosen.report(
                    validation.diagnostics, summary: summary, sources: validation.sources,
                    rules: extensions.ruleDescriptions),
                terminator: "", as: chosen.text)
            if summary.errors > 0 || (strict && summary.warnings > 0) { throw ExitCode(1) }
        }
    }
}
