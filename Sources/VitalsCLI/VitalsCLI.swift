import ArgumentParser
import Foundation
import VitalsImport
import VitalsKit
import VitalsScreens

/// `vitals` as a library: a package elsewhere depends on the `VitalsCLI` product and builds its
/// own `vitals` with more screen modules, chart kinds, rules and store backends, handed over in
/// one `Extensions` value —
///
/// ```swift
/// import VitalsCLI
/// VitalsCLI.main(Extensions(screens: [WaterScreen()], chartKinds: [RingChart.self]))
/// ```
///
/// They are added to the built-in ones (`Extensions.standard`) and passed to every command:
/// `validate` accepts their `chart_type_id`s, runs their rules and checks their configs,
/// `schema` lists them, `render` and `explore` draw them, `tree` marks the screens as custom,
/// an added store backend serves the locations of its URL schemes wherever a command takes
/// `--db` or `--catalog`. Commands come as a `CommandSet` type (ArgumentParser reads a command
/// tree from types) and are listed after the built-in ones; the `vitals` executable built with
/// the `PostgreSQL` trait adds `push`, `pull`, `grant`, `revoke` and `catalog` this way.
public enum VitalsCLI {
    /// Runs the command line with the built-in extensions plus `added`, and the built-in
    /// commands plus `Commands`'. Extensions that claim one id (a `screen_id`, a
    /// `chart_type_id`, a rule id, a URL scheme) stop the program with exit 2 before anything
    /// runs.
    public static func main<Commands: CommandSet>(_ added: Extensions = Extensions(), commands: Commands.Type) {
        StandardOutput.ignoreBrokenPipeSignal()
        let extensions = Extensions.standard + added
        if !extensions.conflicts.isEmpty {
            for conflict in extensions.conflicts {
                printError("vitals: error: \(conflict); each id has at most one extension")
            }
            exit(ExitReason.usage.exitCode)
        }
        Vitals<Commands>.main(with: extensions)
    }

    /// `main` with the built-in commands only.
    public static func main(_ added: Extensions = Extensions()) {
        main(added, commands: NoCommands.self)
    }
}

extension Extensions {
    /// What the `vitals` of this package ships: the SDK's chart kinds and rules, the built-in
    /// screen modules and the built-in importers.
    public static let standard = Extensions.sdk + .builtInScreens + .builtInImporters
}

/// A command that runs with the extensions of the program (`VitalsCLI.main`): every built-in
/// command is one, and so may a plug-in's be.
public protocol VitalsCommand: ParsableCommand {
    mutating func run(with extensions: Extensions) throws
}

extension VitalsCommand {
    /// ArgumentParser's entry point, which `VitalsCLI.main` never takes: it calls `run(with:)`
    /// with the extensions it was given. A command run any other way is refused rather than
    /// run with other extensions than the program's.
    public mutating func run() throws {
        throw CommandError(
            "\(VitalsCommands.name(of: Self.self)) runs through VitalsCLI.main, which hands it the program's extensions",
            .usage)
    }
}

/// The commands a package adds to its `vitals`, after the built-in ones. A type rather than a
/// value because ArgumentParser reads the command tree from types.
public protocol CommandSet {
    static var commands: [any ParsableCommand.Type] { get }
}

/// No commands beyond the built-in ones.
public enum NoCommands: CommandSet {
    public static var commands: [any ParsableCommand.Type] { [] }
}
