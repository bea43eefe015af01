import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// The HTML backend on fixed inputs: marks and tables counted against the data (a property),
/// escaping of text from outside, the `<pre>` fallback of a kind without SVG, and the page's
/// print rules.
@Suite struct HTMLOutputTests {
    static let start = LocalDate(year: 2026, month: 3, day: 2)

    static func input(_ values: [Double?]) -> ChartInput {
        ChartInput(
            title: "Steps", unit: "steps", target: .atLeast(8000),
            points: values.enumerated().map { index, value in
                let date = start.adding(days: index)
                return ChartPoint(label: String(date.description.suffix(5)), date: date, value: value)
            })
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// One titled bar per value, and one table row per bucket, whatever the values.
    @Test func barsAndTableRowsFollowTheValues() async {
        let values = Gen.double(in: 0...20000).optional.array(of: 1...40)
        await propertyCheck(count: 200, input: values) { values in
            let input = Self.input(values)
            let svg = BarVerticalChart().svg(input, size: ChartSize()) ?? ""
            let present = values.compactMap { $0 }
            if present.isEmpty {
                #expect(svg.contains("No data"))
            } else {
                #expect(Self.count("<rect", in: svg) - 2 == present.count, "bars plus two legend swatches")
                #expect(
                    Self.count("<title>", in: svg) - 1 - 1 == present.count,
                    "a title per bar, the chart's, the target line's")
            }
            let table = ChartDataTable.html(input, profile: RenderProfile(width: 80)) ?? ""
            #expect(Self.count("<tr>", in: table) == values.count + 1, "a header row and one per bucket")
            #expect(
                Self.count("<td>–</td>", in: table) == values.count - present.count, "a dash per bucket without data")
        }
    }

    @Test func textFromOutsideIsEscaped() {
        var input = Self.input([1, 2, 3])
        input.title = "<script>alert(1)</script> & \u{1B}[31mred"
        let figure = ChartFigure(LineChart.self, input: input, notes: [.line("a \"quoted\" <b>note</b>")])
        let block = ScreenBlock(kind: .chart, content: .chart(figure), data: .null)
        let html = HTMLOutput().block(block)
        #expect(!html.contains("<script>") && !html.contains("<b>note"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp;"))
        #expect(!html.contains("\u{1B}"))
        #expect(html.contains("&quot;quoted&quot;"))
    }

    struct PlainKind: ChartKind {
        static let id = "test_plain"
        static let data = ChartData.buckets
        func draw(_ input: ChartInput, profile: RenderProfile) -> TextCanvas {
            var canvas = TextCanvas(width: profile.width)
            canvas.addLine("plain <drawing>", style: Style(hex: "#FF0000", bold: true))
            return canvas
        }
    }

    /// A kind from outside without SVG is shown as its terminal drawing, with its colours.
    @Test func aKindWithoutSVGIsItsTerminalDrawing() {
        do {
            let figure = ChartFigure(PlainKind.self, input: Self.input([1, 2]))
            let html = HTMLOutput().block(ScreenBlock(kind: .chart, content: .chart(figure), data: .null))
            // Pure red (#FF0000, 4.0:1 on white) is darkened to read on paper (PaperColor).
            #expect(
                html.contains(
                    "<pre class=\"drawing\"><span style=\"color:#EB0000;font-weight:bold\">plain &lt;drawing&gt;</span></pre>"
                ))
            #expect(!html.contains("<svg"))
        }
    }

    @Test func everyBuiltInKindDrawsSVGWithTextAndALabel() {
        for kind in ChartKindFactory.builtInKinds {
            var input = Self.input([5000, 9000, nil, 12000])
            input.stacked = StackedSeries(
                categories: ["a", "b"], buckets: [StackedBucket(label: "x", values: ["a": 1, "b": 2])])
            input.growth = GrowthSeries(
                measured: [GrowthPoint(week: 1, value: 2)],
                reference: [
                    ReferencePoint(week: 0, lower: 1, centre: 2, upper: 3),
                    ReferencePoint(week: 4, lower: 3, centre: 4, upper: 5),
                ])
            input.milestones = [Milestone(name: "Check", due: LocalDate(year: 2026, month: 3, day: 4), status: .next)]
            input.sleep = [SleepSegment(stage: .core, startMinute: 1380, endMinute: 1500)]
            input.progress = [ProgressItem(name: "Veg", value: 2, target: .atLeast(3))]
            input.calendar = [CalendarDay(date: LocalDate(year: 2026, month: 3, day: 2), state: .onTarget)]
            input.asOf = LocalDate(year: 2026, month: 3, day: 5)
            let svg = kind.init().svg(input, size: ChartSize())
            #expect(svg?.hasPrefix("<svg viewBox=") == true, "\(kind.id) draws SVG")
            #expect(
                svg?.contains("<text") == true && svg?.contains("role=\"img\"") == true,
                "\(kind.id) has real text and a role")
            #expect(svg?.contains("http") == false, "\(kind.id) refers to nothing outside")
        }
    }

    @Test func thePageCarriesPrintRulesAndThePeriodInTheFooter() {
        let page = ReportPage(title: "Vitals report", period: "last 12 weeks", asOf: "as of 2026-10-31", paper: .letter)
        let html = page.html(sections: ["<section>x</section>"])
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(
            html.contains(
                "@page { size: letter; @bottom-left { content: \"last 12 weeks · as of 2026-10-31\"; } "
                    + "@bottom-right { content: \"Page \" counter(page) \" of \" counter(pages); } }"))
        #expect(html.contains("counter(page)") && html.contains("break-inside: avoid"))
        #expect(!html.contains("http:") && !html.contains("https:"))
    }
}
