import ArgumentParser
import Foundation
import VitalsKit
import VitalsSettings

/// `vitals config`: the settings file, and where each setting of a run comes from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show and edit the settings file (units, db, subject, day_cutoff, weigh_in, color).",
        discussion: """
            The file is $XDG_CONFIG_HOME/vitals/config.yaml, else ~/.config/vitals/config.yaml. \
            Each setting comes from, strongest first: a flag, the environment ($VITALS_UNITS, \
            $VITALS_DB), the file, the locale (units only) or the default.
            """,
        subcommands: [List.self, Get.self, Set.self, Path.self])

    struct List: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Each setting and its value; with --origin, where the value came from.")

        @Flag(help: "Show where each value came from: flag, environment, file, locale or default.")
        var origin = false

        @OptionGroup var units: UnitOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var style: StyleOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let settings = try RunSettings.resolve(units: units.units, db: store.db, color: style.colorFlag)
                let keyWidth = SettingKey.names.map(\.count).max() ?? 0
                let values = settings.entries.map { Sanitize.inline($0.value ?? ConfigCommand.unsetText) }
                let valueWidth = values.map { DisplayWidth.of($0) }.max() ?? 0
                var out = ""
                for (entry, value) in zip(settings.entries, values) {
                    var line = entry.key.rawValue.padding(toLength: keyWidth + 2, withPad: " ", startingAt: 0) + value
                    if origin {
                        line += String(repeating: " ", count: valueWidth - DisplayWidth.of(value) + 2)
                        line += entry.origin.rawValue
                        if entry.origin != .default { line += " (\(Sanitize.inline(entry.source)))" }
                    }
                    out += line + "\n"
                }
                try StandardOutput.write(out)
            }
        }
    }

    struct Get: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print one setting's value as it applies (nothing for an unset one).")

        @Argument(help: ArgumentHelp("units, db, subject, day_cutoff, weigh_in or color.", valueName: "KEY"))
        var key: String

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let key = try ConfigCommand.key(self.key)
                let setting = try RunSettings.resolve()[key]
                if let value = setting.value {
                    try say(Sanitize.inline(value))
                } else {
                    printError("vitals: \(key.rawValue) is not set: each metric's own applies")
                }
            }
        }
    }

    struct Set: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set one setting in the settings file, e.g. `vitals config set units uk`.",
            discussion: "The value is checked first; the file is written atomically, its other keys and comments kept.")

        @Argument(help: ArgumentHelp("units, db, subject, day_cutoff, weigh_in or color.", valueName: "KEY"))
        var key: String

        @Argument(
            help: ArgumentHelp(
                "The value (units: metric, us or uk; weigh_in: first, last or mean; color: auto, always or never; day_cutoff: HH:MM).",
                valueName: "VALUE"))
        var value: String

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let key = try ConfigCommand.key(self.key)
                var value: String
                do {
                    value = try key.normalize(self.value)
                } catch let error as SettingsError {
                    throw CommandError(
                        error.message,
                        hints: key.choices.map { ["\(key.rawValue): " + $0.joined(separator: ", ")] } ?? [])
                }
                if key == .db { value = ConfigCommand.absoluteDatabasePath(value) }
                // A bad value of this very key is what `set` is for: it is replaced. Read,
                // edited and written under a lock, so concurrent `set`s of other keys all land.
                let path = SettingsFile.path(environment: RunSettings.environment)
                do {
                    _ = try SettingsFile.update(path: path, setting: key, to: value)
                } catch let error as SettingsError {
                    throw RunSettings.userError(error)
                }
                try say("\(key.rawValue): \(Sanitize.inline(value)) (in \(Sanitize.inline(path)))")
            }
        }
    }

    struct Path: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "path", abstract: "Print the settings file's path (it may not exist yet).")

        func run(with extensions: Extensions) throws {
            try reportingErrors { try say(Sanitize.inline(SettingsFile.path(environment: RunSettings.environment))) }
        }
    }

    static let unsetText = "(not set)"

    /// A database file named relative to the working directory, made absolute when it is set,
    /// so that the setting names one file from every directory. A URL, an absolute path and
    /// `~/…` (expanded when used) are kept as written.
    static func absoluteDatabasePath(
        _ value: String, workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        if StoreBackends.isURL(value) || value.hasPrefix("/") || value == "~" || value.hasPrefix("~/") { return value }
        return URL(fileURLWithPath: value, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
            .standardizedFileURL.path
    }

    /// A key named on the command line; an unknown one is a refused input (exit 1).
    static func key(_ name: String) throws -> SettingKey {
        do {
            return try SettingKey.named(name)
        } catch {
            throw RunSettings.userError(error, .refused)
        }
    }
}
