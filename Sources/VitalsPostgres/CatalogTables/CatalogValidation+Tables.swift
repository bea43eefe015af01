extension CatalogValidation {
    /// `vitals validate --catalog postgres://…`: the catalog tables checked by `validator`, each
    /// finding at its table row (`display_metrics[display_metric_id=X]`).
    public static func run(url: String, validator: Validator,
                           environment: [String: String]) throws -> CatalogValidation {
        let loaded = try CatalogTableReader.load(url: url, environment: environment)
        let diagnostics = validator.validate(loaded)
        return CatalogValidation(diagnostics: diagnostics, summary: ValidationSummary(loaded, diagnostics),
                                 sources: [:], catalogs: [loaded.catalog])
    }
}
