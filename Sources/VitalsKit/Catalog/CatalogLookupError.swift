/// A name that matches nothing the catalog declares.
public enum CatalogLookupError: VitalsError, Equatable {
    /// No screen has this id, alias or former id; `suggestions` are the closest screen ids.
    case unknownScreen(String, suggestions: [String])
    /// No series has this id; `known` are the catalog's series ids.
    case unknownSeries(String, known: [String])
    /// No subject has this id; `known` are the catalog's subject ids.
    case unknownSubject(String, known: [String])
    /// No series has this id, but a DragonHealth category does (by id or name): it logs as
    /// `series` (`sports` → `exercise_minutes`).
    case categoryLogsAs(String, category: String, series: String)
    /// The screen is for a subject no catalog file declares (the demo's, without the demo data).
    case undeclaredSubject(screen: String, subject: String)

    public var message: String {
        switch self {
        case .unknownScreen(let name, _): return "unknown screen '\(Sanitize.inline(name))'"
        case .unknownSeries(let id, _): return "unknown series '\(Sanitize.inline(id))'"
        case .unknownSubject(let id, _): return "unknown subject '\(Sanitize.inline(id))'"
        case .categoryLogsAs(let id, _, _): return "unknown series '\(Sanitize.inline(id))'"
        case .undeclaredSubject(let screen, let subject):
            return
                "the \(Sanitize.inline(screen)) screen is for the subject '\(Sanitize.inline(subject))', which no catalog file declares"
        }
    }

    public var hints: [String] {
        switch self {
        case .unknownScreen(_, let suggestions):
            return (suggestions.isEmpty ? [] : ["did you mean: \(suggestions.joined(separator: ", "))?"])
                + ["vitals tree lists every screen"]
        case .unknownSeries(let id, let known):
            return [
                didYouMean(id, among: known)
                    ?? (known.isEmpty
                        ? "the catalog declares no series" : "known series: " + known.joined(separator: ", "))
            ]
        case .unknownSubject(let id, let known):
            return [didYouMean(id, among: known) ?? "known subjects: " + known.joined(separator: ", ")]
        case .categoryLogsAs(_, let category, let series):
            return [
                "did you mean '\(series)'? The category \(Sanitize.inline(category)) logs as it: vitals log \(series) VALUE"
            ]
        case .undeclaredSubject(_, let subject):
            return [
                "the demo data has it (with no database, or one `vitals demo` wrote); for your own, declare '\(Sanitize.inline(subject))' "
                    + "under subjects: in your catalog (vitals init writes the built-in one out to edit)"
            ]
        }
    }

    public var kind: VitalsErrorKind { .refused }
}
