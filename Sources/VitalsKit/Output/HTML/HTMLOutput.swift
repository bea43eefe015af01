/// The HTML backend: draws a `ScreenDocument` as one `<section>` of a report — the header,
/// each chart as inline SVG (or, for a kind without SVG, its terminal drawing in a `<pre>`)
/// with the numbers behind it in a table, text rows as paragraphs with their styles as CSS.
/// Nothing refers outside the page.
package struct HTMLOutput: Sendable {
    /// The chart size, and the profile whose number style and glyphs the text uses.
    package var size: ChartSize

    package init(size: ChartSize = .report) { self.size = size }

    var profile: RenderProfile { size.profile }

    /// The document as a `<section>`, in its language and number style.
    package func section(_ document: ScreenDocument) -> String {
        var output = self
        output.size.profile.numbers = document.profile.numbers
        return document.speaking {
            var html =
                "<section class=\"screen\" id=\"\(HTMLText.escape(document.screenID))\" lang=\"\(HTMLText.escape(document.language))\">\n"
            // The header and the block after it are kept on one page (a header never ends a page).
            var blocks = document.blocks[...]
            if case .header? = blocks.first?.content {
                html +=
                    "<div class=\"screen-lead\">" + blocks.prefix(2).map(output.block).joined(separator: "\n")
                    + "</div>\n"
                blocks = blocks.dropFirst(2)
            }
            for block in blocks { html += output.block(block) + "\n" }
            return html + "</section>"
        }
    }

    /// One block as HTML.
    package func block(_ block: ScreenBlock) -> String {
        let kind = HTMLText.escape(block.kind.rawValue)
        switch block.content {
        case .header(let header):
            return self.header(header)
        case .chart(let figure):
            return "<figure class=\"block chart\" data-kind=\"\(HTMLText.escape(figure.chartTypeID))\">"
                + chart(figure) + rows(figure.notes, wrapper: "figcaption") + "</figure>"
        case .text(let rows):
            if let paper = Self.paperText(block) {
                return "<div class=\"block \(kind)\"><p class=\"muted\">\(HTMLText.escape(paper))</p></div>"
            }
            return "<div class=\"block \(kind)\">" + self.rows(rows, wrapper: nil) + "</div>"
        case .drawing(let drawing):
            let inner =
                drawing.html(size: size)
                ?? "<pre class=\"drawing\">\(drawing.draw(profile: profile).preformattedHTML())</pre>"
            return "<div class=\"block \(kind) drawing-block\">" + inner + "</div>"
        case .table(let table):
            return "<div class=\"block \(kind) table-block\">" + HTMLTable.html(table) + rows(table.notes, wrapper: nil)
                + "</div>"
        }
    }

    /// What paper says instead of a block that points at a command: "3 more metrics, not in
    /// this report" for a `more` block, the message alone for an empty state. nil: the block's rows.
    static func paperText(_ block: ScreenBlock) -> String? {
        guard case .object(let pairs) = block.data else { return nil }
        switch block.kind {
        case .more:
            guard case .number(let count)? = pairs.first(where: { $0.0 == "count" })?.1 else { return nil }
            return Words.count(Int(count), one: "report.more_one", other: "report.more_other")
        case .empty:
            guard case .string(let message)? = pairs.first(where: { $0.0 == "message" })?.1 else { return nil }
            return Sanitize.inline(message)
        default:
            return nil
        }
    }

    /// The chart's SVG (or its terminal drawing), its title and the table of its numbers.
    func chart(_ figure: ChartFigure) -> String {
        let resolved = figure.kind
        let context = ChartContext(figure.input, profile)
        var html =
            "<h3 class=\"chart-title\">" + HTMLText.escape(figure.input.title)
            + (figure.input.unit.map { " <span class=\"unit\">(\(HTMLText.escape($0)))</span>" } ?? "")
            + (context.targetText().map { " <span class=\"target\">\(HTMLText.escape($0))</span>" } ?? "")
            + (resolved.kind.headline(figure.input).map { " <span class=\"target\">\(HTMLText.escape($0))</span>" }
                ?? "") + "</h3>"
        if let note = resolved.note { html += "<p class=\"note\">\(HTMLText.escape(note))</p>" }
        if let svg = resolved.kind.svg(figure.input, size: size) {
            html += svg
        } else {
            html +=
                "<pre class=\"drawing\">" + resolved.kind.draw(figure.input, profile: profile).preformattedHTML()
                + "</pre>"
        }
        if type(of: resolved.kind).data.isTallied, figure.input.stacked == nil || !figure.input.points.isEmpty,
            figure.input.points.contains(where: { $0.value != nil })
        {
            let summary = context.summary(figure.input.points.map(\.value))
            if !summary.isEmpty { html += "<p class=\"chart-summary\">\(HTMLText.escape(summary))</p>" }
        }
        if let caption = resolved.kind.caption(figure.input) {
            html += "<p class=\"chart-summary\">\(HTMLText.escape(caption))</p>"
        }
        if let table = ChartDataTable.html(figure.input, profile: profile) { html += table }
        return html
    }

    func header(_ header: ScreenHeader) -> String {
        let color = HTMLText.color(header.color, fallback: "#333333")
        var html =
            "<header class=\"screen-header\" style=\"border-color:\(color)\"><h2 style=\"color:\(PaperColor.textHex(header.color, fallback: "#333333"))\">"
        html += HTMLText.escape(header.name) + "</h2><p class=\"context\">\(HTMLText.escape(header.context))</p>"
        if let description = header.description {
            html += "<p class=\"description\">\(HTMLText.escape(description))</p>"
        }
        return html + "</header>"
    }

    /// Text rows as paragraphs (headings as `<h4>`), inside `wrapper` when given.
    func rows(_ rows: [TextRow], wrapper: String?) -> String {
        guard !rows.isEmpty else { return "" }
        var html = ""
        for row in rows {
            switch row {
            case .wrapped(let text, let style, let indent):
                let pad = indent > 0 ? " class=\"indent\"" : ""
                html += "<p\(pad)\(HTMLStyle.attribute(style))>\(HTMLText.escape(text))</p>"
            case .paragraph(let text, let style):
                html += "<p\(HTMLStyle.attribute(style))>\(HTMLText.escape(text))</p>"
            case .parts(let parts, let style, let joiner):
                let joined = parts.filter { !$0.isEmpty }.joined(separator: joiner ?? " · ")
                html += "<p\(HTMLStyle.attribute(style))>\(HTMLText.escape(joined))</p>"
            case .heading(let text, let style):
                html += "<h4\(HTMLStyle.attribute(style))>\(HTMLText.escape(text))</h4>"
            case .labelled(let label, let text, _):
                html +=
                    "<p class=\"labelled\"><span class=\"label\">\(HTMLText.escape(label))</span> \(HTMLText.escape(text))</p>"
            }
        }
        guard let wrapper else { return html }
        return "<\(wrapper)>\(html)</\(wrapper)>"
    }
}
