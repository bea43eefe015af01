import Foundation

/// Text made safe for HTML and SVG: escaped for element content and attribute values, with
/// terminal control characters removed first (`Sanitize.inline`).
public enum HTMLText {
    /// `text` escaped for element content and double-quoted attributes.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in Sanitize.inline(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A coordinate or length with at most two decimals ("12.5", "3").
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(plotting: rounded)) }
        return String(format: "%.2f", rounded)
    }

    /// A catalog colour as CSS (`#RRGGBB`), or `fallback` when it does not parse.
    public static func color(_ catalogColor: String?, fallback: String = "#4A90D9") -> String {
        guard let rgb = catalogColor.flatMap({ RGB(color: $0) }) else { return fallback }
        return String(format: "#%02X%02X%02X", rgb.red, rgb.green, rgb.blue)
    }
}
