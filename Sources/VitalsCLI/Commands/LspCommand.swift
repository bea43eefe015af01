import ArgumentParser
import Foundation
import VitalsDemo
import VitalsKit
import VitalsLanguageServer

/// `vitals lsp`: the language server, on standard input and output.
struct LspCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the catalog to an editor: the Language Server Protocol on standard input and output.",
        discussion: """
            Diagnostics as you type (what `vitals validate` reports, on the unsaved buffers over the files on disk), \
            quick fixes, completion, go to definition, references, rename, hover with the metric's chart and outlines. \
            Started by the editor; docs/lsp.md shows the set-up for Neovim, VS Code and Helix.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Width of the charts hover draws (40–200).", valueName: "N"))
    var chartWidth = 60

    @Option(help: ArgumentHelp("The last day hover's charts show, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    func validate() throws {
        guard (RenderProfile.minimumWidth...200).contains(chartWidth) else {
            throw ValidationError("--chart-width must be between \(RenderProfile.minimumWidth) and 200")
        }
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            if let root = catalog.catalogRoot {
                // Files are served, not a catalog kept in a database; a wrong directory is said now.
                if StoreBackends.isURL(root) {
                    throw CommandError("vitals lsp serves a catalog directory, not \(Sanitize.inline(root))", .usage)
                }
                _ = try CatalogLocation.resolve(root: root, allowBuiltIn: false)
            }
        }
        let store = self.store
        let backends = extensions.storeBackends
        let demo = store.holdsDemoData(backends)
        let asOf = try parseDate(asOf, option: "--as-of")
        let charts = ChartPreview(
            width: chartWidth, asOf: asOf,
            open: { try store.openForReading(backends, asOf: asOf ?? LocalDate.today()) },
            prepare: { catalog in if demo { catalog.addDemoSubjects() } })
        let configuration = LanguageServerConfiguration(
            extensions: extensions,
            validator: Validator(extensions: extensions, dataSetSubjects: DemoSubjects.ids),
            catalogRoot: catalog.catalogRoot, charts: charts, version: VitalsKitVersion.string)
        let server = LanguageServer(configuration: configuration, writer: .fileDescriptor(STDOUT_FILENO))
        let status = server.run(
            MessageReader(source: FileDescriptorSource(fd: STDIN_FILENO), limits: configuration.limits))
        if status != 0 { throw ExitCode(status) }
    }
}
