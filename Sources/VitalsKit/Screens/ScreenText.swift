/// Text blocks every screen shares (header, About, "more metrics", empty state) and the
/// word-wrapping they use; modules build their own summary lines with `lines(_:)`.
public struct ScreenText: Sendable {
    public let profile: RenderProfile

    public init(profile: RenderProfile) { self.profile = profile }

    public var width: Int { profile.width }
    public var glyphs: Glyphs { profile.glyphs }
    /// Dim text for secondary information.
    public static let muted = Style(dim: true)

    /// Styled lines (text, style) drawn at the full width, each word-wrapped to fit.
    public func lines(_ rows: [(text: String, style: Style)], indent: Int = 0) -> [String] {
        var canvas = TextCanvas(width: width)
        // Word-wrapped to the width (continuation lines indented by two), not cut.
        for row in rows {
            for line in TextWrap.lines(Sanitize.inline(row.text), width: width - indent) {
                canvas.write(line, row: canvas.addRow(), column: indent, style: row.style)
            }
        }
        return canvas.lines(colorLevel: profile.colorLevel)
    }

    /// Splits `text` into lines of at most `width` display columns at spaces; a word longer
    /// than the width is cut.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let limit = max(1, width)
        var lines: [String] = []
        var current = ""
        for word in Sanitize.inline(text).split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while DisplayWidth.of(word) > limit {
                if !current.isEmpty { lines.append(current); current = "" }
                let head = DisplayWidth.cut(word, to: limit)
                guard !head.isEmpty else { break }   // a character wider than the limit
                lines.append(head)
                word = String(word.dropFirst(head.count))
            }
            if current.isEmpty {
                current = word
            } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(word) <= limit {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The screen header: icon and name (bold, pillar colour) with pillar · subject on the
    /// right, the description wrapped below it, and a rule.
    func header(_ context: ScreenContext) -> ScreenBlock {
        let screen = context.screen
        let pillar = context.catalog.pillar(screen.pillarID)
        let subject = context.subject
        let accent = Style(hex: pillar?.color, bold: true)
        var canvas = TextCanvas(width: width)
        let row = canvas.addRow()
        let right = [pillar?.name ?? screen.pillarID, subject.name].joined(separator: " \(glyphs.separator) ")
        let rightWidth = DisplayWidth.of(Sanitize.inline(right))
        let icon = glyphs.isUnicode ? screen.icon.map { Sanitize.inline($0) + " " } ?? "" : ""
        let title = icon + Sanitize.inline(screen.name)
        let fitsRight = DisplayWidth.of(title) + 2 + rightWidth <= width
        let room = fitsRight ? width - rightWidth - 2 : width
        canvas.write(DisplayWidth.truncate(title, to: room, ellipsis: glyphs.ellipsis), row: row,
                     column: 0, style: accent)
        if fitsRight {
            canvas.writeRightAligned(right, row: row, end: width, style: Style(hex: pillar?.color))
        }
        if let description = screen.description {
            for line in Self.wrap(description, width: width) { canvas.addLine(line, style: Self.muted) }
        }
        canvas.addLine(String(repeating: glyphs.axisHorizontal, count: width),
                       style: Style(hex: pillar?.color, dim: true))
        return ScreenBlock(kind: .header, lines: canvas.lines(colorLevel: profile.colorLevel), data: .object([
            ("name", .string(screen.name)),
            ("icon", .string(screen.icon)),
            ("pillar", .string(pillar?.name ?? screen.pillarID)),
            ("pillar_color", .string(pillar?.color)),
            ("subject", .string(subject.id)),
            ("subject_name", .string(subject.name)),
            ("description", .string(screen.description)),
        ]))
    }

    /// "About <metric>" with What and Why paragraphs under hanging labels (in `labels`'
    /// language), the heading truncated to the width.
    func about(_ metric: DisplayMetric, labels: AboutLabels) -> ScreenBlock? {
        let parts = [(labels.what, metric.aboutWhat), (labels.why, metric.aboutWhy)]
            .compactMap { label, text in text.map { (label, $0) } }
        guard !parts.isEmpty else { return nil }
        var canvas = TextCanvas(width: width)
        canvas.addLine(DisplayWidth.truncate("\(labels.heading) \(Sanitize.inline(metric.displayName))", to: width,
                                             ellipsis: glyphs.ellipsis),
                       style: Style(bold: true))
        let labelWidth = 3 + max(DisplayWidth.of(labels.what), DisplayWidth.of(labels.why))
        for (label, text) in parts {
            for (index, line) in Self.wrap(text, width: width - labelWidth).enumerated() {
                let row = canvas.addRow()
                if index == 0 { canvas.write("  " + label, row: row, column: 0, style: Self.muted) }
                canvas.write(line, row: row, column: labelWidth)
            }
        }
        return ScreenBlock(kind: .about, metricID: metric.id,
                           lines: canvas.lines(colorLevel: profile.colorLevel),
                           data: .object([("what", .string(metric.aboutWhat)), ("why", .string(metric.aboutWhy))]))
    }

    /// "▸ 3 more metrics — vitals render protein --children".
    func more(count: Int, screen: DisplayScreen, childIDs: [String]) -> ScreenBlock {
        let arrow = glyphs.isUnicode ? "▸" : ">"
        let dash = glyphs.isUnicode ? "—" : "-"
        let noun = count == 1 ? "metric" : "metrics"
        let command = "vitals render \(screen.alias) --children"
        let text = "\(arrow) \(count) more \(noun) \(dash) \(command)"
        return ScreenBlock(kind: .more, lines: lines([(text, Style(bold: false, dim: true))]),
                           data: .object([("count", .number(Double(count))),
                                          ("metrics", .array(childIDs.map { .string($0) })),
                                          ("command", .string(command))]))
    }

    /// The empty state: the screen's message (or a default) and the command that logs data.
    func empty(screen: DisplayScreen, metric: DisplayMetric?, catalog: Catalog, includeMessage: Bool) -> ScreenBlock {
        let message = screen.emptyMessage ?? "Nothing logged for \(screen.name) yet."
        var commands: [String] = []
        if let seriesID = metric?.binding.seriesID, let series = catalog.series(seriesID) {
            let subject = screen.subjectID == "me" ? "" : " --subject \(screen.subjectID)"
            let value = series.kind == .category ? (series.categories.first ?? "CATEGORY") : "VALUE"
            let unitName = metric?.binding.unit ?? series.unit.rawValue
            let unit = series.kind == .category || unitName == "count" ? "" : " " + unitName
            commands.append("vitals log \(series.id) \(value)\(unit)\(subject)")
            if !series.healthKit.isEmpty, screen.subjectID == "me" {
                commands.append("vitals import apple-health export.zip")
            }
        }
        var rows: [(text: String, style: Style)] = includeMessage ? [("\(glyphs.missing) \(message)", Style())] : []
        for (index, command) in commands.enumerated() {
            rows.append(((index == 0 ? "  Log one:  " : "  or:       ") + command, Self.muted))
        }
        return ScreenBlock(kind: .empty, metricID: metric?.id, lines: lines(rows),
                           data: .object([("message", .string(message)),
                                          ("commands", .array(commands.map { .string($0) }))]))
    }
}

extension ScreenText {
    /// The empty state of a metric whose range holds nothing although the store has samples:
    /// what is true (nothing in this range, the newest sample's day) and the command that
    /// shows it.
    func emptyRange(screen: DisplayScreen, metric: DisplayMetric, series: Series, nothing: String,
                    newest: LocalDate, includeMessage: Bool) -> ScreenBlock {
        let subject = screen.subjectID == "me" ? "" : " --subject \(screen.subjectID)"
        let command = "vitals render \(screen.alias) --as-of \(newest.description)\(subject)"
        let message = "\(nothing); the latest \(series.id.replacingOccurrences(of: "_", with: " ")) sample is from \(newest.description)."
        var rows: [(text: String, style: Style)] = includeMessage ? [("\(glyphs.missing) \(message)", Style())] : []
        if !includeMessage { rows.append(("  The latest \(series.id.replacingOccurrences(of: "_", with: " ")) sample is from \(newest.description).", Self.muted)) }
        rows.append(("  See it:  " + command, Self.muted))
        return ScreenBlock(kind: .empty, metricID: metric.id, lines: lines(rows),
                           data: .object([("message", .string(message)), ("latest", .string(newest.description)),
                                          ("commands", .array([.string(command)]))]))
    }
}

/// The words of an About block: its heading and the labels of the two paragraphs.
public struct AboutLabels: Sendable {
    public var heading: String, what: String, why: String

    public init(heading: String, what: String, why: String) {
        self.heading = heading; self.what = what; self.why = why
    }

    public static let english = AboutLabels(heading: "About", what: "What", why: "Why")
}
