/// The report's stylesheet: a readable page on screen; in print A4 or Letter (the printer's
/// paper; `@page` margins fit both), no chart or table cut across pages, page numbers and
/// the period in the footer (`ReportPage` adds the period). System fonts only.
package enum ReportStyle {
    package static let css = """
        :root { color-scheme: light; }
        * { box-sizing: border-box; }
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif;
          color: #222; background: #fff; margin: 0 auto; max-width: 720px; padding: 24px; line-height: 1.4; font-size: 14px; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        .report-header { border-bottom: 2px solid #222; margin-bottom: 16px; padding-bottom: 8px; }
        .period, .notice { margin: 0; color: #555; }
        .notice { font-style: italic; }
        .report-header.cover { border-bottom: none; }
        .contents h2 { font-size: 16px; margin: 16px 0 6px; }
        .contents h2 span { font-weight: normal; color: #555; font-size: 13px; }
        .contents ol { margin: 0; padding-left: 1.6em; columns: 2; column-gap: 24px; }
        .contents li { margin: 1px 0; break-inside: avoid; }
        .contents a { color: inherit; text-decoration: none; }
        .contents .context { color: #666; font-size: 12px; }
        .screen { margin: 0 0 28px; }
        .screen + .screen { border-top: 1px solid #ccc; padding-top: 12px; }
        .screen-lead { break-inside: avoid; page-break-inside: avoid; }
        .screen-header { border-bottom: 2px solid; margin-bottom: 12px; padding-bottom: 4px; }
        .screen-header h2 { margin: 0; font-size: 20px; }
        .screen-header .context { margin: 0; color: #555; font-size: 12px; }
        .screen-header .description { margin: 4px 0 0; color: #555; }
        .block { margin: 0 0 14px; break-inside: avoid; page-break-inside: avoid; }
        .block p { margin: 2px 0; }
        .block p.indent { padding-left: 2em; }
        .block .labelled .label { display: inline-block; min-width: 4em; color: #666; font-weight: bold; }
        figure.chart { margin: 0 0 16px; break-inside: avoid; page-break-inside: avoid; }
        figure.chart figcaption { font-size: 12px; color: #444; }
        .chart-title { font-size: 15px; margin: 0 0 4px; }
        .chart-title .unit, .chart-title .target { font-weight: normal; color: #666; }
        .chart-title .target { font-size: 13px; margin-left: 8px; }
        .chart-summary { margin: 2px 0; font-size: 12px; color: #444; }
        svg.chart-svg { display: block; max-width: 100%; height: auto; font-family: inherit; }
        pre.drawing { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 11px; line-height: 1.25;
          margin: 0; white-space: pre; overflow-x: auto; }
        .note { color: #8a6d00; font-size: 12px; }
        details.numbers { font-size: 12px; margin-top: 4px; }
        details.numbers summary { color: #555; cursor: pointer; }
        table { border-collapse: collapse; font-size: 12px; margin: 4px 0; break-inside: avoid; }
        caption { text-align: left; font-weight: bold; padding: 2px 0; }
        th, td { border-bottom: 1px solid #ddd; padding: 2px 8px; text-align: right; }
        th[scope=row], thead th:first-child { text-align: left; }
        thead th { color: #555; }
        table.doc-table td, table.doc-table th { padding: 2px 6px; text-align: left; vertical-align: top; }
        table.doc-table td.swatch-cell { padding: 1px 2px; text-align: center; }
        svg.swatch { display: inline-block; vertical-align: -1px; }
        p.legend { font-size: 12px; color: #444; margin: 2px 0 6px; }
        .legend-entry { margin-right: 10px; white-space: nowrap; }
        .report-footer { margin-top: 24px; color: #777; font-size: 11px; border-top: 1px solid #ccc; padding-top: 4px; }
        @page { margin: 16mm 14mm 18mm 14mm;
          @bottom-right { font-size: 9pt; color: #555;
            font-family: system-ui, "DejaVu Sans", Arial, sans-serif; }
          @bottom-left { font-size: 9pt; color: #555; font-family: system-ui, "DejaVu Sans", Arial, sans-serif; } }
        @media print {
          body { max-width: none; padding: 0; font-size: 11pt; }
          .report-footer { display: none; }
          .report-header.cover { break-after: page; page-break-after: always; }
          svg.chart-svg { width: 86%; }
          .screen { margin-bottom: 18px; }
          .block, figure.chart { margin-bottom: 10px; }
          .block.about { font-size: 10pt; }
          details.numbers { display: none; }
          a { color: inherit; text-decoration: none; }
        }

        """
}
