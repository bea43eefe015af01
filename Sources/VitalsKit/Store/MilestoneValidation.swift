/// Checks a milestone id against the milestones the subject's screens declare in their
/// `config: milestones:` lists (the Gezondheid screen), before it is stored.
public enum MilestoneValidation {
    /// The milestone ids declared by the active screens of `subjectID`, in declaration order.
    public static func declaredIDs(in catalog: Catalog, subjectID: String) -> [String] {
        catalog.screens.filter { $0.subjectID == subjectID }.flatMap { screen -> [String] in
            (screen.config?["milestones"]?.items ?? []).compactMap { $0["id"]?.scalarText }
        }
    }

    /// Throws a `MilestoneError` unless one of the subject's screens declares `id`: with the subject
    /// whose screens do (`--subject ollie`), else a did-you-mean among the subject's milestones,
    /// else the subjects that have milestones at all.
    public static func check(_ id: String, subjectID: String, in catalog: Catalog) throws {
        let known = declaredIDs(in: catalog, subjectID: subjectID)
        if known.contains(id) { return }
        let owners = catalog.subjects.map(\.id).filter {
            $0 != subjectID && declaredIDs(in: catalog, subjectID: $0).contains(id)
        }
        if let owner = owners.first {
            throw MilestoneError.belongsToOtherSubject(id, owner: owner, subjectID: subjectID)
        }
        if known.isEmpty {
            let withMilestones = catalog.subjects.map(\.id).filter { !declaredIDs(in: catalog, subjectID: $0).isEmpty }
            let everyID = withMilestones.flatMap { declaredIDs(in: catalog, subjectID: $0) }
            throw MilestoneError.subjectHasNone(
                id, subjectID: subjectID, subjectsWithMilestones: withMilestones,
                declaredElsewhere: everyID)
        }
        throw MilestoneError.unknown(id, subjectID: subjectID, known: known)
    }
}
