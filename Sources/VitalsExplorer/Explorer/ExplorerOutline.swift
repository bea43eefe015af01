import VitalsKit

/// What the left pane lists when no screen is open: pillars and, under each expanded one,
/// its active screens — those of a subject the catalog declares, as `Catalog.activeScreensInOrder`
/// lists them (render, report and tree refuse the others), and a pillar whose every screen is
/// left out is left out too. A filter keeps the screens whose name, alias or id contains it (any
/// case) and shows their pillars expanded.
package struct ExplorerOutline: Sendable {
    /// A row the selection can rest on.
    package enum Item: Sendable, Hashable {
        case pillar(String)
        case screen(String)
    }

    /// One row of the outline.
    package struct Row: Sendable, Hashable {
        package var item: Item
        package var label: String
        /// The pillar's `#RRGGBB` colour.
        package var color: String?
        /// For a pillar row: whether its screens are listed below it.
        package var isExpanded: Bool
    }

    package let rows: [Row]

    /// The rows for `catalog` with `collapsed` pillars closed and `filter` applied.
    package init(catalog: Catalog, collapsed: Set<String>, filter: String) {
        let query = filter.lowercased()
        var rows: [Row] = []
        for pillar in catalog.orderedPillars {
            let shown = Self.screens(of: pillar.id, in: catalog)
            if shown.isEmpty && !catalog.screens(of: pillar.id).isEmpty { continue }
            let screens = shown.filter { Self.matches($0, query: query) }
            if !query.isEmpty && screens.isEmpty { continue }
            let expanded = !query.isEmpty || !collapsed.contains(pillar.id)
            rows.append(
                Row(
                    item: .pillar(pillar.id), label: pillar.name, color: pillar.color,
                    isExpanded: expanded))
            guard expanded else { continue }
            for screen in screens {
                rows.append(
                    Row(
                        item: .screen(screen.id), label: screen.name, color: pillar.color,
                        isExpanded: false))
            }
        }
        self.rows = rows
    }

    /// The screens of a pillar the explorer lists: those of a declared subject.
    package static func screens(of pillarID: String, in catalog: Catalog) -> [DisplayScreen] {
        catalog.screens(of: pillarID).filter { catalog.subject($0.subjectID) != nil }
    }

    /// Whether `screen` matches a lowercased query (empty matches everything).
    package static func matches(_ screen: DisplayScreen, query: String) -> Bool {
        query.isEmpty || screen.name.lowercased().contains(query) || screen.alias.contains(query)
            || screen.id.lowercased().contains(query)
    }

    /// The index of `item`, if it is listed.
    package func index(of item: Item?) -> Int? {
        guard let item else { return nil }
        return rows.firstIndex { $0.item == item }
    }

    /// The first screen row, if any.
    package var firstScreen: Item? {
        rows.first { if case .screen = $0.item { return true } else { return false } }?.item
    }

    /// The number of screens listed.
    package var screenCount: Int {
        rows.count { if case .screen = $0.item { return true } else { return false } }
    }
}
