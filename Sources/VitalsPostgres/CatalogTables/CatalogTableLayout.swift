#if PostgreSQL
    import VitalsKit

    /// How the catalog is laid out as PostgreSQL tables, WellPath style: one table per YAML list
    /// (`screens` → `display_screens`, `metrics` → `display_metrics`, `pillars`, `subjects`,
    /// `series`, and the portion lists), one column per YAML key with the key's own name
    /// (`display_metric_id`, `chart_type_id`, `is_primary`, `about_what` …), nested values
    /// (`config`, `target`, lists, `by_kind`) as `json`: not `jsonb`, which reorders a mapping's
    /// keys, and the order of a mapping is meaningful (a meal slot's `guidance` is shown in it).
    ///
    /// The layout is derived from `CatalogSchema`, so a key added to the YAML vocabulary is a
    /// column here without a second list. Each table also has `catalog_position`, the entry's place
    /// in load order, so the catalog reads back in the order the files gave it.
    public struct CatalogTable: Sendable {
        /// The YAML list this table holds (`metrics`).
        public var section: String
        /// The table's name (`display_metrics`).
        public var name: String
        public var entry: EntrySpec
        /// The key that identifies a row (`display_metric_id`); the primary key.
        public var idColumn: String

        /// The column that keeps load order.
        public static let positionColumn = "catalog_position"

        /// What a column holds on the server.
        public enum ColumnType: String, Sendable {
            case text, bigint, boolean, json
            case double = "double precision"
        }

        public static func columnType(of kind: ValueKind) -> ColumnType {
            switch kind {
            case .string, .identifier, .choice, .color, .chartType, .date, .clockTime, .timeRange: return .text
            case .integer: return .bigint
            case .number: return .double
            case .boolean: return .boolean
            case .stringList, .identifierList, .nested, .mappingOf, .numberMap, .any: return .json
            }
        }

        /// `"name" type` for each key, then the position column.
        public var columnDefinitions: [String] {
            entry.keys.map { key in
                let type = Self.columnType(of: key.kind).rawValue
                return "\(Self.quote(key.name)) \(type)" + (key.name == idColumn ? " PRIMARY KEY" : "")
            } + ["\(Self.quote(Self.positionColumn)) integer NOT NULL"]
        }

        public var createStatement: String {
            "CREATE TABLE \(Self.quote(name)) (\(columnDefinitions.joined(separator: ", ")))"
        }

        /// A double-quoted SQL identifier (`"order"`).
        public static func quote(_ identifier: String) -> String {
            "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }

        /// Every catalog table, in the order of `CatalogSchema.sections`.
        public static let all: [CatalogTable] = CatalogSchema.sections.map { section in
            CatalogTable(
                section: section.key, name: CatalogTable.tableName(section.key), entry: section.entry,
                idColumn: section.entry.keys.first?.name ?? CatalogTable.positionColumn)
        }

        /// The table of a YAML list: the WellPath names for screens and metrics, the list's own
        /// name otherwise.
        static func tableName(_ section: String) -> String {
            switch section {
            case "screens": return "display_screens"
            case "metrics": return "display_metrics"
            default: return section
            }
        }

        /// Where a row is, as diagnostics name it: `display_metrics[display_metric_id=PROTEIN_DAILY]`.
        /// A `SourceLocation` whose line is 0 (`SourceLocation.tableRow`).
        public func location(ofRowWithID id: String) -> SourceLocation {
            .tableRow("\(name)[\(idColumn)=\(id)]")
        }
    }
#endif
