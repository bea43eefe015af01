import VitalsKit

/// A summary as an HTML page through the report backend: each block a `ScreenDocument` (a
/// header and a text block) drawn by `HTMLOutput` inside `ReportPage`, which escape every
/// piece of text, so the page is as valid and self-contained as a report's.
package struct SummaryPage: Sendable {
    package var words: SummaryWords

    package init(words: SummaryWords) { self.words = words }

    /// The documents the page shows, in order: the blocks, then the note on skipped screens.
    package func documents(_ summary: Summary) -> [ScreenDocument] {
        let profile = RenderProfile(width: 80)
        var documents = words.sections(summary).map { section in
            let header = ScreenHeader(
                icon: section.icon, name: section.title, context: section.context, description: nil,
                color: section.color)
            var document = ScreenDocument(
                screenID: section.id, name: section.title, pillarID: "", subjectID: "", module: "summary",
                asOf: summary.window.last,
                blocks: [
                    ScreenBlock(
                        kind: .header, content: .header(header), data: .object([("name", .string(section.title))])),
                    ScreenBlock(
                        kind: .summary, rows: section.lines.map { TextRow.line($0) },
                        data: .array(section.lines.map { .string($0) })),
                ],
                profile: profile)
            document.language = section.language  // a Dutch screen's section is `lang="nl"`
            return document
        }
        let closing =
            (documents.isEmpty ? ["No screen has data in this period."] : [])
            + [words.skippedLine(summary)].compactMap { $0 }
        if !closing.isEmpty {
            documents.append(
                ScreenDocument(
                    screenID: "SUMMARY_NOT_SHOWN", name: "", pillarID: "", subjectID: "", module: "summary",
                    asOf: summary.window.last,
                    blocks: [
                        ScreenBlock(
                            kind: .summary, rows: closing.map { TextRow.line($0, ScreenText.muted) },
                            data: .array(closing.map { .string($0) }))
                    ],
                    profile: profile))
        }
        return documents
    }

    /// The page: the summary's title and period in the report's chrome, no list of contents
    /// (a summary is read top to bottom, in a mail or a browser).
    package func html(_ summary: Summary) -> String {
        let page = ReportPage(
            title: summary.title, period: words.periodLine(summary),
            asOf: Words.text("period.as_of", ["date": DateWords.iso(summary.window.last)]))
        let output = HTMLOutput()
        return page.html(sections: documents(summary).map(output.section), contents: [])
    }
}
