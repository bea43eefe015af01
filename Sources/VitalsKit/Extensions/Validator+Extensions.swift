extension Validator {
    /// The rules and what they check against of a run with `extensions`; a screen may be for
    /// one of `dataSetSubjects`, subjects the program's data sets declare outside the catalog
    /// (the demo data's).
    public init(extensions: Extensions, dataSetSubjects: Set<String> = []) {
        self.init(
            rules: extensions.rules,
            context: ValidationContext(
                chartKinds: extensions.chartKinds, screens: extensions.screens,
                dataSetSubjects: dataSetSubjects))
    }
}

extension CatalogJSONSchema {
    /// The schema of a run with `extensions`: its chart kinds' ids and its screen modules'
    /// config keys.
    package static func render(for extensions: Extensions) -> String {
        render(chartTypeIDs: extensions.chartKinds.ids, modules: extensions.screens.declaredConfigs)
    }
}
