/// A milestone id that none of the subject's screens declares (`config: milestones:`).
public enum MilestoneError: VitalsError, Equatable {
    /// Another subject's screens declare it.
    case belongsToOtherSubject(String, owner: String, subjectID: String)
    /// The subject's screens declare no milestones; `subjectsWithMilestones` are those whose
    /// screens do, `declaredElsewhere` their milestone ids.
    case subjectHasNone(String, subjectID: String, subjectsWithMilestones: [String], declaredElsewhere: [String])
    /// Not among the subject's milestones, `known`.
    case unknown(String, subjectID: String, known: [String])

    public var message: String {
        switch self {
        case .belongsToOtherSubject(let id, let owner, let subject):
            return "milestone '\(Sanitize.inline(id))' belongs to \(owner), not \(subject)"
        case .subjectHasNone(let id, let subject, _, _):
            return "unknown milestone '\(Sanitize.inline(id))': no screen of \(subject) declares milestones"
        case .unknown(let id, let subject, _):
            return "unknown milestone '\(Sanitize.inline(id))' for \(subject)"
        }
    }

    public var hints: [String] {
        switch self {
        case .belongsToOtherSubject(let id, let owner, _):
            return ["vitals milestone done \(id) --subject \(owner)"]
        case .subjectHasNone(let id, _, let subjects, let everyID):
            return [
                didYouMean(id, among: everyID).map { "\($0) (--subject \(subjects.joined(separator: " or ")))" }
                    ?? (subjects.isEmpty
                        ? "no screen declares milestones (config: milestones:)"
                        : "subjects with milestones: " + subjects.joined(separator: ", "))
            ]
        case .unknown(let id, _, let known):
            return [didYouMean(id, among: known) ?? "known milestones: " + known.joined(separator: ", ")]
        }
    }

    public var kind: VitalsErrorKind { .refused }
}
