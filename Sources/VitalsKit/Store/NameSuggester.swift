/// Finds the known names closest to a mistyped one, for "did you mean" hints.
enum NameSuggester {
    /// Up to three names within an edit distance of about a third of the word, closest first.
    static func suggestions(for name: String, among candidates: [String]) -> [String] {
        let wanted = name.lowercased()
        let limit = max(2, wanted.count / 3)
        return candidates
            .map { ($0, distance(wanted, $0.lowercased())) }
            .filter { $0.1 <= limit || $0.0.lowercased().hasPrefix(wanted) && wanted.count >= 3 }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3).map(\.0)
    }

    /// A hint line: `did you mean body_mass?`, or nil.
    static func hint(for name: String, among candidates: [String]) -> String? {
        let found = suggestions(for: name, among: candidates)
        guard !found.isEmpty else { return nil }
        return "did you mean " + found.joined(separator: " or ") + "?"
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
