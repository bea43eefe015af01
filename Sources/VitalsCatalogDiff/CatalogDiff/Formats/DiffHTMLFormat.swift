import VitalsKit

/// `vitals diff --format html`: one self-contained page, each changed screen drawn before and
/// after side by side by the report's HTML backend (SVG charts, the numbers behind them),
/// with the YAML changes behind it and its numbers that moved.
package enum DiffHTMLFormat {
    static let css = """
        body { max-width: 1480px; }
        .diff-pair { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; align-items: start; }
        .diff-pair > div { min-width: 0; }
        .diff-pair h3.side { font-size: 13px; color: #555; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .05em; }
        .diff-screen { border-top: 2px solid #222; margin-top: 28px; padding-top: 8px; }
        .diff-screen .screen + .screen { break-before: auto; }
        .causes li code, table.numbers td:first-child { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
        table.numbers td:first-child { text-align: left; }
        .empty-side { color: #777; font-style: italic; }

        """

    package static func render(_ result: CatalogDiffResult, data: String) -> String {
        let title = "vitals diff: \(result.oldLabel) → \(result.newLabel)"
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + PrintPolicy.meta + "\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html +=
            "<title>\(HTMLText.escape(title))</title>\n<style>\n" + ReportStyle.css + css
            + "</style>\n</head>\n<body>\n"
        html += "<header class=\"report-header\"><h1>\(HTMLText.escape(title))</h1>"
        html +=
            "<p class=\"period\">as of \(HTMLText.escape(DateWords.iso(result.asOf))), on \(HTMLText.escape(data)): "
            + "\(HTMLText.escape(DiffWords.summary(result)))</p></header>\n<main>\n"
        let output = HTMLOutput(size: ChartSize(profile: RenderProfile(width: 80)))
        for screen in result.screens {
            html += "<section class=\"diff-screen\" id=\"diff-\(HTMLText.escape(screen.screenID))\">\n"
            html +=
                "<h2>\(HTMLText.escape(screen.name)) <code>\(HTMLText.escape(screen.screenID))</code>: "
                + "\(HTMLText.escape(DiffWords.status(screen)))</h2>\n"
            if !screen.causes.isEmpty {
                html +=
                    "<p>\(screen.causesAreShared ? "Possibly because of (entries every screen shares)" : "Because of"):</p><ul class=\"causes\">"
                for cause in screen.causes { html += causeItems(cause) }
                html += "</ul>\n"
            }
            if !screen.numbers.isEmpty {
                html +=
                    "<table class=\"numbers\"><thead><tr><th>number</th><th>before</th><th>after</th><th>change</th></tr></thead><tbody>"
                for change in screen.numbers {
                    html +=
                        "<tr><td>\(HTMLText.escape(change.path))</td><td>\(NumberChange.format(change.old))</td>"
                        + "<td>\(NumberChange.format(change.new))</td><td>\(NumberChange.formatDelta(change.delta))</td></tr>"
                }
                html += "</tbody></table>\n"
            }
            html += "<div class=\"diff-pair\">"
            for (side, label, document) in [
                ("before", result.oldLabel, screen.oldDocument), ("after", result.newLabel, screen.newDocument),
            ] {
                html += "<div class=\"\(side)\"><h3 class=\"side\">\(side): \(HTMLText.escape(label))</h3>"
                html += document.map(output.section) ?? "<p class=\"empty-side\">not on this side</p>"
                html += "</div>"
            }
            html += "</div>\n</section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    static func causeItems(_ cause: EntryChange) -> String {
        guard cause.status == .changed else {
            return
                "<li><code>\(HTMLText.escape(cause.location.description))</code> \(HTMLText.escape(cause.summary))</li>"
        }
        return cause.keys.map { key in
            "<li><code>\(HTMLText.escape(key.location.description))</code> \(HTMLText.escape(cause.id)) "
                + "<code>\(HTMLText.escape(key.path))</code>: \(HTMLText.escape(key.old ?? "(none)")) → \(HTMLText.escape(key.new ?? "(none)"))</li>"
        }.joined()
    }
}
