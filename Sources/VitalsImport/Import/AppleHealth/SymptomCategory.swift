import VitalsKit

/// Apple Health's symptom types (`HKCategoryTypeIdentifierHeadache`, `…Nausea`, `…Fatigue` …):
/// each type is one symptom and its value a severity (`HKCategoryValueSeverityMild`) or a
/// presence (`HKCategoryValuePresencePresent`), so the sample's category is the symptom named
/// by the type (`headache`, `lower_back_pain`), not the value; a value saying the symptom was
/// absent (`…NotPresent`, `HKCategoryValueAppetiteChangesNoChange`) is no sample.
package enum SymptomCategory {
    /// Value prefixes of the symptom types.
    static let valuePrefixes = ["HKCategoryValueSeverity", "HKCategoryValuePresence", "HKCategoryValueAppetiteChanges"]

    /// Whether `value` is a symptom type's severity or presence value.
    package static func isSymptomValue(_ value: String) -> Bool {
        valuePrefixes.contains { value.hasPrefix($0) }
    }

    /// Whether `value` says the symptom was absent (not a sample of it).
    package static func isAbsent(_ value: String) -> Bool {
        value.hasSuffix("NotPresent") || value.hasSuffix("NoChange")
    }

    /// `HKCategoryTypeIdentifierLowerBackPain` → `lower_back_pain`.
    package static func name(ofType type: String) -> String {
        let prefix = "HKCategoryTypeIdentifier"
        let words = type.hasPrefix(prefix) ? type.dropFirst(prefix.count) : Substring(type)
        var result = ""
        for character in words {
            if character.isUppercase, !result.isEmpty { result += "_" }
            result += character.lowercased()
        }
        return result
    }
}
