/// An SVG element being built: marks with `<title>`s, real `<text>`, a legend; `svg` wraps
/// them with a `viewBox` of the chart's size, a `role="img"` and an accessible name.
public struct SVGDrawing {
    public let size: ChartSize
    private(set) var body: [String] = []

    public init(size: ChartSize) { self.size = size }

    public var width: Double { size.width }
    public var height: Double { size.height }

    public typealias Attr = (String, String)

    private static func attributes(_ pairs: [Attr]) -> String {
        pairs.map { " \($0.0)=\"\(HTMLText.escape($0.1))\"" }.joined()
    }

    private static func n(_ value: Double) -> String { HTMLText.coordinate(value) }

    /// A mark, with a tooltip and an accessible title when `title` is given.
    private mutating func element(_ name: String, _ pairs: [Attr], title: String?) {
        if let title {
            body.append("<\(name)\(Self.attributes(pairs))><title>\(HTMLText.escape(title))</title></\(name)>")
        } else {
            body.append("<\(name)\(Self.attributes(pairs))/>")
        }
    }

    public mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String,
        title: String? = nil, opacity: Double? = nil, cssClass: String? = nil
    ) {
        var pairs: [Attr] = [
            ("x", Self.n(x)), ("y", Self.n(y)), ("width", Self.n(max(0, width))),
            ("height", Self.n(max(0, height))), ("fill", fill),
        ]
        if let opacity { pairs.append(("fill-opacity", Self.n(opacity))) }
        if let cssClass { pairs.append(("class", cssClass)) }
        element("rect", pairs, title: title)
    }

    public mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String,
        width: Double = 1, dashed: Bool = false, title: String? = nil
    ) {
        var pairs: [Attr] = [
            ("x1", Self.n(x1)), ("y1", Self.n(y1)), ("x2", Self.n(x2)), ("y2", Self.n(y2)),
            ("stroke", stroke), ("stroke-width", Self.n(width)),
        ]
        if dashed { pairs.append(("stroke-dasharray", "6 4")) }
        element("line", pairs, title: title)
    }

    public mutating func circle(
        x: Double, y: Double, radius: Double, fill: String, title: String? = nil,
        stroke: String? = nil
    ) {
        var pairs: [Attr] = [("cx", Self.n(x)), ("cy", Self.n(y)), ("r", Self.n(radius)), ("fill", fill)]
        if let stroke { pairs += [("stroke", stroke), ("stroke-width", "2")] }
        element("circle", pairs, title: title)
    }

    /// A line through `points`, broken where a point is nil.
    public mutating func polyline(
        _ points: [(Double, Double)?], stroke: String, width: Double = 2,
        dashed: Bool = false, title: String? = nil
    ) {
        var runs: [[(Double, Double)]] = [[]]
        for point in points {
            if let point {
                runs[runs.count - 1].append(point)
            } else if !(runs.last?.isEmpty ?? true) {
                runs.append([])
            }
        }
        for run in runs where run.count > 1 {
            var pairs: [Attr] = [
                ("points", run.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")),
                ("fill", "none"), ("stroke", stroke), ("stroke-width", Self.n(width)),
                ("stroke-linejoin", "round"),
            ]
            if dashed { pairs.append(("stroke-dasharray", "6 4")) }
            element("polyline", pairs, title: title)
        }
    }

    /// A filled shape through `points`.
    public mutating func polygon(_ points: [(Double, Double)], fill: String, opacity: Double, title: String? = nil) {
        guard points.count > 2 else { return }
        element(
            "polygon",
            [
                ("points", points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")),
                ("fill", fill), ("fill-opacity", Self.n(opacity)),
            ], title: title)
    }

    public enum Anchor: String { case start, middle, end }

    public mutating func text(
        _ text: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 11,
        fill: String = "#444444", bold: Bool = false
    ) {
        var pairs: [Attr] = [("x", Self.n(x)), ("y", Self.n(y)), ("font-size", Self.n(size)), ("fill", fill)]
        if anchor != .start { pairs.append(("text-anchor", anchor.rawValue)) }
        if bold { pairs.append(("font-weight", "bold")) }
        body.append("<text\(Self.attributes(pairs))>\(HTMLText.escape(text))</text>")
    }

    /// A row of legend entries (a swatch, or a dashed line, and its name) at `y`.
    public mutating func legend(_ entries: [LegendEntry], y: Double) {
        var x = 8.0
        for entry in entries {
            switch entry.mark {
            case .swatch: rect(x: x, y: y - 9, width: 12, height: 10, fill: entry.color, opacity: entry.opacity)
            case .line: line(x1: x, y1: y - 4, x2: x + 14, y2: y - 4, stroke: entry.color, width: 2)
            case .dashed: line(x1: x, y1: y - 4, x2: x + 14, y2: y - 4, stroke: entry.color, width: 2, dashed: true)
            case .dot: circle(x: x + 6, y: y - 4, radius: 4, fill: entry.color)
            }
            text(entry.name, x: x + 18, y: y)
            x += 30 + Double(entry.name.count) * 6.2
        }
    }

    /// The drawing as an `<svg>` element named `label` for screen readers.
    public func svg(label: String) -> String {
        let w = Self.n(width)
        let h = Self.n(height)
        return "<svg viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\" "
            + "role=\"img\" aria-label=\"\(HTMLText.escape(label))\" class=\"chart-svg\">"
            + "<title>\(HTMLText.escape(label))</title>" + body.joined() + "</svg>"
    }
}

/// One entry of a chart's legend.
public struct LegendEntry {
    public enum Mark { case swatch, line, dashed, dot }
    public var name: String
    public var color: String
    public var mark: Mark = .swatch
    public var opacity: Double? = nil

    public init(name: String, color: String, mark: Mark = .swatch, opacity: Double? = nil) {
        self.name = name
        self.color = color
        self.mark = mark
        self.opacity = opacity
    }
}
