/// The ids of the checks the loader itself makes while reading files (phases 1 and 2).
/// Cross-file rules carry their own ids in their `RuleDescription`.
public enum RuleID {
    public static let yamlSyntax = "yaml-syntax"
    public static let fileFormat = "file-format"
    public static let duplicateKey = "duplicate-key"
    public static let unknownKey = "unknown-key"
    public static let wrongType = "wrong-type"
    public static let missingKey = "missing-key"
    public static let invalidValue = "invalid-value"
    public static let badID = "bad-id"
    /// A language table (`languages/*.yaml`) that does not read or lacks a key English has.
    public static let languageTable = "language-table"
    /// A screen whose `language:` names no shipped language table.
    public static let unknownLanguage = "unknown-language"
}
