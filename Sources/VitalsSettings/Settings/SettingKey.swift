import VitalsInsights
import VitalsKit

/// A key of the settings file (`config.yaml`), with what values it takes.
public enum SettingKey: String, Sendable, Hashable, CaseIterable {
    case units, db, subject
    case dayCutoff = "day_cutoff"
    case weighIn = "weigh_in"
    case color
    /// A body-weight goal: `72 kg` or `72 kg by 2027-03-01` (`vitals goal set`).
    case goal
    /// Which reminders `vitals due` gives and from when: `weigh_in 10:00, targets 18:00, milestones 7d`.
    case reminders

    /// The names a file or `vitals config` accepts, in the order `config list` shows them.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// What the key sets, for `config list` and messages.
    public var summary: String {
        switch self {
        case .units: return "unit system: metric, us or uk (imperial = us)"
        case .db: return "database file"
        case .subject: return "whose samples `log` and `import` record by default"
        case .dayCutoff: return "HH:MM; samples before it count for the previous day"
        case .weighIn: return "several weigh-ins a day: first, last or mean"
        case .color: return "colour: auto, always or never"
        case .goal:
            return
                "body-weight goals: 72 kg, optionally by YYYY-MM-DD; another subject's after its id (me 72 kg; ollie 30 kg)"
        case .reminders: return "vitals due: weigh_in HH:MM, targets HH:MM, milestones Nd (each may be off)"
        }
    }

    /// The values the key takes, for messages ("metric, us, uk"); nil for free text.
    public var choices: [String]? {
        switch self {
        case .units: return ["metric", "us", "uk"]
        case .weighIn: return WeighInPolicy.allCases.map(\.rawValue)
        case .color: return ColorMode.allCases.map(\.rawValue)
        case .db, .subject, .dayCutoff, .goal, .reminders: return nil
        }
    }

    /// A key by name; the error names the closest key when there is one.
    public static func named(_ name: String) throws(SettingsError) -> SettingKey {
        if let key = SettingKey(rawValue: name) { return key }
        var message = "unknown setting '\(Sanitize.inline(name))'"
        if let guess = Suggest.closest(to: name, in: names) { message += "; did you mean '\(guess)'?" }
        throw SettingsError(.unknownKey, message, hint: "settings: " + names.joined(separator: ", "))
    }

    /// `text` checked as this key's value and written the canonical way (`US` → `us`,
    /// `imperial` → `us`, `7:30` → `07:30`); the error lists the values it takes.
    public func normalize(_ text: String) throws(SettingsError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func refuse(_ expected: String) -> SettingsError {
            SettingsError(.invalidValue, "\(rawValue) must be \(expected), got '\(Sanitize.inline(text))'")
        }
        switch self {
        case .units:
            guard let system = UnitSystem(name: trimmed) else { throw refuse("metric, us or uk (imperial is us)") }
            return system.rawValue
        case .weighIn:
            guard let policy = WeighInPolicy(rawValue: trimmed.lowercased()) else {
                throw refuse("first, last or mean")
            }
            return policy.rawValue
        case .color:
            guard let mode = ColorMode(rawValue: trimmed.lowercased()) else { throw refuse("auto, always or never") }
            return mode.rawValue
        case .dayCutoff:
            guard let time = ClockTime(trimmed) else { throw refuse("a time of day as HH:MM (00:00–23:59)") }
            let minutes = time.minutesAfterMidnight
            // The day starts in the morning: entries before the cutoff count for the day before.
            guard minutes < 720 else { throw refuse("a morning time before 12:00 (sleep keeps its 18:00)") }
            return String(format: "%02d:%02d", minutes / 60, minutes % 60)
        case .reminders:
            guard let reminders = ReminderSettings(setting: trimmed) else {
                throw refuse("reminders such as 'weigh_in 10:00, targets 18:00, milestones 7d' (each may be off)")
            }
            return reminders.settingText
        case .goal:
            guard let goals = WeightGoals(setting: trimmed), let text = goals.settingText,
                goals["me"].map({ WeightGoal.plausible.contains($0.kilograms) }) ?? true
            else {
                throw refuse(
                    "a weight of 30–250 kg (72 kg, 158 lb, 11st 4lb), optionally followed by 'by YYYY-MM-DD'; "
                        + "another subject's after its id (me 72 kg; ollie 30 kg by 2027-03-01)")
            }
            return text
        case .db, .subject:
            guard !trimmed.isEmpty else { throw refuse("a non-empty \(self == .db ? "path" : "subject id")") }
            guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw refuse("text without control characters")
            }
            return trimmed
        }
    }
}
