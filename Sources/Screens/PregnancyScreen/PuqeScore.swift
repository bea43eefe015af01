import VitalsKit

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

    /// The score of three answers, each 1 to 5; nil when one is outside.
    public static func score(_ answers: [Int]) -> Int? {
        guard answers.count == 3, answers.allSatisfy({ (1...5).contains($0) }) else { return nil }
        return answers.reduce(0, +)
    }
}
