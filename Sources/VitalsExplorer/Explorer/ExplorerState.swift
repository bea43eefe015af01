import VitalsKit

/// The terminal size the explorer draws for, in columns and rows.
package struct ExplorerSize: Sendable, Hashable, CustomStringConvertible {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    package var description: String { "\(columns)×\(rows)" }
}

/// Everything the explorer shows, as a plain value: `apply(_:)` takes a key and gives the
/// next state, and `ExplorerView` draws a state at a size. No terminal is involved, so
/// tests drive key sequences and read frames.
package struct ExplorerState: Sendable {
    /// Which pane the keys act on.
    package enum Pane: Sendable, Hashable { case list, screen }

    /// The ranges `r` steps through; nil keeps each metric's own.
    package static let ranges: [TimeRange?] = [nil, .days(7), .days(30), .weeks(12), .months(6), .years(1), .all]

    /// The catalog shown; `replaceCatalog` swaps in a reloaded one.
    package private(set) var catalog: Catalog
    /// The last day shown.
    package let asOf: LocalDate
    package var size: ExplorerSize
    package var focus: Pane = .list
    /// Pillars whose screens are hidden.
    package var collapsed: Set<String> = []
    /// The outline row the selection is on.
    package var selected: ExplorerOutline.Item?
    /// The screen whose metric list is open, if any.
    package var openScreenID: String?
    /// The metrics drilled into, outermost first; the last one is drawn with its children.
    package var focusPath: [String] = []
    /// The selection in the open screen's metric list.
    package var metricIndex = 0
    /// The screen filter (`/`); `isTypingFilter` while it is being typed.
    package var filter = ""
    package var isTypingFilter = false
    package var range: TimeRange?
    package var unitSystem: UnitSystem?
    /// The `weigh_in` and `day_cutoff` settings, as `vitals render` applies them.
    package var weighIn: WeighInPolicy?
    package var dayCutoffMinutes: Int?
    package var colorOn: Bool
    /// Whether the data shown is the embedded demo data (no database yet): the title says so.
    package var showsDemoData = false
    package var showsHelp = false
    /// The first line of the screen pane that is shown.
    package var scroll = 0
    /// The first row of the list pane that is shown.
    package var listScroll = 0
    /// Set by `q`, Esc or Ctrl-C.
    package var wantsQuit = false

    /// A state listing every pillar expanded, the selection on the first screen.
    package init(
        catalog: Catalog, asOf: LocalDate, size: ExplorerSize, range: TimeRange? = nil,
        unitSystem: UnitSystem? = nil, colorOn: Bool = false
    ) {
        self.catalog = catalog
        self.asOf = asOf
        self.size = size
        self.range = range
        self.unitSystem = unitSystem
        self.colorOn = colorOn
        selected = outline.firstScreen ?? outline.rows.first?.item
    }

    // MARK: What is shown

    /// The outline for the current filter and collapsed pillars.
    package var outline: ExplorerOutline {
        ExplorerOutline(catalog: catalog, collapsed: collapsed, filter: filter)
    }

    /// The metrics listed for the open screen: its top-level metrics (the primary first), or
    /// the children of the metric drilled into.
    package var metricList: [DisplayMetric] {
        guard let screenID = openScreenID else { return [] }
        if let focused = focusPath.last { return catalog.children(of: focused) }
        return catalog.metrics(of: screenID).filter { $0.parentID == nil }
    }

    /// The selected metric in the open screen's list.
    package var selectedMetric: DisplayMetric? {
        let list = metricList
        return list.indices.contains(metricIndex) ? list[metricIndex] : nil
    }

    /// The screen drawn in the right pane: the open one, else the selected outline screen.
    package var shownScreenID: String? {
        if let openScreenID { return openScreenID }
        if case .screen(let id) = selected { return id }
        return nil
    }

    /// The request the right pane is rendered with: a drilled-into metric is drawn with its
    /// children (and without the "more metrics" line).
    package var screenRequest: ScreenRequest {
        ScreenRequest(
            asOf: asOf, range: range, unitSystem: unitSystem,
            showChildren: !focusPath.isEmpty, focusMetricID: focusPath.last,
            weighIn: weighIn, dayCutoffMinutes: dayCutoffMinutes)
    }

    /// The rows the list pane has for content (the terminal minus title and key bar).
    package var paneHeight: Int { max(1, size.rows - 2) }

    // MARK: Reloading

    /// Shows `newCatalog` (the files were saved again) from where the explorer stands: the
    /// open screen stays open and the metrics drilled into stay drilled into, as far as they
    /// are still there; the selection, filter, range, units and scroll stay. What went away
    /// falls back to the nearest thing left (the screen's list, else the first screen).
    package mutating func replaceCatalog(_ newCatalog: Catalog) {
        catalog = newCatalog
        if let screenID = openScreenID {
            guard newCatalog.screen(screenID)?.isActive == true else {
                openScreenID = nil
                focusPath = []
                metricIndex = 0
                selected = outline.firstScreen ?? outline.rows.first?.item
                scroll = 0
                return
            }
            var kept: [String] = []
            for id in focusPath {
                guard let metric = newCatalog.metric(id), metric.isActive, metric.screenID == screenID,
                    metric.parentID == kept.last
                else { break }
                kept.append(id)
            }
            if kept != focusPath {
                focusPath = kept
                metricIndex = 0
            }
            metricIndex = max(0, min(metricIndex, metricList.count - 1))
        }
        collapsed = collapsed.filter { newCatalog.pillar($0) != nil }
        if outline.index(of: selected) == nil {
            selected = outline.firstScreen ?? outline.rows.first?.item
        }
    }

    // MARK: Keys

    /// The state after `key`.
    package func applying(_ key: ExplorerKey) -> ExplorerState {
        var next = self
        next.apply(key)
        return next
    }

    /// Applies `key`.
    package mutating func apply(_ key: ExplorerKey) {
        if key == .interrupt {
            wantsQuit = true
            return
        }
        if isTypingFilter {
            applyFilterKey(key)
            return
        }
        if showsHelp {
            showsHelp = false
            if key == .character("q") { wantsQuit = true }
            return
        }
        switch key {
        case .character("q"): wantsQuit = true
        case .escape:
            if filter.isEmpty { wantsQuit = true } else { clearFilter() }
        case .character("?"): showsHelp = true
        case .tab, .backTab: focus = focus == .list ? .screen : .list
        case .character("/"): startFilter()
        case .character("r"): cycleRange()
        case .character("u"): unitSystem = unitSystem.map(\.next) ?? .us
        case .character("c"): colorOn.toggle()
        case .pageDown, .character("J"), .character(" "): scroll += max(1, paneHeight - 1)
        case .pageUp, .character("K"): scroll = max(0, scroll - max(1, paneHeight - 1))
        case .enter, .right, .character("l"): open()
        case .left, .backspace, .character("h"): back()
        default:
            focus == .list ? applyListKey(key) : applyScreenKey(key)
        }
    }

    private mutating func applyListKey(_ key: ExplorerKey) {
        switch key {
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .home, .character("g"): move(by: -10_000)
        case .end, .character("G"): move(by: 10_000)
        default: break
        }
    }

    private mutating func applyScreenKey(_ key: ExplorerKey) {
        switch key {
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .down, .character("j"): scroll += 1
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = Int.max / 2  // clamped when drawn
        default: break
        }
    }

    private mutating func applyFilterKey(_ key: ExplorerKey) {
        switch key {
        case .escape: clearFilter()
        case .enter: isTypingFilter = false
        case .backspace, .delete:
            if !filter.isEmpty {
                filter.removeLast()
                selectFirstMatch()
            }
        case .character(let character):
            filter.append(character)
            selectFirstMatch()
        case .up: move(by: -1)
        case .down: move(by: 1)
        default: break
        }
    }

    // MARK: Moves

    /// Moves the selection in the list shown (outline or metric list) by `delta` rows.
    package mutating func move(by delta: Int) {
        if openScreenID != nil {
            let count = metricList.count
            guard count > 0 else { return }
            metricIndex = min(count - 1, max(0, metricIndex + delta))
            return
        }
        let rows = outline.rows
        guard !rows.isEmpty else { return }
        let current = outline.index(of: selected) ?? 0
        let target = min(rows.count - 1, max(0, current + delta))
        if target != current || outline.index(of: selected) == nil { select(rows[target].item) }
    }

    /// Enter / →: expand a pillar, open a screen, or drill into the selected metric.
    package mutating func open() {
        if openScreenID != nil {
            guard let metric = selectedMetric else { return }
            focusPath.append(metric.id)
            metricIndex = 0
            scroll = 0
            return
        }
        switch selected {
        case .pillar(let id):
            if collapsed.contains(id) { collapsed.remove(id) } else if filter.isEmpty { collapsed.insert(id) }
        case .screen(let id):
            openScreenID = id
            focusPath = []
            metricIndex = 0
            scroll = 0
        case nil: break
        }
    }

    /// ← / Backspace: out of a drill-down, out of a screen, up to the pillar, or collapse it.
    package mutating func back() {
        if let screenID = openScreenID {
            if let last = focusPath.popLast() {
                metricIndex = metricList.firstIndex { $0.id == last } ?? 0
            } else {
                openScreenID = nil
                select(.screen(screenID))
            }
            scroll = 0
            return
        }
        switch selected {
        case .screen(let id):
            if let pillar = catalog.screen(id)?.pillarID { select(.pillar(pillar)) }
        case .pillar(let id):
            if filter.isEmpty { collapsed.insert(id) }
        case nil: break
        }
    }

    /// Puts the outline selection on `item` and shows that screen from the top.
    package mutating func select(_ item: ExplorerOutline.Item) {
        if item != selected { scroll = 0 }
        selected = item
    }

    private mutating func cycleRange() {
        let index = Self.ranges.firstIndex { $0 == range } ?? 0
        range = Self.ranges[(index + 1) % Self.ranges.count]
    }

    private mutating func startFilter() {
        openScreenID = nil
        focusPath = []
        focus = .list
        isTypingFilter = true
        selectFirstMatch()
    }

    private mutating func clearFilter() {
        filter = ""
        isTypingFilter = false
        if selected == nil { selected = outline.firstScreen }
    }

    private mutating func selectFirstMatch() {
        let outline = outline
        if let first = outline.firstScreen {
            select(first)
        } else if let row = outline.rows.first {
            select(row.item)
        } else {
            selected = nil
            scroll = 0
        }
    }
}
