/// The same id declared twice, in one file or across files.
package struct DuplicateIDRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "duplicate-id",
        summary: "Each pillar, subject, series, screen and metric id is declared once across all files.",
        triggering: ["pillars:\n  - {pillar_id: a, name: A}\n  - {pillar_id: a, name: B}\n"],
        nonTriggering: ["pillars:\n  - {pillar_id: a, name: A}\n  - {pillar_id: b, name: B}\n"])

    package func check(_ loaded: LoadedCatalog) -> [Diagnostic] {
        var first: [String: SourceLocation] = [:]
        var found: [Diagnostic] = []
        for declaration in loaded.declarations {
            let key = "\(declaration.kind.rawValue)\u{0}\(declaration.id)"
            if let earlier = first[key] {
                found.append(diagnostic(
                    "duplicate \(declaration.kind.rawValue) id '\(declaration.id)'; first declared at \(earlier)",
                    at: declaration.location, related: [earlier]))
            } else {
                first[key] = declaration.location
            }
        }
        return found
    }
}
