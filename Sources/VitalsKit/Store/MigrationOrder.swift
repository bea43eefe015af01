/// The order of schema migration identifiers (`v9-logged-by`, `v10-…`): by the number after
/// the `v`, as integers, so `v10` comes after `v9` (as text it sorts between `v1` and `v2`).
/// Identifiers with the same number, or without one (a newer vitals' naming), follow by text.
public enum MigrationOrder {
    /// The number of `identifier` (`v12-x`: 12), nil when it does not start with `v` and digits.
    public static func number(_ identifier: String) -> Int? {
        guard identifier.first == "v" else { return nil }
        let digits = identifier.dropFirst().prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    /// Whether `a` comes before `b`: numbered ones first by number, then by text.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        switch (number(a), number(b)) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a < b
        }
    }

    /// `identifiers` in migration order.
    public static func sorted<S: Sequence<String>>(_ identifiers: S) -> [String] {
        identifiers.sorted(by: precedes)
    }

    /// The latest of `identifiers`, nil for none.
    public static func latest<S: Sequence<String>>(_ identifiers: S) -> String? {
        sorted(identifiers).last
    }
}
