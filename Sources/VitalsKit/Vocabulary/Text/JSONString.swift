import Foundation

/// JSON string literals, written by hand so reports stay byte-stable and keep key order.
public enum JSONString {
    /// A JSON string literal.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Control characters (C0, DEL, C1), bidirectional controls and invisible format
                // characters are escaped, so
                // the JSON stays safe to print on a terminal and reads back unchanged.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || Sanitize.isBidiControl(scalar)
                    || Sanitize.isInvisibleFormat(scalar)
                {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
