import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the screen and metric YAML files, for CI.",
        discussion: "Exit code 0: no errors; 1: errors found (or warnings, with --strict); 2: could not run.")

    @Argument(help: ArgumentHelp("Files or directories to check (default: screens/ and metrics/).", valueName: "PATH"))
    var paths: [String] = []

    @Option(help: "Output format: text, json, github or sarif (default: github when GITHUB_ACTIONS=true, else text).")
    var format: ReportFormat?

    @Flag(help: "Treat warnings as errors for the exit code.")
    var strict = false

    @OptionGroup var catalog: CatalogOptions

    func run() throws {
        try reportingUserErrors {
            let targets = paths.isEmpty ? catalog.catalogPaths() : paths
            let loaded = try CatalogLoader.load(paths: targets)
            let diagnostics = Validator(screenModules: BuiltInScreenModules.registry).validate(loaded)
            let summary = ValidationSummary(loaded, diagnostics)
            let chosen = format ?? .automatic(environment: ProcessInfo.processInfo.environment)
            if chosen == .text {
                let custom = BuiltInScreenModules.screenIDs.filter { loaded.catalog.screen($0) != nil }
                if !custom.isEmpty {
                    print("custom screen modules: \(custom.joined(separator: ", ")); every other screen uses the generic layout")
                }
            }
            print(DiagnosticReporter.report(diagnostics, summary: summary, format: chosen, sources: loaded.sources),
                  terminator: "")
            if summary.errors > 0 || (strict && summary.warnings > 0) { throw ExitCode(1) }
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
