import ArgumentParser
import VitalsKit

struct SchemaCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the catalog YAML files (for editors).",
        discussion:
            "Each screen module's declared config keys check the config: of its screen. The committed copy is schemas/vitals.schema.json; a test keeps it up to date."
    )

    func run(with extensions: Extensions) throws {
        try reportingErrors { try say(CatalogJSONSchema.render(for: extensions), terminator: "", as: .json) }
    }
}
