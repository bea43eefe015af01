/// A catalog kept in a database (`--catalog URL`) places its findings at table rows.
extension SourceLocation {
    /// A place that is a table row rather than a line of a file: `file` holds the row's name
    /// (`display_metrics[display_metric_id=PROTEIN_DAILY]`), line and column are 0.
    public static func tableRow(_ row: String) -> SourceLocation {
        SourceLocation(file: row, line: 0, column: 0)
    }

    /// Whether this names a table row (line 0) rather than a line of a file.
    public var isTableRow: Bool { line == 0 }
}
