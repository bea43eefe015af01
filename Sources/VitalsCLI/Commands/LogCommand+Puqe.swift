import Foundation
import VitalsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitals log puqe`: the PUQE-24 questionnaire (`PuqeScore`), logged as its score. The three
/// answers may be given (`vitals log puqe 2 3 1`), or asked on a terminal (`vitals log puqe`);
/// a single value is the score itself (`vitals log puqe 9`), logged as any value is.
extension LogCommand {
    /// A score worked out from answers, and what to say about it.
    struct PuqeAnswers {
        var answers: [Int]
        var score: Int
        /// "PUQE-24 score 6 of 15 (answers 2, 3, 1): mild".
        var words: String {
            "PUQE-24 score \(score) of 15 (answers \(answers.map(String.init).joined(separator: ", "))): "
                + PuqeScore.band(of: Double(score)).rawValue
        }
    }

    /// How long one question waits for its answer.
    static let puqeAnswerTimeout: Int32 = 300

    /// The score from the answers for the `puqe` series; nil for another series or a score
    /// given as one value.
    func puqeScore() throws -> PuqeAnswers? {
        guard series == PuqeScore.seriesID else { return nil }
        let typed = [typedValue, unit, foodUnit].compactMap { $0 }
        switch typed.count {
        case 1: return nil
        case 3:
            let answers = try typed.map { text -> Int in
                guard let answer = Int(text), (1...5).contains(answer) else {
                    throw CommandError(
                        "a PUQE answer is 1 to 5, got \(Sanitize.inline(text))",
                        hints: ["vitals log puqe 2 3 1: how long nauseated, times vomited, times retched"], .usage)
                }
                return answer
            }
            return PuqeAnswers(answers: answers, score: answers.reduce(0, +))
        case 0:
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandError(
                    "give the PUQE answers or the score: vitals log puqe 2 3 1, or vitals log puqe 6",
                    hints: ["asked one by one only on a terminal"], .usage)
            }
            var answers: [Int] = []
            for question in PuqeScore.questions { answers.append(try ask(question)) }
            return PuqeAnswers(answers: answers, score: answers.reduce(0, +))
        default:
            throw CommandError(
                "give the three PUQE answers (each 1 to 5) or the score, not \(typed.count) values", .usage)
        }
    }

    /// Asks one question on the terminal until it is answered 1 to 5; gives up (nothing
    /// logged) after `puqeAnswerTimeout` seconds without a line, or at the end of input.
    func ask(_ question: PuqeScore.Question) throws -> Int {
        var prompt = question.text + "\n"
        for (index, answer) in question.answers.enumerated() { prompt += "  \(index + 1)  \(answer)\n" }
        try say(prompt + "Answer 1-5: ", terminator: "")
        while true {
            var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Self.puqeAnswerTimeout * 1000)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                throw CommandError(
                    "no answer within \(Self.puqeAnswerTimeout / 60) minutes; nothing was logged", .usage)
            }
            guard let line = readLine() else {
                throw CommandError("the answers ended early; nothing was logged", .usage)
            }
            if let answer = Int(line.trimmingCharacters(in: .whitespaces)), (1...5).contains(answer) { return answer }
            try say("Answer 1-5: ", terminator: "")
        }
    }
}
