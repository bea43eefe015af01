/// "Did you mean …?" suggestions by edit distance.
public enum Suggest {
    /// The candidate closest to `word` (case-insensitive Levenshtein), if it is close enough
    /// to be a likely typo: at most a third of the word's length, and at least 1.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        ranked(word, in: candidates, limit: 1).first
    }

    /// Up to `limit` close candidates, best first.
    public static func ranked(_ word: String, in candidates: [String], limit: Int) -> [String] {
        let lowered = Array(word.lowercased().unicodeScalars)
        let threshold = lowered.count < 3 ? 0 : max(1, lowered.count / 3)
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let other = Array(candidate.lowercased().unicodeScalars)
            if other.contains(subsequence: lowered) && lowered.count >= 3 { return (candidate, 0) }
            let distance = editDistance(lowered, other, cap: threshold + 1)
            return distance <= threshold ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance, giving up early once every path exceeds `cap`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            if !b.isEmpty {
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    rowMin = Swift.min(rowMin, current[j])
                }
            }
            if rowMin > cap { return cap + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Array where Element: Equatable {
    fileprivate func contains(subsequence: [Element]) -> Bool {
        guard !subsequence.isEmpty, subsequence.count <= count else { return false }
        for start in 0...(count - subsequence.count) where Array(self[start..<start + subsequence.count]) == subsequence
        {
            return true
        }
        return false
    }
}
