extension CatalogValidation {
    /// `vitals validate --catalog URL`: a catalog kept in a database (a server's catalog tables)
    /// checked by `validator`, each finding where the backend placed it
    /// (`display_metrics[display_metric_id=X]`).
    package static func run(loaded: LoadedCatalog, validator: Validator) -> CatalogValidation {
        let diagnostics = validator.validate(loaded)
        return CatalogValidation(
            diagnostics: diagnostics, summary: ValidationSummary(loaded, diagnostics),
            sources: [:], catalogs: [loaded.catalog])
    }
}
