import Foundation

/// A body-weight goal: a weight (kg) and, optionally, the day to reach it by.
package struct WeightGoal: Sendable, Hashable {
    package var kilograms: Double
    package var by: LocalDate?

    package init(kilograms: Double, by: LocalDate? = nil) {
        self.kilograms = kilograms
        self.by = by
    }

    /// Plausible goal weights for a person, kg.
    package static let plausible: ClosedRange<Double> = 30...250

    /// Plausible goal weights by the kind of subject, kg: a dog's goal is not a person's.
    package static func plausible(for kind: SubjectKind) -> ClosedRange<Double> {
        switch kind {
        case .human: return plausible
        case .dog: return 0.5...120
        case .cat: return 0.5...15
        }
    }

    /// Any kind's plausible goal (a settings value, read without its subject's kind).
    package static let plausibleForAnyKind: ClosedRange<Double> =
        SubjectKind.allCases.map(plausible(for:)).reduce(plausible) {
            Swift.min($0.lowerBound, $1.lowerBound)...Swift.max($0.upperBound, $1.upperBound)
        }

    /// The settings value: "72 kg" or "72 kg by 2027-03-01" (always in kg, so a change of
    /// unit system never moves the goal).
    package var settingText: String {
        let number = NumberStyle.standard.format(kilograms, maxFractionDigits: 2)
        return "\(number) kg" + (by.map { " by \($0)" } ?? "")
    }

    /// Reads a settings value written by `settingText`.
    package init?(setting text: String) {
        let parts = text.components(separatedBy: " by ")
        guard (1...2).contains(parts.count),
            let kilograms = try? Self.parseWeight(parts[0], system: .metric, plausible: Self.plausibleForAnyKind)
        else { return nil }
        var by: LocalDate?
        if parts.count == 2 {
            guard let date = LocalDate(iso: parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
            by = date
        }
        self.init(kilograms: kilograms, by: by)
    }

    /// A weight as people type it, in kg: `72kg`, `72 kg`, `158.7 lb`, `11st 4lb`, `11 st 4 lb`,
    /// a decimal comma; a bare number is in the unit system's weight unit (kg, or lb for us and uk).
    /// One weight only: two parts are stones then pounds, anything else (`75kg75kg`, `70kg 5lb`)
    /// is refused rather than added up. `plausible`: the subject kind's range (a person's).
    package static func parseWeight(
        _ text: String, system: UnitSystem,
        plausible: ClosedRange<Double> = WeightGoal.plausible
    ) throws(GoalError) -> Double {
        let cleaned = text.replacingOccurrences(of: ",", with: ".").lowercased()
        // Split into numbers and unit words: "11st 4lb" → [11, st, 4, lb].
        var tokens: [String] = []
        var current = ""
        for character in cleaned {
            let isNumber = character.isNumber || character == "."
            if character == " " {
                if !current.isEmpty {
                    tokens.append(current)
                    current = ""
                }
                continue
            }
            if let last = current.last, (last.isNumber || last == ".") != isNumber {
                tokens.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        var total = 0.0
        var index = 0
        var units: [KnownUnit] = []
        while index < tokens.count {
            guard let number = Double(tokens[index]), number.isFinite, number >= 0 else {
                throw GoalError.notAWeight(text)
            }
            let unitName = index + 1 < tokens.count && Double(tokens[index + 1]) == nil ? tokens[index + 1] : nil
            let unit: KnownUnit
            if let unitName {
                guard let named = KnownUnit.named(unitName), named.dimension == .mass else {
                    throw GoalError.notAWeight(text)
                }
                unit = named
            } else {
                guard tokens.count == 1 else { throw GoalError.notAWeight(text) }
                unit = system == .metric ? .kilogram : .pound
            }
            total += unit.convert(number, to: .kilogram) ?? .nan
            units.append(unit)
            index += unitName == nil ? 1 : 2
        }
        guard total.isFinite, index > 0 else { throw GoalError.notAWeight(text) }
        guard units.count == 1 || units.map(\.symbol) == [KnownUnit.stone.symbol, KnownUnit.pound.symbol] else {
            throw GoalError.severalWeights(text)
        }
        guard plausible.contains(total) else { throw GoalError.implausible(text, kilograms: total, range: plausible) }
        return total
    }
}

/// Where the trend stands against the goal, at the trend's weekly rate.
package enum GoalProgress: Sendable, Hashable {
    /// Within `reachedWithin` kg of the goal.
    case reached
    /// Too few weigh-ins for a rate.
    case noRate
    /// Moving less than `steadyBelow` kg a week.
    case holdingSteady(rate: Double)
    /// Moving the wrong way.
    case movingAway(rate: Double)
    /// Reached on `date` (in `days`) at `rate`.
    case onTrack(rate: Double, days: Int, date: LocalDate)

    package static let reachedWithin = 0.25
    package static let steadyBelow = 0.05

    /// Where `trend` stands against `goal` at `rate` (kg a week), as of `asOf`.
    package init(trend: Double, rate: Double?, goal: Double, asOf: LocalDate) {
        let remaining = goal - trend
        if abs(remaining) <= Self.reachedWithin {
            self = .reached
            return
        }
        guard let rate else {
            self = .noRate
            return
        }
        if abs(rate) < Self.steadyBelow {
            self = .holdingSteady(rate: rate)
            return
        }
        guard (remaining > 0) == (rate > 0) else {
            self = .movingAway(rate: rate)
            return
        }
        let days = Int((remaining / (rate / 7)).rounded(.up))
        self = .onTrack(rate: rate, days: days, date: asOf.adding(days: days))
    }
}

/// A goal the command line could not take.
package enum GoalError: VitalsError, Equatable {
    case notAWeight(String)
    case implausible(String, kilograms: Double, range: ClosedRange<Double>)
    /// Two weights where one was meant (`75kg75kg`, `70kg 5lb`); only stones then pounds combine.
    case severalWeights(String)
    case pregnant(subject: String)

    package var message: String {
        switch self {
        case .notAWeight(let text): return "'\(Sanitize.inline(text))' is not a weight"
        case .implausible(let text, let kg, let range):
            let numbers = NumberStyle.standard
            return "a goal of \(Sanitize.inline(text)) (\(numbers.format(kg, fractionDigits: 1)) kg) is outside "
                + "\(numbers.format(range.lowerBound, maxFractionDigits: 1))–\(numbers.format(range.upperBound, maxFractionDigits: 1)) kg"
        case .severalWeights(let text):
            return
                "'\(Sanitize.inline(text))' is more than one weight; give one (75 kg), or stones and pounds (11 st 4 lb)"
        case .pregnant(let subject):
            return
                "\(Sanitize.inline(subject)) is pregnant: the Pregnancy screen's IOM weight-gain band guides her weight instead of a goal"
        }
    }

    package var hints: [String] {
        switch self {
        case .notAWeight, .implausible, .severalWeights:
            return ["write it like 72kg, 158.5 lb or 11st 4lb (a bare number is in your units)"]
        case .pregnant: return ["vitals render pregnancy shows the band"]
        }
    }

    package var kind: VitalsErrorKind {
        switch self {
        case .notAWeight, .severalWeights: return .badArgument
        case .implausible, .pregnant: return .refused
        }
    }
}

/// The body-weight goals, one per subject (the `goal` setting): `72 kg by 2027-03-01` is
/// `me`'s; `me 72 kg by 2027-03-01; ollie 35 kg` names each subject. Setting one subject's goal
/// keeps the others.
package struct WeightGoals: Sendable, Hashable {
    package private(set) var bySubject: [String: WeightGoal] = [:]

    package init() {}

    package subscript(subject: String) -> WeightGoal? {
        get { bySubject[subject] }
        set { bySubject[subject] = newValue }
    }

    /// Reads a settings value written by `settingText` (or by an older vitals: one goal, `me`'s).
    package init?(setting text: String) {
        for part in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            var subject = "me"
            var rest = part
            if let first = part.first, first.isLetter, let space = part.firstIndex(of: " ") {
                subject = String(part[..<space])
                rest = part[space...].trimmingCharacters(in: .whitespaces)
            }
            guard bySubject[subject] == nil, let goal = WeightGoal(setting: rest) else { return nil }
            bySubject[subject] = goal
        }
    }

    /// The settings value, nil without goals: `me`'s alone as before (`72 kg`), else each
    /// subject's named, `me` first.
    package var settingText: String? {
        guard !bySubject.isEmpty else { return nil }
        if bySubject.count == 1, let mine = bySubject["me"] { return mine.settingText }
        return bySubject.keys.sorted { ($0 == "me" ? 0 : 1, $0) < ($1 == "me" ? 0 : 1, $1) }
            .map { "\($0) \(bySubject[$0]!.settingText)" }.joined(separator: "; ")
    }
}
