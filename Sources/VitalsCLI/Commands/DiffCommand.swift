import ArgumentParser
import Foundation
import VitalsCatalogDiff
import VitalsDemo
import VitalsKit
import VitalsScreens
import VitalsSettings

#if canImport(Glibc)
    import Glibc
#endif

/// `vitals diff`: what a catalog change does to the drawn screens, for review in CI.
struct DiffCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Show how a catalog change changes the drawn screens, e.g. `vitals diff origin/main` in a pull request.",
        discussion: """
            Draws every active screen of the catalog at a git revision (REV) or in another directory \
            (--against DIR) and of the current catalog on the same data (the embedded demo data, or \
            --db), as-of day and range, and reports the screens added, removed and changed: a diff of \
            the text (80 columns, no colour), the numbers of the JSON output that moved (before, after, \
            change) and the YAML keys behind them with their lines. Exit codes: 0 (whatever changed, \
            unless --fail-on says otherwise); 1 with --fail-on-change or --fail-on numbers when that \
            changed; 2 when it could not compare (no git repository, an unknown revision, a catalog \
            with errors on either side).
            """)

    @Argument(
        help: ArgumentHelp(
            "The git revision to compare with: a branch, tag or commit (origin/main, HEAD~1).", valueName: "REV"))
    var revision: String?

    @Option(
        help: ArgumentHelp(
            "Compare with the catalog in DIR (with screens/ and metrics/) instead of a git revision.", valueName: "DIR"),
        completion: .directory)
    var against: String?

    @Option(
        help:
            "Output format: text, json, github (workflow annotations, and a Markdown summary for $GITHUB_STEP_SUMMARY) or html (the charts before and after side by side)."
    )
    var format: DiffFormat = .text

    @Option(
        help: ArgumentHelp(
            "Write the Markdown summary (--format github) to FILE, - for standard output (default: appended to $GITHUB_STEP_SUMMARY when set, else printed after the annotations).",
            valueName: "FILE"))
    var summary: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 1 when this changed: changes (any screen drawn differently) or numbers (a number on a screen moved).",
            valueName: "WHAT"))
    var failOn: FailOn?

    @Flag(name: .customLong("fail-on-change"), help: "Exit 1 when any screen is drawn differently (--fail-on changes).")
    var failOnChange = false

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "Draw from this database (a file, or a postgres:// URL) instead of the embedded demo data.",
            valueName: "PATH"))
    var db: String?

    @OptionGroup var view: ViewOptions
    @OptionGroup var units: UnitOptions
    @OptionGroup var catalog: CatalogOptions

    enum DiffFormat: String, CaseIterable, ExpressibleByArgument { case text, json, github, html }
    enum FailOn: String, CaseIterable, ExpressibleByArgument { case changes, numbers }

    func validate() throws {
        if revision == nil && against == nil {
            throw ValidationError("name a git revision (vitals diff origin/main) or a directory (--against DIR)")
        }
        if revision != nil && against != nil { throw ValidationError("give a revision or --against DIR, not both") }
        if failOnChange && failOn != nil { throw ValidationError("give --fail-on-change or --fail-on, not both") }
        if summary != nil && format != .github { throw ValidationError("--summary goes with --format github") }
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            if let url = catalog.catalogRoot, StoreBackends.isURL(url) {
                throw CommandError("vitals diff compares catalog files; --catalog must be a directory", .usage)
            }
            let asOf = try view.asOfDate()
            let range = try view.timeRange()
            guard
                case .directory(let root) = try CatalogLocation.resolve(root: catalog.catalogRoot, allowBuiltIn: false)
            else {
                throw CommandError("no catalog directory", .cannotRun)
            }
            let registry = extensions.screens
            let current = try CatalogLoader.load(paths: CatalogLocation.paths(root: root))
            let old: CatalogDiff.Side
            let new: CatalogDiff.Side
            if let revision {
                let loaded: LoadedCatalog
                do {
                    loaded = try GitRevisionCatalog.load(at: revision, catalogRoot: root)
                } catch CatalogDiffError.interrupted(let signal) {
                    // git and tar stopped, the directory removed: vitals ends by the signal.
                    printError("vitals: error: " + CatalogDiffError.interrupted(signal: signal).message)
                    ReportCommand.end(by: signal)
                }
                old = CatalogDiff.Side(label: revision, loaded: loaded)
                new = CatalogDiff.Side(label: "working tree", loaded: current)
            } else {
                let other = against ?? "."
                guard case .directory(let otherRoot) = try CatalogLocation.resolve(root: other, allowBuiltIn: false)
                else {
                    throw CommandError("no catalog directory", .cannotRun)
                }
                old = CatalogDiff.Side(
                    label: other, loaded: try CatalogLoader.load(paths: CatalogLocation.paths(root: otherRoot)))
                new = CatalogDiff.Side(label: catalog.catalogRoot ?? ".", loaded: current)
            }
            for side in [old, new] { try refuseErrors(side, registry: registry) }

            let settings = try RunSettings.resolve()
            let request = ScreenRequest(
                asOf: asOf, range: range, unitSystem: try units.chosenUnitSystem(),
                showChildren: false, weighIn: settings.weighIn,
                dayCutoffMinutes: settings.dayCutoffMinutes)
            let (store, data) = try openStore(asOf: asOf, backends: extensions.storeBackends)
            let result = try CatalogDiff.compare(
                old: old, new: new, extensions: extensions, store: store, request: request)
            try write(result, data: data)
            switch failOnChange ? .changes : failOn {
            case .changes? where !result.screens.isEmpty:
                printError(
                    "vitals: \(result.screens.count) screen\(result.screens.count == 1 ? "" : "s") drawn differently (--fail-on changes)"
                )
                throw ExitCode(1)
            case .numbers? where result.numbersChanged:
                let count = result.screens.filter { !$0.numbers.isEmpty }.count
                printError("vitals: numbers moved on \(count) screen\(count == 1 ? "" : "s") (--fail-on numbers)")
                throw ExitCode(1)
            default: break
            }
        }
    }

    /// Prints a side's errors (as `validate` does, and as annotations for GitHub) and stops.
    private func refuseErrors(_ side: CatalogDiff.Side, registry: ScreenRegistry) throws {
        let errors = Validator(screenModules: registry, dataSetSubjects: DemoSubjects.ids).validate(side.loaded).filter
        { $0.severity == .error }
        guard !errors.isEmpty else { return }
        let summary = ValidationSummary(side.loaded, errors)
        printError(TextDiagnosticFormat.report(errors, summary: summary, sources: side.loaded.sources))
        if format == .github {
            try StandardOutput.write(GitHubDiagnosticFormat.report(errors, summary: summary))
        }
        throw CatalogDiffError.catalogHasErrors(side: side.label, errors: errors.count)
    }

    /// The store screens are drawn from, and how the output names it.
    private func openStore(asOf: LocalDate, backends: StoreBackends) throws -> (SampleStore, String) {
        guard let db else {
            return (try DemoCache().store(for: DemoData(asOf: asOf)).store, "the embedded demo data")
        }
        let location = DatabaseLocation.resolve(option: db, backends: backends)
        return (try location.openForReading(asOf: asOf).store, "the database \(location.display)")
    }

    private func write(_ result: CatalogDiffResult, data: String) throws {
        switch format {
        case .text: try StandardOutput.write(DiffTextFormat.render(result, data: data))
        case .json: try StandardOutput.write(DiffJSONFormat.render(result, data: data), as: .json)
        case .html: try StandardOutput.write(DiffHTMLFormat.render(result, data: data), as: .html)
        case .github:
            try StandardOutput.write(DiffGitHubFormat.annotations(result))
            let markdown = DiffGitHubFormat.summary(result, data: data)
            if summary == "-" {
                try StandardOutput.write("\n" + markdown)
            } else if let summary {
                try PrivateFile.write(Array(markdown.utf8), to: summary)
            } else if let stepSummary = RunSettings.environment["GITHUB_STEP_SUMMARY"], !stepSummary.isEmpty {
                try Self.append(markdown, to: stepSummary)
            } else {
                try StandardOutput.write("\n" + markdown)
            }
        }
    }

    /// Appends `text` to `path` (GitHub's step summary file, which other steps append to too),
    /// creating it 0600; every write checked.
    static func append(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandError("cannot write \(Sanitize.inline(path)): \(String(cString: strerror(errno)))", .cannotRun)
        }
        var bytes = Array(text.utf8)
        var offset = 0
        var failure: Int32?
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        if close(fd) != 0 && failure == nil { failure = errno }
        if let failure {
            throw CommandError(
                "cannot write \(Sanitize.inline(path)): \(String(cString: strerror(failure)))", .cannotRun)
        }
    }
}
