import ArgumentParser
import Foundation
import VitalsKit

/// The `vitals` command: its subcommands (the built-in ones, then those of `Added`), and one
/// table of exit codes for all of them.
struct Vitals<Added: CommandSet>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "vitals",
            abstract: "Health metric screens from YAML, in the terminal.",
            // No blank line in a discussion: the manual page (swift package plugin generate-manual)
            // turns it into an empty mdoc line, and `man vitals` then warns on stderr.
            discussion: """
                Screens and metrics are declared in YAML under screens/ and metrics/. Data lives in a \
                local SQLite file (--db, $VITALS_DB, or ~/.local/share/vitals/vitals.sqlite); without \
                one, reading commands use the embedded demo data set.
                Exit codes: 0 ok; 1 findings or a refused input (an unknown id, an invalid value, a \
                catalog with errors); 2 usage error or could not run (bad arguments, a missing file).
                """,
            version: VitalsKitVersion.string,
            subcommands: VitalsCommands.builtIn + Added.commands
        )
    }

    /// Parses and runs a command with `extensions`, holding every command to one table of exit
    /// codes: ArgumentParser's usage errors (64, EX_USAGE) become 2 like every other usage
    /// error, and what it prints about them is made safe (it echoes the argument values).
    static func main(with extensions: Extensions) {
        if let refusal = ArgumentEncoding.refusal(ArgumentEncoding.processArguments) {
            StandardOutput.exit(reporting: refusal)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            if var extended = command as? any VitalsCommand {
                try extended.run(with: extensions)
            } else {
                try command.run()
            }
            // Anything that went through stdio rather than `say` must have arrived too.
            if let failure = StandardOutput.flushStdio() {
                StandardOutput.exit(reporting: StandardOutput.writeError(failure))
            }
        } catch {
            exit(with: error, arguments: arguments)
        }
    }

    static func name(of command: any ParsableCommand.Type) -> String { VitalsCommands.name(of: command) }

    /// The PostgreSQL commands, for a `vitals` built without them.
    static var postgreSQLCommands: [String] { VitalsCommands.postgreSQLCommands }

    /// The first word that is not an option and names no command where it stands (`cvs` in
    /// `vitals import cvs`).
    private static func unknownCommandWord(in arguments: [String]) -> UnknownCommand? {
        var subcommands = configuration.subcommands
        var atRoot = true
        for word in arguments where !word.hasPrefix("-") {
            guard !subcommands.isEmpty else { return nil }
            let names = subcommands.map(name(of:))
            guard let index = names.firstIndex(of: word) else {
                return UnknownCommand(
                    word: word, names: subcommands.filter { $0.configuration.shouldDisplay }.map(name(of:)),
                    atRoot: atRoot)
            }
            subcommands = subcommands[index].configuration.subcommands
            atRoot = false
        }
        return nil
    }

    /// The mistyped command in a request for help (`--help`, `-h`, or `help` first), if any.
    private static func unknownCommandWordAskedForHelp(in arguments: [String]) -> UnknownCommand? {
        if arguments.first == "help" { return unknownCommandWord(in: Array(arguments.dropFirst())) }
        guard arguments.contains("--help") || arguments.contains("-h") else { return nil }
        return unknownCommandWord(in: arguments)
    }

    /// A word where a command should stand that names none, the commands that could stand
    /// there, and whether it stands first (where the PostgreSQL commands would).
    private struct UnknownCommand {
        var word: String
        var names: [String]
        var atRoot: Bool
    }

    /// Exits with a message saying so when `unknown` is a PostgreSQL command in a `vitals` built
    /// without the PostgreSQL trait (`vitals push`, `vitals push --help`).
    private static func refuseWithoutPostgreSQL(_ unknown: UnknownCommand?) {
        guard let unknown, unknown.atRoot, postgreSQLCommands.contains(unknown.word) else { return }
        printError("vitals: error: \(unknown.word) is a PostgreSQL command: \(StoreLocationError.withoutPostgreSQL)")
        Foundation.exit(UsageHint.usageExitCode)
    }

    private static func exit(with error: Error, arguments: [String]) -> Never {
        let code = exitCode(for: error)
        var message = fullMessage(for: error)
        if code == .success, let unknown = unknownCommandWordAskedForHelp(in: arguments) {
            refuseWithoutPostgreSQL(unknown)
            // `vitals rendr --help`, `vitals help rendr`: ArgumentParser shows the parent's
            // help and exits 0, as if the mistyped command existed. A usage error instead.
            var lines = ["Error: unknown command '\(unknown.word)'"]
            if let hint = UsageHint.didYouMean(unknown.word, among: unknown.names) { lines.append(hint) }
            printError(lines.joined(separator: "\n"))
            Foundation.exit(UsageHint.usageExitCode)
        }
        if code == .success {
            // --help, --version, completion scripts: our own text, on stdout.
            if !message.isEmpty {
                do { try say(message) } catch let error as CommandError { StandardOutput.exit(reporting: error) } catch
                {}
            }
            Foundation.exit(0)
        }
        if code == .validationFailure { refuseWithoutPostgreSQL(unknownCommandWord(in: arguments)) }
        if code == .validationFailure, let unknown = unknownCommandWord(in: arguments),
            let hint = UsageHint.didYouMean(unknown.word, among: unknown.names)
        {
            message += "\n" + hint
        }
        if !message.isEmpty { printError(Sanitize.multiline(message)) }
        Foundation.exit(code == .validationFailure ? UsageHint.usageExitCode : code.rawValue)
    }
}

/// The built-in commands, and the names of the PostgreSQL ones.
enum VitalsCommands {
    /// One line per subcommand; each lives in Commands/<Name>Command.swift.
    static let builtIn: [any ParsableCommand.Type] = [
        RenderCommand.self, ReportCommand.self, ValidateCommand.self, DiffCommand.self, RulesCommand.self,
        ModulesCommand.self, TreeCommand.self, SchemaCommand.self,
        LspCommand.self, ExploreCommand.self, NewScreenCommand.self, DemoCommand.self, LogCommand.self,
        ImportCommand.self, SourcesCommand.self,
        ExportCommand.self, MilestoneCommand.self, BenchStoreCommand.self,
        FoodsCommand.self, EntriesCommand.self, UndoCommand.self, DeleteCommand.self, EditCommand.self,
        ConfigCommand.self, CorrelateCommand.self, GoalCommand.self, DueCommand.self, SummaryCommand.self,
        InitCommand.self,
    ]

    /// The commands of the PostgreSQL backend (Sources/VitalsPostgresCLI), named here so that a
    /// `vitals` built without the PostgreSQL trait says why it has none of them
    /// (`OneBinaryCLITests` keeps the list equal to those commands in the build with the trait).
    static let postgreSQLCommands = ["push", "pull", "grant", "revoke", "catalog"]

    /// The name a command is called by (every command of the tree sets `commandName`).
    static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? ""
    }
}
