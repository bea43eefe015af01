import VitalsKit

/// The catalog as an app needs it (`vitals export catalog`): its pillars, screens (with their
/// former ids), metrics and chart kinds, as a versioned JSON document or as Swift an app
/// compiles against, so that a router's `switch` over screen ids is checked by its compiler.
package struct CatalogExport {
    /// The document's version: raised when a field changes meaning or goes; new fields keep it.
    package static let version = 1

    package var catalog: Catalog
    package var chartKinds: ChartKindFactory

    package init(catalog: Catalog, chartKinds: ChartKindFactory) {
        self.catalog = catalog
        self.chartKinds = chartKinds
    }

    var pillars: [Pillar] { catalog.orderedPillars }

    /// Every screen, pillars in order and screens in order within each (inactive ones too),
    /// then any screen of an undeclared pillar.
    var screens: [DisplayScreen] {
        let ordered = pillars.flatMap { catalog.screens(of: $0.id, includeInactive: true) }
        let seen = Set(ordered.map(\.id))
        return ordered + catalog.screens.filter { !seen.contains($0.id) }
    }

    /// Every metric, by screen in the screens' order, each screen's in display order.
    var metrics: [DisplayMetric] {
        let ordered = screens.flatMap { catalog.metrics(of: $0.id, includeInactive: true) }
        let seen = Set(ordered.map(\.id))
        return ordered + catalog.metrics.filter { !seen.contains($0.id) }
    }

    // MARK: JSON

    /// The JSON document (`schemas/catalog-export.schema.json` describes it).
    package var json: JSONValue {
        .object([
            ("$schema", .string("https://vitals.invalid/schemas/catalog-export.schema.json")),
            ("format", .string("vitals-catalog")),
            ("version", .number(Double(Self.version))),
            (
                "pillars",
                .array(
                    pillars.map { pillar in
                        .object([
                            ("id", .string(pillar.id)), ("name", .string(pillar.name)),
                            ("order", .number(Double(pillar.order))),
                            ("color", .string(pillar.color)),
                        ])
                    })
            ),
            (
                "screens",
                .array(
                    screens.map { screen in
                        .object([
                            ("id", .string(screen.id)), ("name", .string(screen.name)),
                            ("pillar", .string(screen.pillarID)),
                            ("former_ids", .array(screen.formerIDs.map { .string($0) })),
                            ("subject", .string(screen.subjectID)), ("is_active", .bool(screen.isActive)),
                            ("order", .number(Double(screen.order))),
                            ("primary_metric", .string(catalog.primary(of: screen.id)?.id)),
                            (
                                "metrics",
                                .array(catalog.metrics(of: screen.id, includeInactive: true).map { .string($0.id) })
                            ),
                        ])
                    })
            ),
            (
                "metrics",
                .array(
                    metrics.map { metric in
                        .object([
                            ("id", .string(metric.id)), ("screen", .string(metric.screenID)),
                            ("name", .string(metric.displayName)),
                            ("chart_kind", .string(metric.chartTypeID)), ("is_primary", .bool(metric.isPrimary)),
                            ("is_active", .bool(metric.isActive)), ("parent", .string(metric.parentID)),
                            ("series", .string(metric.binding.seriesID)), ("unit", .string(metric.binding.unit)),
                        ])
                    })
            ),
            (
                "chart_kinds",
                .array(
                    chartKinds.kinds.map { kind in
                        .object([("id", .string(kind.id)), ("summary", .string(kind.summary))])
                    })
            ),
        ])
    }

    /// The JSON Schema (draft 2020-12) of `json`.
    package static let jsonSchema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://vitals.invalid/schemas/catalog-export.schema.json",
          "title": "Vitals catalog export",
          "description": "vitals export catalog --format json: the screens and metrics of a catalog as an app needs them. A new version number means a field changed meaning or went away; new fields may appear within a version.",
          "type": "object",
          "required": ["format", "version", "pillars", "screens", "metrics", "chart_kinds"],
          "properties": {
            "$schema": {"type": "string"},
            "format": {"const": "vitals-catalog"},
            "version": {"const": 1},
            "pillars": {"type": "array", "items": {
              "type": "object", "required": ["id", "name", "order", "color"],
              "properties": {
                "id": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
                "name": {"type": "string"},
                "order": {"type": "integer"},
                "color": {"type": ["string", "null"]}
              }
            }},
            "screens": {"type": "array", "items": {
              "type": "object", "required": ["id", "name", "pillar", "former_ids", "subject", "is_active", "order", "primary_metric", "metrics"],
              "properties": {
                "id": {"type": "string", "pattern": "^SCREEN_[A-Z0-9_]+$"},
                "name": {"type": "string"},
                "pillar": {"type": "string"},
                "former_ids": {"type": "array", "items": {"type": "string", "pattern": "^SCREEN_[A-Z0-9_]+$"}},
                "subject": {"type": "string"},
                "is_active": {"type": "boolean"},
                "order": {"type": "integer"},
                "primary_metric": {"type": ["string", "null"]},
                "metrics": {"type": "array", "items": {"type": "string"}}
              }
            }},
            "metrics": {"type": "array", "items": {
              "type": "object", "required": ["id", "screen", "name", "chart_kind", "is_primary", "is_active", "parent", "series", "unit"],
              "properties": {
                "id": {"type": "string", "pattern": "^[A-Z][A-Z0-9_]*$"},
                "screen": {"type": "string"},
                "name": {"type": "string"},
                "chart_kind": {"type": "string"},
                "is_primary": {"type": "boolean"},
                "is_active": {"type": "boolean"},
                "parent": {"type": ["string", "null"]},
                "series": {"type": ["string", "null"]},
                "unit": {"type": ["string", "null"]}
              }
            }},
            "chart_kinds": {"type": "array", "items": {
              "type": "object", "required": ["id", "summary"],
              "properties": {"id": {"type": "string"}, "summary": {"type": "string"}}
            }}
          }
        }

        """
}
