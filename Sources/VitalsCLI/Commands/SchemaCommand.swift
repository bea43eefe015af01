import ArgumentParser
import VitalsKit

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the catalog YAML files (for editors).",
        discussion: "Each screen module's declared config keys check the config: of its screen. The committed copy is schemas/vitals.schema.json; a test keeps it up to date.")

    func run() throws {
        try reportingErrors { try say(CatalogJSONSchema.render(modules: VitalsCLI.screens.declaredConfigs), terminator: "", as: .json) }
    }
}
