import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

/// Where the YAML catalog is read from.
struct CatalogOptions: ParsableArguments {
    @Option(name: .customLong("catalog"), help: ArgumentHelp(
        "Directory holding screens/ and metrics/ (default: the current directory if it has them, else the catalog shipped with vitals).",
        valueName: "DIR"))
    var catalogRoot: String?

    /// The directories to load: `--catalog`, else ./screens + ./metrics, else the shipped ones.
    func catalogPaths() -> [String] {
        CatalogLocation.paths(root: catalogRoot)
    }

    /// Loads the catalog for a command that needs a valid one; on errors prints the
    /// diagnostics (text format) and exits 1.
    func loadValidCatalog() throws -> LoadedCatalog {
        let loaded = try CatalogLoader.load(paths: catalogPaths())
        let diagnostics = Validator(screenModules: BuiltInScreenModules.registry).validate(loaded).filter { $0.severity == .error }
        guard diagnostics.isEmpty else {
            let summary = ValidationSummary(loaded, diagnostics)
            printError(DiagnosticReporter.report(diagnostics, summary: summary, format: .text, sources: loaded.sources))
            throw UserError("the catalog has errors; fix them (vitals validate shows them all)")
        }
        return loaded
    }
}
