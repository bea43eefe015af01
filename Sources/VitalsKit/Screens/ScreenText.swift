/// Text blocks every screen shares (header, About, "more metrics", empty state), as rows an
/// output lays out; modules build their own summary rows with `rows(_:)` and `summaryRows(_:)`.
public struct ScreenText: Sendable {
    public let profile: RenderProfile

    public init(profile: RenderProfile) { self.profile = profile }

    public var width: Int { profile.width }
    public var glyphs: Glyphs { profile.glyphs }
    /// Dim text for secondary information.
    public static let muted = Style(dim: true)

    /// Styled rows (text, style), each word-wrapped to the output's width from `indent`.
    public func rows(_ rows: [(text: String, style: Style)], indent: Int = 0) -> [TextRow] {
        rows.map { .wrapped($0.text, $0.style, indent: indent) }
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
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                let head = DisplayWidth.cut(word, to: limit)
                guard !head.isEmpty else { break }  // a character wider than the limit
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
        let right = [pillar?.name ?? screen.pillarID, subject.name].joined(separator: " \(glyphs.separator) ")
        let header = ScreenHeader(
            icon: screen.icon, name: screen.name, context: right,
            description: screen.description, color: pillar?.color)
        return ScreenBlock(
            kind: .header, content: .header(header),
            data: .object([
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
        let labelWidth = 3 + max(DisplayWidth.of(labels.what), DisplayWidth.of(labels.why))
        let rows: [TextRow] =
            [.heading("\(labels.heading) \(metric.displayName)", Style(bold: true))]
            + parts.map { label, text in .labelled(label: label, text: text, column: labelWidth) }
        return ScreenBlock(
            kind: .about, metricID: metric.id, rows: rows,
            data: .object([("what", .string(metric.aboutWhat)), ("why", .string(metric.aboutWhy))]))
    }

    /// "▸ 3 more metrics — vitals render protein --children".
    func more(count: Int, screen: DisplayScreen, childIDs: [String]) -> ScreenBlock {
        let arrow = glyphs.isUnicode ? "▸" : ">"
        let dash = glyphs.isUnicode ? "—" : "-"
        let command = "vitals render \(screen.alias) --children"
        let text =
            "\(arrow) \(Words.count(count, one: "more.metrics_one", other: "more.metrics_other")) \(dash) \(command)"
        return ScreenBlock(
            kind: .more, rows: [.line(text, Style(dim: true))],
            data: .object([
                ("count", .number(Double(count))),
                ("metrics", .array(childIDs.map { .string($0) })),
                ("command", .string(command)),
            ]))
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
        return ScreenBlock(
            kind: .empty, metricID: metric?.id, rows: self.rows(rows),
            data: .object([
                ("message", .string(message)),
                ("commands", .array(commands.map { .string($0) })),
            ]))
    }
}

extension ScreenText {
    /// The empty state of a metric whose range holds nothing although the store has samples:
    /// what is true (nothing in this range, the newest sample's day) and the command that
    /// shows it.
    func emptyRange(
        screen: DisplayScreen, metric: DisplayMetric, series: Series, nothing: String,
        newest: LocalDate, includeMessage: Bool
    ) -> ScreenBlock {
        // A screen shows its own subject: `render` needs no `--subject` (and has none).
        let command = "vitals render \(screen.alias) --as-of \(newest.description)"
        let message =
            "\(nothing); the latest \(series.id.replacingOccurrences(of: "_", with: " ")) sample is from \(newest.description)."
        var rows: [(text: String, style: Style)] = includeMessage ? [("\(glyphs.missing) \(message)", Style())] : []
        if !includeMessage {
            rows.append(
                (
                    "  The latest \(series.id.replacingOccurrences(of: "_", with: " ")) sample is from \(newest.description).",
                    Self.muted
                ))
        }
        rows.append(("  See it:  " + command, Self.muted))
        return ScreenBlock(
            kind: .empty, metricID: metric.id, rows: self.rows(rows),
            data: .object([
                ("message", .string(message)), ("latest", .string(newest.description)),
                ("commands", .array([.string(command)])),
            ]))
    }
}

/// The words of an About block: its heading and the labels of the two paragraphs.
public struct AboutLabels: Sendable {
    public var heading: String, what: String, why: String

    public init(heading: String, what: String, why: String) {
        self.heading = heading
        self.what = what
        self.why = why
    }

    public static let english = AboutLabels(heading: "About", what: "What", why: "Why")

    /// The labels in the language being composed (`Words.current`).
    public static var current: AboutLabels {
        AboutLabels(heading: Words.text("about.heading"), what: Words.text("about.what"), why: Words.text("about.why"))
    }
}
