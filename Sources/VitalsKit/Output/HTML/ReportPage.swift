/// A whole report: one self-contained HTML page (inline CSS and SVG, no reference outside
/// it) holding the sections of several screen documents, with the period and as-of date in
/// the title block and in every printed page's footer, beside the page number.
package struct ReportPage: Sendable {
    package var title: String
    /// "1 Aug 2026 – 31 Oct 2026", "the last 12 weeks".
    package var period: String
    /// "as of 2026-10-31".
    package var asOf: String
    /// The page language (`en`, `nl` for a Dutch screen alone).
    package var language: String
    /// A line under the title ("Names, devices, sources and notes removed").
    package var notice: String?
    /// The paper the page is printed on.
    package var paper: Paper

    /// Paper sizes for print (`@page size`).
    package enum Paper: String, Sendable {
        case a4 = "A4"
        case letter
    }

    package init(
        title: String, period: String, asOf: String, language: String = "en", paper: Paper = .a4,
        notice: String? = nil
    ) {
        self.title = title
        self.period = period
        self.asOf = asOf
        self.language = language
        self.notice = notice
        self.paper = paper
    }

    /// The page with `documents` drawn by `output`, in order; with two or more, the list of
    /// them under the title (on a cover page of its own from three on).
    package func html(_ documents: [ScreenDocument], output: HTMLOutput = HTMLOutput()) -> String {
        let contents = documents.count > 1 ? documents.map(ReportContentsEntry.init) : []
        return html(sections: documents.map(output.section), contents: contents)
    }

    /// The page around already drawn sections; the chrome (page numbers, footer, cover) in
    /// the current language (`Words.current`).
    package func html(sections: [String], contents: [ReportContentsEntry] = []) -> String {
        let footer = CSSString.quoted("\(period) · \(asOf)")
        let pageNumber =
            "\(CSSString.quoted(Words.text("report.page") + " ")) counter(page) "
            + "\(CSSString.quoted(" " + Words.text("report.page_of") + " ")) counter(pages)"
        var html =
            "<!DOCTYPE html>\n<html lang=\"\(HTMLText.escape(language))\">\n<head>\n<meta charset=\"utf-8\">\n"
            + PrintPolicy.meta + "\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<title>\(HTMLText.escape(title)) · \(HTMLText.escape(period))</title>\n"
        html +=
            "<style>\n" + ReportStyle.css + "@page { size: \(paper.rawValue); @bottom-left { content: \(footer); } "
            + "@bottom-right { content: \(pageNumber); } }\n</style>\n</head>\n<body>\n"
        // Three screens or more get a cover page of their own; two are listed above the first.
        html +=
            "<header class=\"report-header\(contents.count > 2 ? " cover" : "")\"><h1>\(HTMLText.escape(title))</h1>"
        html += "<p class=\"period\">\(HTMLText.escape(period)) · \(HTMLText.escape(asOf))</p>"
        if let notice { html += "<p class=\"notice\">\(HTMLText.escape(notice))</p>" }
        if !contents.isEmpty {
            html +=
                "<nav class=\"contents\"><h2>\(HTMLText.escape(Words.text("report.contents"))) "
                + "<span>(\(HTMLText.escape(Words.count(contents.count, one: "report.screen_count_one", other: "report.screen_count_other"))))</span></h2><ol>"
            for entry in contents {
                html +=
                    "<li><a href=\"#\(HTMLText.escape(entry.screenID))\">\(HTMLText.escape(entry.name))</a>"
                    + (entry.context.isEmpty ? "" : " <span class=\"context\">\(HTMLText.escape(entry.context))</span>")
                    + "</li>"
            }
            html += "</ol></nav>"
        }
        html += "</header>\n<main>\n" + sections.joined(separator: "\n") + "\n</main>\n"
        html +=
            "<footer class=\"report-footer\">\(HTMLText.escape(period)) · \(HTMLText.escape(asOf)) · \(HTMLText.escape(Words.text("report.made_by")))</footer>\n"
        return html + "</body>\n</html>\n"
    }
}

/// One line of a report's cover: a screen's name and its pillar · subject, linking to it.
package struct ReportContentsEntry: Sendable, Hashable {
    package var screenID: String
    package var name: String
    /// "Nutrition · Me".
    package var context: String

    package init(screenID: String, name: String, context: String) {
        self.screenID = screenID
        self.name = name
        self.context = context
    }

    /// The entry of `document`: its header's name and context.
    package init(_ document: ScreenDocument) {
        var context = ""
        for block in document.blocks {
            if case .header(let header) = block.content {
                context = header.context
                break
            }
        }
        self.init(screenID: document.screenID, name: document.name, context: context)
    }
}

/// Text as a CSS string literal (for `content:`), control characters removed.
enum CSSString {
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in Sanitize.inline(text).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\3C "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
