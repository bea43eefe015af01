import ArgumentParser
import Foundation
import VitalsKit
import VitalsSettings

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

    /// The subject the goal is for: `--subject`, else the settings file's; an unknown one is
    /// refused as `summary` refuses it (exit 1), and so is a pregnant one.
    static func subject(_ option: SubjectOption, in catalog: Catalog) throws -> Subject {
        let subject = try SampleValidator(catalog: catalog).subject(option.id)
        if subject.pregnancy != nil { throw GoalError.pregnant(subject: subject.name) }
        return subject
    }

    /// Writes `goals` into the settings file (the key removed when none is left).
    static func write(_ goals: WeightGoals) throws -> String {
        let path = SettingsFile.path(environment: RunSettings.environment)
        do {
            _ = try SettingsFile.update(path: path, setting: .goal, to: goals.settingText)
        } catch let error as SettingsError {
            throw RunSettings.userError(error)
        }
        return path
    }

    struct Show: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "The goal, the trend, its weekly rate and where it leads (the default).")

        @Option(
            name: .customLong("as-of"),
            help: ArgumentHelp("The day to look from, YYYY-MM-DD (default: today).", valueName: "DATE"))
        var asOf: String?

        @OptionGroup var subjectOption: SubjectOption
        @OptionGroup var units: UnitOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var catalog: CatalogOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let settings = try RunSettings.resolve()
                let day = try parseDate(asOf, option: "--as-of") ?? LocalDate.today()
                let loaded = try catalog.loadValidCatalog(
                    extensions, demoData: store.holdsDemoData(extensions.storeBackends))
                let subject = try GoalCommand.subject(subjectOption, in: loaded.catalog)
                let sampleStore = try store.openForReading(extensions.storeBackends, asOf: day)
                let trend = try WeightTrend.read(
                    from: sampleStore, catalog: loaded.catalog, subject: subject.id, asOf: day,
                    weighIn: settings.weighIn)
                let system = try units.unitSystem()
                let summary = GoalSummary(
                    goal: settings.goals[subject.id], trend: trend, asOf: day,
                    display: system.display(for: .kg) ?? DisplayUnit(.kilogram),
                    numbers: (try? RenderProfile.resolve(width: 80, color: .never, ascii: false))?.numbers ?? .standard)
                for line in summary.lines { try say(line) }
            }
        }
    }

    struct Set: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set the goal: `vitals goal set 72kg`, `158.5lb`, `11st 4lb`, `--by 2027-03-01`.")

        @Argument(
            help: ArgumentHelp("The goal weight with its unit (a bare number is in your units).", valueName: "WEIGHT"))
        var weight: [String]

        @Option(help: ArgumentHelp("The day to reach it by, YYYY-MM-DD.", valueName: "DATE"))
        var by: String?

        @OptionGroup var subjectOption: SubjectOption
        @OptionGroup var units: UnitOptions
        @OptionGroup var catalog: CatalogOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let loaded = try catalog.loadValidCatalog(
                    extensions, demoData: StoreOptions.holdsDemoData(db: nil, backends: extensions.storeBackends))
                let subject = try GoalCommand.subject(subjectOption, in: loaded.catalog)
                let kilograms = try WeightGoal.parseWeight(
                    weight.joined(separator: " "), system: try units.unitSystem(),
                    plausible: WeightGoal.plausible(for: subject.kind))
                let goal = WeightGoal(kilograms: kilograms, by: try parseDate(by, option: "--by"))
                var goals = try RunSettings.resolve().goals
                goals[subject.id] = goal
                let path = try GoalCommand.write(goals)
                let whose = subject.id == "me" ? "" : " for \(subject.id)"
                try say("goal\(whose): \(goal.settingText) (in \(Sanitize.inline(path)))")
            }
        }
    }

    struct Clear: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove the subject's goal from the settings file.")

        @OptionGroup var subjectOption: SubjectOption

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let path = SettingsFile.path(environment: RunSettings.environment)
                var goals = try RunSettings.resolve().goals
                guard FileManager.default.fileExists(atPath: path), goals[subjectOption.id] != nil else {
                    try say("no goal set")
                    return
                }
                goals[subjectOption.id] = nil
                _ = try GoalCommand.write(goals)
                try say("goal cleared (in \(Sanitize.inline(path)))")
            }
        }
    }
}
