import ArgumentParser
import VitalsKit

/// `vitals import`: the group of importers, one subcommand per source in its own file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import samples from a file. Importing the same file twice adds nothing.",
        subcommands: [
            CSVImportCommand.self,
            ImportAppleHealthCommand.self,
        ])
}
