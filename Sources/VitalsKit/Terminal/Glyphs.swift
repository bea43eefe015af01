/// The characters charts draw with: a Unicode set and a plain ASCII set.
///
/// The ASCII set is used with `--ascii` or when the locale (`LC_ALL`, else `LC_CTYPE`, else
/// `LANG`) does not name UTF-8. Every glyph is one column wide.
public struct Glyphs: Sendable {
    /// Whether this is the Unicode set (braille lines, block eighths, shades, box drawing).
    public var isUnicode: Bool
    /// Bar tops growing upwards, index 0 (empty) … 8 (full cell).
    public var verticalEighths: [String]
    /// Bars growing rightwards, index 0 (empty) … 8 (full cell).
    public var horizontalEighths: [String]
    /// Light, medium, dark shade and full block: bands, heatmaps, stacked segments.
    public var shades: [String]
    /// Marks a bucket or day without data.
    public var missing: String
    /// Axis lines: vertical, horizontal, corner, y tick, x tick.
    public var axisVertical: String, axisHorizontal: String, axisCorner: String
    public var axisTickY: String, axisTickX: String
    /// Dashed lines for targets and reference lines.
    public var dashHorizontal: String, dashVertical: String
    /// Ends truncated text.
    public var ellipsis: String
    /// Status marks.
    public var check: String, cross: String, up: String, down: String, bullet: String
    /// Timeline markers and the connecting line.
    public var milestoneDone: String, milestoneNext: String, milestoneFuture: String
    public var milestoneOverdue: String, milestoneLine: String
    /// Separates items on one line ("·" or "|").
    public var separator: String
    /// Target comparison symbols.
    public var atLeast: String, atMost: String, plusMinus: String, rangeDash: String

    /// The Unicode set.
    public static let unicode = Glyphs(
        isUnicode: true,
        verticalEighths: [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
        horizontalEighths: [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"],
        shades: ["░", "▒", "▓", "█"],
        missing: "·",
        axisVertical: "│", axisHorizontal: "─", axisCorner: "└", axisTickY: "┤", axisTickX: "┴",
        dashHorizontal: "┄", dashVertical: "┆", ellipsis: "…",
        check: "✓", cross: "✗", up: "▲", down: "▼", bullet: "•",
        milestoneDone: "✓", milestoneNext: "◆", milestoneFuture: "○", milestoneOverdue: "!",
        milestoneLine: "│", separator: "·",
        atLeast: "≥", atMost: "≤", plusMinus: "±", rangeDash: "–")

    /// The plain ASCII set.
    public static let ascii = Glyphs(
        isUnicode: false,
        verticalEighths: [" ", "_", "_", "_", "=", "=", "=", "#", "#"],
        horizontalEighths: [" ", " ", " ", "-", "-", "=", "=", "#", "#"],
        shades: [".", ":", "=", "#"],
        missing: ".",
        axisVertical: "|", axisHorizontal: "-", axisCorner: "+", axisTickY: "+", axisTickX: "+",
        dashHorizontal: "-", dashVertical: ":", ellipsis: "~",
        check: "v", cross: "x", up: "+", down: "-", bullet: "*",
        milestoneDone: "x", milestoneNext: ">", milestoneFuture: "o", milestoneOverdue: "!",
        milestoneLine: "|", separator: "|",
        atLeast: ">=", atMost: "<=", plusMinus: "+/-", rangeDash: "-")

    /// The Unicode set unless `ascii` is asked for or the locale is not UTF-8.
    public static func detect(ascii: Bool, environment: [String: String]) -> Glyphs {
        !ascii && LocaleEnvironment.isUTF8(environment) ? .unicode : .ascii
    }
}
