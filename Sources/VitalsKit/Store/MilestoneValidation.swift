/// Checks a milestone id against the milestones the subject's screens declare in their
/// `config: milestones:` lists (the Gezondheid screen), before it is stored.
public enum MilestoneValidation {
    /// The milestone ids declared by the active screens of `subjectID`, in declaration order.
    public static func declaredIDs(in catalog: Catalog, subjectID: String) -> [String] {
        catalog.screens.filter { $0.subjectID == subjectID }.flatMap { screen -> [String] in
            (screen.config?["milestones"]?.items ?? []).compactMap { $0["id"]?.scalarText }
        }
    }

    /// Throws a `UserError` unless one of the subject's screens declares `id`: with the subject
    /// whose screens do (`--subject ollie`), else a did-you-mean among the subject's milestones,
    /// else the subjects that have milestones at all.
    public static func check(_ id: String, subjectID: String, in catalog: Catalog) throws {
        let known = declaredIDs(in: catalog, subjectID: subjectID)
        if known.contains(id) { return }
        let owners = catalog.subjects.map(\.id).filter { $0 != subjectID && declaredIDs(in: catalog, subjectID: $0).contains(id) }
        if let owner = owners.first {
            throw UserError("milestone '\(Sanitize.inline(id))' belongs to \(owner), not \(subjectID)",
                            hints: ["vitals milestone done \(id) --subject \(owner)"])
        }
        if known.isEmpty {
            let withMilestones = catalog.subjects.map(\.id).filter { !declaredIDs(in: catalog, subjectID: $0).isEmpty }
            let everyID = withMilestones.flatMap { declaredIDs(in: catalog, subjectID: $0) }
            throw UserError("unknown milestone '\(Sanitize.inline(id))': no screen of \(subjectID) declares milestones",
                            hints: [didYouMean(id, among: everyID).map { "\($0) (--subject \(withMilestones.joined(separator: " or ")))" }
                                    ?? (withMilestones.isEmpty ? "no screen declares milestones (config: milestones:)"
                                        : "subjects with milestones: " + withMilestones.joined(separator: ", "))])
        }
        throw UserError("unknown milestone '\(Sanitize.inline(id))' for \(subjectID)",
                        hints: [didYouMean(id, among: known) ?? "known milestones: " + known.joined(separator: ", ")])
    }
}
