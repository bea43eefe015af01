/// Checks a milestone id against the milestones the subject's screens declare in their
/// `config: milestones:` lists (the Gezondheid screen), before it is stored.
public enum MilestoneValidation {
    /// The milestone ids declared by the active screens of `subjectID`, in declaration order.
    public static func declaredIDs(in catalog: Catalog, subjectID: String) -> [String] {
        catalog.screens.filter { $0.subjectID == subjectID }.flatMap { screen -> [String] in
            (screen.config?["milestones"]?.items ?? []).compactMap { $0["id"]?.scalarText }
        }
    }

    /// Throws a `UserError` (with a did-you-mean) when the subject's screens declare milestones
    /// and `id` is not one of them; ids are free-form when no screen declares any.
    public static func check(_ id: String, subjectID: String, in catalog: Catalog) throws {
        let known = declaredIDs(in: catalog, subjectID: subjectID)
        guard !known.isEmpty, !known.contains(id) else { return }
        throw UserError("unknown milestone '\(Sanitize.inline(id))' for \(subjectID)",
                        hints: [didYouMean(id, among: known) ?? "known milestones: " + known.joined(separator: ", ")])
    }
}
