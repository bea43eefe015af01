import ArgumentParser
import Foundation
import VitalsDemo
import VitalsKit
import VitalsScaffold
import VitalsScreens

/// `vitals new-screen`: scaffolds a screen in YAML, and with `--module` as a Swift module.
struct NewScreenCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-screen",
        abstract: "Add a screen: `vitals new-screen \"Blood Glucose\" --pillar core_care [--chart line] [--module]`.",
        discussion: """
            Writes screens/<name>.yaml and metrics/<name>.yaml (a primary metric, and a new series \
            unless --series names one). With --module it also writes Sources/Screens/<Name>Screen, \
            its test in Tests/ScreensTests, and adds it to Package.swift and the built-in module \
            list. Nothing is written when a file exists or the result would not validate.
            """)

    @Argument(
        help: ArgumentHelp("The screen's display name: ASCII letters, digits, spaces, hyphens.", valueName: "NAME"))
    var name: String

    @Option(help: ArgumentHelp("The pillar it belongs to (vitals tree lists them).", valueName: "PILLAR"))
    var pillar: String

    @Option(
        help: ArgumentHelp("The primary metric's chart type (default: bar_vertical).", valueName: "CHART"),
        // Completion scripts are written from the command tree's types, before any run has
        // extensions: they offer the built-in kinds (the command accepts every kind).
        completion: .list(ChartKindFactory.builtIn.ids))
    var chart = "bar_vertical"

    @Option(
        help: ArgumentHelp(
            "An existing series for the primary metric (default: a new series named after the screen).",
            valueName: "SERIES"))
    var series: String?

    @Option(
        help: ArgumentHelp(
            "The base unit of the new series (count, g, kg, L, min, h, portion, percent …).", valueName: "UNIT"))
    var unit = "count"

    @Flag(help: "Also scaffold a Swift screen module target, its test, and register it.")
    var module = false

    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp(
            "The directory holding screens/ and metrics/ (default: the current directory).", valueName: "DIR"),
        completion: .directory)
    var catalogRoot: String?

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let root = catalogRoot ?? FileManager.default.currentDirectoryPath
            guard CatalogLocation.hasCatalog(root) else {
                throw CommandError(
                    "\(root) has no screens/ directory",
                    hints: ["run it in the directory holding screens/ and metrics/, or pass --catalog DIR"],
                    .cannotRun)
            }
            let files = try CatalogLoader.files(under: CatalogLocation.paths(root: root))
            let existing = try files.map { path in
                SourceFile(
                    path: String(path.dropFirst(root.count + 1)),
                    text: try String(contentsOfFile: path, encoding: .utf8))
            }
            let current = CatalogLoader.load(existing)
            let validator = Validator(extensions: extensions, dataSetSubjects: DemoSubjects.ids)
            guard !validator.validate(current).contains(where: { $0.severity == .error }) else {
                throw CommandError("the catalog in \(root) has errors already; fix them first (vitals validate)")
            }
            let packageRoot = FileManager.default.fileExists(atPath: root + "/Package.swift") ? root : nil
            let scaffold = try ScreenScaffold.plan(
                ScreenScaffold.Request(
                    name: name, pillarID: pillar, chartTypeID: chart, seriesID: series,
                    unit: unit, module: module),
                catalog: current.catalog, packageRoot: packageRoot)
            let after = scaffold.catalogAfter(existing: existing)
            let problems = validator.validate(after).filter { $0.severity == .error }
            if !problems.isEmpty {
                printError(
                    TextDiagnosticFormat.report(
                        problems, summary: ValidationSummary(after, problems), sources: after.sources))
                throw CommandError("the new screen would not validate; nothing was written")
            }
            try scaffold.apply(root: root)
            for change in scaffold.changes {
                try say("\(change.replacesExisting ? "updated" : "created") \(change.path)")
            }
            let names = scaffold.names
            try say("")
            try say("\(names.screenID) is on the \(pillar) pillar; its alias is \(names.alias).")
            try say("Next:")
            if series == nil { try say("  vitals log \(names.alias) VALUE        # record a value") }
            try say("  vitals render \(names.alias)")
            if module {
                try say("  swift build && swift test --filter \(names.moduleName)Tests")
                try say("  edit Sources/Screens/\(names.moduleName)/\(names.moduleName).swift")
            } else {
                try say("  vitals validate")
            }
        }
    }
}
