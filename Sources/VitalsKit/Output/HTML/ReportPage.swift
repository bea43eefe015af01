/// A whole report: one self-contained HTML page (inline CSS and SVG, no reference outside
/// it) holding the sections of several screen documents, with the period and as-of date in
/// the title block and in every printed page's footer, beside the page number.
public struct ReportPage: Sendable {
    public var title: String
    /// "1 Aug 2026 – 31 Oct 2026", "the last 12 weeks".
    public var period: String
    /// "as of 2026-10-31".
    public var asOf: String
    /// The page language (`en`, `nl` for a Dutch screen alone).
    public var language: String
    /// A line under the title ("Names, devices, sources and notes removed").
    public var notice: String?
    /// The paper the page is printed on.
    public var paper: Paper

    /// Paper sizes for print (`@page size`).
    public enum Paper: String, Sendable { case a4 = "A4", letter }

    public init(title: String, period: String, asOf: String, language: String = "en", paper: Paper = .a4,
                notice: String? = nil) {
        self.title = title; self.period = period; self.asOf = asOf; self.language = language; self.notice = notice
        self.paper = paper
    }

    /// The page with `documents` drawn by `output`, in order.
    public func html(_ documents: [ScreenDocument], output: HTMLOutput = HTMLOutput()) -> String {
        html(sections: documents.map(output.section))
    }

    /// The page around already drawn sections.
    public func html(sections: [String]) -> String {
        let footer = CSSString.quoted("\(period) · \(asOf)")
        var html = "<!DOCTYPE html>\n<html lang=\"\(HTMLText.escape(language))\">\n<head>\n<meta charset=\"utf-8\">\n" + PrintPolicy.meta + "\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<title>\(HTMLText.escape(title)) · \(HTMLText.escape(period))</title>\n"
        html += "<style>\n" + ReportStyle.css + "@page { size: \(paper.rawValue); @bottom-left { content: \(footer); } }\n</style>\n</head>\n<body>\n"
        html += "<header class=\"report-header\"><h1>\(HTMLText.escape(title))</h1>"
        html += "<p class=\"period\">\(HTMLText.escape(period)) · \(HTMLText.escape(asOf))</p>"
        if let notice { html += "<p class=\"notice\">\(HTMLText.escape(notice))</p>" }
        html += "</header>\n<main>\n" + sections.joined(separator: "\n") + "\n</main>\n"
        html += "<footer class=\"report-footer\">\(HTMLText.escape(period)) · \(HTMLText.escape(asOf)) · made by vitals</footer>\n"
        return html + "</body>\n</html>\n"
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
