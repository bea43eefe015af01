import VitalsInsights
import VitalsKit

/// Where a setting's value came from, strongest first.
public enum SettingOrigin: String, Sendable, CaseIterable {
    case flag, environment, file, locale, `default`
}

/// One setting as it applies to this run: its value, and where that came from.
public struct ResolvedSetting: Sendable, Hashable {
    public var key: SettingKey
    /// The canonical value; nil when unset (the catalog's own choice applies).
    public var value: String?
    public var origin: SettingOrigin
    /// The origin in detail: `--units`, `$VITALS_UNITS`, `path:2:8`, `LANG=en_GB.UTF-8`.
    public var source: String
}

/// The settings of one run, each resolved flag > environment > file > locale > default.
///
/// Only `units` has a locale (`UnitSystem.fromLocale`); only `units` (`$VITALS_UNITS`) and
/// `db` (`$VITALS_DB`) have an environment variable. Unset `day_cutoff` and `weigh_in` leave
/// each metric's own cutoff and aggregate; unset `subject` is `me`; unset `db` is the XDG
/// data file (`DatabaseLocation`); unset `color` is `auto`.
public struct Settings: Sendable {
    public var entries: [ResolvedSetting]

    /// The environment variable of a key, if it has one.
    public static func environmentVariable(for key: SettingKey) -> String? {
        switch key {
        case .units: return "VITALS_UNITS"
        case .db: return "VITALS_DB"
        case .subject, .dayCutoff, .weighIn, .color, .goal, .reminders: return nil
        }
    }

    /// Resolves every key. `flags` are the command line's values by key, with the option's
    /// name (`--units`). A value from a flag or the environment that the key does not take
    /// throws (`.invalidValue`, naming the flag or variable).
    public static func resolve(
        flags: [SettingKey: (value: String, option: String)] = [:],
        environment: [String: String], file: SettingsFile?
    ) throws(SettingsError) -> Settings {
        var entries: [ResolvedSetting] = []
        for key in SettingKey.allCases {
            if let flag = flags[key] {
                entries.append(
                    ResolvedSetting(
                        key: key, value: try normalize(key, flag.value, from: flag.option),
                        origin: .flag, source: flag.option))
            } else if let name = environmentVariable(for: key), let text = environment[name], !text.isEmpty {
                entries.append(
                    ResolvedSetting(
                        key: key, value: try normalize(key, text, from: "$" + name),
                        origin: .environment, source: "$" + name))
            } else if let entry = file?.entries[key] {
                entries.append(
                    ResolvedSetting(
                        key: key, value: entry.value, origin: .file,
                        source: entry.location.description))
            } else if key == .units, let variable = localeVariable(environment) {
                entries.append(
                    ResolvedSetting(
                        key: key, value: UnitSystem.fromLocale(environment).rawValue,
                        origin: .locale, source: "\(variable)=\(environment[variable] ?? "")"))
            } else {
                entries.append(
                    ResolvedSetting(
                        key: key, value: defaultValue(key, environment: environment),
                        origin: .default, source: "default"))
            }
        }
        return Settings(entries: entries)
    }

    private static func normalize(_ key: SettingKey, _ text: String, from source: String) throws(SettingsError)
        -> String
    {
        do {
            return try key.normalize(text)
        } catch {
            throw SettingsError(.invalidValue, "\(source): \(error.message)")
        }
    }

    /// The locale variable the unit system is read from (`LC_ALL`, `LC_MEASUREMENT`, `LANG`),
    /// nil when none is set or the locale is `C` or `POSIX` (which state no preference:
    /// the default applies, and each metric's YAML unit stays).
    static func localeVariable(_ environment: [String: String]) -> String? {
        guard
            let name = ["LC_ALL", "LC_MEASUREMENT", "LANG"].first(where: {
                environment[$0].map { !$0.isEmpty } ?? false
            }),
            let value = environment[name]
        else { return nil }
        let language = value.prefix { $0 != "." && $0 != "@" }
        return language == "C" || language == "POSIX" ? nil : name
    }

    static func defaultValue(_ key: SettingKey, environment: [String: String]) -> String? {
        switch key {
        case .units: return UnitSystem.metric.rawValue
        case .db:
            return DatabaseLocation.resolve(option: nil, environment: environment.filter { $0.key != "VITALS_DB" }).path
        case .subject: return "me"
        case .color: return ColorMode.auto.rawValue
        case .dayCutoff, .weighIn, .goal, .reminders: return nil
        }
    }

    public subscript(key: SettingKey) -> ResolvedSetting {
        // `resolve` gives every key one entry.
        entries.first { $0.key == key } ?? ResolvedSetting(key: key, value: nil, origin: .default, source: "default")
    }

    // MARK: Typed values

    /// The unit system (metric unless something chose one).
    public var units: UnitSystem { self[.units].value.flatMap(UnitSystem.init(name:)) ?? .metric }

    /// The unit system when a flag, the environment, the file or the locale chose it; nil
    /// when only the default applies (each metric's YAML unit then stays).
    public var chosenUnits: UnitSystem? { self[.units].origin == .default ? nil : units }

    /// The database path a flag, the environment or the file gave; nil for the default.
    public var db: (path: String, origin: SettingOrigin)? {
        let setting = self[.db]
        guard setting.origin != .default, let path = setting.value else { return nil }
        return (path, setting.origin)
    }

    public var subject: String { self[.subject].value ?? "me" }
    public var color: ColorMode { self[.color].value.flatMap(ColorMode.init(rawValue:)) ?? .auto }
    /// The body-weight goals, one per subject (none when unset).
    package var goals: WeightGoals { self[.goal].value.flatMap(WeightGoals.init(setting:)) ?? WeightGoals() }
    /// Which reminders `vitals due` gives (the defaults when unset).
    package var reminders: ReminderSettings {
        self[.reminders].value.flatMap(ReminderSettings.init(setting:)) ?? ReminderSettings()
    }
    public var weighIn: WeighInPolicy? { self[.weighIn].value.flatMap(WeighInPolicy.init(rawValue:)) }
    /// The day cutoff in minutes after midnight; nil leaves each metric's own.
    public var dayCutoffMinutes: Int? { self[.dayCutoff].value.flatMap(ClockTime.init)?.minutesAfterMidnight }
}
