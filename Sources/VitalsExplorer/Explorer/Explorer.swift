import VitalsKit

/// The explorer without a terminal: a state, the view that draws it, and the fix-ups that
/// need the drawn content (clamping the scroll, following the metric selection).
///
/// `TerminalSession` feeds it keys and sizes and writes its frames; tests do the same with
/// strings.
package struct Explorer {
    package private(set) var state: ExplorerState
    package private(set) var view: ExplorerView

    package init(state: ExplorerState, source: any ExplorerScreenSource) {
        self.state = state
        view = ExplorerView(source: source)
    }

    /// Whether a key asked to quit.
    package var wantsQuit: Bool { state.wantsQuit }

    /// The current frame.
    package func frame() -> ExplorerFrame { view.frame(state) }

    /// Applies `key`.
    package mutating func press(_ key: ExplorerKey) {
        let before = state
        state.apply(key)
        settle(after: before)
    }

    /// Applies each key in order.
    package mutating func press(_ keys: [ExplorerKey]) {
        for key in keys { press(key) }
    }

    /// Types `text`, one character key each.
    package mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Follows a new terminal size.
    package mutating func resize(_ size: ExplorerSize) {
        let before = state
        state.size = size
        settle(after: before)
    }

    /// Shows what a reload brought: a new screen source, the catalog when it checked clean
    /// (nil while it has errors: the outline and settings stay, the source shows the errors),
    /// and with it the settings read again.
    package mutating func reload(_ reload: ExplorerReload) {
        let before = state
        view = ExplorerView(source: reload.source)
        if let catalog = reload.catalog {
            state.replaceCatalog(catalog)
            state.weighIn = reload.weighIn
            state.dayCutoffMinutes = reload.dayCutoffMinutes
        }
        settle(after: before)
    }

    /// Keeps the scroll inside the content, follows the selected child metric, and keeps the
    /// list selection in view.
    private mutating func settle(after before: ExplorerState) {
        let layout = ExplorerLayout(size: state.size)
        if let content = view.content(state) {
            let movedInDrill =
                state.openScreenID == before.openScreenID && state.focusPath == before.focusPath
                && state.metricIndex != before.metricIndex && !state.focusPath.isEmpty
            if movedInDrill, let id = state.selectedMetric?.id, let line = content.metricLines[id] {
                state.scroll = line
            }
            state.scroll = max(0, min(state.scroll, content.lineCount - layout.paneHeight))
        } else {
            state.scroll = 0
        }
        state.listScroll = view.listTop(state)
    }
}
