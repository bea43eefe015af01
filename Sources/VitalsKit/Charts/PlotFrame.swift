/// A plot area on a canvas: a y axis with round ticks on the left, an x axis row below.
public struct PlotFrame {
    public let scale: NiceScale
    /// Canvas row of the top plot row.
    public let top: Int
    /// Number of plot rows.
    public let rows: Int
    /// Canvas column of the first plot column (after the axis and one blank column).
    public let left: Int
    /// Number of plot columns.
    public let columns: Int

    /// The canvas row of the x axis.
    public var axisRow: Int { top + rows }

    /// Height of `value` above the axis in eighths of a row, 0…rows·8.
    public func eighths(_ value: Double) -> Int {
        let e = (scale.fraction(value) * Double(rows * 8)).rounded()
        return Int(plotting: max(0, min(Double(rows * 8), e.isFinite ? e : 0)))
    }

    /// The canvas row a horizontal line at `value` is drawn in.
    public func row(for value: Double) -> Int {
        let position = scale.fraction(value) * Double(rows)
        let fromBottom = Int(plotting: max(0, min(Double(rows - 1), (position - 1e-6).rounded(.down))))
        return top + rows - 1 - fromBottom
    }
}

extension ChartContext {
    /// Adds plot rows with y-axis labels and an x axis row; returns the frame to draw in.
    public func addPlotFrame(to canvas: inout TextCanvas, scale: NiceScale) -> PlotFrame {
        let labels = (0...scale.intervals).map {
            profile.numbers.format(scale.tick($0), decimals: scale.decimals)
        }
        let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 1
        let top = canvas.height
        let rows = scale.rows
        let perInterval = scale.rowsPerInterval
        for index in 0..<rows {
            let row = canvas.addRow()
            let fromBottom = rows - 1 - index
            if (fromBottom + 1) % perInterval == 0 {
                canvas.writeRightAligned(
                    labels[(fromBottom + 1) / perInterval], row: row,
                    end: labelWidth, style: muted)
                canvas.write(glyphs.axisTickY, row: row, column: labelWidth + 1, style: muted)
            } else {
                canvas.write(glyphs.axisVertical, row: row, column: labelWidth + 1, style: muted)
            }
        }
        let axis = canvas.addRow()
        canvas.writeRightAligned(labels[0], row: axis, end: labelWidth, style: muted)
        canvas.write(glyphs.axisCorner, row: axis, column: labelWidth + 1, style: muted)
        let line = String(repeating: glyphs.axisHorizontal, count: max(0, width - labelWidth - 2))
        canvas.write(line, row: axis, column: labelWidth + 2, style: muted)
        return PlotFrame(
            scale: scale, top: top, rows: rows, left: labelWidth + 3,
            columns: max(1, width - labelWidth - 3))
    }

    /// Draws a dashed line at each level across the frame's empty cells.
    public func drawLevels(_ levels: [Double], in frame: PlotFrame, on canvas: inout TextCanvas) {
        for level in levels where level >= frame.scale.low && level <= frame.scale.high {
            let row = frame.row(for: level)
            for column in frame.left..<(frame.left + frame.columns)
            where canvas.isBlank(row: row, column: column) {
                canvas.write(glyphs.dashHorizontal, row: row, column: column, style: targetStyle)
            }
        }
    }

    /// Writes x labels under the axis at `centers`, with axis ticks under the placed ones.
    public func addXLabels(
        _ labels: [(center: Int, text: String)], frame: PlotFrame,
        on canvas: inout TextCanvas
    ) {
        let row = canvas.addRow()
        let placed = placeLabels(
            labels, on: &canvas, row: row, from: frame.left - 1,
            to: width)
        for index in placed {
            canvas.write(
                glyphs.axisTickX, row: frame.axisRow, column: labels[index].center,
                style: muted)
        }
    }

    /// Writes a summary whose parts are joined by the separator, on as many lines as it
    /// needs to be read whole (each continuation indented by two), instead of cutting it.
    public func addSummary(_ text: String, to canvas: inout TextCanvas) {
        let separator = " \(glyphs.separator) "
        var current = ""
        // A part too wide for a line of its own gives its note in parentheses a line of its own.
        let parts = text.components(separatedBy: separator).flatMap { part -> [String] in
            guard DisplayWidth.of(part) > width - 2, let note = part.range(of: " (") else { return [part] }
            return [String(part[..<note.lowerBound]), String(part[part.index(after: note.lowerBound)...])]
        }
        for part in parts {
            let joined = current.isEmpty ? part : current + separator + part
            if current.isEmpty || current == "  " || DisplayWidth.of(joined) <= width {
                current = current == "  " ? current + part : joined
            } else {
                addText(current + " " + glyphs.separator, to: &canvas, style: muted)
                current = "  " + part
            }
        }
        if !current.isEmpty { addText(current, to: &canvas, style: muted) }
    }

    /// "latest 132 g · mean 118 g · 5/7 on target" for the values shown (for regrouped points,
    /// of their days: `ChartInput.footerValues`); for rows that are
    /// categories rather than periods (no point has a date), "total 58.3 h".
    public func summary(_ values: [Double?], extra: [String] = []) -> String {
        let present = values.compactMap { $0 }
        var parts: [String] = []
        if !input.points.isEmpty, input.points.allSatisfy({ $0.date == nil }) {
            if !present.isEmpty {
                parts.append(Words.text("chart.summary_total", ["value": quantity(present.reduce(0, +))]))
            }
            return (parts + extra).joined(separator: " \(glyphs.separator) ")
        }
        // Regrouped points (weekly means): the latest value and the mean are the days'.
        let described = input.footerValues ?? values
        let dates: [LocalDate?] =
            input.footerValues != nil
            ? (input.footerDates ?? []).map { Optional($0) }
            : input.points.count >= values.count ? input.points.suffix(values.count).map(\.date) : []
        let days = described.compactMap { $0 }
        if let index = described.lastIndex(where: { $0 != nil }), let latest = described[index] {
            var text = Words.text("chart.summary_latest", ["value": quantity(latest)])
            // A latest value older than the newest period shown says when it was.
            if index != described.count - 1, dates.indices.contains(index), let date = dates[index] {
                text += " (\(Self.dayWords(date, asOf: input.asOf)))"
            }
            parts.append(text)
        }
        // A chart whose unlogged days count as 0 means over every day from the first sample on.
        let averaged =
            input.footerZeroFrom.map { zeroFrom in
                dates.count == described.count
                    ? zip(described, dates).compactMap { value, date in
                        value ?? (date.map { $0 >= zeroFrom } == true ? 0 : nil)
                    }
                    : days
            } ?? days
        if averaged.count > 1 {
            parts.append(
                Words.text("chart.summary_mean", ["value": quantity(averaged.reduce(0, +) / Double(averaged.count))]))
        }
        if let tally = onTargetTally(values) { parts.append(onTargetText(tally)) }
        // The marks on the axis: the shown points without data.
        let missing = values.count - values.compactMap({ $0 }).count
        if missing > 0 {
            parts.append(Words.text("chart.without_data", ["n": String(missing), "mark": glyphs.missing]))
        }
        return (parts + extra).joined(separator: " \(glyphs.separator) ")
    }

    /// "11-24" (with the year when it is not the as-of day's; "day N" in a shared copy).
    public static func dayWords(_ date: LocalDate, asOf: LocalDate?) -> String {
        if let shifted = DateWords.shifted(date) { return shifted }
        return asOf.map { $0.year == date.year } == true ? String(date.description.suffix(5)) : date.description
    }

    /// The store's tally of the chart's periods when the input has one; else the points'
    /// values judged by the same rule (`TargetTally`: a bucket without a value is not met,
    /// the newest one is unfinished while unmet).
    public func onTargetTally(_ values: [Double?]) -> TargetTally? {
        if let tally = input.targetTally { return tally }
        guard let target = input.target, values.contains(where: { $0 != nil }) else { return nil }
        return TargetTally(
            values.map { value in
                TargetDay(date: LocalDate(dayNumber: 0), value: value, isMet: value.map(target.isMet(by:)) ?? false)
            })
    }

    /// "12/14 days on target", "8/29 days on target (today pending)" while today is not met
    /// (not counted yet), or "12/14 on target" for plain points (no period known).
    public func onTargetText(_ tally: TargetTally) -> String {
        guard input.targetTally != nil else {
            return Words.text("chart.count_on_target", ["met": String(tally.met), "counted": String(tally.counted)])
        }
        let english = input.tallyNoun + (tally.counted == 1 ? "" : "s")
        // A period's noun in the language ("dagen"), else as the input gives it.
        let key = "noun." + english
        let noun = LanguageTables.english.text(key) != nil ? Words.text(key) : english
        let notes = [input.tallyBasis.map(Sanitize.inline), tally.pendingWords(input.tallyNoun)].compactMap { $0 }
        let suffix = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
        return Words.text(
            "chart.count_periods_on_target",
            [
                "met": String(tally.met), "counted": String(tally.counted),
                "periods": Sanitize.inline(noun),
            ]) + suffix
    }
}
