import ArgumentParser
import Foundation
import VitalsKit

/// Colour and glyphs, shared by `render` and `explore` (whose width is the terminal's).
struct StyleOptions: ParsableArguments {
    @Option(
        name: .customLong("color"),
        help: ArgumentHelp(
            "Colour: auto (a terminal without NO_COLOR), always or never (default: the settings file's color, else auto).",
            valueName: "WHEN"))
    var colorFlag: ColorMode?

    /// `--color`, else the settings file's `color`, else auto.
    func colorMode() throws -> ColorMode {
        if let colorFlag { return colorFlag }
        return try RunSettings.resolve(color: colorFlag).color
    }

    /// `colorMode()`, for callers that cannot throw: a broken settings file is reported by
    /// the options that do (units, the database) before anything is drawn.
    var color: ColorMode { (try? colorMode()) ?? .auto }

    @Flag(help: "Draw with plain ASCII characters (also the default when the locale is not UTF-8).")
    var ascii = false
}

/// How `render` draws: the width, colour and glyphs.
struct RenderOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Columns to draw in (default: the terminal's width, else $COLUMNS, else 80; at least 40).", valueName: "N"))
    var width: Int?

    @OptionGroup var style: StyleOptions

    /// The profile for this run; a width under 40 is a usage error (exit 2).
    func profile() throws -> RenderProfile {
        let profile = try RenderProfile.resolve(width: width, color: try style.colorMode(), ascii: style.ascii)
        StandardOutput.drawsInColour = profile.colorLevel != .none
        return profile
    }
}

/// Which days a screen shows: `--as-of` and `--range`, shared by `render` and `explore`.
struct ViewOptions: ParsableArguments {
    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The last day shown, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    @Option(help: ArgumentHelp("Replace every metric's range: 7d, 30d, 12w, 6m, 1y or all.", valueName: "RANGE"))
    var range: String?

    /// `--as-of`, else today.
    func asOfDate() throws -> LocalDate { try parseDate(asOf, option: "--as-of") ?? LocalDate.today() }

    /// `--range`, nil when not given.
    func timeRange() throws -> TimeRange? { try parseRange(range) }
}

extension ColorMode: ExpressibleByArgument {}

/// Reads a `--range` value (`7d`, `12w`, `6m`, `1y`, `all`).
func parseRange(_ text: String?) throws -> TimeRange? {
    guard let text else { return nil }
    guard let range = TimeRange(text) else {
        throw CommandError(
            "--range expects 7d, 12w, 6m, 1y or all (a count and d, w, m or y), got '\(Sanitize.inline(text))'",
            .usage)
    }
    return range
}
