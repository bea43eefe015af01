import Foundation

/// How a meal slot's id, name or alias is compared: in any case, with spaces, hyphens and
/// underscores alike.
package enum MealSlotSpelling {
    /// `Late Night` → `late_night`.
    package static func normalized(_ text: String) -> String {
        let lowered = Sanitize.inline(text).trimmingCharacters(in: .whitespaces).lowercased()
        var out = ""
        for character in lowered {
            let mapped: Character = character == " " || character == "-" ? "_" : character
            if mapped == "_", out.last == "_" { continue }
            out.append(mapped)
        }
        return out
    }
}
