/// Finding a screen by what a person typed.
public enum ScreenLookup {
    /// The screen `name` names (id in any case, or alias); the `unknownScreen` error otherwise.
    /// A screen for a subject no file declares (the demo's Ollie without the demo data) is
    /// refused with the reason, not drawn for someone else.
    public static func screen(named name: String, in catalog: Catalog) throws -> DisplayScreen {
        guard let screen = catalog.screen(named: name) else { throw unknownScreen(name, in: catalog) }
        guard catalog.subject(screen.subjectID) != nil else {
            throw CatalogLookupError.undeclaredSubject(screen: screen.name, subject: screen.subjectID)
        }
        return screen
    }

    /// The error for a name that matches no screen, with the closest ids suggested.
    public static func unknownScreen(_ name: String, in catalog: Catalog) -> CatalogLookupError {
        let former = catalog.screens.flatMap(\.formerIDs)
        let candidates =
            catalog.screens.map(\.id) + catalog.screens.map(\.alias)
            + former + former.map { DisplayScreen.shortName(of: $0) }
        var guesses: [String] = []
        for guess in Suggest.ranked(name, in: candidates, limit: 6) {
            let id = catalog.screen(named: guess)?.id ?? guess
            if !guesses.contains(id) { guesses.append(id) }
        }
        return .unknownScreen(name, suggestions: Array(guesses.prefix(3)))
    }
}
