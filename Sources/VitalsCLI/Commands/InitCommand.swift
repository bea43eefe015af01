import ArgumentParser
import Foundation
import ShippedCatalog
import ShippedLanguages
import VitalsKit
import VitalsScaffold

/// `vitals init [DIR]`: the catalog built into vitals, written out to edit.
struct InitCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Write the built-in catalog (screens/, metrics/, languages/) into DIR to edit, e.g. `vitals init ~/health`.",
        discussion: """
            Commands run in DIR (or below it, or with --catalog DIR) then read these files instead \
            of the built-in ones. Nothing is replaced: when any of the files exists, nothing is \
            written (exit 1). The demo's subjects (Ollie, Sanne) are not part of it: declare your \
            own in screens/subjects.yaml.
            """)

    @Argument(
        help: ArgumentHelp("The directory to write into (default: the current directory).", valueName: "DIR"),
        completion: .directory)
    var directory: String = "."

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let files =
                (ShippedCatalog.files + ShippedLanguages.files).map { (path: $0.path, text: $0.text) }
                + [(path: "schemas/vitals.schema.json", text: CatalogJSONSchema.render(for: extensions))]
            let written = try CatalogInit(files: files).write(under: directory)
            try say(
                "wrote \(written.count) files under \(Sanitize.inline(directory)) (screens/, metrics/, languages/, schemas/)"
            )
        }
    }
}
