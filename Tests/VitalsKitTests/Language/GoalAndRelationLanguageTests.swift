import Testing

@testable import VitalsKit

/// The weight goal's sentences (`GoalSummary`) and a relation's finding (`RelationWords`) are
/// in the language being drawn: English as before, Dutch on a Dutch screen, with no English
/// word left in the Dutch ones.
@Suite struct GoalAndRelationLanguageTests {
    static let asOf = LocalDate(year: 2026, month: 11, day: 20)

    /// A falling trend: 80 kg a month ago, about 0.5 kg a week down.
    static var trend: WeightTrend {
        var weighIns: [LocalDate: Double] = [:]
        for day in 0..<30 { weighIns[asOf.adding(days: -day)] = 78 + Double(day) * 0.07 }
        return WeightTrend(weighIns: weighIns, through: asOf)
    }

    /// Every goal state's lines: on track before and after a date, passed, reached, steady.
    static func goalLines() -> [String] {
        var lines: [String] = []
        let goals = [
            WeightGoal(kilograms: 76, by: nil), WeightGoal(kilograms: 76, by: asOf.adding(days: 200)),
            WeightGoal(kilograms: 70, by: asOf.adding(days: 20)), WeightGoal(kilograms: 70, by: asOf.adding(days: -3)),
            WeightGoal(kilograms: 78, by: nil), WeightGoal(kilograms: 78.6, by: nil),
            WeightGoal(kilograms: 90, by: nil),
        ]
        for goal in goals {
            lines += GoalSummary(goal: goal, trend: trend, asOf: asOf, numbers: Words.current.numbers).lines
        }
        lines += GoalSummary(goal: nil, trend: WeightTrend(weighIns: [:], through: asOf), asOf: asOf).lines
        return lines
    }

    /// A finding of each kind: too few pairs, a flat side, a clear and an unclear correlation,
    /// a clear difference with a lag, too few days in a group.
    static func relationSentences() -> [String] {
        let words = RelationWords(numbers: Words.current.numbers)
        func days(_ count: Int, _ x: (Int) -> Double, _ y: (Int) -> Double) -> [PairedValue] {
            (0..<count).map { PairedValue(date: LocalDate(dayNumber: 20_000 + $0), x: x($0), y: y($0)) }
        }
        let steps = RelationSide(name: "Steps")
        let weight = RelationSide(name: "Body mass", unit: "kg")
        let alcohol = RelationSide(name: "Alcohol", isEvent: true)
        let sleep = RelationSide(name: "Sleep", unit: "h")
        let series = [
            RelationSeries(x: steps, y: weight, pairs: days(5, Double.init, Double.init)),
            RelationSeries(x: steps, y: weight, pairs: days(12, { _ in 3 }, Double.init)),
            RelationSeries(x: steps, y: weight, pairs: days(40, Double.init, { Double($0) * 2 + Double($0 % 3) })),
            RelationSeries(x: steps, y: weight, pairs: days(12, Double.init, { Double(($0 * 7) % 5) })),
            RelationSeries(
                x: alcohol, y: sleep, lagDays: 1,
                pairs: days(
                    40, { $0 % 2 == 0 ? 1 : 0 },
                    { $0 % 2 == 0 ? 6 + Double($0 % 3) * 0.1 : 8 })),
            RelationSeries(x: alcohol, y: sleep, pairs: days(20, { $0 == 0 ? 1 : 0 }, { 7 + Double($0 % 2) })),
        ]
        return series.map { words.sentence($0.finding, $0) }
    }

    @Test func englishIsAsItWas() {
        let goal = Self.goalLines()
        #expect(goal.contains("Goal 76.0 kg"))
        #expect(goal.contains { $0.hasPrefix("At this rate: 76.0 kg around ") && $0.hasSuffix(" weeks)") })
        #expect(
            goal.contains {
                $0.hasPrefix("Rate -0.44 kg") && $0.hasSuffix(" a week over the last \(WeightTrend.rateWindow) days")
            })
        #expect(goal.contains("At your goal: the trend is within 0.25 kg of it"))
        #expect(goal.contains("Moving away from it: the trend is going the other way"))
        #expect(goal.contains { $0.hasSuffix("; \(Self.asOf.adding(days: -3)) has passed") })
        #expect(goal.contains("No goal set (vitals goal set 72kg [--by YYYY-MM-DD])"))
        #expect(goal.contains("No weigh-ins yet: the trend starts with the first"))
        let relation = Self.relationSentences()
        #expect(relation[0] == "5 days with both values: too few to say (a relation needs 8)")
        #expect(relation[1] == "12 days: Steps is the same every day; nothing to relate")
        #expect(relation[2].hasPrefix("40 days: strong positive relation (r = "))
        #expect(relation[4].hasPrefix("40 days: on days with alcohol (20), sleep 1 day later was "))
        #expect(relation[4].contains(" lower than without (20) (difference "))
        #expect(
            relation[5].hasPrefix(
                "20 days: too few days with and without alcohol to compare (1 with, 19 without; each needs "))
    }

    @Test func dutchHasNoEnglishWordLeft() {
        let (goal, relation) = Words.speaking("nl") { (Self.goalLines(), Self.relationSentences()) }
        #expect(goal.contains("Doel 76,0 kg"))
        #expect(goal.contains { $0.hasPrefix("In dit tempo: 76,0 kg rond ") && $0.hasSuffix(" weken)") })
        #expect(
            goal.contains {
                $0.hasPrefix("Tempo -0,44 kg")
                    && $0.hasSuffix(" per week over de laatste \(WeightTrend.rateWindow) dagen")
            })
        #expect(goal.contains("Doel bereikt: de trend ligt binnen 0,25 kg ervan"))
        #expect(goal.contains { $0.hasSuffix("; \(Self.asOf.adding(days: -3)) is voorbij") })
        #expect(relation[0] == "5 dagen met beide waarden: te weinig om iets te zeggen (een samenhang vraagt er 8)")
        #expect(relation[1] == "12 dagen: Steps is elke dag hetzelfde; niets om te vergelijken")
        #expect(relation[2].hasPrefix("40 dagen: sterke positieve samenhang (r = 1,00, 1,00 tot 1,00; ρ = "))
        #expect(relation[4].hasPrefix("40 dagen: op dagen met alcohol (20) was sleep 1 dag later "))
        #expect(relation[4].contains(" lager dan zonder (20) (verschil "))
        let english = [
            "Goal", "Rate", "weigh-in", "a week", "At this rate", "around", "before", "after", "would",
            "days", "with", "without", "relation", "too few", "higher", "lower", "between", "difference", " to ",
        ]
        for line in goal + relation {
            for word in english {
                #expect(!line.contains(word), "\(word) in \(line)")
            }
        }
    }
}
