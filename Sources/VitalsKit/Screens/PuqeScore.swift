/// The PUQE-24 score (Pregnancy-Unique Quantification of Emesis, Koren et al. 2002; the
/// 24-hour form, Ebrahimi et al. 2009): three questions about the last 24 hours — how long
/// nauseated, how many times vomited, how many times retched without bringing anything up —
/// each answered 1 to 5, the score their sum from 3 to 15. Bands as published: 6 or less
/// mild, 7 to 12 moderate, 13 or more severe.
public enum PuqeScore {
    /// The series the score is stored in, one sample per answer of the questionnaire.
    public static let seriesID = "puqe"

    public enum Band: String, Sendable, CaseIterable {
        case mild, moderate, severe

        /// The scores of the band, in words ("3–6").
        public func scores(dash: String) -> String {
            switch self {
            case .mild: return "3\(dash)6"
            case .moderate: return "7\(dash)12"
            case .severe: return "13\(dash)15"
            }
        }
    }

    /// The band of a score (3–15; rounded to the nearest whole score).
    public static func band(of score: Double) -> Band {
        let whole = score.rounded()
        return whole <= 6 ? .mild : whole <= 12 ? .moderate : .severe
    }

    /// One question of the questionnaire and its five answers, scored 1 to 5 in order.
    public struct Question: Sendable {
        public var text: String
        public var answers: [String]
    }

    /// The three questions, about the last 24 hours.
    public static let questions: [Question] = [
        Question(
            text: "Over the last 24 hours, how long did you feel nauseated or sick to your stomach?",
            answers: ["not at all", "an hour or less", "2 to 3 hours", "4 to 6 hours", "more than 6 hours"]),
        Question(
            text: "Over the last 24 hours, how many times did you vomit?",
            answers: ["not at all", "1 or 2 times", "3 or 4 times", "5 or 6 times", "7 times or more"]),
        Question(
            text: "Over the last 24 hours, how many times did you retch (dry heaves) without bringing anything up?",
            answers: ["not at all", "1 or 2 times", "3 or 4 times", "5 or 6 times", "7 times or more"]),
    ]

    /// The score of three answers, each 1 to 5; nil when one is outside.
    public static func score(_ answers: [Int]) -> Int? {
        guard answers.count == 3, answers.allSatisfy({ (1...5).contains($0) }) else { return nil }
        return answers.reduce(0, +)
    }
}
