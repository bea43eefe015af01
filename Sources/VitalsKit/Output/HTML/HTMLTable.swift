/// A document's `TableBlock` as HTML: a `<table>` with its caption, headings and cells, colour
/// swatches as small SVG squares named by a `<title>`, and the legend as swatches beside their
/// meaning — drawn here, never copied from the terminal's glyphs.
enum HTMLTable {
    static func html(_ table: TableBlock) -> String {
        var html = "<table class=\"doc-table\">"
        if let caption = table.caption { html += "<caption>\(HTMLText.escape(caption))</caption>" }
        if !table.columns.isEmpty {
            html +=
                "<thead><tr>" + table.columns.map { "<th scope=\"col\">\(HTMLText.escape($0))</th>" }.joined()
                + "</tr></thead>"
        }
        html += "<tbody>"
        for row in table.rows {
            html += "<tr>"
            for (index, cell) in row.enumerated() {
                let tag = index == 0 ? "th scope=\"row\"" : "td"
                let close = index == 0 ? "th" : "td"
                var style = ""
                if let color = cell.color { style += "color:\(PaperColor.textHex(color));" }
                if cell.bold { style += "font-weight:bold;" }
                let attribute = style.isEmpty ? "" : " style=\"\(style)\""
                let content =
                    cell.swatch.map { swatch($0, hollow: cell.hollow, name: cell.text) } ?? HTMLText.escape(cell.text)
                html += "<\(tag)\(cell.swatch == nil ? "" : " class=\"swatch-cell\"")\(attribute)>\(content)</\(close)>"
            }
            html += "</tr>"
        }
        html += "</tbody></table>"
        if !table.legend.isEmpty {
            html +=
                "<p class=\"legend\">"
                + table.legend.map {
                    "<span class=\"legend-entry\">\(swatch($0.color, hollow: $0.hollow, name: nil)) \(HTMLText.escape($0.name))</span>"
                }.joined(separator: " ") + "</p>"
        }
        return html
    }

    /// A 12-pixel square of `color` (its outline only when `hollow`), titled `name`.
    static func swatch(_ color: String, hollow: Bool, name: String?) -> String {
        let fill = HTMLText.color(color, fallback: "#999999")
        let title = name.map { "<title>\(HTMLText.escape($0))</title>" } ?? ""
        let paint = hollow ? "fill=\"#FFFFFF\" stroke=\"\(fill)\" stroke-width=\"1.5\"" : "fill=\"\(fill)\""
        return
            "<svg class=\"swatch\" width=\"12\" height=\"12\" viewBox=\"0 0 12 12\"\(name.map { " role=\"img\" aria-label=\"\(HTMLText.escape($0))\"" } ?? " aria-hidden=\"true\"")>"
            + "\(title)<rect x=\"1\" y=\"1\" width=\"10\" height=\"10\" rx=\"2\" \(paint)/></svg>"
    }
}
