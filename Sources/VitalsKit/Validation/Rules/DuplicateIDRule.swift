/// The same id declared twice, in one file or across files.
package struct DuplicateIDRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "duplicate-id",
        summary: "Each pillar, subject, series, screen and metric id is declared once across all files.",
        triggering: ["pillars:\n  - {pillar_id: a, name: A}\n  - {pillar_id: a, name: B}\n"],
        nonTriggering: ["pillars:\n  - {pillar_id: a, name: A}\n  - {pillar_id: b, name: B}\n"])

    /// One finding at each declaration of a repeated id, naming the others: a CI annotates
    /// every file involved, so the one a change adds is marked whichever sorts first.
    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        // The first declaration of each id, by kind, as its index in `declarations`: the ids
        // themselves as keys (no key string made per declaration) and room for all of them
        // from the start (a table grown by doubling holds the old and the new table at once,
        // with a location per entry).
        let declarations = loaded.declarations
        var counts: [Declaration.Kind: Int] = [:]
        for declaration in declarations { counts[declaration.kind, default: 0] += 1 }
        var first = counts.mapValues { [String: Int](minimumCapacity: $0) }
        // The later declarations of each repeated id, by the index of its first.
        var repeats: [Int: [Int]] = [:]
        for (index, declaration) in declarations.enumerated() {
            if let earlierIndex = first[declaration.kind]?[declaration.id] {
                repeats[earlierIndex, default: []].append(index)
            } else {
                first[declaration.kind]?[declaration.id] = index
            }
        }
        var found: [Diagnostic] = []
        for (firstIndex, later) in repeats.sorted(by: { $0.key < $1.key }) {
            let all = [firstIndex] + later
            for index in all {
                let declaration = declarations[index]
                let others = all.filter { $0 != index }.map { declarations[$0].location }
                let place = index == firstIndex ? "declared again at" : "first declared at"
                let named = index == firstIndex ? others : [declarations[firstIndex].location]
                found.append(
                    diagnostic(
                        "duplicate \(declaration.kind.rawValue) id '\(declaration.id)'; \(place) "
                            + named.map { "\($0)" }.joined(separator: ", "),
                        at: declaration.location, related: others))
            }
        }
        return found
    }
}
