/// A screen's `former_ids` must find only that screen: not another screen's id (or its own),
/// and not a former id another screen lists as well.
package struct FormerIDCollisionRule: ValidationRule {
    package init() {}
    package static let description = RuleDescription(
        id: "former-id-collision",
        summary: "A screen's former_ids are not the id of any screen, nor listed by two screens.",
        triggering: [
            screens(
                "{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_B]}",
                "{screen_id: SCREEN_B, name: B, pillar: p}"),
            screens(
                "{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_OLD]}",
                "{screen_id: SCREEN_B, name: B, pillar: p, former_ids: [SCREEN_OLD]}"),
            screens("{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_A]}"),
        ],
        nonTriggering: [
            screens(
                "{screen_id: SCREEN_A, name: A, pillar: p, former_ids: [SCREEN_OLD_A]}",
                "{screen_id: SCREEN_B, name: B, pillar: p, former_ids: [SCREEN_OLD_B]}")
        ])

    private static func screens(_ entries: String...) -> String {
        "pillars: [{pillar_id: p, name: P}]\nscreens:\n" + entries.map { "  - \($0)\n" }.joined()
    }

    package func check(_ loaded: LoadedCatalog, in context: ValidationContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var claimed: [String: DisplayScreen] = [:]
        for screen in loaded.catalog.screens {
            let at = screen.location(of: "former_ids")
            for former in screen.formerIDs {
                if let owner = loaded.catalog.screen(former) {
                    let whose = owner.id == screen.id ? "this screen's own id" : "the id of screen '\(owner.name)'"
                    found.append(
                        diagnostic(
                            "former id '\(former)' of \(screen.id) is \(whose)",
                            at: at, related: owner.id == screen.id ? [] : [owner.location(of: "screen_id")]))
                } else if let earlier = claimed[former] {
                    found.append(
                        diagnostic(
                            "former id '\(former)' of \(screen.id) is also a former id of \(earlier.id)",
                            at: at, related: [earlier.location(of: "former_ids")]))
                } else {
                    claimed[former] = screen
                }
            }
        }
        return found
    }
}
