/// Strips text that came from YAML or from data of anything a terminal would act on.
///
/// Escape sequences (`ESC [ … m`, `ESC ] … BEL`) are dropped whole, other C0/C1 control
/// characters and DEL are dropped, and in `inline` text newlines and tabs become spaces.
public enum Sanitize {
    /// Text for one line of output.
    public static func inline(_ text: String) -> String {
        clean(text, keepNewlines: false)
    }

    /// Text that may span lines (about texts, descriptions).
    public static func multiline(_ text: String) -> String {
        clean(text, keepNewlines: true)
    }

    private static func clean(_ text: String, keepNewlines: Bool) -> String {
        // Fast path: nothing to strip.
        if !text.unicodeScalars.contains(where: isControl) { return text }
        var out = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar.value {
            case 0x1B: skipEscape(&iterator)
            case 0x0A: out.append(keepNewlines ? scalar : " ")
            case 0x09: out.append(" ")
            case _ where isControl(scalar): continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
    }

    /// Consumes the rest of an escape sequence after ESC.
    private static func skipEscape(_ iterator: inout String.UnicodeScalarView.Iterator) {
        guard let first = iterator.next() else { return }
        switch first {
        case "[":   // CSI: parameters, then a final byte 0x40–0x7E
            while let s = iterator.next(), !(0x40...0x7E).contains(s.value) {}
        case "]", "P", "_", "^":   // OSC / DCS / APC / PM: until BEL or ESC \
            while let s = iterator.next() {
                if s.value == 0x07 { break }
                if s.value == 0x1B { _ = iterator.next(); break }
            }
        default:
            break   // two-character escape
        }
    }
}
