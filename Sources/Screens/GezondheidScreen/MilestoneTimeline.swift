import VitalsKit

/// The milestones top to bottom in Dutch: a mark per status, the due date, the name and
/// the status ("gedaan op 14 feb", "volgende · over 5 dagen", "65 dagen te laat").
///
/// The layout of the `timeline` chart kind, with Dutch words and dates; below 64 columns
/// dates lose their year and statuses shorten.
struct MilestoneTimeline {
    let title: String
    let states: [MilestoneState]
    let asOf: LocalDate
    let profile: RenderProfile
    /// The metric's colour for the next milestone.
    let color: String?

    /// Lines between the marks when there are at most this many milestones.
    static let connectedLimit = 8

    static let good = Style(hex: "#2E9E5B")
    static let bad = Style(hex: "#D64545")
    static let muted = Style(dim: true)

    var glyphs: Glyphs { profile.glyphs }

    func canvas() -> TextCanvas {
        let width = profile.width
        var canvas = TextCanvas(width: width)
        let done = states.filter { $0.status == .done }.count
        let header = canvas.addRow()
        let right = Words.text("milestone.count_done", ["done": String(done), "total": String(states.count)])
        canvas.write(
            DisplayWidth.truncate(
                Sanitize.inline(title), to: width - DisplayWidth.of(right) - 2,
                ellipsis: glyphs.ellipsis),
            row: header, column: 0, style: Style(bold: true))
        canvas.writeRightAligned(right, row: header, end: width, style: Self.muted)
        let short = width < 64
        let dates = states.map { short ? GezondheidWords.shortDate($0.dueDate) : GezondheidWords.date($0.dueDate) }
        let dateWidth = dates.map { DisplayWidth.of($0) }.max() ?? 0
        let statuses = states.map { status($0, short: short) }
        let statusWidth = min(width / 3, statuses.map { DisplayWidth.of($0) }.max() ?? 0)
        let connected = states.count <= Self.connectedLimit
        for (index, state) in states.enumerated() {
            if index > 0 && connected {
                canvas.write(glyphs.milestoneLine, row: canvas.addRow(), column: 1, style: Self.muted)
            }
            let row = canvas.addRow()
            let (marker, style) = mark(state.status)
            canvas.write(marker, row: row, column: 1, style: Style(foreground: style.foreground, bold: true))
            canvas.write(
                DisplayWidth.pad(dates[index], to: dateWidth, alignment: .right), row: row, column: 3,
                style: Self.muted)
            let nameColumn = 3 + dateWidth + 2
            let nameRoom = width - nameColumn - statusWidth - 1
            // A name wider than its column wraps onto the rows below (the line between
            // milestones runs on beside it).
            let nameStyle = state.status == .future ? Self.muted : .plain
            for (part, line) in nameLines(Sanitize.inline(state.plan.name), first: nameRoom, rest: width - nameColumn)
                .enumerated()
            {
                let lineRow = part == 0 ? row : canvas.addRow()
                if part > 0, connected, index < states.count - 1 {
                    canvas.write(glyphs.milestoneLine, row: lineRow, column: 1, style: Self.muted)
                }
                canvas.write(line, row: lineRow, column: nameColumn, style: nameStyle)
            }
            canvas.writeRightAligned(
                DisplayWidth.truncate(statuses[index], to: statusWidth, ellipsis: glyphs.ellipsis),
                row: row, end: width, style: style)
        }
        let legend = [MilestoneStatus.done, .next, .future, .overdue].map { status in
            "\(mark(status).0) \(MilestoneState.statusName(status))"
        }
        canvas.addLine(
            DisplayWidth.truncate(
                legend.joined(separator: short ? " " : "  "), to: width,
                ellipsis: glyphs.ellipsis),
            style: Self.muted)
        return canvas
    }

    /// A name in whole words: as many as fit `first` columns beside the status (none when the
    /// first word does not), the rest wrapped to `rest` columns on the rows below.
    func nameLines(_ name: String, first: Int, rest: Int) -> [String] {
        guard DisplayWidth.of(name) > first else { return [name] }
        var words = name.split(separator: " ").map(String.init)[...]
        var line = ""
        while let word = words.first {
            let joined = line.isEmpty ? word : line + " " + word
            guard DisplayWidth.of(joined) <= first else { break }
            line = joined
            words = words.dropFirst()
        }
        return [line] + TextWrap.lines(words.joined(separator: " "), width: rest, continuation: 0)
    }

    func status(_ state: MilestoneState, short: Bool) -> String {
        state.statusWords(asOf: asOf, separator: glyphs.separator, short: short)
    }

    func mark(_ status: MilestoneStatus) -> (String, Style) {
        switch status {
        case .done: return (glyphs.milestoneDone, Self.good)
        case .next: return (glyphs.milestoneNext, Style(hex: color ?? "#4A90D9"))
        case .future: return (glyphs.milestoneFuture, Self.muted)
        case .overdue: return (glyphs.milestoneOverdue, Self.bad)
        }
    }
}

/// The timeline as a block of a document: laid out when the output draws it, at its width.
struct MilestoneDrawing: BlockDrawing {
    let title: String
    let states: [MilestoneState]
    let asOf: LocalDate
    let color: String?

    var values: ChartInput? { ChartInput(title: title, color: color, asOf: asOf, milestones: states.map(\.milestone)) }

    func draw(profile: RenderProfile) -> TextCanvas {
        MilestoneTimeline(title: title, states: states, asOf: asOf, profile: profile, color: color).canvas()
    }
}

extension MilestoneDrawing {
    /// The timeline as SVG for the report, with its title, in the screen's language.
    func html(size: ChartSize) -> String? {
        let input = ChartInput(title: title, color: color, asOf: asOf)
        let done = states.filter { $0.status == .done }.count
        let svg = TimelineSVG(
            input: input, size: size,
            milestones: states.map {
                TimelineSVG.Mark(
                    name: $0.milestone.name, due: $0.milestone.due, done: $0.milestone.done, status: $0.status)
            }
        ).svg()
        let count = Words.text("milestone.count_done", ["done": String(done), "total": String(states.count)])
        return
            "<h3 class=\"chart-title\">\(HTMLText.escape(title)) <span class=\"target\">\(HTMLText.escape(count))</span></h3>"
            + svg
    }
}
