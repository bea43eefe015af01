/// The hierarchy `vitals tree` prints: pillars → screens → primary metric → child metrics.
public enum CatalogTree {
    /// Text lines, indented with box-drawing (or ASCII) branches.
    public static func lines(
        _ catalog: Catalog, screens only: [DisplayScreen]? = nil, ascii: Bool = false,
        customModules: Set<String> = []
    ) -> [String] {
        let (tee, last, bar, space) = ascii ? ("|-- ", "`-- ", "|   ", "    ") : ("├── ", "└── ", "│   ", "    ")
        var lines: [String] = []
        let wanted = only.map { Set($0.map(\.id)) }
        for pillar in catalog.orderedPillars {
            let screens = catalog.screens(of: pillar.id).filter { wanted?.contains($0.id) ?? true }
            guard !screens.isEmpty else { continue }
            lines.append("\(Sanitize.inline(pillar.name)) (\(pillar.id))")
            for (index, screen) in screens.enumerated() {
                let isLast = index == screens.count - 1
                let module = customModules.contains(screen.id) ? ", custom module" : ""
                let subject = screen.subjectID == "me" ? "" : ", subject \(screen.subjectID)"
                let former = screen.formerIDs.isEmpty ? "" : ", formerly \(screen.formerIDs.joined(separator: ", "))"
                lines.append(
                    (isLast ? last : tee) + "\(Sanitize.inline(screen.name)) [\(screen.id)\(former)\(subject)\(module)]"
                )
                let indent = isLast ? space : bar
                let metrics = catalog.metrics(of: screen.id)
                let roots = metrics.filter { $0.parentID == nil || catalog.metric($0.parentID!) == nil }
                func walk(_ metric: DisplayMetric, _ prefix: String, _ isLastChild: Bool, _ seen: Set<String>) {
                    let marker = metric.isPrimary ? (ascii ? "* " : "★ ") : ""
                    let series = metric.binding.seriesID.map { " · \($0)" } ?? ""
                    lines.append(
                        prefix + (isLastChild ? last : tee)
                            + "\(marker)\(Sanitize.inline(metric.displayName)) [\(metric.id)] \(metric.chartTypeID)\(series)"
                    )
                    let children = catalog.children(of: metric.id).filter { !seen.contains($0.id) }
                    for (i, child) in children.enumerated() {
                        walk(
                            child, prefix + (isLastChild ? space : bar), i == children.count - 1,
                            seen.union([metric.id]))
                    }
                }
                for (i, root) in roots.enumerated() { walk(root, indent, i == roots.count - 1, []) }
            }
        }
        return lines
    }

    /// The same hierarchy as JSON.
    public static func json(_ catalog: Catalog, screens only: [DisplayScreen]? = nil, customModules: Set<String> = [])
        -> String
    {
        let q = JSONString.quote
        let wanted = only.map { Set($0.map(\.id)) }
        func metricJSON(_ metric: DisplayMetric, _ seen: Set<String>) -> String {
            let children = catalog.children(of: metric.id).filter { !seen.contains($0.id) }
                .map { metricJSON($0, seen.union([metric.id])) }
            return
                "{\"id\": \(q(metric.id)), \"name\": \(q(metric.displayName)), \"chart_type_id\": \(q(metric.chartTypeID)), "
                + "\"series\": \(metric.binding.seriesID.map(q) ?? "null"), \"is_primary\": \(metric.isPrimary), "
                + "\"children\": [\(children.joined(separator: ", "))]}"
        }
        var pillars: [String] = []
        for pillar in catalog.orderedPillars {
            let screens = catalog.screens(of: pillar.id).filter { wanted?.contains($0.id) ?? true }
            guard !screens.isEmpty else { continue }
            let screenJSON = screens.map { screen -> String in
                let roots = catalog.metrics(of: screen.id).filter {
                    $0.parentID == nil || catalog.metric($0.parentID!) == nil
                }
                return
                    "{\"id\": \(q(screen.id)), \"name\": \(q(screen.name)), \"former_ids\": [\(screen.formerIDs.map(q).joined(separator: ", "))], "
                    + "\"subject\": \(q(screen.subjectID)), "
                    + "\"custom_module\": \(customModules.contains(screen.id)), \"metrics\": [\(roots.map { metricJSON($0, []) }.joined(separator: ", "))]}"
            }
            pillars.append(
                "{\"id\": \(q(pillar.id)), \"name\": \(q(pillar.name)), \"color\": \(pillar.color.map(q) ?? "null"), \"screens\": [\(screenJSON.joined(separator: ", "))]}"
            )
        }
        return "{\"pillars\": [\(pillars.joined(separator: ",\n  "))]}\n"
    }
}
