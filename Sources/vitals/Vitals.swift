import ArgumentParser
import VitalsKit

@main
struct Vitals: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitals",
        abstract: "Health metric screens from YAML, in the terminal.",
        discussion: """
        Screens and metrics are declared in YAML under screens/ and metrics/. Data lives in a \
        local SQLite file (--db, $VITALS_DB, or ~/.local/share/vitals/vitals.sqlite); without \
        one, reading commands use the embedded demo data set.
        """,
        version: VitalsKitVersion.string,
        subcommands: [
            // One line per subcommand; each lives in Commands/<Name>Command.swift.
            RenderCommand.self, ValidateCommand.self, RulesCommand.self, TreeCommand.self, SchemaCommand.self,
            ExploreCommand.self, NewScreenCommand.self, DemoCommand.self, LogCommand.self, ImportCommand.self,
            ExportCommand.self, MilestoneCommand.self, BenchStoreCommand.self,
        ]
    )
}
