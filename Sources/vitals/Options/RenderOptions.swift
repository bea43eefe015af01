import ArgumentParser
import Foundation
import VitalsKit

/// How charts are drawn: width, colour and glyphs, shared by `render` and `explore`.
struct RenderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Columns to draw in (default: the terminal's width, else $COLUMNS, else 80; at least 40).", valueName: "N"))
    var width: Int?

    @Option(help: ArgumentHelp("Colour: auto (a terminal without NO_COLOR), always or never.", valueName: "WHEN"))
    var color: ColorMode = .auto

    @Flag(help: "Draw with plain ASCII characters (also the default when the locale is not UTF-8).")
    var ascii = false

    /// The profile for this run; a width under 40 is a usage error (exit 2).
    func profile() throws -> RenderProfile {
        do {
            return try RenderProfile.resolve(width: width, color: color, ascii: ascii)
        } catch {
            throw UserError(error.description, exitCode: 2)
        }
    }
}

extension ColorMode: ExpressibleByArgument {}

/// Reads a `--range` value (`7d`, `12w`, `6m`, `1y`, `all`).
func parseRange(_ text: String?) throws -> TimeRange? {
    guard let text else { return nil }
    guard let range = TimeRange(text) else {
        throw UserError("--range expects 7d, 12w, 6m, 1y or all (a count and d, w, m or y), got '\(Sanitize.inline(text))'",
                        exitCode: 2)
    }
    return range
}
