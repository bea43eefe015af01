import ArgumentParser
import Foundation
import VitalsKit

/// `vitals goal`: a body-weight goal in the settings file, and the trend's way toward it.
struct GoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "A body-weight goal and the trend toward it, e.g. `vitals goal set 72kg --by 2027-03-01`.",
        discussion: """
        The trend is The Hacker's Diet's: each day with a weigh-in moves it a tenth of the way to \
        that weight (a day without one leaves it). The rate is the trend's slope over the last 14 \
        days. A pregnancy keeps its IOM band instead of a goal.
        """,
        subcommands: [Show.self, Set.self, Clear.self],
        defaultSubcommand: Show.self)

    /// The subject the goal is for: `--subject`, else the settings file's; refused while pregnant.
    static func subject(_ option: SubjectOption, in catalog: Catalog) throws -> String {
        let id = option.id
        if let subject = catalog.subject(id), subject.pregnancy != nil { throw GoalError.pregnant(subject: subject.name) }
        return id
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "The goal, the trend, its weekly rate and where it leads (the default).")

        @Option(name: .customLong("as-of"), help: ArgumentHelp("The day to look from, YYYY-MM-DD (default: today).", valueName: "DATE"))
        var asOf: String?

        @OptionGroup var subjectOption: SubjectOption
        @OptionGroup var units: UnitOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            try reportingErrors {
                let settings = try RunSettings.resolve()
                let day = try parseDate(asOf, option: "--as-of") ?? LocalDate.today()
                let loaded = try catalog.loadValidCatalog()
                let subject = try GoalCommand.subject(subjectOption, in: loaded.catalog)
                let sampleStore = try store.openForReading(asOf: day)
                let trend = try WeightTrend.read(from: sampleStore, catalog: loaded.catalog, subject: subject, asOf: day,
                                                 weighIn: settings.weighIn)
                let system = try units.unitSystem()
                let summary = GoalSummary(goal: settings.goal, trend: trend, asOf: day,
                                          display: system.display(for: .kg) ?? DisplayUnit(.kilogram),
                                          numbers: (try? RenderProfile.resolve(width: 80, color: .never, ascii: false))?.numbers ?? .standard)
                for line in summary.lines { try say(line) }
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set the goal: `vitals goal set 72kg`, `158.5lb`, `11st 4lb`, `--by 2027-03-01`.")

        @Argument(help: ArgumentHelp("The goal weight with its unit (a bare number is in your units).", valueName: "WEIGHT"))
        var weight: [String]

        @Option(help: ArgumentHelp("The day to reach it by, YYYY-MM-DD.", valueName: "DATE"))
        var by: String?

        @OptionGroup var subjectOption: SubjectOption
        @OptionGroup var units: UnitOptions
        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            try reportingErrors {
                let loaded = try catalog.loadValidCatalog()
                _ = try GoalCommand.subject(subjectOption, in: loaded.catalog)
                let kilograms = try WeightGoal.parseWeight(weight.joined(separator: " "), system: try units.unitSystem())
                let goal = WeightGoal(kilograms: kilograms, by: try parseDate(by, option: "--by"))
                let path = SettingsFile.path(environment: RunSettings.environment)
                do {
                    _ = try SettingsFile.update(path: path, setting: .goal, to: goal.settingText)
                } catch let error as SettingsError {
                    throw RunSettings.userError(error)
                }
                try say("goal: \(goal.settingText) (in \(Sanitize.inline(path)))")
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the goal from the settings file.")

        func run() throws {
            try reportingErrors {
                let path = SettingsFile.path(environment: RunSettings.environment)
                guard FileManager.default.fileExists(atPath: path) else { try say("no goal set"); return }
                do {
                    _ = try SettingsFile.update(path: path, setting: .goal, to: nil)
                } catch let error as SettingsError {
                    throw RunSettings.userError(error)
                }
                try say("goal cleared (in \(Sanitize.inline(path)))")
            }
        }
    }
}
