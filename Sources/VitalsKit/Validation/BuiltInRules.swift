/// The one list of validation rules. A test fails when an id repeats or a rule type is missing.
public enum BuiltInRules {
    public static let all: [any ValidationRule] = [
        // Phases 1–2: reported by the loader while reading.
        YAMLSyntaxRule(), FileFormatRule(), DuplicateKeyRule(), UnknownKeyRule(), WrongTypeRule(),
        MissingKeyRule(), InvalidValueRule(), BadIDRule(),
        // Reported by `validate` over the catalog's language tables.
        LanguageTableRule(), UnknownLanguageRule(),
        // Phase 3: cross-file rules.
        DuplicateIDRule(), FormerIDCollisionRule(), UnknownReferenceRule(), ParentOnOtherScreenRule(),
        ParentCycleRule(),
        PrimaryCountRule(), PrimaryWithParentRule(), EmptyScreenRule(), InactiveParentRule(),
        UnknownChartTypeRule(), BindingMismatchRule(), PairedSeriesRule(), TargetSanityRule(), PortionDayRule(),
        AboutPeriodRule(),
        // Against the screen modules of the run (`ValidationContext.screens`).
        ScreenConfigRule(),
    ]

    /// Descriptions of every rule, in list order.
    public static var descriptions: [RuleDescription] {
        all.map { type(of: $0).description }
    }
}
