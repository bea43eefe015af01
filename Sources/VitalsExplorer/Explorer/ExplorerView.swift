import VitalsKit

/// Draws an `ExplorerState` into a frame: the title row, the list pane (outline or metric
/// list), the screen pane from an `ExplorerScreenSource`, and the key bar.
package struct ExplorerView {
    package let source: any ExplorerScreenSource

    package init(source: any ExplorerScreenSource) { self.source = source }

    /// The frame for `state` at its size.
    package func frame(_ state: ExplorerState) -> ExplorerFrame {
        let layout = ExplorerLayout(size: state.size)
        guard layout.fits else { return tooSmall(state.size) }
        let level = state.colorOn ? source.colorLevel : .none
        let list = listLines(state, layout: layout, level: level)
        let pane = paneLines(state, layout: layout, level: level)
        let rule =
            StyledLine.styled(
                glyphs.axisVertical, width: 1,
                style: Style(dim: true),
                level: level) + " "
        var lines = [titleLine(state, layout: layout, level: level)]
        for row in 0..<layout.paneHeight { lines.append(list[row] + rule + pane[row]) }
        lines.append(keyBar(state, layout: layout, level: level))
        return ExplorerFrame(size: state.size, lines: lines)
    }

    /// The screen pane's content for `state` (nil when a pillar or nothing is selected).
    package func content(_ state: ExplorerState) -> ExplorerPaneContent? {
        guard let screenID = state.shownScreenID else { return nil }
        let width = ExplorerLayout(size: state.size).screenWidth
        return source.content(
            for: ExplorerPaneRequest(
                screenID: screenID, request: state.screenRequest,
                width: width))
    }

    private var glyphs: Glyphs { source.glyphs }

    // MARK: Title and key bar

    private func titleLine(_ state: ExplorerState, layout: ExplorerLayout, level: ColorLevel) -> String {
        var crumbs: [String] = []
        var color: String?
        if let screenID = state.shownScreenID, let screen = state.catalog.screen(screenID) {
            let pillar = state.catalog.pillar(screen.pillarID)
            color = pillar?.color
            crumbs = [pillar?.name ?? screen.pillarID, screen.name]
            crumbs += state.focusPath.compactMap { state.catalog.metric($0)?.displayName }
        } else if case .pillar(let id) = state.selected, let pillar = state.catalog.pillar(id) {
            crumbs = [pillar.name]
            color = pillar.color
        }
        let range = state.range?.description ?? "default range"
        // No units chosen: each metric in the unit its catalog file gives it.
        let units = state.unitSystem.map { "\($0.title) units" } ?? "catalog units"
        let separator = " \(glyphs.separator) "
        let arrow = glyphs.isUnicode ? " › " : " > "
        let columns = layout.size.columns
        // The settings shorten before the breadcrumb gets less than 24 columns.
        let wanted = min(24, DisplayWidth.of(crumbs.joined(separator: arrow)))
        // "demo data" is the last thing to give way: nobody should take it for their own.
        let demo = state.showsDemoData ? ["demo data"] : []
        let choices = [
            (demo + [range, units, "as of \(state.asOf)"]).joined(separator: separator),
            (demo + [range, units, state.asOf.description]).joined(separator: separator),
            (demo + [range, units]).joined(separator: separator),
            (demo.isEmpty ? [range] : demo).joined(separator: separator),
        ]
        let settings = choices.first { columns - 10 - DisplayWidth.of($0) >= wanted } ?? choices.last!
        var canvas = TextCanvas(width: columns, height: 1)
        let start = canvas.write("Vitals", row: 0, column: 1, style: Style(bold: true)) + 2
        let settingsStart = canvas.writeRightAligned(
            settings + " ", row: 0, end: columns,
            style: ScreenText.muted)
        let room = max(0, settingsStart - start - 2)
        // Too long: the outermost crumbs give way first, so the innermost stays readable.
        var trail = crumbs.joined(separator: arrow)
        while DisplayWidth.of(trail) > room, crumbs.count > 1 {
            crumbs.removeFirst()
            let shorter = crumbs.joined(separator: arrow)
            trail =
                crumbs.count > 1 || DisplayWidth.of(glyphs.ellipsis + arrow + shorter) <= room
                ? glyphs.ellipsis + arrow + shorter : shorter
        }
        canvas.write(
            DisplayWidth.truncate(trail, to: room, ellipsis: glyphs.ellipsis),
            row: 0, column: start, style: Style(hex: color, bold: true))
        return canvas.lines(colorLevel: level)[0]
    }

    private func keyBar(_ state: ExplorerState, layout: ExplorerLayout, level: ColorLevel) -> String {
        let width = layout.size.columns
        let enter = glyphs.isUnicode ? "⏎" : "Enter"
        let (up, down, left) = glyphs.isUnicode ? ("↑", "↓", "←") : ("Up", "Down", "Left")
        var text: String
        if state.isTypingFilter {
            let count = state.outline.screenCount
            text =
                " /\(state.filter)\(glyphs.isUnicode ? "▏" : "_")  \(count) screen\(count == 1 ? "" : "s")"
                + "  \(enter) keep  Esc clear"
        } else if state.showsHelp {
            text = " any key closes this help  q quit"
        } else {
            var parts: [String] = []
            if !state.filter.isEmpty { parts.append("filter \"\(state.filter)\" (Esc clears)") }
            if state.focus == .screen {
                parts += ["\(up)\(down) scroll", "PgUp/PgDn page", "Tab list"]
            } else {
                let more = content(state)?.moreMetrics ?? 0
                let open = more > 0 ? "\(enter) open (\(more) more metric\(more == 1 ? "" : "s"))" : "\(enter) open"
                parts += ["\(up)\(down) move", open, "\(left) back", "Tab screen"]
            }
            parts += ["/ filter", "r range", "u units", "c colour", "? keys", "q quit"]
            text = " " + parts.joined(separator: "  ")
        }
        var canvas = TextCanvas(width: width, height: 1)
        var end = width
        if !state.isTypingFilter, !state.showsHelp, let content = content(state),
            content.lineCount > layout.paneHeight
        {
            let first = min(state.scroll, content.lineCount - layout.paneHeight)
            let last = first + layout.paneHeight
            end =
                canvas.writeRightAligned(
                    "\(first + 1)-\(last)/\(content.lineCount) ", row: 0,
                    end: width, style: ScreenText.muted) - 1
        }
        canvas.write(
            DisplayWidth.truncate(text, to: max(0, end), ellipsis: glyphs.ellipsis), row: 0, column: 0,
            style: state.isTypingFilter ? Style(bold: true) : ScreenText.muted)
        return canvas.lines(colorLevel: level)[0]
    }

    // MARK: List pane

    private typealias ListRow = (text: String, style: Style, selected: Bool)

    /// The list pane's first visible row for `state`: its `listScroll` moved just enough to
    /// keep the selection in view.
    package func listTop(_ state: ExplorerState) -> Int {
        let layout = ExplorerLayout(size: state.size)
        let rows = listRows(state, width: layout.listWidth)
        return Self.listTop(
            selectedRow: rows.firstIndex { $0.selected } ?? 0, count: rows.count,
            height: layout.paneHeight, previous: state.listScroll)
    }

    private func listLines(_ state: ExplorerState, layout: ExplorerLayout, level: ColorLevel) -> [String] {
        let width = layout.listWidth
        let rows = listRows(state, width: width)
        let height = layout.paneHeight
        let top = Self.listTop(
            selectedRow: rows.firstIndex { $0.selected } ?? 0, count: rows.count,
            height: height, previous: state.listScroll)
        var lines: [String] = []
        for index in top..<(top + height) {
            guard rows.indices.contains(index) else {
                lines.append(String(repeating: " ", count: width))
                continue
            }
            let row = rows[index]
            let text = DisplayWidth.truncate(row.text, to: width, ellipsis: glyphs.ellipsis)
            lines.append(
                StyledLine.styled(
                    text, width: width, style: row.style,
                    inverse: row.selected && state.focus == .list, level: level))
        }
        return lines
    }

    private func listRows(_ state: ExplorerState, width: Int) -> [ListRow] {
        let cursor = glyphs.isUnicode ? "›" : ">"
        var rows: [ListRow] = []
        if let screenID = state.openScreenID, let screen = state.catalog.screen(screenID) {
            let color = state.catalog.pillar(screen.pillarID)?.color
            rows.append(((glyphs.isUnicode ? "‹ " : "< ") + screen.name, Style(hex: color, bold: true), false))
            for (depth, id) in state.focusPath.enumerated() {
                let name = state.catalog.metric(id)?.displayName ?? id
                rows.append((String(repeating: " ", count: 2 * depth + 2) + name, Style(hex: color), false))
            }
            let indent = String(repeating: " ", count: 2 * state.focusPath.count)
            let list = state.metricList
            if list.isEmpty {
                rows.append((indent + "  (no child metrics)", ScreenText.muted, false))
            }
            for (index, metric) in list.enumerated() {
                let selected = index == state.metricIndex
                let count = state.catalog.children(of: metric.id).count
                let star = metric.isPrimary ? (glyphs.isUnicode ? "★ " : "* ") : ""
                let more = count > 0 ? " \(glyphs.isUnicode ? "▸" : "+")\(count)" : ""
                let name = DisplayWidth.truncate(
                    indent + (selected ? cursor : " ") + " " + star + metric.displayName,
                    to: width - DisplayWidth.of(more) - 1, ellipsis: glyphs.ellipsis)
                rows.append(
                    (
                        DisplayWidth.pad(name, to: width - DisplayWidth.of(more)) + more,
                        Style(bold: selected), selected
                    ))
            }
        } else {
            for row in state.outline.rows {
                let selected = row.item == state.selected
                let mark = selected ? cursor : " "
                switch row.item {
                case .pillar(let id):
                    let open = glyphs.isUnicode ? (row.isExpanded ? "▾" : "▸") : (row.isExpanded ? "-" : "+")
                    let count = row.isExpanded ? "" : " (\(ExplorerOutline.screens(of: id, in: state.catalog).count))"
                    rows.append(("\(mark)\(open) \(row.label)\(count)", Style(hex: row.color, bold: true), selected))
                case .screen:
                    rows.append(("\(mark)   \(row.label)", Style(bold: selected), selected))
                }
            }
        }
        return rows
    }

    /// The first list row shown: `previous` moved just enough to keep the selection in view.
    package static func listTop(selectedRow: Int, count: Int, height: Int, previous: Int) -> Int {
        var top = min(previous, max(0, count - height))
        if selectedRow < top { top = selectedRow }
        if selectedRow >= top + height { top = selectedRow - height + 1 }
        return max(0, top)
    }

    // MARK: Screen pane

    /// The pane's visible rows: styled rows (the screen, the help, a pillar's card) shown in
    /// the colour level `level`, so turning colour off and on draws the same rows again.
    private func paneLines(_ state: ExplorerState, layout: ExplorerLayout, level: ColorLevel) -> [String] {
        let width = layout.screenWidth
        let height = layout.paneHeight
        var source: TextCanvas
        var top = 0
        if state.showsHelp {
            source = ExplorerHelp.canvas(width: width, glyphs: glyphs)
        } else if let content = content(state) {
            source = content.rows
            top = min(state.scroll, max(0, source.height - height))
        } else if case .pillar(let id) = state.selected, let pillar = state.catalog.pillar(id) {
            source = ExplorerHelp.pillarCard(
                pillar, screens: ExplorerOutline.screens(of: id, in: state.catalog), width: width,
                glyphs: glyphs)
        } else {
            source = TextCanvas(width: width)
            source.addLine("No screens match \"\(state.filter)\".", style: ScreenText.muted)
        }
        var visible = TextCanvas(width: width)
        visible.append(source.slice(top..<min(source.height, top + height)))
        while visible.height < height { visible.addRow() }
        return visible.lines(colorLevel: level)
    }

    // MARK: Too small

    private func tooSmall(_ size: ExplorerSize) -> ExplorerFrame {
        let minimum = ExplorerLayout.minimumSize
        let message = [
            "Terminal too small (\(size.columns)x\(size.rows)).",
            "vitals explore needs at least \(minimum.columns)x\(minimum.rows).",
            "Enlarge the window, or press q to quit.",
        ]
        let columns = max(0, size.columns)
        let rows = max(0, size.rows)
        let first = max(0, (rows - message.count) / 2)
        let lines = (0..<rows).map { row -> String in
            let index = row - first
            guard message.indices.contains(index) else { return String(repeating: " ", count: columns) }
            return DisplayWidth.pad(message[index], to: columns, alignment: .center, ellipsis: "")
        }
        return ExplorerFrame(size: size, lines: lines)
    }
}
